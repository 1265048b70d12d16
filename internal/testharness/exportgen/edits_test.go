package exportgen_test

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/flagadmin/flagadmin/internal/testharness/exportgen"
)

// editBody is a small import request body to edit.
const editBody = `{"project":"p","environment":"development","data":{
"features":[{"name":"a","type":"release","project":"p"},{"name":"b","type":"release","project":"p"}],
"featureStrategies":[{"name":"default","featureName":"a","constraints":[],"parameters":{},"segments":[]}],
"featureEnvironments":[{"name":"a","featureName":"a","environment":"development","enabled":true}],
"contextFields":[],"featureTags":[],"segments":[],"tagTypes":[],"dependencies":[],"links":[]}}`

var editEnv = exportgen.EditEnv{Prefix: "x-", OtherProject: "other", OtherProjectFeature: "elsewhere",
	ArchivedFeature: "gone", SegmentID: 1, SegmentName: "beta-users", LegalContextField: "region",
	LegalValues: []string{"eu", "us"}, TagType: "team"}

// Every kind of the table changes the body, and the same seed gives the
// same edits and the same bytes.
func TestApplyEdits(t *testing.T) {
	seen := map[string]bool{}
	for seed := range uint64(400) {
		out, kinds, err := exportgen.ApplyEdits([]byte(editBody), editEnv, rand.New(rand.NewPCG(seed, 0)), 1)
		if err != nil {
			t.Fatal(err)
		}
		if len(kinds) != 1 {
			t.Fatalf("seed %d: applied %v, want one edit", seed, kinds)
		}
		if !json.Valid(out) {
			t.Fatalf("seed %d: %v gave invalid JSON", seed, kinds)
		}
		var before, after any
		_ = json.Unmarshal([]byte(editBody), &before)
		_ = json.Unmarshal(out, &after)
		if b, _ := json.Marshal(before); bytes.Equal(b, out) {
			t.Errorf("seed %d: %v changed nothing", seed, kinds)
		}
		again, kinds2, _ := exportgen.ApplyEdits([]byte(editBody), editEnv, rand.New(rand.NewPCG(seed, 0)), 1)
		if !bytes.Equal(again, out) || !slices.Equal(kinds, kinds2) {
			t.Fatalf("seed %d: two runs differ", seed)
		}
		seen[kinds[0]] = true
	}
	for _, k := range exportgen.EditKinds() {
		if !seen[k.Kind] {
			t.Errorf("edit kind %s never applied in 400 seeds", k.Kind)
		}
	}
	if _, _, err := exportgen.ApplyEdits([]byte("{"), editEnv, rand.New(rand.NewPCG(1, 0)), 1); err == nil {
		t.Error("a body that is not JSON: no error")
	}
}
