package schema

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// The answer the fast ways of Check are held to: jsonschema/v5 handed each
// body whole, every problem kept before the list is cut, with no pieces,
// and the problems past the cap counted.

// checkBoth returns the problems c finds in body, then those that a
// checker like c finds when it checks the body whole. Where c leaves the
// count of the problems past the cap out ("more than N problems"), the
// last entry of the whole check is given that detail too, once it is
// known to count some.
func checkBoth(tb testing.TB, c *Checker, body []byte) (got, want []Problem) {
	tb.Helper()
	whole := *c
	whole.whole = true
	var err error
	if _, got, err = c.Check(context.Background(), body); err != nil {
		tb.Fatal(err)
	}
	if _, want, err = whole.Check(context.Background(), body); err != nil {
		tb.Fatal(err)
	}
	if len(got) > 0 && len(want) == len(got) && got[len(got)-1].Detail.Uncounted {
		if last := &want[len(want)-1]; last.Kind == KindTooManyProblems {
			last.Detail = got[len(got)-1].Detail
		}
	}
	return got, want
}

// newTestChecker compiles the import schema of the module.
func newTestChecker(tb testing.TB) *Checker {
	tb.Helper()
	doc, err := os.ReadFile(filepath.Join("..", "..", "import.schema.json"))
	if err != nil {
		tb.Fatal(err)
	}
	c, err := New(doc, Options{MaxProblems: 1000, MaxDepth: 1 << 20})
	if err != nil {
		tb.Fatal(err)
	}
	return c
}
