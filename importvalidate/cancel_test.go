package importvalidate_test

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/internal/testharness/exportgen"
)

// countdownCtx is a context that ends at the after-th look at Err: it
// stands for a client that disconnects while the validation runs, at a
// chosen point of the work and without a clock.
type countdownCtx struct {
	context.Context
	after int64
	looks atomic.Int64
}

func newCountdown(after int64) *countdownCtx {
	return &countdownCtx{Context: context.Background(), after: after}
}

func (c *countdownCtx) Err() error {
	if c.looks.Add(1) >= c.after {
		return context.Canceled
	}
	return nil
}

func (c *countdownCtx) Done() <-chan struct{} {
	if c.looks.Load() >= c.after {
		closed := make(chan struct{})
		close(closed)
		return closed
	}
	return nil
}

func (c *countdownCtx) Deadline() (time.Time, bool) { return time.Time{}, false }

// TestCancelledValidation: a validation whose context ends returns the
// context's error and no report, at every point of the work: the fast
// path, the slow path, the rules and the locating.
func TestCancelledValidation(t *testing.T) {
	v := mustNew(t, importvalidate.Options{Strict: true})
	bodies := map[string][]byte{
		"valid export":         exportgen.JSON(exportgen.Options{Features: 300, Seed: 7, ProblemShare: 0.2}),
		"unknown keys in data": manyKeysBody(objectPlaces()[1]),
		"wrong-typed features": wrongItems(),
	}
	for name, body := range bodies {
		t.Run(name, func(t *testing.T) {
			// How many looks the whole validation takes.
			full := newCountdown(1 << 62)
			if _, err := v.Validate(full, body, importvalidate.Target{Permissions: importvalidate.AllPermissions{}, RequestBody: true}); err != nil {
				t.Fatal(err)
			}
			looks := full.looks.Load()
			if looks < 3 {
				t.Fatalf("the validation looked at its context %d times", looks)
			}
			for _, after := range []int64{1, 2, looks / 4, looks / 2, looks - 1, looks} {
				ctx := newCountdown(after)
				rep, err := v.Validate(ctx, body, importvalidate.Target{Permissions: importvalidate.AllPermissions{}, RequestBody: true})
				if !errors.Is(err, context.Canceled) || rep != nil {
					t.Errorf("cancelled at look %d of %d: report %v, error %v; want context.Canceled", after, looks, rep != nil, err)
				}
				// A look that finds the end may be followed by one
				// that fetches its error; no more.
				if extra := ctx.looks.Load() - after; extra > 2 {
					t.Errorf("cancelled at look %d of %d: looked %d more times after the end", after, looks, extra)
				}
			}
		})
	}
}

// TestCancelledEarlyCostsLittle: a hostile body whose client has gone
// before the slow path starts allocates a small part of what its whole
// validation does.
func TestCancelledEarlyCostsLittle(t *testing.T) {
	v := mustNew(t, importvalidate.Options{})
	for name, body := range map[string][]byte{
		"unknown keys in data": manyKeysBody(objectPlaces()[1]),
		"wrong-typed features": wrongItems(),
		"object as project":    manyKeysValue(),
	} {
		t.Run(name, func(t *testing.T) {
			whole := measure(t, func() {
				_, _ = v.Validate(context.Background(), body, importvalidate.Target{Permissions: importvalidate.AllPermissions{}, RequestBody: true})
			})
			var err error
			cut := measure(t, func() {
				_, err = v.Validate(newCountdown(2), body, importvalidate.Target{Permissions: importvalidate.AllPermissions{}, RequestBody: true})
			})
			t.Logf("whole: %v; cancelled: %v", whole, cut)
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("error %v; want context.Canceled", err)
			}
			if cut.total > whole.total/10 {
				t.Errorf("cancelled validation allocated %d bytes, the whole one %d", cut.total, whole.total)
			}
		})
	}
}
