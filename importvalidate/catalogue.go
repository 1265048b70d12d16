package importvalidate

import "context"

// Catalogue returns the built-in rules in the order they run: the
// reference errors E1-E8, the reference warnings W1-W3, the extra
// warnings, the permissions entry, then the import's own checks (the
// rules of Codes).
// Each call returns a fresh slice.
//
// docs/RULES.md lists the same rules with what each reports; a test fails
// when the two disagree.
func Catalogue() []Rule {
	var rules []Rule
	for _, info := range codeTable() {
		if check := info.ruleCheck(); check != nil {
			rules = append(rules, Rule{Code: info.Code, Severity: info.Severity, Category: info.Category,
				Summary: info.Summary, Reference: info.Reference, Import: info.Import, Check: pure(check)})
		}
	}
	return rules
}

// pure adapts a function of the input alone to Rule.Check.
func pure(f func(in *Input) []Issue) func(context.Context, *Input) ([]Issue, error) {
	return func(_ context.Context, in *Input) ([]Issue, error) { return f(in), nil }
}
