// Package output writes the results of flagadmin validate in the formats
// people and CI tools read: text, json, sarif, github, junit and unleash.
// Each format is one small type in a file of its own behind the Output
// interface, as kubeconform's pkg/output does.
package output

import (
	"fmt"
	"io"
	"strings"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/internal/findings"
)

// Formats lists the format names New accepts, the default first.
func Formats() []string { return []string{"text", "json", "sarif", "github", "junit", "unleash"} }

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

// omittedLines words the findings -max-same left out.
func omittedLines(f File) []string { return f.OmittedLines(f.Name, "-max-same") }

// level is the name of d's kind: "permission" for a missing permission,
// else its severity.
func level(d importvalidate.Diagnostic) string {
	if d.Category == importvalidate.CategoryPermission {
		return "permission"
	}
	return d.Severity.String()
}
