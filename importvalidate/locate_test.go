package importvalidate

import (
	"testing"

	"github.com/flagadmin/flagadmin/importvalidate/internal/schema"
	"github.com/flagadmin/flagadmin/internal/testharness/exportgen"
)

func TestLocate(t *testing.T) {
	in := []byte("{\"data\": {\n  \"features\": [ {\"name\": \"f\"} ]}}")
	locs := []*Location{
		{Pointer: "/data/features/0/name", Offset: -1},
		{Pointer: "/data", Offset: -1},
		{Pointer: "/nope", Offset: -1},
		{Pointer: "/data/features/0/name", Offset: -1},
	}
	schema.Locate(in, nil, locs)
	want := []Location{
		{Pointer: "/data/features/0/name", Offset: 36, Line: 2, Column: 26},
		{Pointer: "/data", Offset: 9, Line: 1, Column: 10},
		{Pointer: "/nope", Offset: -1},
		{Pointer: "/data/features/0/name", Offset: 36, Line: 2, Column: 26},
	}
	for i, l := range locs {
		if *l != want[i] {
			t.Errorf("%d: got %+v, want %+v", i, *l, want[i])
		}
	}
}

// TestLocateFromItemStarts: the items of a validation, located from the
// offsets the single pass gives, are where a walk of the whole body
// finds them.
func TestLocateFromItemStarts(t *testing.T) {
	opts := exportgen.Options{Features: 300, Seed: 11, ProblemShare: 0.2}
	st, err := NewMemoryState(exportgen.Snapshot(opts))
	if err != nil {
		t.Fatal(err)
	}
	v := built(t, New, Options{State: st, Strict: true})
	body := exportgen.JSON(opts)
	rep := validated(t, v, body)
	if rep.Structural.HasErrors() {
		t.Fatal(rep.Structural)
	}
	var got, want []*Location
	for _, is := range rep.Issues {
		for _, it := range is.Items {
			for k := range it.Locations {
				l := it.Locations[k]
				got = append(got, &l)
				w := Location{Pointer: l.Pointer, Offset: -1}
				want = append(want, &w)
			}
		}
	}
	schema.Locate(body, nil, want)
	for i := range got {
		if *got[i] != *want[i] || got[i].Offset < 0 {
			t.Errorf("%s: located at %+v, the walk gives %+v", got[i].Pointer, *got[i], *want[i])
		}
	}
	if len(got) < 50 {
		t.Errorf("only %d locations", len(got))
	}
}
