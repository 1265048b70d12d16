package unleashapi_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/internal/testharness/unleashtest"
	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/unleashapi"
	"github.com/flagadmin/flagadmin/unleashdb"
)

// TestPermissionsAsUnleash validates, with a viewer's and an editor's
// token, bodies that name existing-flag (which has a strategy in
// development alone) for environments "" (which Unleash's export reads as
// every environment), development and production: the answer over the
// admin API and over the database is the real Unleash's, missing
// permissions included.
func TestPermissionsAsUnleash(t *testing.T) {
	s := needInParallel(t)
	ctx := context.Background()
	c, _ := newClient(t, s.URL, unleashapi.Options{ImportFacts: true})
	db := openDatabase(t, s, unleashdb.Options{})
	sources := map[string]importvalidate.State{"admin API": c, "database": db}
	tokens := map[string]string{"viewer": unleashtest.ViewerToken, "editor": unleashtest.EditorToken}
	for _, env := range []string{"", "development", "production"} {
		b, err := json.Marshal(map[string]any{"project": "default", "environment": env,
			"data": map[string]any{"features": []any{map[string]string{"name": "existing-flag", "project": "default"}},
				"featureStrategies": []any{}, "tagTypes": []any{}}})
		if err != nil {
			t.Fatal(err)
		}
		for who, token := range tokens {
			out, err := s.Do(ctx, "POST", "/api/admin/features-batch/validate", token, b)
			if err != nil {
				t.Fatal(err)
			}
			var want model.ValidateResponse
			if err := json.Unmarshal(out, &want); err != nil {
				t.Fatalf("%s, environment %q: the instance's answer: %v", who, env, err)
			}
			if who == "viewer" && env == "" && (len(want.Permissions) != 1 || len(want.Permissions[0].AffectedItems) != 1) {
				t.Errorf("viewer, environment \"\": Unleash lists %v, one missing permission expected", want.Permissions)
			}
			for name, st := range sources {
				v, err := importvalidate.New(importvalidate.Options{State: st})
				if err != nil {
					t.Fatal(err)
				}
				p, ok, err := c.LookupToken(ctx, token)
				if err != nil || !ok {
					t.Fatalf("%s's token: %v %v", who, ok, err)
				}
				rep, err := v.Validate(ctx, b, importvalidate.Target{Permissions: p})
				if err != nil {
					t.Fatal(err)
				}
				if d := cmp.Diff(want, rep.Reference(), cmpopts.EquateEmpty()); d != "" {
					t.Errorf("%s, environment %q, over the %s (-unleash +ours):\n%s", who, env, name, d)
				}
			}
		}
	}
}
