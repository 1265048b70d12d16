package jsonwire

import (
	"math/rand/v2"
	"testing"
)

// TestPositions: Positions gives what the line table gives, for offsets
// in any order, repeated, past the end, and leaves negative ones alone.
func TestPositions(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, src := range []string{"", "abc", "a\nbc\n", "\n\n\n", "x\r\ny", "{\n  \"a\": [\n    1,\n    2\n  ]\n}\n"} {
		for round := 0; round < 50; round++ {
			offs := make([]int64, r.IntN(8))
			for i := range offs {
				offs[i] = int64(r.IntN(len(src)+4)) - 1
			}
			line, column := make([]int, len(offs)), make([]int, len(offs))
			for i := range line {
				line[i], column[i] = -7, -7
			}
			Positions([]byte(src), offs, line, column)
			lines := NewLines([]byte(src))
			for i, off := range offs {
				wantLine, wantColumn := -7, -7
				if off >= 0 {
					wantLine, wantColumn = lines.Position(off)
				}
				if line[i] != wantLine || column[i] != wantColumn {
					t.Fatalf("%q, offsets %v: offset %d at %d:%d, want %d:%d", src, offs, off, line[i], column[i], wantLine, wantColumn)
				}
			}
		}
	}
}
