package importvalidate

import (
	"testing"

	"github.com/flagadmin/flagadmin/model"
)

// TestRefusalLastAnswers holds the cache of the last answers to the
// function it stands for, over more strings than it keeps.
func TestRefusalLastAnswers(t *testing.T) {
	asked := 0
	truth := func(s string) bool { asked++; return len(s)%2 == 0 }
	known := refusalLastAnswers(truth)
	words := []string{"a", "bb", "a", "ccc", "dddd", "a", "eeeee", "ffffff", "bb", "a", "a", "ggggggg", "h8", "i9", "j10", "k11", "bb", "a"}
	for i, w := range words {
		if got, want := known(w), len(w)%2 == 0; got != want {
			t.Fatalf("word %d %q: got %v, want %v", i, w, got, want)
		}
	}
	if asked >= len(words) {
		t.Errorf("asked %d times for %d words: no answer was kept", asked, len(words))
	}
}

// TestReleaseKeepsUnusedBuffers holds that an input whose rules built no
// view hands back the view's buffers it was given, one that built a view
// hands back that view's memory, cleared of its names, and both hand back
// the memory of the resolved names.
func TestReleaseKeepsUnusedBuffers(t *testing.T) {
	same := func(a, b []int32) bool { return cap(a) > 0 && cap(a) == cap(b) && &a[:1][0] == &b[:1][0] }
	spare := &refusalBuffers{refs: make([]refusalRef, 0, 4), ints: make([]int32, 8), names: make([]int32, 1000)}
	in := &Input{Import: &model.ImportRequest{}, buffers: spare}
	in.fileNames()
	if got := in.release(); cap(got.refs) != 4 || &got.refs[:1][0] != &spare.refs[:1][0] || !same(got.ints, spare.ints) || !same(got.names, spare.names) {
		t.Errorf("without a view: got %+v, want the buffers given", got)
	}
	in, _, _ = refusalBenchInput(t, 10)
	in.reread()
	in.buffers = spare
	in.resolved()
	got := in.release()
	if got == nil || cap(got.refs) == 0 || len(got.ints) == 0 || same(got.ints, spare.ints) {
		t.Fatalf("with a view: got %+v, want the view's memory", got)
	}
	if !same(got.names, spare.names) {
		t.Errorf("with a view: got names %p, want those given", got.names)
	}
	for _, r := range got.refs[:cap(got.refs)] {
		if r.name != "" {
			t.Fatalf("the buffers keep the name %q", r.name)
		}
	}
	if in.refusalCache != nil || in.buffers != nil {
		t.Error("the input still holds its view or buffers")
	}
}
