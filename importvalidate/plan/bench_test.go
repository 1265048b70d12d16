package plan_test

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/importvalidate/plan"
	"github.com/flagadmin/flagadmin/internal/testharness/statetest"
	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
	"github.com/flagadmin/flagadmin/model"
)

// benchBody is an import of n features into default/development: each
// with a strategy (a constraint on region, the segment beta-users), a
// status with variants, a tag and a link; every other feature exists, half
// of those unchanged, and each feature past the first depends on the first.
func benchBody(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"project":"default","environment":"development","data":{"features":[`)
	writeList(&b, 0, n, func(i int) {
		fmt.Fprintf(&b, `{"name":"bench-%d","project":"default","type":"release","description":"feature %d"}`, i, i)
	})
	b.WriteString(`],"featureStrategies":[`)
	writeList(&b, 0, n, func(i int) {
		fmt.Fprintf(&b, `{"name":"flexibleRollout","featureName":"bench-%d","parameters":{"rollout":"%d","stickiness":"default","groupId":"bench-%d"},`+
			`"constraints":[{"contextName":"region","operator":"IN","values":["eu"]}],"segments":[1]}`, i, 50+i%4, i)
	})
	b.WriteString(`],"featureEnvironments":[`)
	writeList(&b, 0, n, func(i int) {
		fmt.Fprintf(&b, `{"name":"bench-%d","featureName":"bench-%d","environment":"development","enabled":true,`+
			`"variants":[{"name":"a","weight":500,"weightType":"variable","stickiness":"default"},{"name":"b","weight":500,"weightType":"variable","stickiness":"default"}]}`, i, i)
	})
	b.WriteString(`],"contextFields":[{"name":"region","legalValues":[{"value":"eu"},{"value":"us"}]}],"featureTags":[`)
	writeList(&b, 0, n, func(i int) {
		fmt.Fprintf(&b, `{"featureName":"bench-%d","tagType":"team","tagValue":"v%d"}`, i, i%10)
	})
	b.WriteString(`],"segments":[{"id":1,"name":"beta-users"}],"tagTypes":[{"name":"team"}],"dependencies":[`)
	writeList(&b, 1, n, func(i int) {
		fmt.Fprintf(&b, `{"feature":"bench-%d","dependencies":[{"feature":"bench-0"}]}`, i)
	})
	b.WriteString(`],"links":[`)
	writeList(&b, 0, n, func(i int) {
		fmt.Fprintf(&b, `{"feature":"bench-%d","links":[{"url":"https://example.com/bench-%d","title":"docs"}]}`, i, i)
	})
	b.WriteString(`]}}`)
	return []byte(b.String())
}

// writeList writes item(i) for each i from first up to n, separated by
// commas.
func writeList(b *strings.Builder, first, n int, item func(i int)) {
	for i := first; i < n; i++ {
		if i > first {
			b.WriteByte(',')
		}
		item(i)
	}
}

// benchState is the snapshot the benchmarks run on: what benchBody
// refers to, and every other feature of it, configured as the file says
// for half of those and otherwise for the rest.
func benchState(tb testing.TB, body []byte, n int) *model.Snapshot {
	tb.Helper()
	s := &model.Snapshot{
		Environments:  []model.SnapshotEnvironment{{Name: "development"}},
		Projects:      []model.SnapshotProject{{ID: "default"}},
		Strategies:    []model.SnapshotStrategy{{Name: "flexibleRollout", BuiltIn: true}},
		ContextFields: []model.SnapshotContextField{{Name: "region", LegalValues: []model.LegalValue{{Value: "eu"}, {Value: "us"}}}},
		Segments:      []model.SnapshotSegment{{ID: 1, Name: "beta-users"}},
		TagTypes:      []model.SnapshotTagType{{Name: "team"}},
	}
	imp := decoded(tb, body)
	p, err := mustPlanner(tb, &staticSource{snap: &model.Snapshot{}}).Plan(context.Background(), reportOf(imp))
	if err != nil || len(p.Failures) > 0 {
		tb.Fatal(err, p.Failures)
	}
	for i, c := range plan.Applied("default", "development", &imp.Data, nil) {
		if i%2 == 1 {
			continue
		}
		if i%4 == 2 {
			c.Enabled = false
		}
		s.Features = append(s.Features, model.SnapshotFeature{Name: c.Name, Project: "default"})
		s.FeatureConfigs = append(s.FeatureConfigs, plan.SnapshotConfig(c, "development", map[string]float64{"beta-users": 1}))
	}
	return s
}

// countingSource counts the reads of a plan.
type countingSource struct {
	importvalidate.State
	n atomic.Int64
}

func (c *countingSource) Read(ctx context.Context, q importvalidate.Query) (*importvalidate.Reading, error) {
	c.n.Add(1)
	return c.State.Read(ctx, q)
}

// A plan of 10 features and a plan of 10 000 make the same number of
// lookups: one.
func TestLookupsConstant(t *testing.T) {
	for _, n := range []int{10, 10000} {
		body := benchBody(n)
		src := &countingSource{State: memorySource(t, benchState(t, body, n))}
		p, err := mustPlanner(t, src).Plan(context.Background(), reportOf(decoded(t, body)))
		if err != nil {
			t.Fatal(err)
		}
		if got := src.n.Load(); got != 1 {
			t.Errorf("%d features: %d lookups, want 1", n, got)
		}
		c := p.Count()
		if c.Create+c.Update+c.Unchanged != n || c.Unchanged == 0 || c.Update == 0 || c.Create == 0 {
			t.Errorf("%d features: %+v", n, c)
		}
	}
}

func benchPlanAndValidate(b *testing.B, n int) {
	body := benchBody(n)
	snap := benchState(b, body, n)
	planner, v := plannerAndValidator(b, snap)
	planAndValidate(b, planner, v, body)
}

// plannerAndValidator returns a Planner and a Validator over snap.
func plannerAndValidator(b *testing.B, snap *model.Snapshot) (*plan.Planner, *importvalidate.Validator) {
	// The validation the plan is weighed against is the reference's: the
	// import's own checks refuse some of these bodies (more features than
	// the instance's limit, names that are not URL friendly), and their
	// cost is measured by importvalidate's BenchmarkValidateRefusals.
	v := statetest.Validator(b, snap, importvalidate.Options{Disable: statetest.ImportCodes()})
	return mustPlanner(b, memorySource(b, snap)), v
}

// planAndValidate benchmarks the plan of body and its validation, which
// must find no error, in two sub-benchmarks. The plan is of the import
// the validation decoded (Report.Import), as a plan follows its
// validation: it does not decode the body again.
func planAndValidate(b *testing.B, planner *plan.Planner, v *importvalidate.Validator, body []byte) {
	ctx := context.Background()
	b.Run("plan", func(b *testing.B) {
		imp := decoded(b, body)
		b.ReportAllocs()
		b.SetBytes(int64(len(body)))
		cpu := testutil.StartCPU(b, len(body))
		for b.Loop() {
			if _, err := planner.Plan(ctx, reportOf(imp)); err != nil {
				b.Fatal(err)
			}
		}
		cpu.Report()
	})
	b.Run("validate", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(body)))
		cpu := testutil.StartCPU(b, len(body))
		for b.Loop() {
			rep, err := v.Validate(ctx, body, importvalidate.Target{Permissions: importvalidate.AllPermissions{}})
			if err != nil || rep.HasErrors() {
				b.Fatal(err, rep.Summary())
			}
		}
		cpu.Report()
	})
}

// BenchmarkPlan compares a plan with the validation of the same file:
// go test ./importvalidate/plan -run '^$' -bench . -benchtime 20x
func BenchmarkPlan10(b *testing.B)    { benchPlanAndValidate(b, 10) }
func BenchmarkPlan10000(b *testing.B) { benchPlanAndValidate(b, 10000) }
