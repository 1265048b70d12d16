package plan

import (
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/flagadmin/flagadmin/importvalidate"
)

// DefaultMaxFailures is how many failures a plan lists when
// Options.MaxFailures is 0; Plan.MoreFailures counts the others.
const DefaultMaxFailures = 100

// failuresOf returns rep's findings of the import's refusals (see
// Plan.Failures), the first maxFailures of them, and how many more. A
// failure's Item is cut to maxQuoted bytes (short): many findings may
// name the same long feature, which the plan would otherwise repeat whole
// in each.
func failuresOf(rep *importvalidate.Report, maxFailures int) ([]importvalidate.Diagnostic, int) {
	if len(rep.Restated) > 0 {
		// A refusal that a reference error says in the report is still
		// one of the import's, in its words.
		all := *rep
		all.Issues = append(slices.Clip(rep.Issues), rep.Restated...)
		rep = &all
	}
	out, more := rep.FirstDiagnostics(maxFailures, isFailure)
	for i := range out {
		out[i].Item = short(out[i].Item)
	}
	return out, more
}

// isFailure reports whether d, a finding of a validation, is a reason
// for which the import will be refused, and so a failure of the plan
// made from that validation: an error of importvalidate.CategoryImport,
// or a permission the import asks for that the caller lacks
// (importvalidate.CodeImportMissingPermissions).
func isFailure(d importvalidate.Diagnostic) bool {
	if d.Severity != importvalidate.SeverityError || d.ImportAccepts != "" {
		return false
	}
	return d.Category == importvalidate.CategoryImport || d.Code == importvalidate.CodeImportMissingPermissions
}

// maxQuoted is the number of bytes of a name that an error message or a
// failure's item quotes; a longer one is cut there (at a character's
// start) and ends in "…".
const maxQuoted = 64

// short is s cut to maxQuoted bytes, for a message.
func short(s string) string {
	if len(s) <= maxQuoted {
		return s
	}
	cut := maxQuoted
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// quote is s, cut as short cuts it, in Go's double quotes.
func quote(s string) string { return strconv.Quote(short(s)) }
