package model_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/model"
)

// TestOptionalArrayPresence checks that each optional array of ExportData
// is nil when absent and an empty non-nil slice when present and empty,
// and that both encode back as they were decoded.
func TestOptionalArrayPresence(t *testing.T) {
	names := []string{"featureEnvironments", "contextFields", "featureTags", "segments", "dependencies", "links"}
	lens := func(d *model.ExportData) map[string]int {
		m := map[string]int{}
		for name, isNil := range map[string]bool{
			"featureEnvironments": d.FeatureEnvironments == nil, "contextFields": d.ContextFields == nil,
			"featureTags": d.FeatureTags == nil, "segments": d.Segments == nil,
			"dependencies": d.Dependencies == nil, "links": d.Links == nil,
		} {
			if !isNil {
				m[name] = 1
			}
		}
		return m
	}
	const base = `{"features":[],"featureStrategies":[],"tagTypes":[]`
	for _, name := range names {
		doc := base + `,"` + name + `":[]}`
		var d model.ExportData
		if err := json.Unmarshal([]byte(doc), &d); err != nil {
			t.Fatal(err)
		}
		if got := lens(&d); len(got) != 1 || got[name] != 1 {
			t.Errorf("%s: non-nil arrays %v, want only %s", name, got, name)
		}
		b, err := json.Marshal(d)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(b), `"`+name+`":[]`) {
			t.Errorf("%s: encoded %s without the empty array", name, b)
		}
	}
	var absent model.ExportData
	if err := json.Unmarshal([]byte(base+`}`), &absent); err != nil {
		t.Fatal(err)
	}
	if got := lens(&absent); len(got) != 0 {
		t.Errorf("absent arrays decoded as non-nil: %v", got)
	}
	b, err := json.Marshal(absent)
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != base+`}` {
		t.Errorf("encoded %s, want %s}", b, base)
	}
	// A null member is absent for the model, as encoding/json reads it.
	var null model.ExportData
	if err := json.Unmarshal([]byte(base+`,"segments":null}`), &null); err != nil || null.Segments != nil {
		t.Errorf("null segments: %v, %v", null.Segments, err)
	}
}
