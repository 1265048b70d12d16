package plan

import (
	"testing"

	"github.com/flagadmin/flagadmin/importvalidate/importmodel"
)

// A link held twice and imported once is removed once.
func TestDiffLinksCounted(t *testing.T) {
	l := importmodel.Link{URL: "https://example.com"}
	c := diffCounted([]importmodel.Link{l, l}, []importmodel.Link{l}, linkKey)
	if len(c.Removed) != 1 || len(c.Added) != 0 {
		t.Errorf("%+v", c)
	}
	c = diffCounted([]importmodel.Link{l}, []importmodel.Link{l, l, {URL: "https://b.example"}}, linkKey)
	if len(c.Removed) != 0 || len(c.Added) != 2 {
		t.Errorf("%+v", c)
	}
	if d := Diff(&Config{Links: []importmodel.Link{l, l}}, &Config{Links: []importmodel.Link{l}}); len(d) != 1 || d[0].Aspect != AspectLinks {
		t.Errorf("%+v", d)
	}
}
