package importmodel

import "github.com/flagadmin/flagadmin/internal/jsregex"

// namingRegexp compiles the project's naming pattern as the reference
// server does: new RegExp('^' + pattern + '$') in JavaScript, no flags.
// So a top-level alternation leaves the ends unanchored, and a pattern
// JavaScript refuses (such as Go's (?i)) is an error.
func namingRegexp(pattern string) (*jsregex.Regexp, error) {
	return jsregex.Compile("^" + pattern + "$")
}

// The matcher's steps for all the names of one validation together are
// bounded by namingBudget plus namingStepsPerName for each distinct name:
// enough for any pattern that runs in linear time (a few steps per code
// unit), and some tens of milliseconds for a body of many names that each
// backtrack just under the per-name limit. Names tested after the budget
// is spent count as unchecked.
const (
	namingBudget       = 4 * jsregex.DefaultSteps
	namingStepsPerName = 200
)

// Naming is the result of testing the imported names against the
// target project's naming pattern, computed once per validation: Bad are
// the names that fail it, Unchecked those whose test reached the
// matcher's limits or the validation's budget. OK is false when there is
// nothing to check (no project, no pattern) or the pattern does not
// compile (Err).
type Naming struct {
	Bad, Unchecked []string
	OK             bool
	Err            error
}

// Naming tests every distinct imported name against the naming pattern,
// once per input.
func (in *Input) Naming() *Naming {
	if in.namingCache != nil {
		return in.namingCache
	}
	out := &Naming{}
	in.namingCache = out
	pattern := in.TargetProject.Naming().Pattern
	if !in.ProjectExists || pattern == "" {
		return out
	}
	re, err := namingRegexp(pattern)
	if err != nil {
		out.Err = err
		return out
	}
	out.OK = true
	names := in.Places().order
	budget := jsregex.NewBudget(namingBudget + namingStepsPerName*len(names))
	for _, n := range names {
		m, err := re.MatchStringBudget(n, budget)
		switch {
		case err != nil:
			out.Unchecked = append(out.Unchecked, n)
		case !m:
			out.Bad = append(out.Bad, n)
		}
	}
	return out
}
