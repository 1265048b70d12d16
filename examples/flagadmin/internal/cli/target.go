package cli

import (
	"errors"
	"fmt"
	"strings"

	"github.com/flagadmin/flagadmin/importvalidate"
)

// The target of a file that validate, plan and apply read: -project and
// -environment where given; where not, and the file is a bare export,
// the project its features name and the environment its
// featureEnvironments name (importvalidate.FileTarget), with a note
// saying so. A target given that differs from the one the export names
// is checked as given (promoting a development export to production is
// the usual case), with a note naming both.

// fileTarget is the target of one file.
type fileTarget struct {
	importvalidate.Target
	// given is the target of the flags.
	given importvalidate.Target
}

// targetOf returns the target of raw, the content of the file name, for
// the target given by the flags. Its error says, naming the file, what
// the file names and which flag to give.
func targetOf(name string, raw []byte, given importvalidate.Target) (fileTarget, error) {
	t, err := importvalidate.FileTarget(raw, given)
	var nt *importvalidate.NoTargetError
	if errors.As(err, &nt) {
		flags := make([]string, len(nt.Missing))
		for i, m := range nt.Missing {
			flags[i] = "-" + m
		}
		return fileTarget{}, &targetError{fmt.Sprintf("%s: the export does not say its target (%s): give %s",
			name, nt.Why(), strings.Join(flags, " and "))}
	}
	return fileTarget{Target: t, given: given}, err
}

// targetError is the error of targetOf: a file whose target is neither
// given nor in the file.
type targetError struct{ msg string }

func (e *targetError) Error() string { return e.msg }

// note says what to know of the target rep was made for: the parts taken
// from the file, and a project or an environment given that is not the
// one the export names. done is what was done for the target ("checked",
// "planned"). It is "" when there is nothing to say, as for a request
// body.
func (ft fileTarget) note(raw []byte, rep *importvalidate.Report, done string) string {
	if rep == nil || !importvalidate.IsExport(raw) {
		return ""
	}
	var from, parts []string
	if ft.given.Project == "" {
		from = append(from, "project "+rep.Project)
	}
	if ft.given.Environment == "" {
		from = append(from, "environment "+rep.Environment)
	}
	if len(from) > 0 {
		parts = append(parts, "target "+strings.Join(from, ", ")+", from the file")
	}
	if rep.Import != nil {
		project, environment := importvalidate.ExportTargetOf(&rep.Import.Data).One()
		for _, m := range []struct{ what, named, given string }{
			{"project", project, ft.given.Project},
			{"environment", environment, ft.given.Environment},
		} {
			if m.given != "" && m.named != "" && m.named != m.given {
				parts = append(parts, fmt.Sprintf("exported from %s %s, %s for %s %s as -%s says", m.what, m.named, done, m.what, m.given, m.what))
			}
		}
	}
	return strings.Join(parts, "; ")
}
