package plan_test

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/importvalidate/plan"
	"github.com/flagadmin/flagadmin/internal/testharness/hostilebody"
	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
	"github.com/flagadmin/flagadmin/model"
)

// Each hostile plan body (internal/testharness/hostilebody) at the body limit is
// planned within a bound of memory: at most 64 times its size allocated
// in all, plus 8 MB. A plan's failures, its validation's findings, are
// listed up to the cap with their places and counted past it. (A body of
// a 127 000-character name and 128 500 segment ids once took all the
// memory there was: a failure per id, each with the whole name.)
func TestHostilePlanBodies(t *testing.T) {
	planner := mustPlanner(t, defaultSource(t))
	v := validatorOver(t, nil)
	for _, hb := range hostilebody.PlanBodies() {
		t.Run(hb.Name, func(t *testing.T) {
			body := hb.Build(hostilebody.PlanSize)
			rep := validated(t, v, body)
			var p *plan.Plan
			var err error
			allocated := testutil.Allocated(func() { p, err = planner.Plan(context.Background(), rep) })
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%d bytes: %.1f MB allocated, %d failures listed, %d more", len(body), float64(allocated)/1e6, len(p.Failures), p.MoreFailures)
			if limit := 64*uint64(len(body)) + 8<<20; allocated > limit {
				t.Errorf("allocated %d bytes for %d; want at most %d", allocated, len(body), limit)
			}
			if len(p.Failures) > plan.DefaultMaxFailures {
				t.Errorf("%d failures listed; want at most %d", len(p.Failures), plan.DefaultMaxFailures)
			}
			for _, f := range p.Failures {
				if f.Location.Offset < 0 {
					t.Errorf("failure without its place: %.300s", f)
				}
			}
		})
	}
	t.Run("segments of a long name, the failures", func(t *testing.T) {
		p, err := planner.Plan(context.Background(), validated(t, v, hostilebody.PlanSegments(hostilebody.PlanSize)))
		var codes []string
		for _, f := range p.Failures {
			codes = append(codes, string(f.Code)+" "+f.Location.Pointer)
		}
		want := []string{"import-feature-name-invalid /data/features/0/name",
			"import-strategy-too-many-segments /data/featureStrategies/0/segments",
			"import-strategy-segment-not-listed /data/featureStrategies/0/segments/0"}
		if err != nil || !slices.Equal(codes, want) || p.MoreFailures != 0 {
			t.Errorf("failures %q, %d more (%v); want %q", codes, p.MoreFailures, err, want)
		}
	})
	t.Run("links of a long name, the failures", func(t *testing.T) {
		body := hostilebody.PlanLinks(hostilebody.PlanSize)
		rep := validated(t, v, body)
		p, err := planner.Plan(context.Background(), rep)
		// Each link's URL fails, and each past the tenth; the plan lists the
		// first of the report's import errors and counts them all.
		errs := 0
		for _, d := range rep.Diagnostics() {
			if d.Severity == importvalidate.SeverityError && d.Category == importvalidate.CategoryImport {
				errs++
			}
		}
		links := strings.Count(string(body), `"url":`)
		if err != nil || len(p.Failures) != plan.DefaultMaxFailures || p.MoreFailures != errs-plan.DefaultMaxFailures || errs < links || !p.Refused() {
			t.Errorf("%d failures and %d more (%v); want %d and %d, for %d links", len(p.Failures), p.MoreFailures, err,
				plan.DefaultMaxFailures, errs-plan.DefaultMaxFailures, links)
		}
		var text strings.Builder
		if err := plan.WriteText(&text, p, plan.TextOptions{}); err != nil {
			t.Fatal(err)
		}
		want := "Plan: the import will be refused (" + strconv.Itoa(errs) + " errors); nothing changes.\n"
		if !strings.HasSuffix(text.String(), want) || !strings.Contains(text.String(), "error: "+strconv.Itoa(p.MoreFailures)+" more\n") {
			t.Errorf("text ends %q; want the count of all failures", text.String()[max(0, text.Len()-200):])
		}
	})
}

// Options.MaxFailures sets the cap; a negative one is refused.
func TestMaxFailures(t *testing.T) {
	p, err := plan.New(plan.Options{Source: defaultSource(t), MaxFailures: 3})
	if err != nil {
		t.Fatal(err)
	}
	got, err := p.Plan(context.Background(), validated(t, validatorOver(t, nil), hostilebody.PlanLinks(4000)))
	if err != nil || len(got.Failures) != 3 || got.MoreFailures == 0 {
		t.Errorf("%d failures, %d more (%v); want 3 and some", len(got.Failures), got.MoreFailures, err)
	}
	if _, err := plan.New(plan.Options{Source: defaultSource(t), MaxFailures: -1}); err == nil {
		t.Error("MaxFailures -1 accepted")
	}
}

// A plan whose context ends stops and returns the context's error, at
// any step of a long file, never a plan of part of it: with a context
// that ends as the plan begins, and with one that ends after the plan
// looked at it three times (after 512 steps of a loop over the file's
// items: the segments of a long name, too, are a loop over its ids).
func TestPlanStopsWithItsContext(t *testing.T) {
	planner := mustPlanner(t, defaultSource(t))
	for _, hb := range hostilebody.PlanBodies() {
		imp := decoded(t, hb.Build(64<<10))
		for _, looks := range []int{0, 3} {
			ctx := &endingContext{Context: context.Background(), looks: looks}
			if p, err := planner.Plan(ctx, reportOf(imp)); !errors.Is(err, context.Canceled) {
				t.Errorf("%s, ending after %d looks: plan %v, err %v; want context.Canceled", hb.Name, looks, p != nil, err)
			}
		}
	}
}

// endingContext is a context that has ended once Err was called looks
// times.
type endingContext struct {
	context.Context
	looks int
}

func (c *endingContext) Err() error {
	if c.looks > 0 {
		c.looks--
		return nil
	}
	return context.Canceled
}

// defaultSource is the MemoryState of the embedded default state, which
// the hostile bodies refer to.
func defaultSource(t *testing.T) *importvalidate.MemoryState {
	t.Helper()
	snap, err := model.DefaultSnapshot()
	if err != nil {
		t.Fatal(err)
	}
	return memorySource(t, snap)
}
