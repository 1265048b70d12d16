package importvalidate

import (
	"context"
	"testing"
)

// mustValidate validates body with a validator of opts, as a caller with
// every permission, and fails the test when the validation cannot run.
func mustValidate(t testing.TB, opts Options, body []byte) *Report {
	t.Helper()
	rep, err := built(t, New, opts).Validate(context.Background(), body, Target{})
	if err != nil {
		t.Fatal(err)
	}
	return rep
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
