package testutil

import "testing"

var sink []byte

func TestAllocated(t *testing.T) {
	n := Allocated(func() { sink = make([]byte, 1<<20) })
	if n < 1<<20 || n > 2<<20 {
		t.Errorf("%d bytes allocated for a slice of 1 MiB", n)
	}
}
