package jsonwire

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/flagadmin/flagadmin/importvalidate/internal/exportgen"
)

// TestLocateAgreesWithWalk locates every value of several documents and
// compares each offset with the one the full pointer walk gives.
func TestLocateAgreesWithWalk(t *testing.T) {
	docs := map[string][]byte{
		"generated": exportgen.JSON(exportgen.Options{Features: 40, Seed: 7, ProblemShare: 0.2}),
		"escapes":   []byte(`{"a~b": {"c/d": [1, {"\u0065": "x"}, [true, null]]}, "": {"": 2}, "e": []}`),
	}
	files, _ := filepath.Glob("../../../testdata/exports/*.json")
	if len(files) == 0 {
		t.Fatal("no export files in ../../../testdata/exports")
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		docs[filepath.Base(f)] = b
	}
	for name, doc := range docs {
		want := map[string]int64{}
		WalkPointers(doc, func(off int, key bool, ptr []byte) bool {
			if !key {
				if _, seen := want[string(ptr)]; !seen {
					want[string(ptr)] = int64(off)
				}
			}
			return true
		})
		pointers := make([]string, 0, len(want)+1)
		for p := range want {
			pointers = append(pointers, p)
		}
		offs := Locate(doc, append(pointers, "/no/such/member"))
		for i, p := range pointers {
			if offs[i] != want[p] {
				t.Errorf("%s: %s at %d, want %d", name, p, offs[i], want[p])
			}
		}
		if missing := offs[len(pointers)]; missing != -1 {
			t.Errorf("%s: a pointer to no value got offset %d", name, missing)
		}
		if len(want) < 5 {
			t.Errorf("%s: only %d values", name, len(want))
		}
	}
}
