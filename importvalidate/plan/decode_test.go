package plan_test

import (
	"context"
	"testing"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/model"
)

// decoded is body as its validation decodes it (Report.Import), which is
// how flagadmin plan and the plan endpoint get the import they plan: the
// body is validated first and never decoded again. It fails tb when the
// body fails the structural tier.
func decoded(tb testing.TB, body []byte) *model.ImportRequest {
	tb.Helper()
	imp, ok := decode(tb, newDecoder(tb), body)
	if !ok {
		tb.Fatal("the body fails the structural tier")
	}
	return imp
}

// newDecoder is a validator on the embedded demo state, for decode.
func newDecoder(tb testing.TB) *importvalidate.Validator {
	tb.Helper()
	state, err := importvalidate.DemoState()
	if err != nil {
		tb.Fatal(err)
	}
	v, err := importvalidate.New(importvalidate.Options{State: state})
	if err != nil {
		tb.Fatal(err)
	}
	return v
}

// decode validates body with v and returns the import it decoded; ok is
// false when the body fails the structural tier, and so has no plan.
func decode(tb testing.TB, v *importvalidate.Validator, body []byte) (imp *model.ImportRequest, ok bool) {
	tb.Helper()
	rep, err := v.Validate(context.Background(), body, importvalidate.Target{Permissions: importvalidate.AllPermissions{}, RequestBody: true})
	if err != nil {
		tb.Fatal(err)
	}
	return rep.Import, rep.Import != nil
}
