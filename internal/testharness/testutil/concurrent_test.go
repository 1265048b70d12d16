package testutil

import (
	"sync/atomic"
	"testing"
)

// TestConcurrently checks that every index runs once and that all have
// finished when Concurrently returns.
func TestConcurrently(t *testing.T) {
	for _, n := range []int{0, 1, 7, 64} {
		var ran [64]atomic.Int32
		var done atomic.Int32
		Concurrently(n, func(g int) {
			ran[g].Add(1)
			done.Add(1)
		})
		if int(done.Load()) != n {
			t.Fatalf("n=%d: %d returned before Concurrently did", n, done.Load())
		}
		for g := range ran {
			if want := int32(0); g < n {
				want = 1
				if ran[g].Load() != want {
					t.Errorf("n=%d: f(%d) ran %d times", n, g, ran[g].Load())
				}
			} else if ran[g].Load() != want {
				t.Errorf("n=%d: f(%d) ran although out of range", n, g)
			}
		}
	}
}
