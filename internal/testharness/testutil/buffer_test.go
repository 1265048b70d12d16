package testutil

import (
	"fmt"
	"slices"
	"testing"
)

func TestBuffer(t *testing.T) {
	var b Buffer
	if b.Lines() != nil || b.String() != "" {
		t.Fatalf("empty buffer: %q", b.String())
	}
	Concurrently(8, func(g int) {
		for i := range 10 {
			fmt.Fprintf(&b, "g%d-%d\n", g, i)
		}
	})
	lines := b.Lines()
	if len(lines) != 80 {
		t.Fatalf("%d lines, want 80", len(lines))
	}
	slices.Sort(lines)
	if lines[0] != "g0-0" || lines[79] != "g7-9" {
		t.Errorf("lines %q … %q", lines[0], lines[79])
	}
	b.Reset()
	if _, err := b.Write([]byte("a\nb")); err != nil || !slices.Equal(b.Lines(), []string{"a", "b"}) {
		t.Errorf("after Reset: %q, %v", b.Lines(), err)
	}
}
