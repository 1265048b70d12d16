package importvalidate

import (
	"errors"
	"strconv"

	"github.com/flagadmin/flagadmin/internal/jsregex"
)

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

// namingOutcome is the result of testing the imported names against the
// target project's naming pattern, computed once per validation: bad are
// the names that fail it, unchecked those whose test reached the
// matcher's limits or the validation's budget. ok is false when there is
// nothing to check (no project, no pattern) or the pattern does not
// compile (err).
type namingOutcome struct {
	bad, unchecked []string
	ok             bool
	err            error
}

// naming tests every distinct imported name against the naming pattern,
// once per input.
func (in *Input) naming() *namingOutcome {
	if in.namingCache != nil {
		return in.namingCache
	}
	out := &namingOutcome{}
	in.namingCache = out
	pattern := in.TargetProject.naming().Pattern
	if !in.ProjectExists || pattern == "" {
		return out
	}
	re, err := namingRegexp(pattern)
	if err != nil {
		out.err = err
		return out
	}
	out.ok = true
	names := in.places().order
	budget := jsregex.NewBudget(namingBudget + namingStepsPerName*len(names))
	for _, n := range names {
		m, err := re.MatchStringBudget(n, budget)
		switch {
		case err != nil:
			out.unchecked = append(out.unchecked, n)
		case !m:
			out.bad = append(out.bad, n)
		}
	}
	return out
}

// checkNamingPattern is E5: imported names that fail the target project's
// naming pattern, de-duplicated and sorted by UTF-16 code units. Skipped
// when the project does not exist or has no pattern, and when JavaScript
// refuses the pattern (CodeInvalidNamingPattern reports that).
func checkNamingPattern(in *Input) []Issue {
	res := in.naming()
	if !res.ok {
		return nil
	}
	bad := append([]string(nil), res.bad...)
	nm := in.TargetProject.naming()
	sortBy(bad, lessUTF16)
	items := make([]Item, len(bad))
	for i, n := range bad {
		items[i] = in.featureItem(n, n)
	}
	msg := `Features imported into this project must match the project's feature naming pattern: "` + nm.Pattern + `".`
	if nm.Example != "" {
		msg += ` For example: "` + nm.Example + `".`
	}
	if nm.Description != "" {
		msg += ` The pattern is described as follows: "` + nm.Description + `"`
	}
	msg += " The following features do not match the pattern:"
	return one(msg, items)
}

// checkInvalidNamingPattern warns that feature names were not checked:
// all of them when JavaScript refuses the project's naming pattern (the
// reference server then skips the check in silence), located at the
// project member and the features; and those whose test would backtrack
// beyond the matcher's limits, each located at its occurrences.
func checkInvalidNamingPattern(in *Input) []Issue {
	res := in.naming()
	unchecked, err := append([]string(nil), res.unchecked...), res.err
	pattern := strconv.Quote(in.TargetProject.naming().Pattern)
	var se *jsregex.SyntaxError
	if errors.As(err, &se) {
		return []Issue{{
			Message: "The feature naming pattern " + pattern + " of project " + strconv.Quote(in.Import.Project) +
				" is not a valid JavaScript regular expression: new RegExp('^' + pattern + '$') refuses /" + se.Source +
				"/ (" + se.Reason + " at code unit " + strconv.Itoa(se.Offset) +
				"); feature names were not checked against it.",
			Items: []Item{{Value: in.TargetProject.naming().Pattern,
				Locations: []Location{at("/project"), at("/data/features")}}},
		}}
	}
	if len(unchecked) == 0 {
		return nil
	}
	sortBy(unchecked, lessUTF16)
	items := make([]Item, len(unchecked))
	for i, n := range unchecked {
		items[i] = in.featureItem(n, n)
	}
	return one("Testing these feature names against the naming pattern "+pattern+
		" backtracks beyond the matcher's limits; they were not checked against it:", items)
}
