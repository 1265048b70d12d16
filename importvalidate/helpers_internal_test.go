package importvalidate

import (
	"context"
	"testing"
)

// mustValidate validates body with a validator of opts, against the demo
// state when opts has none, as a caller with every permission, and fails
// the test when the validation cannot run.
func mustValidate(t testing.TB, opts Options, body []byte) *Report {
	t.Helper()
	if opts.State == nil {
		opts.State = demo(t)
	}
	return validated(t, built(t, New, opts), body)
}

// validated is v's report on body, validated as a caller with every
// permission; it fails the test when the validation cannot run.
func validated(t testing.TB, v *Validator, body []byte) *Report {
	t.Helper()
	rep, err := v.Validate(context.Background(), body, Target{Permissions: AllPermissions{}, RequestBody: true})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// demoValidator returns a validator of the demo state with the built-in
// rules.
func demoValidator(t testing.TB) *Validator {
	t.Helper()
	return built(t, New, Options{State: demo(t)})
}

// built returns what the constructor build makes of opts, and fails the
// test when it refuses them.
func built[O, T any](t testing.TB, build func(O) (T, error), opts O) T {
	t.Helper()
	v, err := build(opts)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// demo returns the embedded demo state.
func demo(t testing.TB) State {
	t.Helper()
	st, err := DemoState()
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// shown is what a diagnostic shows: its members and its message, for
// comparing diagnostics.
type shown struct {
	Severity   Severity
	Category   Category
	Code       Code
	Message    string
	Item, Hint string
	Location   Location
}

// show is what d shows.
func show(d Diagnostic) shown {
	return shown{d.Severity, d.Category, d.Code, d.Message(), d.Item, d.Hint, d.Location}
}
