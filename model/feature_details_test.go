package model_test

import (
	"encoding/json"
	"testing"
	"unsafe"

	"github.com/flagadmin/flagadmin/model"
)

// TestFeatureSize: a feature with only a name is small; a million of them
// are decoded into one slice.
func TestFeatureSize(t *testing.T) {
	if got := unsafe.Sizeof(model.Feature{}); got > 120 {
		t.Errorf("model.Feature takes %d bytes, more than 120", got)
	}
}

// TestFeatureDetails: the seldom carried members are allocated only when
// one is present, read and written as members of the feature, in the
// order of the schema, and rejected by DecodeStrict only when unknown.
func TestFeatureDetails(t *testing.T) {
	for _, tc := range []struct {
		name, in, out string
		details       bool
	}{
		{"name only", `{"name":"a"}`, `{"name":"a"}`, false},
		{"common members", `{"name":"a","type":"release","archived":false,"project":"p"}`,
			`{"name":"a","type":"release","archived":false,"project":"p"}`, false},
		{"one detail", `{"stale":true,"name":"a"}`, `{"name":"a","stale":true}`, true},
		{"null detail", `{"name":"a","lastSeenAt":null}`, `{"name":"a","lastSeenAt":null}`, true},
		{"schema order", `{"links":[],"dependencies":[],"children":["c"],"variants":[],"enabled":true,"project":"p","name":"a"}`,
			`{"name":"a","project":"p","enabled":true,"variants":[],"children":["c"],"dependencies":[],"links":[]}`, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var f model.Feature
			if err := json.Unmarshal([]byte(tc.in), &f); err != nil {
				t.Fatal(err)
			}
			if got := f.FeatureDetails != nil; got != tc.details {
				t.Errorf("details allocated: %v, want %v", got, tc.details)
			}
			out, err := json.Marshal(f)
			if err != nil {
				t.Fatal(err)
			}
			if string(out) != tc.out {
				t.Errorf("encoded %s, want %s", out, tc.out)
			}
			var strict model.Feature
			if err := model.DecodeStrict([]byte(tc.in), &strict); err != nil {
				t.Errorf("DecodeStrict: %v", err)
			}
		})
	}
	var f model.Feature
	if err := model.DecodeStrict([]byte(`{"name":"a","stale":"no"}`), &f); err == nil {
		t.Error("DecodeStrict accepted a string for stale")
	}
	if err := model.DecodeStrict([]byte(`{"name":"a","stael":true}`), &f); err == nil {
		t.Error("DecodeStrict accepted an unknown member")
	}
}

// TestFeatureDetailsAccessors: Details reads a feature without details as
// all absent; More allocates them once.
func TestFeatureDetailsAccessors(t *testing.T) {
	var f model.Feature
	if d := f.Details(); d.Enabled != nil || d.Tags.Present {
		t.Errorf("details of a bare feature: %+v", d)
	}
	yes := true
	f.More().Enabled = &yes
	m := f.More()
	if m != f.FeatureDetails || f.Details().Enabled != &yes {
		t.Error("More did not keep the details it allocated")
	}
}
