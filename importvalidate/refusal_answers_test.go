package importvalidate

import "testing"

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
// view hands back the buffers it was given, and one that built a view
// hands back that view's memory, cleared of its names.
func TestReleaseKeepsUnusedBuffers(t *testing.T) {
	spare := &refusalBuffers{refs: make([]refusalRef, 0, 4), ints: make([]int32, 8)}
	if got := (&Input{buffers: spare}).release(); got != spare {
		t.Errorf("without a view: got %p, want the buffers given, %p", got, spare)
	}
	in, _, _ := refusalBenchInput(t, 10)
	in.buffers = spare
	in.resolved()
	got := in.release()
	if got == nil || got == spare || cap(got.refs) == 0 || len(got.ints) == 0 {
		t.Fatalf("with a view: got %+v, want the view's memory", got)
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
