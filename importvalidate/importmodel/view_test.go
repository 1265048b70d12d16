package importmodel

import "testing"

// TestLastAnswers holds the cache of the last answers to the
// function it stands for, over more strings than it keeps.
func TestLastAnswers(t *testing.T) {
	asked := 0
	truth := func(s string) bool { asked++; return len(s)%2 == 0 }
	known := lastAnswers(truth)
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
