package importvalidate

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/flagadmin/flagadmin/importvalidate/importmodel"
	"github.com/flagadmin/flagadmin/model"
)

// The refusal rules are tested on files that Unleash 8.2.0's import
// (POST /api/admin/features-batch/import) was given: testdata/import holds
// each file as NAME.body.json and the import's answer as NAME.import.json
// ({"status", "body"}). The instance held the state of
// ../testdata/conformance/oracle-state.json plus what a case's setup
// added, which the case's setup function adds to the Input.

// refusalCase is one recorded file.
type refusalCase struct {
	// name names testdata/import/NAME.body.json and NAME.import.json.
	name string
	// at is the pointer where the finding carrying the import's message
	// is; "" for a file the import accepted, where the rule must find
	// nothing.
	at string
	// other marks a file the import refused for a reason of another
	// rule: this one must find nothing.
	other bool
	// root marks a finding about the request itself, at the pointer "".
	root bool
	// placeless marks a finding without a place (a missing permission):
	// an item without locations, or no item.
	placeless bool
}

var (
	refusalSeedOnce sync.Once
	refusalSeed     *MemoryState
	refusalSeedSnap *model.Snapshot
	refusalSeedErr  error
)

// refusalSeedState is the recorded instance's state.
func refusalSeedState(t *testing.T) (*MemoryState, *model.Snapshot) {
	t.Helper()
	refusalSeedOnce.Do(func() {
		var b []byte
		if b, refusalSeedErr = os.ReadFile(filepath.Join("..", "testdata", "conformance", "oracle-state.json")); refusalSeedErr != nil {
			return
		}
		refusalSeedSnap = &model.Snapshot{}
		if refusalSeedErr = json.Unmarshal(b, refusalSeedSnap); refusalSeedErr != nil {
			return
		}
		refusalSeed, refusalSeedErr = NewMemoryState(refusalSeedSnap)
	})
	if refusalSeedErr != nil {
		t.Fatal(refusalSeedErr)
	}
	return refusalSeed, refusalSeedSnap
}

// refusalAnswer is a recorded answer of the import.
type refusalAnswer struct {
	Status int
	Body   refusalAnswerBody
}

// refusalAnswerBody is the body of an answer that refused the file.
type refusalAnswerBody struct {
	Message string `json:"message"`
	Details []struct {
		Message string `json:"message"`
	} `json:"details"`
}

// message is what the finding must say: the first detail's message, or
// the message of an answer without details.
func (a refusalAnswer) message() string {
	if len(a.Body.Details) > 0 {
		return a.Body.Details[0].Message
	}
	return a.Body.Message
}

// refusalCaseInput decodes the case's body as a validation does and
// gathers its input from the recorded state, with the facts of that state
// known and what the case's setup added to it.
func refusalCaseInput(t *testing.T, name string) *Input {
	t.Helper()
	body, err := os.ReadFile(filepath.Join("testdata", "import", name+".body.json"))
	if err != nil {
		t.Fatal(err)
	}
	in := refusalBodyInput(t, body)
	if setup := refusalCaseSetups[name]; setup != nil {
		setup(in)
		in.Reread()
	}
	return in
}

// refusalCaseSetups add to a case's input what its instance held beyond
// the recorded state: the rows its setup inserted, and the grants of the
// caller it imported as (a custom project role without
// CREATE_FEATURE_STRATEGY and SKIP_CHANGE_REQUEST, a viewer, an admin API
// token).
var refusalCaseSetups = map[string]func(*Input){
	"admin-api-token": func(in *Input) { in.Facts.AdminToken = true },
	"dependency-change-requests-nonadmin": refusalAll(refusalChangeRequests(false, true),
		refusalRole(PermCreateFeature, PermUpdateFeature)),
	"dependency-change-requests": refusalChangeRequests(false, true),
	"dependency-child-has-children": refusalAll(refusalExisting("kid-flag", "default", false),
		refusalDependencies("existing-flag", nil, 1)),
	"dependency-parent-has-parent": refusalAll(refusalExisting("gp-flag", "default", false),
		refusalDependencies("existing-flag", []string{"gp-flag"}, 0)),
	"dependency-replaces-existing-parent": refusalAll(refusalExisting("old-parent", "default", false),
		refusalDependencies("existing-flag", []string{"old-parent"}, 0)),
	"env-change-requests-nonadmin": refusalAll(refusalChangeRequests(true, true),
		refusalRole(PermCreateFeature, PermUpdateFeature)),
	"env-disabled-without-strategy-permission": refusalRole(PermCreateFeature, PermUpdateFeature),
	"env-enabled-needs-strategy-permission":    refusalRole(PermCreateFeature, PermUpdateFeature),
	"ref-permission-unused-tag-type":           refusalRole(PermCreateFeature, PermUpdateFeature),
	"ref-permissions-viewer":                   refusalRole(),
	"feature-global-limit":                     func(in *Input) { in.Facts.ActiveFeatures.Value += 4997 },
	"feature-name-existing-invalid":            refusalExisting("legacy flag", "default", false),
	"feature-naming-pattern-existing":          refusalExisting("legacy-x", "limited", false),
	"link-project-template-invalid": func(in *Input) {
		in.Facts.LinkTemplates.Value = []LinkTemplate{{URLTemplate: "http://"}}
	},
	"project-archived": func(in *Input) {
		in.ProjectExists, in.Facts.ProjectArchived = true, Known[bool]{Value: true, Known: true}
		in.Facts.ProjectEnvironment.Value = true
	},
	"ref-e6-archived-counted": refusalAll(refusalExisting("lim-old1", "limited", true), refusalExisting("lim-old2", "limited", true)),
	"segment-name-in-two-projects": refusalAddSegments(model.SnapshotSegment{ID: 50, Name: "aaa-shared", Project: refusalProject("other")},
		model.SnapshotSegment{ID: 51, Name: "aaa-shared"}),
	"segment-too-many": refusalAddSegments(model.SnapshotSegment{ID: 2, Name: "seg-1"}, model.SnapshotSegment{ID: 3, Name: "seg-2"},
		model.SnapshotSegment{ID: 4, Name: "seg-3"}, model.SnapshotSegment{ID: 5, Name: "seg-4"}, model.SnapshotSegment{ID: 6, Name: "seg-5"}, model.SnapshotSegment{ID: 7, Name: "seg-6"}),
	"strategy-change-requests-enabled":    refusalChangeRequests(true, true),
	"strategy-limit-with-outside-feature": refusalStrategies("existing-flag", 30),
	"strategy-release-plan-deleted":       refusalStrategies("existing-flag", 2),
}

// refusalExisting adds an existing feature, as a case's setup inserted it,
// when the file names it.
func refusalExisting(name, project string, archived bool) func(*Input) {
	return func(in *Input) {
		if !slices.Contains(refusalNamedFeatures(in.Import), name) {
			return
		}
		in.Features[name] = model.SnapshotFeature{Name: name, Project: project, Archived: archived}
		in.Facts.Features.Value[name] = FeatureFacts{InEnvironment: true, Milestones: Known[int]{Known: true}}
	}
}

// refusalRole makes the caller one who holds only the given permissions
// of those an import needs (a viewer holds none; the cases' custom project
// role held CREATE_FEATURE and UPDATE_FEATURE).
func refusalRole(granted ...Permission) func(*Input) {
	return func(in *Input) {
		in.Required = in.NeededPermissions(false)
		in.Missing = map[Permission]bool{}
		for _, p := range append(in.Required, in.NeededPermissions(true)...) {
			in.Missing[p] = !slices.Contains(granted, p)
		}
		for _, p := range []Permission{PermCreateFeatureStrategy, PermSkipChangeRequest} {
			in.Facts.Granted[p] = slices.Contains(granted, p)
		}
	}
}

// refusalChangeRequests sets the target's change-request settings.
func refusalChangeRequests(env, project bool) func(*Input) {
	return func(in *Input) { in.Facts.ChangeRequests.Value = ChangeRequests{Environment: env, Project: project} }
}

// refusalAll runs several setups.
func refusalAll(setups ...func(*Input)) func(*Input) {
	return func(in *Input) {
		for _, s := range setups {
			s(in)
		}
	}
}

// refusalStrategies sets the number of strategies an existing feature has
// in the target environment.
func refusalStrategies(name string, n int) func(*Input) {
	return func(in *Input) {
		ff := in.Facts.Features.Value[name]
		ff.Strategies = n
		in.Facts.Features.Value[name] = ff
	}
}

// refusalDependencies sets an existing feature's dependencies.
func refusalDependencies(name string, parents []string, children int) func(*Input) {
	return func(in *Input) {
		ff := in.Facts.Features.Value[name]
		ff.Parents, ff.Children = parents, children
		in.Facts.Features.Value[name] = ff
	}
}

// refusalAddSegments adds existing segments.
func refusalAddSegments(segs ...model.SnapshotSegment) func(*Input) {
	return func(in *Input) {
		if in.Segments == nil {
			in.Segments = map[string][]model.SnapshotSegment{}
		}
		for _, s := range segs {
			in.Segments[s.Name] = append(in.Segments[s.Name], s)
		}
	}
}

// refusalBodyInput is refusalCaseInput of a body.
func refusalBodyInput(t *testing.T, body []byte) *Input {
	t.Helper()
	st, snap := refusalSeedState(t)
	s, err := newStructure(Options{})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	imp, _, problems, err := s.decode(ctx, body)
	if err != nil {
		t.Fatal(err)
	}
	if problems.HasErrors() {
		t.Fatalf("the body fails the structural tier: %v", problems)
	}
	in, err := gather(ctx, st, imp, imp.Project, imp.Environment, true, false, importmodel.RequestBody{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Every feature the file names is looked up (see STATE-CONTRACT):
	// the existing features among them.
	in.Features = map[string]model.SnapshotFeature{}
	for _, f := range st.Answer(Query{Features: refusalNamedFeatures(imp)}).Features {
		in.Features[f.Name] = f
	}
	in.Facts = refusalSeedFacts(in, snap)
	return in
}

// refusalNamedFeatures lists every feature name the file names anywhere.
func refusalNamedFeatures(imp *model.ImportRequest) []string {
	d := &imp.Data
	var names []string
	for _, f := range d.Features {
		names = append(names, f.Name)
	}
	for _, s := range d.FeatureStrategies {
		if s.FeatureName != nil {
			names = append(names, *s.FeatureName)
		}
	}
	for _, e := range d.FeatureEnvironments {
		names = append(names, e.Name)
		if e.FeatureName != nil {
			names = append(names, *e.FeatureName)
		}
	}
	for _, tag := range d.FeatureTags {
		names = append(names, tag.FeatureName)
	}
	for _, dep := range d.Dependencies {
		names = append(names, dep.Feature)
		for _, p := range dep.Dependencies {
			names = append(names, p.Feature)
		}
	}
	for _, l := range d.Links {
		names = append(names, l.Feature)
	}
	return names
}

// refusalSeedFacts are the facts of the recorded instance: 8.2.0's default
// limits, its three active features, the environments of its projects
// (development and production in each, staging in default too), the
// strategy of existing-flag in development, the tag team:core, no change
// requests, no link templates, and a caller who holds every permission.
func refusalSeedFacts(in *Input, snap *model.Snapshot) ImportFacts {
	projectEnvs := map[string][]string{"default": {"development", "production", "staging"},
		"other": {"development", "production"}, "limited": {"development", "production"}}
	hasEnv := func(project, env string) bool {
		for _, e := range projectEnvs[project] {
			if e == env {
				return true
			}
		}
		return false
	}
	f := ImportFacts{Source: "the snapshot",
		Limits:             Known[ResourceLimits]{Value: DefaultResourceLimits, Known: true},
		ProjectArchived:    Known[bool]{Known: true},
		ProjectEnvironment: Known[bool]{Value: hasEnv(in.Project, in.Environment), Known: true},
		FeatureTypes: Known[map[string]bool]{Known: true, Value: map[string]bool{"release": true, "experiment": true,
			"operational": true, "kill-switch": true, "permission": true}},
		ChangeRequests: Known[ChangeRequests]{Known: true},
		LinkTemplates:  Known[[]LinkTemplate]{Known: true},
		Granted:        map[Permission]bool{PermCreateFeatureStrategy: true, PermSkipChangeRequest: true},
	}
	var active int64
	features := map[string]FeatureFacts{}
	for _, sf := range snap.Features {
		if !sf.Archived {
			active++
		}
		if _, named := in.Features[sf.Name]; named {
			ff := FeatureFacts{InEnvironment: hasEnv(sf.Project, in.Environment), Milestones: Known[int]{Known: true}}
			for _, e := range sf.StrategyEnvironments {
				if e == in.Environment {
					ff.Strategies = 1
				}
			}
			features[sf.Name] = ff
		}
	}
	f.ActiveFeatures = Known[int64]{Value: active, Known: true}
	f.Features = Known[map[string]FeatureFacts]{Value: features, Known: true}
	tags := map[model.SnapshotTag]bool{}
	for _, feat := range in.Import.Data.Features {
		if feat.FeatureDetails != nil && feat.Tags.Valid {
			for _, tag := range feat.Tags.Value {
				st := model.SnapshotTag{Type: tag.Type, Value: tag.Value}
				tags[st] = st == model.SnapshotTag{Type: "team", Value: "core"}
			}
		}
	}
	f.Tags = Known[map[model.SnapshotTag]bool]{Value: tags, Known: true}
	return f
}

// readRefusalAnswer reads the import's recorded answer to the case.
func readRefusalAnswer(t *testing.T, name string) refusalAnswer {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "import", name+".import.json"))
	if err != nil {
		t.Fatal(err)
	}
	var raw struct {
		Status int             `json:"status"`
		Body   json.RawMessage `json:"body"`
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		t.Fatalf("%s.import.json: %v", name, err)
	}
	a := refusalAnswer{Status: raw.Status}
	if raw.Status != 200 {
		if err := json.Unmarshal(raw.Body, &a.Body); err != nil {
			t.Fatalf("%s.import.json: body: %v", name, err)
		}
	}
	return a
}

// runRefusalCases runs check on each case: on a file the import refused,
// a finding at the case's pointer must carry the import's message; on a
// file it accepted, check must find nothing.
func runRefusalCases(t *testing.T, check func(*Input) []Issue, cases []refusalCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			answer := readRefusalAnswer(t, tc.name)
			in := refusalCaseInput(t, tc.name)
			found := check(in)
			if tc.at == "" && !tc.root && !tc.placeless {
				if answer.Status != 200 && !tc.other {
					t.Fatalf("the import refused the file (%d %s); the case names no place", answer.Status, answer.message())
				}
				if len(found) > 0 {
					t.Fatalf("the import accepted the file, the rule found %s", refusalDescribe(found))
				}
				return
			}
			if answer.Status == 200 {
				t.Fatalf("the import accepted the file")
			}
			want := answer.message()
			for _, is := range found {
				if is.Message != want && is.Message != answer.Body.Message {
					continue
				}
				if tc.placeless && len(is.Items) == 0 {
					return
				}
				for _, it := range is.Items {
					if tc.placeless && len(it.Locations) == 0 {
						return
					}
					for _, l := range it.Locations {
						if l.Pointer == tc.at {
							return
						}
					}
				}
			}
			t.Errorf("no finding at %s with the import's message\n want %q\n found %s", tc.at, want, refusalDescribe(found))
		})
	}
}

// refusalRule is a code of the import's category and the recorded files
// its check is run on.
type refusalRule struct {
	code Code
	// at is where the finding carrying the import's message is on each
	// file of refused, which the import refused for this rule.
	at      string
	refused []string
	// cases are further files, each with its own place.
	cases []refusalCase
	// accepted are files the import accepted, others files it refused
	// for a reason of another rule: the check must find nothing on them.
	accepted, others []string
}

// runRefusalRules runs, a subtest per code, the check the code table holds
// for each rule on the rule's files and on shared, the files of the group
// that no rule of it may report.
func runRefusalRules(t *testing.T, shared []refusalCase, rules []refusalRule) {
	t.Helper()
	for _, r := range rules {
		cases := slices.Clone(r.cases)
		for _, name := range r.refused {
			cases = append(cases, refusalCase{name: name, at: r.at})
		}
		for _, name := range r.accepted {
			cases = append(cases, refusalCase{name: name})
		}
		for _, name := range r.others {
			cases = append(cases, refusalCase{name: name, other: true})
		}
		t.Run(string(r.code), func(t *testing.T) { runRefusalCases(t, refusalCheck(t, r.code), append(cases, shared...)) })
	}
}

// refusalDescribe lists findings for a failure message.
func refusalDescribe(found []Issue) string {
	if len(found) == 0 {
		return "nothing"
	}
	var b strings.Builder
	for _, is := range found {
		for _, it := range is.Items {
			var ps []string
			for _, l := range it.Locations {
				ps = append(ps, l.Pointer)
			}
			b.WriteString("\n  " + strings.Join(ps, ",") + ": " + is.Message + " (" + it.Value + ")")
		}
	}
	return b.String()
}

// refusalProject is a pointer to a project id.
func refusalProject(id string) *string { return &id }

// refusalCheck is the check of a code of the import's category, which the
// code table must hold.
func refusalCheck(t *testing.T, code Code) func(*Input) []Issue {
	t.Helper()
	info, ok := lookup(code)
	if !ok || info.ruleCheck() == nil || info.Category == CategoryRule || info.Category == CategoryStructure {
		t.Fatalf("%s is no rule of the import's in the code table", code)
	}
	return info.ruleCheck()
}
