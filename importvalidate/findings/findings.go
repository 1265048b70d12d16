// Package findings applies the exit policy of flagadmin validate and of
// validatetest to a report: which codes are left out (-disable), how many
// findings of one code are shown (-max-same), and which findings fail
// (-fail-on, validatetest's Accept).
package findings

import (
	"fmt"
	"maps"
	"slices"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/internal/suggest"
)

// Policy is what to show and what fails.
type Policy struct {
	// FailOnWarning and FailOnPermission make warnings and missing
	// permissions fail; errors always do.
	FailOnWarning, FailOnPermission bool
	// Accept lists codes whose warnings and missing permissions never
	// fail.
	Accept []string
	// Disabled lists codes whose findings are left out altogether.
	Disabled []string
	// MaxSame caps the findings of one code that are shown; 0 shows all.
	MaxSame int
	// OnlyFailing shows only the findings that fail.
	OnlyFailing bool
}

// ParseFailOn reads the words of -fail-on: error (always on), warning,
// permission.
func ParseFailOn(words []string) (warning, permission bool, err error) {
	for _, w := range words {
		switch w {
		case "error":
		case "warning":
			warning = true
		case "permission":
			permission = true
		default:
			return false, false, fmt.Errorf("unknown %q (want error, warning or permission)%s", w,
				didYouMean(w, []string{"error", "warning", "permission"}))
		}
	}
	return warning, permission, nil
}

// RuleCodes checks codes to disable and returns those of rules, which
// importvalidate.Options.Disable takes so that they do not run. The codes
// that may be left out are those importvalidate.Codes marks Optional: the
// rules', and the structural warnings' (such as coerced); a structural
// error's may not, since it stops the rules.
func RuleCodes(codes []string) ([]importvalidate.Code, error) {
	var rules []importvalidate.Code
	var optional []string
	infos := map[importvalidate.Code]importvalidate.CodeInfo{}
	for _, info := range importvalidate.Codes() {
		infos[info.Code] = info
		if info.Optional {
			optional = append(optional, string(info.Code))
		}
	}
	for _, c := range codes {
		switch info, ok := infos[importvalidate.Code(c)]; {
		case ok && info.Optional && info.Category != importvalidate.CategoryStructure:
			rules = append(rules, info.Code)
		case ok && info.Optional:
		case ok:
			return nil, fmt.Errorf("%q is the code of a structural error, which stops the rules and cannot be left out", c)
		default:
			return nil, fmt.Errorf("no rule or structural warning has the code %q%s (the codes: docs/RULES.md, or package importvalidate's documentation)",
				c, didYouMean(c, optional))
		}
	}
	return rules, nil
}

// CheckAccept checks codes whose findings are not to fail (-accept,
// validatetest's Accept): each must be the code of a warning or of a
// missing permission, which are what may pass; an error always fails.
func CheckAccept(codes []string) error {
	infos := map[importvalidate.Code]importvalidate.CodeInfo{}
	var mayPass []string
	for _, info := range importvalidate.Codes() {
		infos[info.Code] = info
		if acceptable(info) {
			mayPass = append(mayPass, string(info.Code))
		}
	}
	for _, c := range codes {
		switch info, ok := infos[importvalidate.Code(c)]; {
		case !ok:
			return fmt.Errorf("no finding has the code %q%s (the codes: docs/RULES.md, or package importvalidate's documentation)",
				c, didYouMean(c, mayPass))
		case !acceptable(info):
			return fmt.Errorf("%q is the code of an error, which fails whatever is accepted (-disable leaves a rule out)", c)
		}
	}
	return nil
}

// acceptable reports whether findings of the code may be accepted: a
// missing permission, or a warning, which strict mode may make an error
// (then failing as every error does).
func acceptable(info importvalidate.CodeInfo) bool {
	return info.Category == importvalidate.CategoryPermission || info.Severity == importvalidate.SeverityWarning
}

// didYouMean is "; did you mean \"code\"?" for the known word nearest to
// word, "" when none is close.
func didYouMean(word string, known []string) string {
	if near := suggest.Nearest(word, known); near != "" {
		return fmt.Sprintf("; did you mean %q?", near)
	}
	return ""
}

// Result is a report seen through a Policy.
type Result struct {
	// Shown are the diagnostics to show, in file order.
	Shown []importvalidate.Diagnostic
	// Omitted counts, by code, the diagnostics MaxSame left out.
	Omitted map[string]int
	// Counts counts every diagnostic not disabled, the omitted included.
	Counts importvalidate.Counts
	// Failed reports that a diagnostic fails.
	Failed bool
}

// Apply applies p to rep.
func (p Policy) Apply(rep *importvalidate.Report) Result {
	var r Result
	var kept []importvalidate.Diagnostic
	seen := map[string]int{}
	for _, d := range rep.Diagnostics() {
		code := string(d.Code)
		if slices.Contains(p.Disabled, code) {
			continue
		}
		kept = append(kept, d)
		fails := p.Fails(d)
		r.Failed = r.Failed || fails
		if p.OnlyFailing && !fails {
			continue
		}
		if seen[code]++; p.MaxSame > 0 && seen[code] > p.MaxSame {
			if r.Omitted == nil {
				r.Omitted = map[string]int{}
			}
			r.Omitted[code]++
			continue
		}
		r.Shown = append(r.Shown, d)
	}
	r.Counts = importvalidate.CountDiagnostics(kept)
	return r
}

// Fails reports whether d fails under p.
func (p Policy) Fails(d importvalidate.Diagnostic) bool {
	switch {
	case d.Category == importvalidate.CategoryPermission:
		return p.FailOnPermission && !slices.Contains(p.Accept, string(d.Code))
	case d.Severity == importvalidate.SeverityWarning:
		return p.FailOnWarning && !slices.Contains(p.Accept, string(d.Code))
	}
	return true
}

// OmittedLines words r.Omitted for the file name, one line per code in
// code order, such as "f.json: 3 more unknown-strategy findings not
// shown (-max-same)"; what names the knob.
func (r Result) OmittedLines(name, what string) []string {
	codes := slices.Sorted(maps.Keys(r.Omitted))
	out := make([]string, len(codes))
	for i, c := range codes {
		word := "findings"
		if r.Omitted[c] == 1 {
			word = "finding"
		}
		out[i] = fmt.Sprintf("%s: %d more %s %s not shown (%s)", name, r.Omitted[c], c, word, what)
	}
	return out
}
