// Package validatetest checks feature export files inside ordinary Go
// tests, for teams that keep such files in their repositories:
//
//	func TestFlags(t *testing.T) {
//		validatetest.File(t, "testdata/flags.json", validatetest.Options{Project: "default"})
//	}
//
// The file is validated as the admin API's import validation would (see
// package importvalidate) against a state, by default the embedded default
// state. Every problem fails the test with one line of the form
//
//	file:line:col: severity code: message (item)
//
// in the order of the file, as importvalidate.FormatDiagnostic writes it.
// Errors, structural ones included, always fail the test. Warnings and
// missing permissions fail it too unless their code is listed in
// Options.Accept. Problems without a place in the file (a missing
// permission, the feature limit) come last, as "file: severity code:
// message (item)". When the structure of the file is wrong, a last line
// says that the import rules did not run.
//
// The package performs no output of its own: it reports through the
// testing.TB it is given.
package validatetest

import (
	"context"
	"os"
	"slices"
	"testing"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/internal/statefile"
	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/unleashapi"
)

// Options configure a check. The zero value validates for the project and
// environment named in the file, against the embedded default state, with
// the reference rules only, and accepts no warning.
type Options struct {
	// Project and Environment override the file's project and environment
	// when not empty.
	Project     string
	Environment string
	// Strict runs the extra rules as well (importvalidate.Options.Strict).
	Strict bool
	// Source is the existing state of the instance as any
	// importvalidate.State, such as a live instance (an
	// *unleashapi.Client) or its database (an *unleashdb.DB). When set it
	// wins over UnleashURL, State and StateFile.
	Source importvalidate.State
	// UnleashURL, when Source is nil, is the base URL of a live Unleash 8
	// instance whose state is read over its admin API with Token ("" means
	// the environment variable UNLEASH_API_TOKEN). It wins over State and
	// StateFile.
	UnleashURL string
	Token      string
	// State is the existing state of the instance. Nil means StateFile, or
	// the embedded default state when StateFile is empty too.
	State *model.Snapshot
	// StateFile is a state snapshot file, used when State is nil.
	StateFile string
	// Accept lists the codes of warnings (and "missing-permissions") that
	// do not fail the test, such as "feature-exists". Errors fail the test
	// whatever their code.
	Accept []string
	// Permissions, when not nil, are the rights to check; nil checks none,
	// as for an admin. The auth package's principals implement it.
	Permissions importvalidate.Permissions
}

// File validates the export file at path and fails t with one line per
// problem. It fails t at once (Fatal) when the file or the state cannot be
// read. It returns the report, nil when there is none.
func File(t testing.TB, path string, opts Options) *importvalidate.Report {
	t.Helper()
	body, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("validatetest: %v", err)
		return nil
	}
	return Bytes(t, path, body, opts)
}

// Bytes validates body, an import request body, and fails t with one line
// per problem, each prefixed with name. It fails t at once (Fatal) when the
// state cannot be read. It returns the report, nil when there is none.
func Bytes(t testing.TB, name string, body []byte, opts Options) *importvalidate.Report {
	t.Helper()
	rep, err := Validate(body, opts)
	if err != nil {
		t.Fatalf("validatetest: %s: %v", name, err)
		return nil
	}
	for _, line := range Failures(name, rep, opts.Accept) {
		t.Error(line)
	}
	return rep
}

// Validate validates body with opts and returns the report, without any
// testing.TB. The error reports a state that cannot be read or a failing
// validation, not problems of the data.
func Validate(body []byte, opts Options) (*importvalidate.Report, error) {
	st, err := stateOf(opts)
	if err != nil {
		return nil, err
	}
	v, err := importvalidate.New(importvalidate.Options{State: st, Strict: opts.Strict})
	if err != nil {
		return nil, err
	}
	return v.Validate(context.Background(), body, importvalidate.Target{
		Project: opts.Project, Environment: opts.Environment, Permissions: opts.Permissions,
	})
}

// stateOf returns the state opts name.
func stateOf(opts Options) (importvalidate.State, error) {
	if opts.Source != nil {
		return opts.Source, nil
	}
	if opts.UnleashURL != "" {
		token := opts.Token
		if token == "" {
			token = os.Getenv("UNLEASH_API_TOKEN")
		}
		return unleashapi.New(opts.UnleashURL, token, unleashapi.Options{})
	}
	snap := opts.State
	if snap == nil {
		var err error
		if snap, err = statefile.Load(opts.StateFile); err != nil {
			return nil, err
		}
	}
	return importvalidate.NewMemoryState(snap)
}

// Failures returns the lines that make a test fail for rep: every
// structural problem and error, and every warning or missing permission
// whose code is not in accept, one line per place in the file, prefixed
// with name, in the order of rep.Diagnostics. When the structure failed, a
// last line says that the import rules did not run. It returns nil when
// rep passes.
func Failures(name string, rep *importvalidate.Report, accept []string) []string {
	var out []string
	for _, d := range rep.Diagnostics() {
		acceptable := d.Severity == importvalidate.SeverityWarning || d.Category == importvalidate.CategoryPermission
		if acceptable && slices.Contains(accept, d.Code) {
			continue
		}
		out = append(out, importvalidate.FormatDiagnostic(name, d))
	}
	if rep.Structural.HasErrors() {
		out = append(out, name+": "+rep.Summary())
	}
	return out
}
