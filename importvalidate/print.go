package importvalidate

import (
	"fmt"
	"io"
	"strings"

	"github.com/flagadmin/flagadmin/internal/jsonwire"
	"github.com/flagadmin/flagadmin/internal/safetext"
)

// FormatDiagnostic formats d as one line, without a line break:
//
//	name:line:col: severity code: message (item); did you mean "hint"?
//
// name is the input's file name. Without a line the pointer stands in for
// line:col, and without either the name stands alone. The message speaks
// of the file, not of an HTTP request (Diagnostic.FileMessage). The
// name, message, item and hint follow one output rule (package
// internal/safetext): control characters, bidirectional overrides, line
// separators and the markers of CI workflow commands are written as
// escapes such as "\u001b" or "\n", never raw, so that a name from the
// file cannot drive a terminal or forge a CI annotation; an unpaired
// surrogate (a name sent as "\ud800") prints as the lower-case escape the
// reference echoes (JSON.stringify's "\ud800"), and any other ill-formed
// byte sequence as U+FFFD.
func FormatDiagnostic(name string, d Diagnostic) string {
	var b strings.Builder
	b.WriteString(safetext.String(name))
	switch l := d.Location; {
	case l.Line > 0:
		fmt.Fprintf(&b, ":%d:%d", l.Line, l.Column)
	case l.Pointer != "":
		b.WriteString(":" + l.Pointer)
	}
	fmt.Fprintf(&b, ": %s %s: %s", d.label(), d.Code, d.Text())
	return b.String()
}

// Text is the finding without its place, as FormatDiagnostic ends its
// line: the message in words for a file (FileMessage), the item in
// parentheses, the hint as a question, and why the import accepts the
// file all the same:
//
//	message (item); did you mean "hint"?; the import accepts it: reason
func (d Diagnostic) Text() string {
	msg := d.FileMessage()
	if d.Item != "" {
		msg += " (" + safetext.String(d.Item) + ")"
	}
	switch {
	case d.Hint == "":
	case d.Item == "" && strings.HasSuffix(msg, "."):
		msg += safetext.String(fmt.Sprintf(" Did you mean %q?", jsonwire.Printable(d.Hint)))
	default:
		msg += safetext.String(fmt.Sprintf("; did you mean %q?", jsonwire.Printable(d.Hint)))
	}
	if d.ImportAccepts != "" {
		msg += "; the import accepts it: " + safetext.String(jsonwire.Printable(d.ImportAccepts))
	}
	return msg
}

// WriteText writes the report as a linter does: one FormatDiagnostic line
// per diagnostic, in the order of Report.Diagnostics, then Report.Summary.
func WriteText(w io.Writer, name string, r *Report) error {
	ds := r.Diagnostics()
	var b strings.Builder
	for _, d := range ds {
		b.WriteString(FormatDiagnostic(name, d))
		b.WriteByte('\n')
	}
	b.WriteString(r.summary(ds))
	b.WriteByte('\n')
	_, err := io.WriteString(w, b.String())
	return err
}

// Summary counts the report's diagnostics in one unit, one per line that
// WriteText prints: "4 errors, 1 warning, 2 missing permissions", or, when
// the structure failed, "2 structural problems; the import rules did not
// run".
func (r *Report) Summary() string { return r.summary(r.Diagnostics()) }

// summary is Summary of the report whose diagnostics are ds.
func (r *Report) summary(ds []Diagnostic) string {
	if r.Structural.HasErrors() {
		return count(len(r.Structural), "structural problem", "structural problems") + "; the import rules did not run"
	}
	return CountDiagnostics(ds).String()
}

func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
