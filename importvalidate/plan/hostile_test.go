package plan_test

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/flagadmin/flagadmin/importvalidate/plan"
	"github.com/flagadmin/flagadmin/internal/testharness/hostilebody"
	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
	"github.com/flagadmin/flagadmin/model"
)

// Each hostile plan body (internal/testharness/hostilebody) at the body limit is
// planned within a bound of memory: at most 64 times its size allocated
// in all, plus 8 MB. A plan's failures are listed up to the cap and
// counted past it, each naming the feature in at most 64 bytes. (A body
// of a 127 000-character name and 128 500 segment ids once took all the
// memory there was: a failure per id, each with the whole name.)
func TestHostilePlanBodies(t *testing.T) {
	planner := mustPlanner(t, defaultSource(t))
	for _, hb := range hostilebody.PlanBodies() {
		t.Run(hb.Name, func(t *testing.T) {
			body := hb.Build(hostilebody.PlanSize)
			imp := decoded(t, body)
			var p *plan.Plan
			var err error
			allocated := testutil.Allocated(func() { p, err = planner.Plan(context.Background(), imp, plan.Target{}) })
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
				if len(f) > 300 || !utf8.ValidString(f) {
					t.Fatalf("failure of %d bytes: %.300q", len(f), f)
				}
			}
		})
	}
	t.Run("segments of a long name, the failure", func(t *testing.T) {
		p, err := planner.Plan(context.Background(), decoded(t, hostilebody.PlanSegments(hostilebody.PlanSize)), plan.Target{})
		if err != nil || len(p.Failures) != 1 || !strings.Contains(p.Failures[0], `segments; at most 5`) ||
			!strings.Contains(p.Failures[0], strings.Repeat("n", 63)+`…"`) {
			t.Errorf("failures %q (%v); want one: too many segments, the name cut", p.Failures, err)
		}
	})
	t.Run("links of a long name, the failures", func(t *testing.T) {
		body := hostilebody.PlanLinks(hostilebody.PlanSize)
		p, err := planner.Plan(context.Background(), decoded(t, body), plan.Target{})
		links := strings.Count(string(body), `"url":`)
		// Each link's URL fails.
		if err != nil || len(p.Failures) != plan.DefaultMaxFailures || p.MoreFailures != links-plan.DefaultMaxFailures || !p.Refused() {
			t.Errorf("%d failures and %d more (%v); want %d and %d", len(p.Failures), p.MoreFailures, err,
				plan.DefaultMaxFailures, links-plan.DefaultMaxFailures)
		}
		var text strings.Builder
		if err := plan.WriteText(&text, p, plan.TextOptions{}); err != nil {
			t.Fatal(err)
		}
		want := "Plan: the import will be refused (" + strconv.Itoa(links) + " errors); nothing changes.\n"
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
	got, err := p.Plan(context.Background(), decoded(t, hostilebody.PlanLinks(4000)), plan.Target{})
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
// items; the segments of a long name make no such loop).
func TestPlanStopsWithItsContext(t *testing.T) {
	planner := mustPlanner(t, defaultSource(t))
	for _, hb := range hostilebody.PlanBodies() {
		imp := decoded(t, hb.Build(64<<10))
		for _, looks := range []int{0, 3} {
			if looks > 0 && hb.Name == "segments of a long name" {
				continue
			}
			ctx := &endingContext{Context: context.Background(), looks: looks}
			if p, err := planner.Plan(ctx, imp, plan.Target{}); !errors.Is(err, context.Canceled) {
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

// defaultSource is the MemorySource of the embedded default state, which
// the hostile bodies refer to.
func defaultSource(t *testing.T) *plan.MemorySource {
	t.Helper()
	snap, err := model.DefaultSnapshot()
	if err != nil {
		t.Fatal(err)
	}
	return memorySource(t, snap)
}
