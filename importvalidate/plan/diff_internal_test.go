package plan

import "testing"

// A link held twice and imported once is removed once.
func TestDiffLinksCounted(t *testing.T) {
	l := Link{URL: "https://example.com"}
	c := diffCounted([]Link{l, l}, []Link{l}, linkKey)
	if len(c.Removed) != 1 || len(c.Added) != 0 {
		t.Errorf("%+v", c)
	}
	c = diffCounted([]Link{l}, []Link{l, l, {URL: "https://b.example"}}, linkKey)
	if len(c.Removed) != 0 || len(c.Added) != 2 {
		t.Errorf("%+v", c)
	}
	if d := Diff(&Config{Links: []Link{l, l}}, &Config{Links: []Link{l}}); len(d) != 1 || d[0].Aspect != AspectLinks {
		t.Errorf("%+v", d)
	}
}
