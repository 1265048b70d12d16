package adminhttp

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestLimiterHoldsNothingAfterFailing: an acquire that fails, for its
// deadline or its context, leaves every slot as it found it.
func TestLimiterHoldsNothingAfterFailing(t *testing.T) {
	l := newLimiter(2, 10*time.Millisecond)
	if cap(l.large) != 1 {
		t.Fatalf("large slots %d; want 1 of 2", cap(l.large))
	}
	// Both general slots taken by small bodies: a large one takes its
	// large slot, then times out waiting for a general one.
	for range 2 {
		if err := l.acquire(context.Background(), false); err != nil {
			t.Fatal(err)
		}
	}
	if err := l.acquire(context.Background(), true); !errors.Is(err, errBusy) {
		t.Fatalf("err %v; want errBusy", err)
	}
	if len(l.large) != 0 {
		t.Errorf("a failed acquire kept its large slot")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := l.acquire(ctx, true); !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v; want context.Canceled", err)
	}
	if len(l.large) != 0 || len(l.slots) != 2 {
		t.Errorf("slots %d, large %d after a cancelled acquire", len(l.slots), len(l.large))
	}
	l.release(false)
	l.release(false)
	if err := l.acquire(context.Background(), true); err != nil {
		t.Fatal(err)
	}
	if len(l.large) != 1 || len(l.slots) != 1 {
		t.Errorf("slots %d, large %d after a large acquire", len(l.slots), len(l.large))
	}
	l.release(true)
	if len(l.large) != 0 || len(l.slots) != 0 {
		t.Errorf("slots %d, large %d after release", len(l.slots), len(l.large))
	}
}

func TestRetryAfter(t *testing.T) {
	for d, want := range map[time.Duration]int{time.Millisecond: 1, time.Second: 1, 1500 * time.Millisecond: 2, 2 * time.Second: 2} {
		if got := newLimiter(1, d).retryAfter(); got != want {
			t.Errorf("timeout %v: Retry-After %d; want %d", d, got, want)
		}
	}
}
