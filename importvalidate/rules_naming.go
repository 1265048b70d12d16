package importvalidate

import (
	"regexp"
	"strconv"
)

// namingRegexp compiles the project's naming pattern anchored at both ends,
// as the reference server does.
func namingRegexp(pattern string) (*regexp.Regexp, error) {
	return regexp.Compile("^(" + pattern + ")$")
}

// ruleNamingPattern is E5: imported names that fail the target project's
// naming pattern, de-duplicated and sorted by UTF-16 code units. Skipped
// when the project does not exist or has no pattern, and when the pattern
// does not compile (CodeInvalidNamingPattern reports that).
func ruleNamingPattern() Rule {
	return Rule{
		Code: CodeNamingPattern, Severity: SeverityError, Reference: true,
		Summary: "feature names match the project's naming pattern",
		Check: pure(func(in *Input) []Issue {
			ps := in.ProjectSettings
			if !in.ProjectExists || ps.NamingPattern == "" {
				return nil
			}
			re, err := namingRegexp(ps.NamingPattern)
			if err != nil {
				return nil
			}
			var bad []string
			for _, n := range in.places().order {
				if !re.MatchString(n) {
					bad = append(bad, n)
				}
			}
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

// ruleInvalidNamingPattern warns when the target project's naming pattern
// does not compile as a Go regular expression (RE2 lacks look-around and
// back-references), so that the names were not checked.
func ruleInvalidNamingPattern() Rule {
	return Rule{
		Code: CodeInvalidNamingPattern, Severity: SeverityWarning,
		Summary: "the project's naming pattern compiles, so names can be checked",
		Check: pure(func(in *Input) []Issue {
			ps := in.ProjectSettings
			if !in.ProjectExists || ps.NamingPattern == "" {
				return nil
			}
			if _, err := namingRegexp(ps.NamingPattern); err != nil {
				return []Issue{{Message: "The project's feature naming pattern " + strconv.Quote(ps.NamingPattern) +
					" is not a valid Go regular expression (" + err.Error() + "); feature names were not checked against it."}}
			}
			return nil
		}),
	}
}
