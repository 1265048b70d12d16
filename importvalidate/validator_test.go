package importvalidate_test

import (
	"context"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/model"
)

func TestValidateLocatesItems(t *testing.T) {
	body := []byte(`{
  "project": "default",
  "environment": "development",
  "data": {
    "features": [{"name": "a"}, {"name": "b"},
                 {"name": "a"}],
    "featureStrategies": [{"name": "default"}, {"name": "ghost"}],
    "tagTypes": []
  }
}`)
	v := mustNew(t, importvalidate.Options{})
	rep, err := v.Validate(context.Background(), body, importvalidate.Target{Permissions: importvalidate.AllPermissions{}, RequestBody: true})
	if err != nil {
		t.Fatal(err)
	}
	type want struct {
		code, pointer, text string
		line, col           int
	}
	for _, w := range []want{
		{"unknown-strategy", "/data/featureStrategies/1/name", `"ghost"`, 7, 57},
		{"duplicate-feature", "/data/features/0/name", `"a"`, 5, 27},
		{"duplicate-feature", "/data/features/2/name", `"a"`, 6, 27},
	} {
		is, ok := find(rep, importvalidate.Code(w.code))
		if !ok {
			t.Fatalf("no %s issue in %+v", w.code, rep.Issues)
		}
		found := false
		for _, l := range is.Items[0].Locations {
			if l.Pointer != w.pointer {
				continue
			}
			found = true
			if l.Line != w.line || l.Column != w.col {
				t.Errorf("%s %s at %d:%d, want %d:%d", w.code, w.pointer, l.Line, l.Column, w.line, w.col)
			}
			if l.Offset < 0 || !strings.HasPrefix(string(body[l.Offset:]), w.text) {
				t.Errorf("%s %s: offset %d does not point at %s", w.code, w.pointer, l.Offset, w.text)
			}
		}
		if !found {
			t.Errorf("%s: no location %s in %+v", w.code, w.pointer, is.Items[0].Locations)
		}
	}
}

func TestValidateStructuralFailureStopsBeforeRules(t *testing.T) {
	v := mustNew(t, importvalidate.Options{})
	rep, err := v.Validate(context.Background(), []byte(`{"project":"default","environment":"development","data":{"features":[{}],"featureStrategies":[{"name":"ghost"}],"tagTypes":[]}}`), importvalidate.Target{Permissions: importvalidate.AllPermissions{}, RequestBody: true})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.HasErrors() || len(rep.Structural) == 0 || len(rep.Issues) != 0 {
		t.Fatalf("want structural problems only, got %+v", rep)
	}
	if got := rep.Structural[0].Location.Pointer; got != "/data/features/0/name" {
		t.Errorf("first problem at %s", got)
	}
	ref := rep.Reference()
	if len(ref.Errors)+len(ref.Warnings)+len(ref.Permissions) != 0 {
		t.Errorf("a structurally invalid body has no rule findings, got %+v", ref)
	}
}

func TestTargetOverridesBody(t *testing.T) {
	v := mustNew(t, importvalidate.Options{State: mustState(t, ruleState)})
	imp := mustImport(t, `{"project":"default","environment":"development","data":{"features":[{"name":"in-other"}],"featureStrategies":[],"tagTypes":[]}}`)
	rep, err := v.ValidateImport(context.Background(), imp, importvalidate.Target{Project: "other", Environment: "production", Permissions: importvalidate.AllPermissions{}})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Project != "other" || rep.Environment != "production" {
		t.Errorf("target %s/%s", rep.Project, rep.Environment)
	}
	if _, ok := find(rep, "feature-exists"); !ok {
		t.Errorf("in-other exists in the overriding project; report %+v", rep.Issues)
	}
}

func TestOptions(t *testing.T) {
	custom := importvalidate.Rule{
		Code: "feature-description", Severity: importvalidate.SeverityWarning,
		Summary: "every feature has a description",
		Check: func(_ context.Context, in *importvalidate.Input) ([]importvalidate.Issue, error) {
			var items []importvalidate.Item
			for _, f := range in.Import.Data.Features {
				if !f.Description.Valid || f.Description.Value == "" {
					items = append(items, importvalidate.Item{Value: f.Name})
				}
			}
			if len(items) == 0 {
				return nil, nil
			}
			return []importvalidate.Issue{{Message: "These features have no description:", Items: items}}, nil
		},
	}
	for _, tc := range []struct {
		name    string
		opts    importvalidate.Options
		wantErr string
	}{
		{"unknown disabled code", importvalidate.Options{Disable: []importvalidate.Code{"nope"}}, `cannot disable "nope"`},
		{"rule without code", importvalidate.Options{Rules: []importvalidate.Rule{{Check: custom.Check}}}, "has no code"},
		{"rule without check", importvalidate.Options{Rules: []importvalidate.Rule{{Code: "x"}}}, "has no check"},
		{"code used twice", importvalidate.Options{Rules: []importvalidate.Rule{{Code: "unknown-strategy", Check: custom.Check}}}, "used twice"},
		{"unknown severity", importvalidate.Options{Rules: []importvalidate.Rule{{Code: "x", Check: custom.Check, Severity: 3}}}, "unknown severity 3"},
		{"structure category", importvalidate.Options{Rules: []importvalidate.Rule{{Code: "x", Check: custom.Check, Category: importvalidate.CategoryStructure}}}, "category structure"},
		{"unknown category", importvalidate.Options{Rules: []importvalidate.Rule{{Code: "x", Check: custom.Check, Category: 9}}}, "category Category(9)"},
		{"negative problem cap", importvalidate.Options{MaxProblems: -1}, "MaxProblems"},
		{"no state", importvalidate.Options{}, "Options.State is nil"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opts := tc.opts
			if tc.name != "no state" {
				opts.State = demoState(t)
			}
			_, err := importvalidate.New(opts)
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("error %v, want one containing %q", err, tc.wantErr)
			}
		})
	}

	v := mustNew(t, importvalidate.Options{Rules: []importvalidate.Rule{custom}, Disable: []importvalidate.Code{"duplicate-feature"}})
	for name, validate := range map[string]func() (*importvalidate.Report, error){
		"Validate": func() (*importvalidate.Report, error) {
			return v.Validate(context.Background(), []byte(`{}`), importvalidate.Target{})
		},
		"ValidateImport": func() (*importvalidate.Report, error) {
			return v.ValidateImport(context.Background(), &model.ImportRequest{}, importvalidate.Target{})
		},
		"ValidateExport": func() (*importvalidate.Report, error) {
			return v.Validate(context.Background(), []byte(`{}`), importvalidate.Target{Project: "p", Environment: "e"})
		},
	} {
		if rep, err := validate(); err == nil || !strings.Contains(err.Error(), "AllPermissions") {
			t.Errorf("%s without permissions = %v, %v; want an error naming AllPermissions", name, rep, err)
		}
	}
	imp := mustImport(t, `{"project":"default","environment":"development","data":{"features":[{"name":"a"},{"name":"a","description":"x"},{"name":"b","description":null}],"featureStrategies":[],"tagTypes":[]}}`)
	rep, err := v.ValidateImport(context.Background(), imp, importvalidate.Target{Permissions: importvalidate.AllPermissions{}, RequestBody: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := find(rep, "duplicate-feature"); ok {
		t.Error("a disabled rule ran")
	}
	is, ok := find(rep, "feature-description")
	if !ok || len(is.Items) != 2 || is.Items[0].Value != "a" || is.Items[1].Value != "b" || is.Severity != importvalidate.SeverityWarning || is.Reference {
		t.Fatalf("custom rule issue %+v", is)
	}
	if got := rep.Reference(); len(got.Warnings) != 0 {
		t.Errorf("a custom rule is not part of the reference response: %+v", got)
	}
	if got := rep.Response(); len(got.Warnings) != 1 {
		t.Errorf("Response includes custom rules: %+v", got)
	}
}

func TestReportOrderBySeverity(t *testing.T) {
	v := mustNew(t, importvalidate.Options{State: mustState(t, ruleState), Strict: true})
	imp := mustImport(t, `{"project":"default","environment":"development","data":{"features":[{"name":"in-default"},{"name":"in-default"}],
	  "featureStrategies":[{"name":"custom","constraints":[{"contextName":"ghost","operator":"IN"}]}],"tagTypes":[]}}`)
	rep, err := v.ValidateImport(context.Background(), imp, importvalidate.Target{Permissions: grants{}})
	if err != nil {
		t.Fatal(err)
	}
	var codes []string
	last := importvalidate.Severity(0)
	for i, is := range rep.Issues {
		// The permissions come last: the reference's entry (the
		// import's names the same permissions, said once with it).
		if perm := is.Category == importvalidate.CategoryPermission; perm != (i >= len(rep.Issues)-1) {
			t.Errorf("issue %d of %d, %s, has category %s", i, len(rep.Issues), is.Code, is.Category)
		} else if !perm && is.Severity < last {
			t.Errorf("issue %s of severity %s after %s", is.Code, is.Severity, last)
		}
		last = is.Severity
		codes = append(codes, string(is.Code))
	}
	// The strategy without featureName is dropped by the import: an
	// extra warning, which strict mode makes an error among the others.
	want := "duplicate-feature unknown-context-field import-strategy-without-feature custom-strategy-used feature-exists missing-permissions"
	if got := strings.Join(codes, " "); got != want {
		t.Errorf("codes %q, want %q", got, want)
	}
	// One unit: Count, Counts and Summary count the diagnostics.
	var lines []string
	for _, d := range rep.Diagnostics() {
		lines = append(lines, d.String())
	}
	errs, warns := rep.Count(importvalidate.SeverityError), rep.Count(importvalidate.SeverityWarning)
	// The import asks for two of the three permissions on the file it
	// imports, without the strategy it drops: the entry lists both.
	if c := rep.Counts(); errs != 4 || warns != 3 || c != (importvalidate.Counts{Errors: 4, Warnings: 3, Permissions: 3}) ||
		rep.Summary() != "4 errors, 3 warnings, 3 missing permissions" {
		t.Errorf("counts: %d errors, %d warnings, %+v, %q; diagnostics:\n%s", errs, warns, c, rep.Summary(), strings.Join(lines, "\n"))
	}
	var _ model.ValidateResponse = rep.Reference()
}
