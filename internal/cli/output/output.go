// Package output writes the results of flagadmin validate in the formats
// people and CI tools read: text, json, sarif, github, junit and unleash.
// Each format is one small type in a file of its own behind the Output
// interface, as kubeconform's pkg/output does.
package output

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/flagadmin/flagadmin/importvalidate"
)

// Formats lists the format names New accepts, the default first.
func Formats() []string { return []string{"text", "json", "sarif", "github", "junit", "unleash"} }

// File is the outcome of one validated file.
type File struct {
	// Name is the file's name as given (or found in a directory).
	Name string
	// Report is the validation's report.
	Report *importvalidate.Report
	// Shown are the diagnostics to write, in file order: the report's
	// without the disabled codes, at most -max-same of one code.
	Shown []importvalidate.Diagnostic
	// Omitted counts, by code, the diagnostics -max-same left out.
	Omitted map[string]int
	// Counts counts every diagnostic but the disabled ones, the omitted
	// included.
	Counts importvalidate.Counts
	// Failed reports that the file fails the exit policy (-fail-on).
	Failed bool
	// Strict is the -strict of the run.
	Strict bool
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
	switch format {
	case "text":
		return &text{w: w}, nil
	case "json":
		return &jsonOut{w: w}, nil
	case "sarif":
		return &sarif{w: w}, nil
	case "github":
		return &github{w: w}, nil
	case "junit":
		return &junit{w: w}, nil
	case "unleash":
		return &unleash{w: w}, nil
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
	return files + ": " + CountsText(t.Counts)
}

// CountsText words counts as "3 errors, 1 warning, 0 missing
// permissions".
func CountsText(c importvalidate.Counts) string {
	return plural(c.Errors, "error", "errors") + ", " + plural(c.Warnings, "warning", "warnings") + ", " +
		plural(c.Permissions, "missing permission", "missing permissions")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// omittedLines words f.Omitted, one line per code in code order, such as
// "f.json: 3 more unknown-strategy findings not shown (-max-same)".
func omittedLines(f File) []string {
	codes := make([]string, 0, len(f.Omitted))
	for c := range f.Omitted {
		codes = append(codes, c)
	}
	sort.Strings(codes)
	out := make([]string, len(codes))
	for i, c := range codes {
		out[i] = fmt.Sprintf("%s: %s not shown (-max-same)", f.Name, plural(f.Omitted[c], "more "+c+" finding", "more "+c+" findings"))
	}
	return out
}

// level is the name of d's kind: "permission" for a missing permission,
// else its severity.
func level(d importvalidate.Diagnostic) string {
	if d.Category == importvalidate.CategoryPermission {
		return "permission"
	}
	return d.Severity.String()
}

// findingText is a finding's text with its item: "message (item)".
func findingText(d importvalidate.Diagnostic) string {
	if d.Item == "" {
		return d.FileMessage()
	}
	return d.FileMessage() + " (" + d.FileItem() + ")"
}
