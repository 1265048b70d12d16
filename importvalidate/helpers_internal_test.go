package importvalidate

import (
	"context"
	"testing"
)

// mustValidate validates body with a validator of opts, as a caller with
// every permission, and fails the test when the validation cannot run.
func mustValidate(t testing.TB, opts Options, body []byte) *Report {
	t.Helper()
	v, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := v.Validate(context.Background(), body, Target{})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}
