package schema

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/flagadmin/flagadmin/internal/exportgen"
	"github.com/flagadmin/flagadmin/internal/jsonwire"
)

// TestValidBytesAgreesWithLibrary: an array item the byte reading finds
// certainly valid has nothing to coerce and no problem for the library,
// in a tenth of the bodies of the counter's tests and in those of the
// skipping's.
func TestValidBytesAgreesWithLibrary(t *testing.T) {
	c := newTestChecker(t)
	valid, invalid := 0, 0
	var bodies [][]byte
	for i, b := range countBodies(t, c) {
		if i%10 == 0 {
			bodies = append(bodies, b)
		}
	}
	for i, body := range append(bodies, skipBodies()...) {
		v, err := jsonwire.Value(body)
		if err != nil {
			t.Fatal(err)
		}
		checked, _ := checkedValue(c, body)
		var paths [][]string
		valuePaths(v, nil, &paths)
		pointers := make([]string, len(paths))
		for k, p := range paths {
			pointers[k] = jsonwire.PointerOf(p)
		}
		offsets := jsonwire.Locate(body, pointers)
		for k, p := range paths {
			if len(p) == 0 {
				continue
			}
			parent := nodeAt(c.tree.Root, p[:len(p)-1])
			if _, isArray := lookupValue(v, p[:len(p)-1]).([]any); !isArray || parent == nil || parent.Items == nil {
				continue
			}
			s := skipper{ctx: context.Background(), d: body}
			if _, ok := s.valid(parent.Items, int(offsets[k]), 0); !ok {
				invalid++
				continue
			}
			valid++
			if _, cs := coerceInstance(parent.Items, lookupValue(v, p)); len(cs) > 0 {
				t.Fatalf("body %d, item %s: read as valid, but %d values are coerced\n%s", i, pointers[k], len(cs), body)
			}
			if err := c.items[parent.Items].Validate(lookupValue(checked, p)); err != nil {
				t.Fatalf("body %d, item %s: read as valid, the library finds %v\n%s", i, pointers[k], err, body)
			}
		}
	}
	if valid < 1000 || invalid < 1000 {
		t.Errorf("%d items read as valid, %d not", valid, invalid)
	}
}

// skipBodies are generated exports with long arrays in which some items
// have problems, some have values the reference coerces and most are
// valid.
func skipBodies() [][]byte {
	base := exportgen.JSON(exportgen.Options{Features: 150, Seed: 5, ProblemShare: 0.3})
	edits := []struct{ from, to string }{
		{`"impressionData":false`, `"impressionData":[]`},
		{`"weightType":"variable"`, `"weightType":"x"`},
		{`"stale":false`, `"stale":"false"`},
		{`"sortOrder":0`, `"sortOrder":1.5`},
		{`"sortOrder":0`, `"sortOrder":"3"`},
		{`"enabled":true`, `"enabled":1`},
		{`"weight":500`, `"weight":500.0`},
		{`"weight":500`, `"weight":1e3`},
		{`"operator":"IN"`, `"operator":"IN","x":1`},
		{`"name":"control"`, `"name":"\ud800"`},
	}
	var out [][]byte
	for k, e := range edits {
		for _, every := range []int{1, 7, 50} {
			parts := bytes.Split(base, []byte(e.from))
			var b bytes.Buffer
			for i, p := range parts {
				if i > 0 {
					if (i+k)%every == 0 {
						b.WriteString(e.to)
					} else {
						b.WriteString(e.from)
					}
				}
				b.Write(p)
			}
			out = append(out, b.Bytes())
		}
	}
	// Every edit at once, in turn.
	all := string(base)
	for k, e := range edits {
		all = strings.Replace(all, e.from, e.to, 3+k)
	}
	return append(out, []byte(all))
}

// TestSkippingEqualsWhole: a body whose valid items are not decoded gets
// the problems, in the same order, that the library finds in it whole,
// and some items are skipped.
func TestSkippingEqualsWhole(t *testing.T) {
	problems := 0
	for _, maxProblems := range []int{1, 50, 1000} {
		c := newTestChecker(t)
		c.opts.MaxProblems = maxProblems
		for i, body := range skipBodies() {
			got, want := checkBoth(t, c, body)
			if len(want) == 0 {
				continue // the edit found no place
			}
			problems++
			if diff := cmp.Diff(want, got); diff != "" {
				t.Fatalf("body %d, cap %d: skipping differs from whole (-whole +skipping):\n%s", i, maxProblems, diff)
			}
		}
	}
	if problems < 45 {
		t.Errorf("only %d bodies with problems", problems)
	}
	c := newTestChecker(t)
	skipped := 0
	for _, body := range skipBodies() {
		s := skipper{ctx: context.Background(), d: body}
		s.value(c.tree.Root, 0, 0)
		skipped += len(s.spans)
	}
	if skipped < 1000 {
		t.Errorf("%d items skipped in all", skipped)
	}
}
