package output

import (
	"io"
	"strings"

	"github.com/flagadmin/flagadmin/importvalidate"
)

// text writes one line per finding, as a linter does
// (importvalidate.FormatDiagnostic), a line per code -max-same cut, a
// line for a file whose structure stopped the rules, and the Summary.
type text struct{ w io.Writer }

func (o *text) File(f File) error {
	var b strings.Builder
	for _, d := range f.Shown {
		b.WriteString(importvalidate.FormatDiagnostic(f.Name, d) + "\n")
	}
	for _, l := range omittedLines(f) {
		b.WriteString(l + "\n")
	}
	if f.Report.Structural.HasErrors() {
		b.WriteString(f.Name + ": " + f.Report.Summary() + "\n")
	}
	_, err := io.WriteString(o.w, b.String())
	return err
}

func (o *text) Close(t Totals) error {
	_, err := io.WriteString(o.w, Summary(t)+"\n")
	return err
}
