package unleashdb_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/importvalidate/plan"
	"github.com/flagadmin/flagadmin/internal/testharness/statetest"
	"github.com/flagadmin/flagadmin/model"
)

// The database's answer to a plan's query is the answer of the
// MemoryState built from the database's snapshot with configurations,
// and it reads the reference's seeded feature as the seed made it.
func TestCurrentEqualsSnapshotSource(t *testing.T) {
	db := sharedInParallel(t)
	ctx := context.Background()
	mem, err := importvalidate.NewMemoryState(configSnapshot(t, db))
	if err != nil {
		t.Fatal(err)
	}
	for _, env := range []string{"development", "production"} {
		q := importvalidate.Query{Project: "default", Environment: env,
			Features:      []string{"existing-flag", "archived-flag", "other-flag", "no-such-flag"},
			ContextFields: []string{"region", "nope"}, TagTypes: []string{"team", "simple", "nope"}}
		got, want := answers(t, q, statetest.With(db, statetest.Current), statetest.With(mem, statetest.Current))
		// Either may list names in its own order.
		if d := cmp.Diff(want, got, cmpopts.EquateEmpty(),
			cmpopts.SortSlices(func(a, b model.SnapshotFeature) bool { return a.Name < b.Name }),
			cmpopts.SortSlices(func(a, b model.SnapshotFeatureConfig) bool { return a.Feature < b.Feature }),
			cmpopts.SortSlices(func(a, b model.SnapshotContextField) bool { return a.Name < b.Name }),
			cmpopts.SortSlices(func(a, b model.SnapshotTagType) bool { return a.Name < b.Name })); d != "" {
			t.Errorf("%s (-snapshot +database):\n%s", env, d)
		}
	}
	got, err := statetest.Current(ctx, db, importvalidate.Query{Project: "default", Environment: "development", Features: []string{"existing-flag"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Features) != 1 || len(got.FeatureConfigs) != 1 || len(got.FeatureConfigs[0].Environments) != 1 {
		t.Fatalf("features %+v, configurations %+v", got.Features, got.FeatureConfigs)
	}
	f := got.FeatureConfigs[0]
	st := f.Environments[0].Strategies
	if len(st) != 1 || st[0].Name != "flexibleRollout" || st[0].Parameters == nil || (*st[0].Parameters)["rollout"] != "50" ||
		st[0].Segments == nil || len(*st[0].Segments) != 1 || !slices.ContainsFunc(got.Segments, func(s model.SnapshotSegment) bool {
		return float64(s.ID) == (*st[0].Segments)[0] && s.Name == "beta-users"
	}) {
		t.Errorf("existing-flag's strategies: %+v", st)
	}
	if !slices.Contains(f.Tags, model.SnapshotTag{Type: "team", Value: "core"}) {
		t.Errorf("existing-flag's tags: %+v", f.Tags)
	}
}

// A plan's lookup makes as many queries for 10 features as for 10 000.
func TestCurrentQueriesConstant(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	count := func(n int) int64 {
		var c queryCounter
		db := openDB(t, "unleash", &c)
		q := importvalidate.Query{Project: "default", Environment: "development", ContextFields: []string{"region"}, TagTypes: []string{"team"}}
		for i := range n {
			q.Features = append(q.Features, fmt.Sprintf("gen-%d", i))
		}
		q.Features = append(q.Features, "existing-flag")
		if _, err := statetest.Current(ctx, db, q); err != nil {
			t.Fatal(err)
		}
		return c.n.Load()
	}
	if a, b := count(10), count(10000); a != b {
		t.Errorf("%d queries for 10 features, %d for 10 000", a, b)
	}
}

// A plan over the database of an import whose names no PostgreSQL text
// can hold (NUL, an unpaired surrogate) does not fail: such names are
// never sent, so they are absent, as on a snapshot.
func TestPlanUnstorableNames(t *testing.T) {
	db := sharedInParallel(t)
	planner, err := plan.New(plan.Options{Source: db})
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"\u0000", "\xed\xa0\x80"} {
		for _, where := range []string{"feature", "context field", "tag type", "project", "environment"} {
			imp := &model.ImportRequest{Project: "default", Environment: "development"}
			d := &imp.Data
			d.Features = []model.Feature{{Name: "existing-flag"}, {Name: "new-flag"}}
			switch where {
			case "feature":
				d.Features = append(d.Features, model.Feature{Name: "f" + bad})
			case "context field":
				d.ContextFields = []model.ContextField{{Name: "c" + bad}}
			case "tag type":
				d.TagTypes = []model.TagType{{Name: "t" + bad}}
			case "project":
				imp.Project = "p" + bad
			case "environment":
				imp.Environment = "e" + bad
			}
			if _, err := planner.Plan(context.Background(), &importvalidate.Report{Project: imp.Project, Environment: imp.Environment, Import: imp}); err != nil {
				t.Errorf("%q in a %s: %v", bad, where, err)
			}
		}
	}
}

// A feature's strategies come in the order Unleash evaluates them
// (sortStrategies): by sort order, then by id (a ULID: upper-case
// letters and digits), whatever the order of their rows or their
// creation times.
func TestCurrentStrategyOrder(t *testing.T) {
	name := cloneInParallel(t)
	exec(t, name, `DELETE FROM feature_strategy_segment; DELETE FROM feature_strategies WHERE feature_name = 'existing-flag';
		INSERT INTO feature_strategies (id, feature_name, project_name, environment, strategy_name, sort_order, created_at, title) VALUES
		('01B', 'existing-flag', 'default', 'development', 'default', 1, '2026-01-01', 'second'),
		('01A', 'existing-flag', 'default', 'development', 'default', 1, '2026-01-02', 'first'),
		('01C', 'existing-flag', 'default', 'development', 'default', 0, '2026-01-03', 'zeroth')`)
	db := openDB(t, name, nil)
	cur, err := statetest.Current(context.Background(), db, importvalidate.Query{Project: "default", Environment: "development", Features: []string{"existing-flag"}})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range cur.FeatureConfigs[0].Environments[0].Strategies {
		got = append(got, *s.Title.Ptr())
	}
	if want := []string{"zeroth", "first", "second"}; !slices.Equal(got, want) {
		t.Errorf("order %v; want %v", got, want)
	}
}
