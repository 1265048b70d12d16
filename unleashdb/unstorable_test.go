package unleashdb_test

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/flagadmin/flagadmin/importvalidate"
)

// unstorableBody is an import that names, in each member that reaches a
// lookup, a name of the reference state; NAME marks the member the test
// makes unstorable.
const unstorableBody = `{"project":"PROJECT","environment":"ENV","data":{
	"features":[{"name":"FEATURE","project":"default","type":"release"}],
	"featureStrategies":[{"name":"STRATEGY","featureName":"FEATURE","parameters":{},
		"constraints":[{"contextName":"CONSTRAINT","operator":"IN","values":["eu"]}]}],
	"featureEnvironments":[{"name":"FEATURE","featureName":"FEATURE","environment":"development","enabled":true}],
	"contextFields":[{"name":"CONTEXT","legalValues":[{"value":"eu"}]}],
	"segments":[{"id":1,"name":"SEGMENT"}],
	"tagTypes":[{"name":"TAGTYPE"}],
	"featureTags":[{"featureName":"FEATURE","tagType":"FEATURETAG","tagValue":"v"}],
	"dependencies":[{"feature":"FEATURE","dependencies":[{"feature":"PARENT"}]}]}}`

// TestUnstorableNames: a name PostgreSQL cannot hold (U+0000, an unpaired
// surrogate) in any member that reaches a lookup gets the answer of the
// snapshot, not an error (the database refuses such a parameter with
// SQLSTATE 22021).
func TestUnstorableNames(t *testing.T) {
	db := sharedInParallel(t)
	mem := oracleMemory(t)
	defaults := map[string]string{
		"PROJECT": "default", "ENV": "development", "FEATURE": "existing-flag", "STRATEGY": "flexibleRollout",
		"CONSTRAINT": "region", "CONTEXT": "region", "SEGMENT": "beta-users", "TAGTYPE": "simple",
		"FEATURETAG": "simple", "PARENT": "other-flag",
	}
	for member := range defaults {
		for _, bad := range []string{`\u0000`, `\ud800`, `\udfff`} {
			t.Run(member+bad, func(t *testing.T) {
				body := unstorableBody
				for m, v := range defaults {
					if m == member {
						v += bad
					}
					body = strings.ReplaceAll(body, `"`+m+`"`, `"`+v+`"`)
				}
				for _, strict := range []bool{false, true} {
					want := validateWith(t, mem, strict, body)
					got := validateWith(t, db, strict, body)
					if d := cmp.Diff(want, got); d != "" {
						t.Errorf("strict %v: (-memory +database):\n%s", strict, d)
					}
				}
			})
		}
	}
}

// validateWith validates body against st and returns the response JSON.
func validateWith(t *testing.T, st importvalidate.State, strict bool, body string) string {
	t.Helper()
	v, err := importvalidate.New(importvalidate.Options{State: st, Strict: strict})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := v.Validate(context.Background(), []byte(body), importvalidate.Target{Permissions: importvalidate.AllPermissions{}})
	if err != nil {
		t.Fatalf("Validate: %v", err)
	}
	if rep.Structural.HasErrors() {
		t.Fatalf("structural problems: %v", rep.Structural.Details())
	}
	return string(importvalidate.MarshalResponse(rep.Response()))
}
