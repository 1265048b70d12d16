package importvalidate

import (
	"context"
	"fmt"
	"runtime"
)

// sideFrom is the size of a file (its features, strategies and feature
// environments) from which the import's own checks run on a goroutine of
// their own, beside the other rules, when the process has more than one
// processor: below it, starting the goroutine costs more than it saves.
const sideFrom = 256

// ruleResult is what one rule found.
type ruleResult struct {
	found []Issue
	err   error
}

// runRules runs the validator's rules on in and returns what each found,
// in the order of v.rules. On a large file, the import's own checks
// (Rule.ownCheck) and the other rules run on two goroutines: the checks
// on this one, the others on a second, on a copy of the input. The checks
// read what Input.ReadShared kept, the view it resolves once for both,
// and otherwise only what is theirs. The names the other rules' findings
// record are merged into in. A panic of a rule on the second goroutine is
// raised again on this one.
func (v *Validator) runRules(ctx context.Context, in *Input) ([]ruleResult, error) {
	results := make([]ruleResult, len(v.rules))
	if !v.twoGoroutines(in) {
		if err := v.runEach(ctx, in, results, false, false); err != nil {
			return nil, err
		}
		return results, nil
	}
	in.ReadShared()
	side := *in
	side.names = nil
	done := make(chan any, 1)
	// The other rules take less time: they go to the goroutine that
	// starts later.
	go func() {
		defer func() { done <- recover() }()
		_ = v.runEach(ctx, &side, results, true, false)
	}()
	_ = v.runEach(ctx, in, results, true, true)
	if p := <-done; p != nil {
		panic(p)
	}
	for c, names := range side.names {
		in.named(c, names)
	}
	// The first error in the rules' order, as one goroutine would meet it.
	for i := range results {
		if results[i].err != nil {
			return nil, results[i].err
		}
	}
	return results, nil
}

// twoGoroutines says whether in is worth a second goroutine.
func (v *Validator) twoGoroutines(in *Input) bool {
	if !v.hasOwnChecks {
		return false
	}
	if v.sideFrom < 0 {
		return true
	}
	d := &in.Import.Data
	return len(d.Features)+len(d.FeatureStrategies)+len(d.FeatureEnvironments) >= v.sideFrom && runtime.GOMAXPROCS(0) > 1
}

// runEach runs the rules in order, writing what each finds into results;
// split selects the rules whose ownCheck is own (all of them when split is
// false). It stops at the first error, which it records and returns.
func (v *Validator) runEach(ctx context.Context, in *Input, results []ruleResult, split, own bool) error {
	for i, r := range v.rules {
		if split && v.own[i] != own {
			continue
		}
		if err := ctx.Err(); err != nil {
			results[i].err = err
			return err
		}
		found, err := r.Check(ctx, in)
		if err != nil {
			results[i].err = fmt.Errorf("importvalidate: rule %s: %w", r.Code, err)
			return results[i].err
		}
		results[i].found = found
	}
	return nil
}
