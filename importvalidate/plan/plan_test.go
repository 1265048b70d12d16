package plan_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"iter"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/importvalidate/plan"
	"github.com/flagadmin/flagadmin/model"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// staticSource answers every query with the same state, as it is, and
// counts its calls.
type staticSource struct {
	snap  *model.Snapshot
	calls int
}

func (s *staticSource) Read(_ context.Context, q importvalidate.Query) (*importvalidate.Reading, error) {
	s.calls++
	return readingOf(s.snap, q.Project), nil
}

// readingOf is the Reading whose snapshot (Reading.Snapshot) is s, as it
// is, with the defaults of project.
func readingOf(s *model.Snapshot, project string) *importvalidate.Reading {
	if s == nil {
		return &importvalidate.Reading{}
	}
	r := &importvalidate.Reading{Features: s.Features, FeatureConfigs: s.FeatureConfigs, ContextFields: s.ContextFields, Segments: s.Segments}
	for _, t := range s.TagTypes {
		r.TagTypes = append(r.TagTypes, t.Name)
	}
	for i := range s.ProjectDefaults {
		if s.ProjectDefaults[i].Project == project {
			r.ProjectDefaults = &s.ProjectDefaults[i]
		}
	}
	return r
}

type planCase struct {
	Current *model.Snapshot `json:"current"`
	Import  json.RawMessage `json:"import"`
}

// planOfCase plans the case of file, testdata/cases/NAME.json: its import
// validated over the instance its current configuration describes
// (validatorOver), then planned over that configuration, with one call to
// the source.
func planOfCase(t *testing.T, file string) *plan.Plan {
	t.Helper()
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var c planCase
	if err := json.Unmarshal(raw, &c); err != nil {
		t.Fatal(err)
	}
	src := &staticSource{snap: c.Current}
	p, err := mustPlanner(t, src).Plan(context.Background(), validated(t, validatorOver(t, c.Current), c.Import))
	if err != nil {
		t.Fatal(err)
	}
	if src.calls != 1 {
		t.Errorf("%d calls to the source, want 1", src.calls)
	}
	plan.LocateNotes(p, c.Import)
	return p
}

// TestGolden plans each testdata/cases/*.json (a current configuration
// and an import) and compares the text and the JSON of the plan with the
// .golden file next to it; -update rewrites them.
func TestGolden(t *testing.T) {
	for _, file := range caseFiles(t) {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".json"), func(t *testing.T) {
			p := planOfCase(t, file)
			var got bytes.Buffer
			if err := plan.WriteText(&got, p, plan.TextOptions{}); err != nil {
				t.Fatal(err)
			}
			js, _ := json.MarshalIndent(p, "", "  ")
			got.WriteString("\n")
			got.Write(js)
			got.WriteString("\n")
			checkGolden(t, strings.TrimSuffix(file, ".json")+".golden", got.Bytes())
		})
	}
}

// checkGolden compares got with the file golden, or rewrites the file
// with -update.
func checkGolden(t *testing.T, golden string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(string(want), string(got)); d != "" {
		t.Errorf("%s differs (-want +got):\n%s", golden, d)
	}
}

// caseFiles returns the files testdata/cases/*.json, and fails tb when
// there are none.
func caseFiles(tb testing.TB) []string {
	tb.Helper()
	files, err := filepath.Glob("testdata/cases/*.json")
	if err != nil || len(files) == 0 {
		tb.Fatalf("no cases: %v", err)
	}
	return files
}

func mustPlanner(t testing.TB, src importvalidate.State) *plan.Planner {
	t.Helper()
	p, err := plan.New(plan.Options{Source: src})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// memorySource returns the MemoryState of s, and fails tb when
// NewMemoryState refuses s.
func memorySource(tb testing.TB, s *model.Snapshot) *importvalidate.MemoryState {
	tb.Helper()
	src, err := importvalidate.NewMemoryState(s)
	if err != nil {
		tb.Fatal(err)
	}
	return src
}

// A plan of a file over the configuration the file itself describes says
// unchanged for every feature.
func TestPlanOfOwnExportIsUnchanged(t *testing.T) {
	for imp, first := range importableFiles(t, &gen{r: newRand(1), prefix: "own-", segment: 9000}, 50) {
		// The configuration after the import, as Current.
		cur := &plan.Current{ContextFields: first.ContextFields, TagTypes: first.TagTypes}
		cur.Features = plan.Applied("default", "development", &imp.Data, &plan.Current{})
		mustLeaveUnchanged(t, plan.Compute("default", "development", &imp.Data, cur), "")
	}
}

// importableFiles yields n files of g, each with its plan over an
// instance without features, leaving out the files whose import would be
// refused: those whose validation over such an instance (with the context
// field, segment and tag type the files use) finds a failure.
func importableFiles(tb testing.TB, g *gen, n int) iter.Seq2[*model.ImportRequest, *plan.Plan] {
	v := validatorOver(tb, &model.Snapshot{
		ContextFields: []model.SnapshotContextField{{Name: "region", LegalValues: []model.LegalValue{{Value: "eu"}, {Value: "us"}}}},
		Segments:      []model.SnapshotSegment{{ID: int64(g.segment), Name: "beta-users"}},
		TagTypes:      []model.SnapshotTagType{{Name: "team"}}})
	planner := mustPlanner(tb, &staticSource{snap: &model.Snapshot{}})
	return func(yield func(*model.ImportRequest, *plan.Plan) bool) {
		for range n {
			imp := g.file()
			rep, err := v.ValidateImport(context.Background(), imp, importvalidate.Target{Permissions: importvalidate.AllPermissions{}})
			if err != nil {
				tb.Fatal(err)
			}
			first, err := planner.Plan(context.Background(), rep)
			if err != nil {
				tb.Fatal(err)
			}
			if first.Refused() {
				continue
			}
			if !yield(imp, first) {
				return
			}
		}
	}
}

// mustLeaveUnchanged fails t unless p leaves each feature unchanged or
// skips it; the failure's message ends with extra.
func mustLeaveUnchanged(t *testing.T, p *plan.Plan, extra string) {
	t.Helper()
	for _, f := range p.Features {
		if f.Action != plan.Unchanged && f.Action != plan.Skip {
			t.Fatalf("%s: %s %+v%s", f.Name, f.Action, f.Changes, extra)
		}
	}
}

func TestNew(t *testing.T) {
	if _, err := plan.New(plan.Options{}); err == nil {
		t.Error("New without a Source succeeded")
	}
}

// A source's error aborts the plan and is wrapped.
func TestSourceError(t *testing.T) {
	p := mustPlanner(t, errSource{})
	if _, err := p.Plan(context.Background(), reportOf(&model.ImportRequest{})); err == nil || !strings.Contains(err.Error(), "boom") {
		t.Errorf("err = %v", err)
	}
	// A report without an import (the body failed the structural tier)
	// has no plan.
	for _, rep := range []*importvalidate.Report{nil, {Project: "default", Environment: "development"}} {
		if _, err := p.Plan(context.Background(), rep); !errors.Is(err, plan.ErrNoImport) {
			t.Errorf("a report without an import: err = %v; want ErrNoImport", err)
		}
	}
}

type errSource struct{}

func (errSource) Read(context.Context, importvalidate.Query) (*importvalidate.Reading, error) {
	return nil, errBoom
}

var errBoom = &boomError{}

type boomError struct{}

func (*boomError) Error() string { return "boom" }

// The query names every feature, context field and tag type of the file,
// the features its links name and the context fields its constraints
// name, once each, in the file's order; the target
// of the validation (its overrides of the file's project and
// environment) is the plan's.
func TestQuery(t *testing.T) {
	var got importvalidate.Query
	src := querySource{q: &got}
	constraints := []model.Constraint{{ContextName: "userId"}, {ContextName: "c"}, {ContextName: "userId"}}
	imp := &model.ImportRequest{Project: "p", Environment: "e", Data: model.ExportData{
		Features:          []model.Feature{{Name: "a"}, {Name: "b"}},
		ContextFields:     []model.ContextField{{Name: "c"}},
		FeatureStrategies: []model.Strategy{{Name: "default", FeatureName: ptr("a"), Constraints: &constraints}},
		TagTypes:          []model.TagType{{Name: "t"}},
		Links:             []model.FeatureLinks{{Feature: "x"}, {Feature: "b"}, {Feature: "x"}, {Feature: "y"}, {Feature: "a"}}}}
	rep, err := newDecoder(t).ValidateImport(context.Background(), imp, importvalidate.Target{Environment: "prod", Permissions: importvalidate.AllPermissions{}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := mustPlanner(t, src).Plan(context.Background(), rep); err != nil {
		t.Fatal(err)
	}
	want := importvalidate.Query{Project: "p", Environment: "prod", Features: []string{"a", "b", "x", "y"}, ContextFields: []string{"c", "userId"}, TagTypes: []string{"t"},
		Want: importvalidate.PartConfigs}
	if d := cmp.Diff(want, got); d != "" {
		t.Error(d)
	}
}

type querySource struct{ q *importvalidate.Query }

func (s querySource) Read(_ context.Context, q importvalidate.Query) (*importvalidate.Reading, error) {
	*s.q = q
	return nil, nil
}

// A feature's tags and parents keep their first place however many there
// are: a tag given twice is added once, a parent given twice takes the
// place of the first, and an existing parent is replaced where it is.
func TestManyTagsAndParents(t *testing.T) {
	d := model.ExportData{Features: []model.Feature{{Name: "f", Project: ptr("default")}}}
	var wantTags []model.SnapshotTag
	var wantDeps []plan.Dependency
	for i := range 20 {
		v := "v" + strconv.Itoa(i)
		d.FeatureTags = append(d.FeatureTags, model.FeatureTag{FeatureName: "f", TagType: ptr("team"), TagValue: v},
			model.FeatureTag{FeatureName: "f", TagType: ptr("team"), TagValue: v})
		wantTags = append(wantTags, model.SnapshotTag{Type: "team", Value: v})
		p := "p" + strconv.Itoa(i)
		d.Dependencies = append(d.Dependencies, model.FeatureDependencies{Feature: "f", Dependencies: []model.ParentDependency{{Feature: p}}})
		wantDeps = append(wantDeps, plan.Dependency{Feature: p, Enabled: true})
	}
	// Given again, disabled: in its first place.
	d.Dependencies = append(d.Dependencies, model.FeatureDependencies{Feature: "f", Dependencies: []model.ParentDependency{
		{Feature: "p3", Enabled: ptr(false)}, {Feature: "old", Enabled: ptr(false)}}})
	wantDeps[3].Enabled = false
	existing := plan.Config{Name: "f", Project: "default", Type: "release"}
	for i := range 12 {
		existing.Dependencies = append(existing.Dependencies, plan.Dependency{Feature: "e" + strconv.Itoa(i), Enabled: true})
	}
	existing.Dependencies = append(existing.Dependencies, plan.Dependency{Feature: "old", Enabled: true})
	got := plan.Applied("default", "development", &d, &plan.Current{Features: []plan.Config{existing}})
	if len(got) != 1 {
		t.Fatalf("%d features", len(got))
	}
	if diff := cmp.Diff(wantTags, got[0].Tags); diff != "" {
		t.Errorf("tags (-want +got):\n%s", diff)
	}
	// The file's parents replace the feature's own.
	if diff := cmp.Diff(append(wantDeps, plan.Dependency{Feature: "old"}), got[0].Dependencies); diff != "" {
		t.Errorf("parents (-want +got):\n%s", diff)
	}
}
