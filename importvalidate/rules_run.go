package importvalidate

import (
	"context"
	"fmt"
	"runtime"
	"sync/atomic"
)

// sideFrom is the size of a file (its features, strategies and feature
// environments) from which the rules run on two goroutines when the
// process has more than one processor: below it, starting the second
// costs more than it saves.
const sideFrom = 256

// ruleResult is what one rule found.
type ruleResult struct {
	found []Issue
	err   error
}

// runRules runs the validator's rules on in and returns what each found,
// in the order of v.rules, or the first error in that order. On a large
// file they run on two goroutines: this one takes the import's own checks
// (Rule.ownCheck) one at a time, while a second, on a copy of the input,
// runs the other rules in their order and then takes the checks left.
// The checks read what Input.ReadShared kept and what the model reads
// once for whichever asks first; the other rules are never run at once
// with each other. The names recorded on the copy are merged into in. A
// panic of a rule on the second goroutine is raised again on this one.
func (v *Validator) runRules(ctx context.Context, in *Input) ([]ruleResult, error) {
	results := make([]ruleResult, len(v.rules))
	if !v.twoGoroutines(in) {
		for i := range v.rules {
			if err := v.runRule(ctx, in, results, i); err != nil {
				return nil, err
			}
		}
		return results, nil
	}
	in.ReadShared()
	side := *in
	side.names = nil
	var next atomic.Int64
	done := make(chan any, 1)
	go func() {
		defer func() { done <- recover() }()
		if v.runAll(ctx, &side, results, v.others) == nil {
			v.takeChecks(ctx, &side, results, &next)
		}
	}()
	v.takeChecks(ctx, in, results, &next)
	if p := <-done; p != nil {
		panic(p)
	}
	for c, names := range side.names {
		in.named(c, names)
	}
	// Every rule before the last one taken has run: the first error in
	// the rules' order is the one a single goroutine meets.
	for i := range results {
		if results[i].err != nil {
			return nil, results[i].err
		}
	}
	return results, nil
}

// twoGoroutines says whether in is worth a second goroutine.
func (v *Validator) twoGoroutines(in *Input) bool {
	if len(v.checks) == 0 {
		return false
	}
	if v.sideFrom < 0 {
		return true
	}
	d := &in.Import.Data
	return len(d.Features)+len(d.FeatureStrategies)+len(d.FeatureEnvironments) >= v.sideFrom && runtime.GOMAXPROCS(0) > 1
}

// runAll runs the rules of the indices in order and stops at the first
// error, which it returns.
func (v *Validator) runAll(ctx context.Context, in *Input, results []ruleResult, indices []int) error {
	for _, i := range indices {
		if err := v.runRule(ctx, in, results, i); err != nil {
			return err
		}
	}
	return nil
}

// takeChecks runs, one at a time, the import's own checks that no
// goroutine has taken (next counts those taken), until none is left or
// one fails.
func (v *Validator) takeChecks(ctx context.Context, in *Input, results []ruleResult, next *atomic.Int64) {
	for k := next.Add(1) - 1; k < int64(len(v.checks)); k = next.Add(1) - 1 {
		if v.runRule(ctx, in, results, v.checks[k]) != nil {
			return
		}
	}
}

// runRule runs rule i on in and records what it found, or its error,
// which it returns.
func (v *Validator) runRule(ctx context.Context, in *Input, results []ruleResult, i int) error {
	if err := ctx.Err(); err != nil {
		results[i].err = err
		return err
	}
	found, err := v.rules[i].Check(ctx, in)
	if err != nil {
		results[i].err = fmt.Errorf("importvalidate: rule %s: %w", v.rules[i].Code, err)
		return results[i].err
	}
	results[i].found = found
	return nil
}
