package plan

import "testing"

// A link held twice and imported once is removed once.
func TestDiffLinksCounted(t *testing.T) {
	l := link{URL: "https://example.com"}
	c := diffCounted([]link{l, l}, []link{l}, linkKey)
	if len(c.Removed) != 1 || len(c.Added) != 0 {
		t.Errorf("%+v", c)
	}
	c = diffCounted([]link{l}, []link{l, l, {URL: "https://b.example"}}, linkKey)
	if len(c.Removed) != 0 || len(c.Added) != 2 {
		t.Errorf("%+v", c)
	}
	if d := Diff(&Config{Links: []link{l, l}}, &Config{Links: []link{l}}); len(d) != 1 || d[0].Aspect != AspectLinks {
		t.Errorf("%+v", d)
	}
}
