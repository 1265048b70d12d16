// Package validatetest checks feature export files inside ordinary Go
// tests, for teams that keep such files in their repositories:
//
//	func TestFlags(t *testing.T) {
//		validatetest.File(t, "testdata/flags.json", validatetest.Options{
//			State:       validatetest.StateFile(t, "testdata/state.json"), // flagadmin snapshot writes one
//			Permissions: importvalidate.AllPermissions{},
//			// The target is the file's: the project and the environment it was
//			// exported from (set Project and Environment to choose another).
//			// Its flags exist, and importing it overwrites them, as intended.
//			Accept: []string{"feature-exists"},
//		})
//	}
//
// The file is the one Unleash's Export button downloads (an export,
// validated for Project and Environment, or where they are empty for the
// project and environment it was exported from when it names one of
// each) or an import request body; it is
// validated as the admin API's import validation would (see package
// importvalidate) against Options.State: a snapshot file (StateFile), or
// any other source's (instance.Instance.State, such as that of
// unleashapi.Client.Instance for a live instance). Every problem fails the
// test with one line of the form
//
//	file:line:col: severity code: message (item)
//
// in the order of the file, as importvalidate.FormatDiagnostic writes it.
// Errors, structural ones included, always fail the test. Warnings and
// missing permissions fail it too (Options.FailOn) unless their code is
// listed in Options.Accept. Problems without a place in the file (a missing
// permission, the feature limit) come last, as "file: severity code:
// message (item)". When the structure of the file is wrong, a last line
// says that the import rules did not run.
//
// The package performs no output of its own: it reports through the
// testing.TB it is given.
package validatetest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"testing"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/importvalidate/findings"
	"github.com/flagadmin/flagadmin/instance"
)

// Options configure a check. State and Permissions are required: the
// zero value is refused with a message that says what to set.
type Options struct {
	// Project and Environment are the target. For an export (the file
	// Unleash's Export button downloads) an empty one is the one the
	// export names, when its features name one project and its
	// featureEnvironments one environment (importvalidate.FileTarget);
	// they override an import request body's own when not empty.
	Project     string
	Environment string
	// Strict makes errors of the warnings beyond the reference's
	// (importvalidate.Options.Strict).
	Strict bool
	// State is the state of the instance: of a state snapshot file
	// (StateFile), or the State of any instance.Instance (a snapshot's,
	// a database's, a live instance's).
	State importvalidate.State
	// Permissions are the rights to check, such as an *auth.Principal;
	// importvalidate.AllPermissions{} skips the check, as for an admin.
	Permissions importvalidate.Permissions
	// FailOn lists what fails the test besides errors, which always do:
	// "warning", "permission" (a missing permission). Nil means both, and
	// []string{"error"} errors only.
	FailOn []string
	// Accept lists the codes of warnings (and "missing-permissions") that
	// do not fail the test, such as "feature-exists". Errors fail the test
	// whatever their code.
	Accept []string
	// Disable lists codes whose findings are left out: the rules'
	// (importvalidate.Options.Disable), and the structural warnings'
	// (such as "coerced").
	Disable []string
	// MaxSame caps the failure lines of one code; one more line counts
	// the rest. 0 reports every finding.
	MaxSame int
}

// File validates the export file at path and fails t with one line per
// problem. It fails t at once (Fatal) when the file, the state or the
// options are wrong. It returns the report, nil when there is none.
func File(t testing.TB, path string, opts Options) *importvalidate.Report {
	t.Helper()
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		t.Fatalf("validatetest: %s is a directory; File takes one export file", path)
		return nil
	}
	body, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("validatetest: %v", err)
		return nil
	}
	return Bytes(t, path, body, opts)
}

// Bytes validates body, the content of an export file or an import
// request body, and fails t with one line per problem, each prefixed with
// name. It fails t at once (Fatal) when the state or the options are
// wrong. It returns the report, nil when there is none.
func Bytes(t testing.TB, name string, body []byte, opts Options) *importvalidate.Report {
	t.Helper()
	rep, err := Validate(body, opts)
	if err != nil {
		t.Fatalf("validatetest: %s: %v", name, err)
		return nil
	}
	p, err := opts.policy()
	if err != nil {
		t.Fatalf("validatetest: %s: %v", name, err)
		return nil
	}
	for _, line := range failures(name, rep, p) {
		t.Error(line)
	}
	return rep
}

// Validate validates body with opts and returns the report, without any
// testing.TB. The error reports wrong options, a state that cannot be read
// or a failing validation, not problems of the data.
func Validate(body []byte, opts Options) (*importvalidate.Report, error) {
	if opts.State == nil {
		return nil, errors.New("Options.State is nil: give the instance's state, such as validatetest.StateFile(t, \"testdata/state.json\") (flagadmin snapshot writes one)")
	}
	if opts.Permissions == nil {
		return nil, errors.New("Options.Permissions is nil: give the caller's permissions, or importvalidate.AllPermissions{} to skip the check")
	}
	rules, err := findings.RuleCodes(opts.Disable)
	if err != nil {
		return nil, fmt.Errorf("Options.Disable: %w", err)
	}
	v, err := importvalidate.New(importvalidate.Options{State: opts.State, Strict: opts.Strict, Disable: rules})
	if err != nil {
		return nil, err
	}
	target, err := importvalidate.FileTarget(body, importvalidate.Target{
		Project: opts.Project, Environment: opts.Environment, Permissions: opts.Permissions,
	})
	var nt *importvalidate.NoTargetError
	if errors.As(err, &nt) {
		return nil, fmt.Errorf("the file is an export whose target is not in it (%s): set Options.Project and Options.Environment", nt.Why())
	}
	return v.Validate(context.Background(), body, target)
}

// StateFile is the state of the state snapshot file at path (flagadmin
// snapshot writes one), for Options.State. It fails tb at once (Fatal)
// when the file cannot be read or is not a snapshot, with the place of
// the problem in the file.
func StateFile(tb testing.TB, path string) importvalidate.State {
	tb.Helper()
	i, err := instance.FromFile(context.Background(), path)
	if err != nil {
		tb.Fatalf("validatetest: %v", err)
		return nil
	}
	return i.State
}

// policy is the findings policy of opts.
func (opts Options) policy() (findings.Policy, error) {
	p := findings.Policy{FailOnWarning: true, FailOnPermission: true, Accept: opts.Accept, Disabled: opts.Disable, MaxSame: opts.MaxSame}
	if err := findings.CheckAccept(opts.Accept); err != nil {
		return p, fmt.Errorf("Options.Accept: %w", err)
	}
	if opts.FailOn != nil {
		var err error
		if p.FailOnWarning, p.FailOnPermission, err = findings.ParseFailOn(opts.FailOn); err != nil {
			return p, fmt.Errorf("Options.FailOn: %w", err)
		}
	}
	return p, nil
}

// Failures returns the lines that make a test fail for rep: every
// structural problem and error, and every warning or missing permission
// whose code is not in accept, one line per place in the file, prefixed
// with name, in the order of rep.Diagnostics. When the structure failed, a
// last line says that the import rules did not run. It returns nil when
// rep passes.
func Failures(name string, rep *importvalidate.Report, accept []string) []string {
	return failures(name, rep, findings.Policy{FailOnWarning: true, FailOnPermission: true, Accept: accept})
}

// failures returns the lines that make a test fail for rep under p.
func failures(name string, rep *importvalidate.Report, p findings.Policy) []string {
	p.OnlyFailing = true
	r := p.Apply(rep)
	var out []string
	for _, d := range r.Shown {
		out = append(out, importvalidate.FormatDiagnostic(name, d))
	}
	out = append(out, r.OmittedLines(name, "Options.MaxSame")...)
	if rep.Structural.HasErrors() {
		out = append(out, name+": "+rep.Summary())
	}
	return out
}
