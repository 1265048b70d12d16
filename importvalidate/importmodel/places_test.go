package importmodel

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestFeaturePlaces checks the index of feature names against a map built
// the plain way, for lists with and without repeated names and for sizes
// that fill the table to its limit.
func TestFeaturePlaces(t *testing.T) {
	for _, tc := range []struct {
		name  string
		names []string
	}{
		{"empty", nil},
		{"one", []string{"a"}},
		{"repeats", []string{"a", "b", "a", "c", "b", "a", ""}},
		{"empty name twice", []string{"", ""}},
		{"many", manyNames(5000, 7)},
		{"power of two", manyNames(4096, 4096)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fp := newPlaces(len(tc.names), func(i int) string { return tc.names[i] })
			wantIdx := map[string][]int{}
			var wantOrder []string
			for i, n := range tc.names {
				if _, ok := wantIdx[n]; !ok {
					wantOrder = append(wantOrder, n)
				}
				wantIdx[n] = append(wantIdx[n], i)
			}
			if diff := cmp.Diff(wantOrder, fp.order, cmpEmptyNil); diff != "" {
				t.Errorf("order (-want +got):\n%s", diff)
			}
			for n, want := range wantIdx {
				if diff := cmp.Diff(want, fp.indices(n)); diff != "" {
					t.Errorf("indices(%q) (-want +got):\n%s", n, diff)
				}
				if j, ok := fp.first(n); !ok || j != want[0] {
					t.Errorf("first(%q) = %d, %v; want %d", n, j, ok, want[0])
				}
			}
			for _, absent := range []string{"absent", "a\x00", "f-1x"} {
				if _, ok := wantIdx[absent]; !ok && (fp.has(absent) || fp.indices(absent) != nil) {
					t.Errorf("%q found", absent)
				}
			}
		})
	}
}

var cmpEmptyNil = cmp.Transformer("nilEmpty", func(s []string) []string {
	if len(s) == 0 {
		return nil
	}
	return s
})

// manyNames returns n names with every k-th one repeating an earlier one.
func manyNames(n, k int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("f-%d", i)
		if i > 0 && i%k == 0 {
			out[i] = out[i/2]
		}
	}
	return out
}
