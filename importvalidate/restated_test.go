package importvalidate

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestOneMistakeOneFinding: a mistake that a reference rule and the
// import's own check both see is the reference rule's finding alone, and
// the reference response keeps it; one the import refuses is the
// import's finding alone, not also an extra rule's; mistakes at other
// places are all kept.
func TestOneMistakeOneFinding(t *testing.T) {
	body := []byte(`{"project":"default","environment":"development","data":{
		"features":[{"name":"a"}],
		"featureStrategies":[
			{"name":"flexibleRolout","featureName":"a","parameters":{"rollout":"50","stickiness":"default","groupId":"a"}},
			{"name":"default","featureName":"a","constraints":[
				{"contextName":"appName","operator":"NUM_EQ","value":"abc"},
				{"contextName":"appName","operator":"NUM_EQ","value":"1","values":["abc"]}]}],
		"featureTags":[{"featureName":"a","tagType":"ghost","tagValue":"core"}],
		"tagTypes":[]}}`)
	for _, strict := range []bool{false, true} {
		rep := mustValidate(t, Options{Strict: strict}, body)
		places := map[Code][]string{}
		for _, is := range rep.Issues {
			for _, it := range is.Items {
				for _, l := range it.Locations {
					places[is.Code] = append(places[is.Code], l.Pointer)
				}
			}
		}
		want := map[Code][]string{
			CodeUnknownStrategy:        {"/data/featureStrategies/0/name"},
			CodeImportConstraintNumber: {"/data/featureStrategies/1/constraints/0/value"},
			CodeConstraintValue:        {"/data/featureStrategies/1/constraints/1/values/0"},
			CodeImportTagTypeMissing:   {"/data/featureTags/0/tagType"},
		}
		for c, w := range want {
			if got := places[c]; len(got) != len(w) || got[0] != w[0] {
				t.Errorf("strict %v: %s at %q, want %q", strict, c, got, w)
			}
		}
		for _, c := range []Code{CodeImportUnknownStrategy, CodeUnknownTagType} {
			if got, ok := places[c]; ok {
				t.Errorf("strict %v: %s said again at %q", strict, c, got)
			}
		}
		ref, err := json.Marshal(rep.Reference())
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(ref), "flexibleRolout") {
			t.Errorf("strict %v: the reference response lost unknown-strategy: %s", strict, ref)
		}
	}
}

func TestSamePlace(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"/data/featureStrategies/0/name", "/data/featureStrategies/0/name", true},
		{"/data/featureStrategies/0", "/data/featureStrategies/0/constraints/1/value", true},
		{"/data/featureStrategies/0/variants", "/data/featureStrategies/0/variants/1/weight", true},
		{"/data/featureEnvironments/1/name", "/data/featureEnvironments/1/featureName", true},
		{"/data/featureStrategies/0/constraints/0/value", "/data/featureStrategies/0/constraints/0/values", true},
		{"/data/featureStrategies/0/constraints/0/value", "/data/featureStrategies/0/constraints/1/value", false},
		{"/data/featureStrategies/0", "/data/featureStrategies/1", false},
		{"/data/featureStrategies", "/data/featureStrategies/1/name", false},
		{"/data", "/data/features/0/name", false},
		{"/data/features/0/name", "/data/featureStrategies/0/name", false},
	} {
		if got := samePlace(c.a, c.b); got != c.want {
			t.Errorf("samePlace(%q, %q) = %v", c.a, c.b, got)
		}
		if got := samePlace(c.b, c.a); got != c.want {
			t.Errorf("samePlace(%q, %q) = %v", c.b, c.a, got)
		}
	}
}

// TestRestatedPermissions: the import's refusal for permissions, one
// message without items, is said again when the permissions entry lists
// each permission it names, and kept when it names one more.
func TestRestatedPermissions(t *testing.T) {
	rs := restatements{CodeImportMissingPermissions: {CodeMissingPermissions}}
	entry := Issue{Code: CodeMissingPermissions, Items: []Item{{Value: "Create feature flags"}, {Value: "Update feature flags"}}}
	for _, c := range []struct {
		names []string
		kept  bool
	}{
		{[]string{"Update feature flags", "Create feature flags"}, false},
		{[]string{"Update feature flags"}, false},
		{[]string{"Update feature flags", "Create activation strategies"}, true},
	} {
		refusal := Issue{Code: CodeImportMissingPermissions, Message: "m"}
		kept, restated := rs.leaveOut([]Issue{entry, refusal}, map[Code][]string{CodeImportMissingPermissions: c.names})
		if got := len(kept) == 2; got != c.kept || len(kept)+len(restated) != 2 {
			t.Errorf("%q: kept %d, restated %d", c.names, len(kept), len(restated))
		}
	}
}

// TestPlaceIndexIsSamePlace: the index answers for one pointer what
// samePlace answers against each indexed pointer.
func TestPlaceIndexIsSamePlace(t *testing.T) {
	pointers := []string{"", "/data", "/project", "/data/features", "/data/features/0", "/data/features/0/name",
		"/data/features/1/name", "/data/featureStrategies/0", "/data/featureStrategies/0/name",
		"/data/featureStrategies/0/constraints/0", "/data/featureStrategies/0/constraints/0/value",
		"/data/featureStrategies/0/constraints/0/values/2", "/data/featureStrategies/0/constraints/1/value",
		"/data/featureStrategies/0/variants", "/data/featureStrategies/0/variants/1/weight",
		"/data/featureEnvironments/1/name", "/data/featureEnvironments/1/featureName", "/data/featureEnvironments/1/variants/0"}
	for _, q := range pointers {
		ix := &placeIndex{at: map[string]struct{}{}, inside: map[string]struct{}{}, members: map[string]struct{}{}, values: map[string]struct{}{}}
		ix.add(q)
		for _, p := range pointers {
			if got, want := ix.has(p), samePlace(p, q); got != want {
				t.Errorf("index of %q has %q: %v; samePlace says %v", q, p, got, want)
			}
		}
	}
}

// samePlace is what placeIndex answers, for two pointers: whether they
// name the same place of a file for two findings of one mistake: the same value, one inside the
// other, or two members of one object (a feature environment's name and
// featureName). Two items of an array are two places, and so is all of
// data or one of its lists against anything in it.
func samePlace(a, b string) bool {
	if a == b {
		return true
	}
	if len(a) > len(b) {
		a, b = b, a
	}
	// a is the shorter: inside it, or a sibling member.
	if strings.HasPrefix(b, a+"/") {
		return depth(a) >= 3
	}
	pa, la := parent(a)
	pb, lb := parent(b)
	return pa == pb && depth(pa) >= 3 && !isIndex(la) && !isIndex(lb)
}
