package fastpath

import (
	"testing"
	"unsafe"

	"github.com/flagadmin/flagadmin/internal/testharness/exportgen"
)

// TestKeepSharesShortValues holds that a short value the decoding meets
// again is handed out again (one copy, whatever item holds it), while a
// long one is copied for each item, and that either reads as the text.
func TestKeepSharesShortValues(t *testing.T) {
	req, ok := Decode(exportgen.JSON(exportgen.Options{Features: 4, Seed: 1}), 64)
	if !ok {
		t.Fatal("the body is not on the fast path")
	}
	s := req.Data.FeatureStrategies
	if len(s) < 2 {
		t.Fatalf("%d strategies, want 2 at least", len(s))
	}
	same := func(a, b string) bool { return unsafe.StringData(a) == unsafe.StringData(b) }
	if s[0].Name != "flexibleRollout" || s[0].Name != s[1].Name || !same(s[0].Name, s[1].Name) {
		t.Errorf("the strategies' names %q, %q are not one copy", s[0].Name, s[1].Name)
	}
	p0, p1 := *s[0].Parameters, *s[1].Parameters
	if p0["stickiness"] != "default" || !same(p0["stickiness"], p1["stickiness"]) {
		t.Errorf("the parameters' values %v, %v are not one copy", p0, p1)
	}
	// The feature names are longer than the shared strings, and distinct.
	n0 := *s[0].FeatureName
	if len(n0) <= sharedMaxLen || n0 != req.Data.Features[0].Name || same(n0, req.Data.Features[0].Name) {
		t.Errorf("featureName %q: want a copy of its own of features[0].name %q, longer than %d bytes", n0, req.Data.Features[0].Name, sharedMaxLen)
	}
}
