package jsonwire

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestLineCounter: a LineCounter gives what the line table gives, for
// increasing offsets, repeated ones and ones past the end included.
func TestLineCounter(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, src := range []string{"", "abc", "a\nbc\n", "\n\n\n", "x\r\ny", "{\n  \"a\": [\n    1,\n    2\n  ]\n}\n"} {
		lines := NewLines([]byte(src))
		for round := 0; round < 50; round++ {
			offs := make([]int64, r.IntN(8))
			for i := range offs {
				offs[i] = int64(r.IntN(len(src) + 3))
			}
			slices.Sort(offs)
			c := NewLineCounter([]byte(src))
			for _, off := range offs {
				line, column := c.Position(off)
				if wantLine, wantColumn := lines.Position(off); line != wantLine || column != wantColumn {
					t.Fatalf("%q, offsets %v: offset %d at %d:%d, want %d:%d", src, offs, off, line, column, wantLine, wantColumn)
				}
			}
		}
	}
}
