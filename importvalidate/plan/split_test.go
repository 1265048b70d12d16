package plan

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// splitBody is an import body of n features, each with a strategy of
// pad bytes, every third one the child of the feature after it (so that
// the body lists children before their parents).
func splitBody(n, pad int) []byte {
	var features, strategies, envs, deps []string
	for i := range n {
		name := fmt.Sprintf("f%03d", i)
		features = append(features, fmt.Sprintf(`{"name":%q,"project":"default"}`, name))
		strategies = append(strategies, fmt.Sprintf(`{"name":"default","featureName":%q,"title":%q}`, name, strings.Repeat("x", pad)))
		envs = append(envs, fmt.Sprintf(`{"name":%q,"featureName":%q,"enabled":true}`, name, name))
		if i%3 == 0 && i+1 < n {
			deps = append(deps, fmt.Sprintf(`{"feature":%q,"dependencies":[{"feature":"f%03d"}]}`, name, i+1))
		}
	}
	return []byte(`{"project":"default","environment":"development","data":{"features":[` + strings.Join(features, ",") +
		`],"featureStrategies":[` + strings.Join(strategies, ",") + `],"featureEnvironments":[` + strings.Join(envs, ",") +
		`],"contextFields":[{"name":"region"}],"segments":[],"tagTypes":[{"name":"team"}],"dependencies":[` + strings.Join(deps, ",") + `]}}`)
}

// TestSplitBody: a body within the limit is one part; one over it is cut
// into parts within it that hold every item once, each feature whole in
// one part, a parent in the part of its child or an earlier one, and the
// shared lists in every part; a feature over the limit alone is an
// error.
func TestSplitBody(t *testing.T) {
	body := splitBody(60, 300)
	parts, err := SplitBody(body, int64(len(body)))
	if err != nil || len(parts) != 1 {
		t.Fatalf("within the limit: %d parts, %v", len(parts), err)
	}
	const limit = 4000
	parts, err = SplitBody(body, limit)
	if err != nil {
		t.Fatal(err)
	}
	if len(parts) < 5 {
		t.Fatalf("%d parts of a %d-byte body under %d bytes", len(parts), len(body), limit)
	}
	type data struct {
		Features []struct {
			Name string `json:"name"`
		} `json:"features"`
		FeatureStrategies []struct {
			FeatureName string `json:"featureName"`
		} `json:"featureStrategies"`
		FeatureEnvironments []struct {
			FeatureName string `json:"featureName"`
		} `json:"featureEnvironments"`
		ContextFields []any `json:"contextFields"`
		TagTypes      []any `json:"tagTypes"`
		Dependencies  []struct {
			Feature      string `json:"feature"`
			Dependencies []struct {
				Feature string `json:"feature"`
			} `json:"dependencies"`
		} `json:"dependencies"`
	}
	partOf := map[string]int{}
	strategies := 0
	for i, p := range parts {
		if len(p) > limit {
			t.Errorf("part %d: %d bytes", i, len(p))
		}
		var b struct {
			Project, Environment string
			Data                 data
		}
		if err := json.Unmarshal(p, &b); err != nil {
			t.Fatalf("part %d: %v", i, err)
		}
		if b.Project != "default" || b.Environment != "development" || len(b.Data.ContextFields) != 1 || len(b.Data.TagTypes) != 1 {
			t.Errorf("part %d: %s", i, p)
		}
		for _, f := range b.Data.Features {
			if _, dup := partOf[f.Name]; dup {
				t.Errorf("feature %s in two parts", f.Name)
			}
			partOf[f.Name] = i
		}
		for _, s := range b.Data.FeatureStrategies {
			strategies++
			if !slices.ContainsFunc(b.Data.Features, func(f struct {
				Name string `json:"name"`
			}) bool {
				return f.Name == s.FeatureName
			}) {
				t.Errorf("part %d: the strategy of %s without its feature", i, s.FeatureName)
			}
		}
		for _, d := range b.Data.Dependencies {
			for _, p := range d.Dependencies {
				if j, ok := partOf[p.Feature]; !ok || j > i {
					t.Errorf("part %d: %s before its parent %s", i, d.Feature, p.Feature)
				}
			}
		}
	}
	if len(partOf) != 60 || strategies != 60 {
		t.Errorf("%d features and %d strategies in the parts, want 60 each", len(partOf), strategies)
	}
	if _, err := SplitBody(splitBody(3, 5000), 4000); !errors.Is(err, ErrFeatureTooLarge) {
		t.Errorf("a feature over the limit: %v", err)
	}
}
