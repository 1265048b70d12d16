package importvalidate_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/flagadmin/flagadmin/auth"
	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/internal/testharness/conformance"
	"github.com/flagadmin/flagadmin/internal/testharness/exportgen"
	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
)

// concurrentCase is one validation of TestConcurrentValidation.
type concurrentCase struct {
	name   string
	body   []byte
	caller *auth.Principal // nil: no permission check
	strict bool
	want   *importvalidate.Report
}

// TestConcurrentValidation shares one MemoryState and its two Validators
// (strict and not) among 16 goroutines (64 in the long tests,
// testutil.Long) that validate, in different
// orders, the recorded request bodies for their recorded callers and
// generated exports with and without problems. Every report must equal
// the one a sequential validation gave; under the race detector the test
// also shows that a validation writes nothing shared.
func TestConcurrentValidation(t *testing.T) {
	st, tokens := oracleState(t)
	var err error
	var validators [2]*importvalidate.Validator
	for i := range validators {
		if validators[i], err = importvalidate.New(importvalidate.Options{State: st, Strict: i == 1}); err != nil {
			t.Fatal(err)
		}
	}
	ctx := context.Background()

	var cases []concurrentCase
	for _, c := range conformance.MustLoad(t, "validate-*") {
		name, body := c.Name, c.Request.Payload()
		caller, _, err := tokens.LookupToken(ctx, strings.TrimPrefix(c.Request.Headers["Authorization"], "Bearer "))
		if err != nil {
			t.Fatal(err)
		}
		for _, strict := range []bool{false, true} {
			cases = append(cases, concurrentCase{name: name, body: body, caller: caller, strict: strict})
		}
	}
	viewer := &auth.Principal{Kind: auth.KindUser, UserID: 99}
	for i, o := range []exportgen.Options{
		{Features: 5, Seed: 1},
		{Features: 30, Seed: 2, ProblemShare: 0.3},
		{Features: 40, Seed: 3, ProblemShare: 1},
		{Features: 20, Seed: 4, ProblemShare: 0.5, Project: "other"},
	} {
		body := exportgen.JSON(o)
		for _, strict := range []bool{false, true} {
			name := fmt.Sprintf("exportgen-%d", i)
			cases = append(cases,
				concurrentCase{name: name, body: body, strict: strict},
				concurrentCase{name: name + "-viewer", body: body, caller: viewer, strict: strict})
		}
	}

	validate := func(c *concurrentCase) (*importvalidate.Report, error) {
		v := validators[0]
		if c.strict {
			v = validators[1]
		}
		target := importvalidate.Target{Permissions: importvalidate.AllPermissions{}, RequestBody: true}
		if c.caller != nil {
			target.Permissions = c.caller
		}
		return v.Validate(ctx, c.body, target)
	}
	issues := 0
	for i := range cases {
		c := &cases[i]
		if c.want, err = validate(c); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		issues += len(c.want.Issues)
	}
	if issues == 0 {
		t.Fatal("no case has an issue; the comparison would prove little")
	}

	// Each goroutine validates every third case, from a place of its own,
	// forwards or backwards: each case runs in about a third of the
	// goroutines, with others beside it.
	testutil.Concurrently(testutil.Sized(16, 64), func(g int) {
		for k := g % 3; k < len(cases); k += 3 {
			i := (k + 3*g) % len(cases)
			if g%2 == 1 {
				i = len(cases) - 1 - i
			}
			c := &cases[i]
			got, err := validate(c)
			if err != nil {
				t.Errorf("goroutine %d, %s: %v", g, c.name, err)
				return
			}
			if d := cmp.Diff(c.want, got, importvalidate.CmpDiagnostics); d != "" {
				t.Errorf("goroutine %d, %s (strict %v): the report differs from the sequential one (-want +got):\n%s", g, c.name, c.strict, d)
				return
			}
		}
	})

	// The shared state is unchanged: a sequential validation still gives
	// the same reports.
	for i := range cases {
		got, err := validate(&cases[i])
		if err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(cases[i].want, got, importvalidate.CmpDiagnostics); d != "" {
			t.Fatalf("%s after the concurrent run (-want +got):\n%s", cases[i].name, d)
		}
	}
}
