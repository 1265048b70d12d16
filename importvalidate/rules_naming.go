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

// namingResult tests every distinct imported name against the target
// project's naming pattern: bad are the names that fail it, unchecked
// those whose test reached the matcher's limits. ok is false when there
// is nothing to check (no project, no pattern) or the pattern does not
// compile (err).
func namingResult(in *Input) (bad, unchecked []string, ok bool, err error) {
	ps := in.ProjectSettings
	if !in.ProjectExists || ps.NamingPattern == "" {
		return nil, nil, false, nil
	}
	re, err := namingRegexp(ps.NamingPattern)
	if err != nil {
		return nil, nil, false, err
	}
	for _, n := range in.places().order {
		m, err := re.MatchString(n)
		switch {
		case err != nil:
			unchecked = append(unchecked, n)
		case !m:
			bad = append(bad, n)
		}
	}
	return bad, unchecked, true, nil
}

// ruleNamingPattern is E5: imported names that fail the target project's
// naming pattern, de-duplicated and sorted by UTF-16 code units. Skipped
// when the project does not exist or has no pattern, and when JavaScript
// refuses the pattern (CodeInvalidNamingPattern reports that).
func ruleNamingPattern() Rule {
	return Rule{
		Code: CodeNamingPattern, Severity: SeverityError, Reference: true,
		Summary: "feature names match the project's naming pattern",
		Check: pure(func(in *Input) []Issue {
			bad, _, ok, _ := namingResult(in)
			if !ok {
				return nil
			}
			ps := in.ProjectSettings
			sortBy(bad, lessUTF16)
			items := make([]Item, len(bad))
			for i, n := range bad {
				items[i] = in.featureItem(n, n)
			}
			msg := `Features imported into this project must match the project's feature naming pattern: "` + ps.NamingPattern + `".`
			if ps.NamingExample != "" {
				msg += ` For example: "` + ps.NamingExample + `".`
			}
			if ps.NamingDescription != "" {
				msg += ` The pattern is described as follows: "` + ps.NamingDescription + `"`
			}
			msg += " The following features do not match the pattern:"
			return one(msg, items)
		}),
	}
}

// ruleInvalidNamingPattern warns that feature names were not checked:
// all of them when JavaScript refuses the project's naming pattern (the
// reference server then skips the check in silence), located at the
// project member and the features; and those whose test would backtrack
// beyond the matcher's limits, each located at its occurrences.
func ruleInvalidNamingPattern() Rule {
	return Rule{
		Code: CodeInvalidNamingPattern, Severity: SeverityWarning,
		Summary: "the project's naming pattern is a valid JavaScript regular expression, so names can be checked",
		Check: pure(func(in *Input) []Issue {
			_, unchecked, _, err := namingResult(in)
			pattern := strconv.Quote(in.ProjectSettings.NamingPattern)
			var se *jsregex.SyntaxError
			if errors.As(err, &se) {
				return []Issue{{
					Message: "The feature naming pattern " + pattern + " of project " + strconv.Quote(in.Import.Project) +
						" is not a valid JavaScript regular expression: new RegExp('^' + pattern + '$') refuses /" + se.Source +
						"/ (" + se.Reason + " at code unit " + strconv.Itoa(se.Offset) +
						"); feature names were not checked against it.",
					Items: []Item{{Value: in.ProjectSettings.NamingPattern,
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
		}),
	}
}
