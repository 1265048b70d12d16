package schema

import (
	"context"
	"testing"
)

// The answer the fast ways of Check are held to: jsonschema/v5 handed each
// body whole, every problem kept before the list is cut, with no pieces,
// no counter and no skipping.

// checkBoth returns the problems c finds in body, then those that a
// checker like c finds when it checks the body whole.
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
	return got, want
}
