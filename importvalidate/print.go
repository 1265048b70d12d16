package importvalidate

import (
	"fmt"
	"io"
	"strings"

	"github.com/flagadmin/flagadmin/internal/jsonwire"
)

// FormatDiagnostic formats d as one line, without a line break:
//
//	name:line:col: severity code: message (item)
//
// name is the input's file name. Without a line the pointer stands in for
// line:col, and without either the name stands alone. The message names
// pointers from the document's root, not from the HTTP body's: the
// reference wording "`/body/data`" reads "`/data`" here. The line is
// valid UTF-8: an unpaired surrogate in the message or item (a name sent
// as "\ud800") prints as the lower-case escape the reference echoes
// (JSON.stringify's "\ud800"), and any other ill-formed byte sequence as
// U+FFFD.
func FormatDiagnostic(name string, d Diagnostic) string {
	var b strings.Builder
	b.WriteString(name)
	switch l := d.Location; {
	case l.Line > 0:
		fmt.Fprintf(&b, ":%d:%d", l.Line, l.Column)
	case l.Pointer != "":
		b.WriteString(":" + l.Pointer)
	}
	fmt.Fprintf(&b, ": %s %s: %s", d.label(), d.Code, jsonwire.Printable(documentPointers(d.Message)))
	if d.Item != "" {
		fmt.Fprintf(&b, " (%s)", jsonwire.Printable(d.Item))
	}
	return b.String()
}

// documentPointers rewrites the pointers of a reference message, which
// start at the HTTP request's body ("`/body/data/x`"), to start at the
// document ("`/data/x`").
func documentPointers(msg string) string {
	if !strings.Contains(msg, "`/body") {
		return msg
	}
	msg = strings.ReplaceAll(msg, "`/body`", "`/`")
	return strings.ReplaceAll(msg, "`/body/", "`/")
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
	var errs, warns, perms int
	for _, d := range ds {
		switch {
		case d.Category == CategoryPermission:
			perms++
		case d.Severity == SeverityError:
			errs++
		case d.Severity == SeverityWarning:
			warns++
		}
	}
	return fmt.Sprintf("%s, %s, %s", count(errs, "error", "errors"), count(warns, "warning", "warnings"),
		count(perms, "missing permission", "missing permissions"))
}

func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
