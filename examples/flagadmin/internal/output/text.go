package output

import "io"

// text writes one line per finding, as a linter does
// (importvalidate.FormatDiagnostic), the feature-exists warnings of a file
// grouped in one (see grouped), a line per code -max-same cut, a line for
// a file whose structure stopped the rules, and the Summary.
type text struct{ w io.Writer }

func (o *text) File(f File) error {
	lines := linterLines(grouped(f))
	if f.Report.Structural.HasErrors() {
		lines = append(lines, name(f)+": "+f.Report.Summary())
	}
	return writeLines(o.w, lines...)
}

func (o *text) Close(t Totals) error { return writeLines(o.w, Summary(t)) }
