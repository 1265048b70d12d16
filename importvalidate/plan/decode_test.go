package plan_test

import (
	"context"
	"testing"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/internal/testharness/statetest"
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
	return validatorOver(tb, nil)
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

// reportOf is the report of a validation of imp, into its own project
// and environment, that found nothing: for the tests of what an import
// changes, whose files the import accepts.
func reportOf(imp *model.ImportRequest) *importvalidate.Report {
	return &importvalidate.Report{Project: imp.Project, Environment: imp.Environment, Import: imp}
}

// validatorOver is a validator over the embedded default state with
// snap's features, configurations, context fields, segments and tag
// types added: the instance a plan over snap meets.
func validatorOver(tb testing.TB, snap *model.Snapshot) *importvalidate.Validator {
	tb.Helper()
	return validatorOverAs(tb, snap, importvalidate.Options{})
}

// validatorOverAs is validatorOver with opts, such as a version's
// profile.
func validatorOverAs(tb testing.TB, snap *model.Snapshot, opts importvalidate.Options) *importvalidate.Validator {
	tb.Helper()
	s, err := model.DefaultSnapshot()
	if err != nil {
		tb.Fatal(err)
	}
	if snap != nil {
		s.Features = append(s.Features, snap.Features...)
		s.FeatureConfigs = append(s.FeatureConfigs, snap.FeatureConfigs...)
		s.ContextFields = append(s.ContextFields, snap.ContextFields...)
		s.Segments = append(s.Segments, snap.Segments...)
		s.TagTypes = append(s.TagTypes, snap.TagTypes...)
		s.ProjectDefaults = append(s.ProjectDefaults, snap.ProjectDefaults...)
		for _, f := range snap.Features {
			if f.Project != "default" && f.Project != "" {
				s.Projects = append(s.Projects, model.SnapshotProject{ID: f.Project})
			}
		}
	}
	return statetest.Validator(tb, s, opts)
}

// validated is the report of body's validation by v, as a caller who
// holds every permission; it fails tb when the body fails the
// structural tier.
func validated(tb testing.TB, v *importvalidate.Validator, body []byte) *importvalidate.Report {
	tb.Helper()
	rep, err := v.Validate(context.Background(), body, importvalidate.Target{Permissions: importvalidate.AllPermissions{}, RequestBody: true})
	if err != nil {
		tb.Fatal(err)
	}
	if rep.Import == nil {
		tb.Fatalf("the body fails the structural tier: %v", rep.Structural)
	}
	return rep
}
