package main

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"

	"github.com/flagadmin/flagadmin/importvalidate"
)

// TestCleanBodies validates generated bodies of several sizes against the
// recorded reference state, strict rules included: no finding at all, and
// the reference's answer is the empty one that the reference server gave
// to the 4 217 and 489 039 byte bodies.
func TestCleanBodies(t *testing.T) {
	strict := oracleValidator(t, true)
	for _, size := range []int{2000, 5000, 60000, 490000} {
		body := cleanBodyOfSize(size)
		if len(body) > size || len(body) <= size-2000 { // a feature takes about 1.1 kB
			t.Errorf("size %d: body of %d bytes", size, len(body))
		}
		if !bytes.Equal(body, cleanBodyOfSize(size)) {
			t.Errorf("size %d: the body is not deterministic", size)
		}
		rep, err := strict.Validate(context.Background(), body, importvalidate.Target{Permissions: importvalidate.AllPermissions{}})
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range rep.Diagnostics() {
			t.Errorf("size %d: %s", size, importvalidate.FormatDiagnostic("body", d))
		}
		got, err := json.Marshal(rep.Reference())
		if err != nil {
			t.Fatal(err)
		}
		if want := `{"errors":[],"warnings":[],"permissions":[]}`; string(got) != want {
			t.Errorf("size %d: reference answer %s; want %s", size, got, want)
		}
	}
}

// TestBodySizes records the sizes of the bodies measured in docs/PERFORMANCE.md,
// so that a change of the generator shows there.
func TestBodySizes(t *testing.T) {
	for size, want := range map[int]int{5000: 4217, 490000: 489039} {
		if got := len(cleanBodyOfSize(size)); got != want {
			t.Errorf("cleanBodyOfSize(%d): %d bytes; want %d (the figures of docs/PERFORMANCE.md were measured with %d)", size, got, want, want)
		}
	}
	if n := len(cleanBody(1)); n == 0 || len(cleanBodyOfSize(10)) != n {
		t.Errorf("a size under one feature gives %d bytes; want the one-feature body (%d)", len(cleanBodyOfSize(10)), n)
	}
}
