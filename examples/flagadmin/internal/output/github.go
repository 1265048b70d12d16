package output

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/flagadmin/flagadmin/importvalidate"
)

// github writes GitHub Actions workflow commands, which annotate the
// files of a pull request: ::error, ::warning or (a missing permission)
// ::notice, with the file, line and column and the code as the title,
// the feature-exists warnings of a file grouped in one (see grouped); then
// the Summary as a plain line.
type github struct{ w io.Writer }

func (o *github) File(f File) error {
	f = grouped(f)
	return writeLines(o.w, fileLines(f, func(d importvalidate.Diagnostic) string {
		props := "file=" + ghProperty(filepath.ToSlash(name(f)))
		if l := d.Location; l.Line > 0 {
			props += fmt.Sprintf(",line=%d,col=%d", l.Line, l.Column)
		}
		props += ",title=" + ghProperty(string(d.Code))
		return "::" + kindName(d, "notice", "warning", "error") + " " + props + "::" + ghData(d.Text())
	})...)
}

func (o *github) Close(t Totals) error { return writeLines(o.w, Summary(t)) }

// ghData escapes the message of a workflow command.
func ghData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// ghProperty escapes a property value of a workflow command.
func ghProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
