package importvalidate

import (
	"testing"
)

func TestLocatePointers(t *testing.T) {
	in := []byte("{\"data\": {\n  \"features\": [ {\"name\": \"f\"} ]}}")
	locs := []*Location{
		{Pointer: "/data/features/0/name", Offset: -1},
		{Pointer: "/data", Offset: -1},
		{Pointer: "/nope", Offset: -1},
		{Pointer: "/data/features/0/name", Offset: -1},
	}
	locatePointers(in, locs)
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
