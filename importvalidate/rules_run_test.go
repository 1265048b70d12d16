package importvalidate

import (
	"context"
	"errors"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestRulesOnTwoGoroutines runs the rules on every recorded import case
// and on a generated export with problems, once on one goroutine and
// once with the import's own checks on a second one, and wants the same
// findings of every rule and the same names recorded. Run with -race, it
// also holds that the two goroutines share nothing they write.
func TestRulesOnTwoGoroutines(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("testdata", "import", "*.body.json"))
	if err != nil || len(paths) == 0 {
		t.Fatal("no recorded import cases:", err)
	}
	inputs := map[string]func(t *testing.T) *Input{
		// The memory a validation left, which the next one's view takes.
		"generated": func(t *testing.T) *Input {
			in, _, _ := refusalBenchInput(t, 600)
			in.ReadShared()
			in, _, _ = refusalBenchInputIn(t, 600, in.Release())
			return in
		},
	}
	for _, p := range paths {
		name := strings.TrimSuffix(filepath.Base(p), ".body.json")
		if refusalOtherReasons[name] {
			continue // some fail the structural tier: no rule runs
		}
		inputs[name] = func(t *testing.T) *Input { return refusalCaseInput(t, name) }
	}
	one, two := demoValidator(t), demoValidator(t)
	one.sideFrom, two.sideFrom = math.MaxInt, -1
	withFindings := 0
	for name, input := range inputs {
		t.Run(name, func(t *testing.T) {
			inOne, inTwo := input(t), input(t)
			if one.twoGoroutines(inOne) || !two.twoGoroutines(inTwo) {
				t.Fatal("the validators do not run the rules as the test wants")
			}
			want, err := one.runRules(t.Context(), inOne)
			if err != nil {
				t.Fatal(err)
			}
			got, err := two.runRules(t.Context(), inTwo)
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(want, got, cmp.AllowUnexported(ruleResult{})); d != "" {
				t.Errorf("findings differ (-one goroutine +two):\n%s", d)
			}
			if d := cmp.Diff(inOne.names, inTwo.names); d != "" {
				t.Errorf("recorded names differ (-one goroutine +two):\n%s", d)
			}
			for _, i := range two.checks {
				if len(got[i].found) > 0 {
					withFindings++
					break
				}
			}
		})
	}
	// The import's own checks found something in most cases: the
	// comparison compared findings, not empty lists.
	if withFindings < len(inputs)/2 {
		t.Errorf("the import's own checks found something in %d of %d inputs", withFindings, len(inputs))
	}
}

// On two goroutines as on one, a failing rule (a caller's, which runs on
// the second goroutine) and an ended context end the rules with their
// error.
func TestRulesOnTwoGoroutinesFail(t *testing.T) {
	failing := Rule{Code: "caller-fails", Check: func(context.Context, *Input) ([]Issue, error) {
		return nil, errors.New("the caller's store is down")
	}}
	for _, sideFrom := range []int{math.MaxInt, -1} {
		v := built(t, New, Options{State: demo(t), Rules: []Rule{failing}})
		v.sideFrom = sideFrom
		in, _, _ := refusalBenchInput(t, 300)
		if _, err := v.runRules(t.Context(), in); err == nil || err.Error() != "importvalidate: rule caller-fails: the caller's store is down" {
			t.Errorf("sideFrom %d: a failing rule gave %v", sideFrom, err)
		}
		ctx, cancel := context.WithCancel(t.Context())
		cancel()
		in, _, _ = refusalBenchInput(t, 300)
		if _, err := v.runRules(ctx, in); !errors.Is(err, context.Canceled) {
			t.Errorf("sideFrom %d: an ended context gave %v", sideFrom, err)
		}
	}
}
