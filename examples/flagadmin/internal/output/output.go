// Package output writes the results of flagadmin validate in the formats
// people and CI tools read: text, json, sarif, github, junit and unleash.
// Each format is one small type in a file of its own behind the Output
// interface, as kubeconform's pkg/output does.
//
// Every format writes what comes from the input (names, values, file
// names) under the one rule of package safetext: the text formats with
// its escapes, the JSON formats with JSON escapes of the same characters,
// so that no output carries a raw control character, bidirectional
// override, line separator or workflow-command marker.
package output

import (
	"fmt"
	"io"
	"strings"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/importvalidate/findings"
	"github.com/flagadmin/flagadmin/internal/safetext"
	"github.com/flagadmin/flagadmin/model/profile"
)

// formats are the formats New makes, by name, the default first.
var formats = []struct {
	name string
	make func(w io.Writer) Output
}{
	{"text", func(w io.Writer) Output { return &text{w: w} }},
	{"json", func(w io.Writer) Output { return &jsonOut{w: w} }},
	{"sarif", func(w io.Writer) Output { return &sarif{w: w} }},
	{"github", func(w io.Writer) Output { return &github{w: w} }},
	{"junit", func(w io.Writer) Output { return &junit{w: w} }},
	{"unleash", func(w io.Writer) Output { return &unleash{w: w} }},
}

// Formats lists the format names New accepts, the default first.
func Formats() []string {
	names := make([]string, len(formats))
	for i, f := range formats {
		names[i] = f.name
	}
	return names
}

// File is the outcome of one validated file.
type File struct {
	// Name is the file's name as given (or found in a directory).
	Name string
	// Report is the validation's report.
	Report *importvalidate.Report
	// Result is the report under the run's -disable, -max-same and
	// -fail-on: the diagnostics to write, the omitted ones, the counts,
	// and whether the file fails.
	findings.Result
	// Strict is the -strict of the run.
	Strict bool
	// ErrorStyle is how the instance's version writes error bodies
	// (-format unleash writes the 400 of a file that fails the
	// structural tier so).
	ErrorStyle profile.ErrorStyle
}

// Totals sum up a run.
type Totals struct {
	Files, Failed int
	Counts        importvalidate.Counts
}

// Output writes the results of a run: File once per file in order, then
// Close once.
type Output interface {
	File(f File) error
	Close(t Totals) error
}

// New returns the Output of the named format writing to w.
func New(format string, w io.Writer) (Output, error) {
	for _, f := range formats {
		if f.name == format {
			return f.make(w), nil
		}
	}
	return nil, fmt.Errorf("unknown format %q (want %s)", format, strings.Join(Formats(), ", "))
}

// Summary is the last line of the text formats, in the unit of
// importvalidate.Counts: "2 files (1 failed): 3 errors, 1 warning, 0
// missing permissions".
func Summary(t Totals) string {
	files := plural(t.Files, "file", "files")
	if t.Failed > 0 {
		files += fmt.Sprintf(" (%d failed)", t.Failed)
	}
	return files + ": " + t.Counts.String()
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// omittedLines words the findings -max-same left out.
func omittedLines(f File) []string { return f.OmittedLines(name(f), "-max-same") }

// name is the file's name under the output rule of package safetext, as
// every format writes it.
func name(f File) string { return safetext.String(f.Name) }

// fileLines is a line per finding shown, worded by line, then the
// omittedLines.
func fileLines(f File, line func(importvalidate.Diagnostic) string) []string {
	lines := make([]string, 0, len(f.Shown))
	for _, d := range f.Shown {
		lines = append(lines, line(d))
	}
	return append(lines, omittedLines(f)...)
}

// linterLines is fileLines worded as a linter does
// (importvalidate.FormatDiagnostic).
func linterLines(f File) []string {
	return fileLines(f, func(d importvalidate.Diagnostic) string { return importvalidate.FormatDiagnostic(f.Name, d) })
}

// writeLines writes the lines, each ended by a newline, in one write.
func writeLines(w io.Writer, lines ...string) error {
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(l + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// kindName names d's kind with the word a format gives it: permission
// for a missing permission, warning for a warning, else errorName.
func kindName(d importvalidate.Diagnostic, permission, warning, errorName string) string {
	switch {
	case d.Category == importvalidate.CategoryPermission:
		return permission
	case d.Severity == importvalidate.SeverityWarning:
		return warning
	}
	return errorName
}
