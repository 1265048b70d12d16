package importvalidate_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/model"
)

// grants is a test Permissions holding a fixed set of permissions
// everywhere; holding ADMIN holds everything.
type grants map[string]bool

func (g grants) HasPermission(_ context.Context, p, _, _ string) (bool, error) {
	return g["ADMIN"] || g[p], nil
}

func mustState(t testing.TB, snapshotJSON string) importvalidate.State {
	t.Helper()
	var s model.Snapshot
	if err := model.DecodeStrict([]byte(snapshotJSON), &s); err != nil {
		t.Fatalf("snapshot: %v", err)
	}
	return memoryState(t, &s)
}

// memoryState returns the state of snap, and fails the test when
// NewMemoryState refuses it.
func memoryState(t testing.TB, snap *model.Snapshot) *importvalidate.MemoryState {
	t.Helper()
	st, err := importvalidate.NewMemoryState(snap)
	if err != nil {
		t.Fatalf("state: %v", err)
	}
	return st
}

// mustNew returns the validator of opts, against the demo state when
// opts has none.
func mustNew(t testing.TB, opts importvalidate.Options) *importvalidate.Validator {
	t.Helper()
	if opts.State == nil {
		opts.State = demoState(t)
	}
	v, err := importvalidate.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// demoState returns the embedded demo state.
func demoState(t testing.TB) importvalidate.State {
	t.Helper()
	demo, err := importvalidate.DemoState()
	if err != nil {
		t.Fatal(err)
	}
	return demo
}

func mustImport(t testing.TB, body string) *model.ImportRequest {
	t.Helper()
	var imp model.ImportRequest
	if err := json.Unmarshal([]byte(body), &imp); err != nil {
		t.Fatalf("import: %v", err)
	}
	return &imp
}

func referenceOf(t testing.TB, v *importvalidate.Validator, imp *model.ImportRequest, perms importvalidate.Permissions) model.ValidateResponse {
	t.Helper()
	rep, err := v.ValidateImport(context.Background(), imp, importvalidate.Target{Permissions: orAll(perms)})
	if err != nil {
		t.Fatalf("validate: %v", err)
	}
	return rep.Reference()
}

// orAll returns perms, or AllPermissions when perms is nil: the tests'
// cases leave the caller out to mean an admin.
func orAll(perms importvalidate.Permissions) importvalidate.Permissions {
	if perms == nil {
		return importvalidate.AllPermissions{}
	}
	return perms
}

func issue(msg string, items ...string) model.Issue {
	if items == nil {
		items = []string{}
	}
	return model.Issue{Message: msg, AffectedItems: items}
}

const builtIns = `[{"name":"default","builtIn":true},{"name":"flexibleRollout","builtIn":true},{"name":"userWithId","builtIn":true}]`

// TestWorkedExamples holds the worked examples of the reference server's
// import rules, from its own test suite: the first with every permission,
// the second for a user with no role at all.
func TestWorkedExamples(t *testing.T) {
	for _, tc := range []struct {
		name, state, body string
		perms             importvalidate.Permissions
		want              model.ValidateResponse
	}{
		{
			name: "errors and an archived feature",
			state: `{
			  "projects":[{"id":"default","featureLimit":1,"featureNaming":{"pattern":"testpattern.+"}}],
			  "strategies":` + builtIns + `,
			  "contextFields":[{"name":"appName"},{"name":"validate_context_field","legalValues":[{"value":"Value1"}]}],
			  "features":[{"name":"first_feature","project":"default","archived":true}]
			}`,
			body: `{"project":"default","environment":"development","data":{
			  "features":[{"name":"first_feature"},{"name":"first_feature"},{"name":"second_feature"}],
			  "featureStrategies":[{"name":"customStrategy","featureName":"first_feature"}],
			  "featureEnvironments":[{"name":"first_feature","enabled":true,"variants":[
			     {"name":"a","weight":500,"weightType":"variable","stickiness":"default"},
			     {"name":"b","weight":500,"weightType":"variable","stickiness":"default"}]}],
			  "featureTags":[{"featureName":"first_feature","tagType":"simple","tagValue":"t"},{"featureName":"first_feature","tagType":"special_tag","tagValue":"t"}],
			  "tagTypes":[{"name":"bestt"},{"name":"special_tag"},{"name":"special_tag"}],
			  "segments":[{"id":1,"name":"customSegment"}],
			  "contextFields":[{"name":"validate_context_field","legalValues":[{"value":"Value2"}]},{"name":"created_context_field","legalValues":[{"value":"new_value"}]}],
			  "dependencies":[{"feature":"childFeature","dependencies":[{"feature":"parentFeature"}]}]
			}}`,
			perms: grants{"ADMIN": true},
			want: model.ValidateResponse{
				Errors: []model.Issue{
					issue("We detected the following custom strategy that needs to be created first:", "customStrategy"),
					issue("We detected the following context fields that do not have matching legal values with the imported ones:", "validate_context_field"),
					issue("We detected the following features are duplicate in your import data:", "first_feature"),
					issue(`Features imported into this project must match the project's feature naming pattern: "testpattern.+". The following features do not match the pattern:`, "first_feature", "second_feature"),
					issue("We detected you want to create 2 new features to a project that already has 0 existing features, exceeding the maximum limit of 1."),
					issue("We detected the following segments that need to be created first:", "customSegment"),
					issue("We detected the following dependencies that need to be created first:", "parentFeature"),
				},
				Warnings: []model.Issue{
					issue("The following features will not be imported as they are currently archived. To import them, please unarchive them first:", "first_feature"),
				},
				Permissions: []model.Issue{},
			},
		},
		{
			name: "a user with no role",
			state: `{
			  "projects":[{"id":"default"}],
			  "strategies":` + builtIns + `,
			  "contextFields":[{"name":"appName"},{"name":"validate_context_field","legalValues":[{"value":"Value1"}]}],
			  "tagTypes":[{"name":"simple"}],
			  "features":[
			    {"name":"archived_feature","project":"default","archived":true},
			    {"name":"existing_feature","project":"default","strategyEnvironments":["development"]}]
			}`,
			body: `{"project":"default","environment":"development","data":{
			  "features":[{"name":"archived_feature"},{"name":"new_feature"},{"name":"existing_feature"}],
			  "featureStrategies":[{"name":"customStrategy","featureName":"new_feature"}],
			  "featureEnvironments":[{"name":"new_feature","enabled":true,"variants":[
			     {"name":"a","weight":1000,"weightType":"variable","stickiness":"default"}]}],
			  "featureTags":[{"featureName":"new_feature","tagType":"special_tag","tagValue":"t"}],
			  "tagTypes":[{"name":"special_tag"}],
			  "segments":[{"id":1,"name":"customSegment"}],
			  "contextFields":[{"name":"validate_context_field","legalValues":[{"value":"Value2"}]},{"name":"created_context_field","legalValues":[{"value":"new_value"}]}]
			}}`,
			perms: grants{},
			want: model.ValidateResponse{
				Errors: []model.Issue{
					issue("We detected the following custom strategy that needs to be created first:", "customStrategy"),
					issue("We detected the following context fields that do not have matching legal values with the imported ones:", "validate_context_field"),
					issue("We detected the following segments that need to be created first:", "customSegment"),
				},
				Warnings: []model.Issue{
					issue("The following features will not be imported as they are currently archived. To import them, please unarchive them first:", "archived_feature"),
					issue("The following features already exist in this project and will be overwritten:", "existing_feature"),
				},
				Permissions: []model.Issue{
					issue("We detected you are missing the following permissions:",
						"Create context fields", "Create activation strategies", "Delete activation strategies",
						"Update variants", "Create feature flags", "Update feature flags", "Create tag types"),
				},
			},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := mustNew(t, importvalidate.Options{State: mustState(t, tc.state)})
			got := referenceOf(t, v, mustImport(t, tc.body), tc.perms)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("reference response (-want +got):\n%s", diff)
			}
		})
	}
}

func jsonUnmarshal(b []byte, v any) error { return json.Unmarshal(b, v) }

// find returns the first issue of rep with the given code.
func find(rep *importvalidate.Report, code importvalidate.Code) (importvalidate.Issue, bool) {
	for _, is := range rep.Issues {
		if is.Code == code {
			return is, true
		}
	}
	return importvalidate.Issue{}, false
}
