package fastpath

import (
	"context"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/flagadmin/flagadmin/internal/testharness/exportgen"
	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
)

// TestSizedArraysAgree: arrays at and past sizeAt items decode as
// encoding/json decodes them, nested or not, and decode alike when they
// are counted to their end and decoded into a slice of their exact
// length (as arrays of countBytes of items are; here from sizeAt items
// on); one whose count meets a bad item is refused. The size is just past
// sizeAt, and in the long tests (testutil.Long) also just below it, at it
// and three times past it.
func TestSizedArraysAgree(t *testing.T) {
	bodies := map[string][]byte{}
	sizes := []int{sizeAt + 1}
	if testutil.Long() {
		sizes = []int{sizeAt - 1, sizeAt, sizeAt + 1, 3*sizeAt + 7}
	}
	for _, n := range sizes {
		bodies[fmt.Sprintf("exportgen %d", n)] = exportgen.JSON(exportgen.Options{Features: n, Seed: int64(n), ProblemShare: 0.1})
		constraint := `{"contextName":"c","operator":"IN","values":[` + repeatItems(n, `"v"`) + `]}`
		strategy := `{"name":"default","constraints":[` + repeatItems(3, constraint) + `],"variants":[` +
			repeatItems(n, `{"name":"v","weight":1,"weightType":"fix","stickiness":"d"}`) + `]}`
		bodies[fmt.Sprintf("nested %d", n)] = bodyOf(repeatItems(n, `{"name":"f"}`), repeatItems(2, strategy))
	}
	bodies["bad last item"] = bodyOf(repeatItems(2*sizeAt, `{"name":"f"}`)+`,{"name":1}`, "")
	bodies["bad item after the count"] = bodyOf(repeatItems(2*sizeAt, `{"name":"f"}`)+`,{"name":"f","name":"g"}`, "")
	// The count crosses items without checking them: brackets, braces
	// and commas in strings, and syntax errors, are the decoding's to
	// read.
	bodies["brackets in strings"] = bodyOf(repeatItems(2*sizeAt, `{"name":"f],[{\"}"}`), "")
	bodies["missing comma after the count"] = bodyOf(repeatItems(2*sizeAt, `{"name":"f"}`)+` {"name":"g"}`, "")
	bodies["stray byte after the count"] = bodyOf(repeatItems(2*sizeAt, `{"name":"f"}`)+`,x`, "")
	bodies["unclosed string after the count"] = bodyOf(repeatItems(2*sizeAt, `{"name":"f"}`)+`,{"name":"f]}`, "")
	bodies["truncated"] = bodyOf(repeatItems(2*sizeAt, `{"name":"f"}`), "")[:20*sizeAt]
	for name, body := range bodies {
		t.Run(name, func(t *testing.T) {
			if msg := disagreement(t, body, testDepth); msg != "" {
				t.Fatal(msg)
			}
			want, ok := Decode(body, testDepth)
			counted, _, countedOK := decode(context.Background(), body, testDepth, false, 0, false)
			if countedOK != ok {
				t.Fatalf("counted from %d items: ok %v, without counting %v", sizeAt, countedOK, ok)
			}
			if diff := cmp.Diff(want, counted); diff != "" {
				t.Fatalf("counted from %d items, the result differs (-not counted +counted):\n%s", sizeAt, diff)
			}
		})
	}
}
