package testutil

import (
	"flag"
	"testing"
)

// ParallelAtLeast raises -parallel when the command line leaves it at its
// default, and leaves a value given on the command line alone.
func TestParallelAtLeast(t *testing.T) {
	f := flag.Lookup("test.parallel")
	old := f.Value.String()
	t.Cleanup(func() { f.Value.Set(old) })
	set := false
	flag.Visit(func(v *flag.Flag) { set = set || v == f })
	f.Value.Set("2")
	ParallelAtLeast(6)
	want := "6"
	if set {
		want = "2"
	}
	if got := f.Value.String(); got != want {
		t.Errorf("-parallel %s after ParallelAtLeast(6), want %s (set on the command line: %v)", got, want, set)
	}
	ParallelAtLeast(3)
	if got := f.Value.String(); got != want {
		t.Errorf("-parallel %s after ParallelAtLeast(3), want %s", got, want)
	}
}
