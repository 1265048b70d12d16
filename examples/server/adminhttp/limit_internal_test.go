package adminhttp

import (
	"context"
	"errors"
	"sync"
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
	var small [2]lease
	for i := range small {
		var err error
		if small[i], err = l.acquire(context.Background(), false); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := l.acquire(context.Background(), true); !errors.Is(err, errBusy) {
		t.Fatalf("err %v; want errBusy", err)
	}
	if len(l.large) != 0 {
		t.Errorf("a failed acquire kept its large slot")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := l.acquire(ctx, true); !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v; want context.Canceled", err)
	}
	if len(l.large) != 0 || len(l.slots) != 2 {
		t.Errorf("slots %d, large %d after a cancelled acquire", len(l.slots), len(l.large))
	}
	if _, err := l.acquire(ctx, false); !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v; want context.Canceled", err)
	}
	if l.small != 2 {
		t.Errorf("%d small validations counted; want the 2 in flight", l.small)
	}
	small[0].release()
	small[1].release()
	if l.small != 0 {
		t.Errorf("%d small validations counted after their release", l.small)
	}
	l.lastSmall = time.Time{} // no small validation ran beside the next
	big, err := l.acquire(context.Background(), true)
	if err != nil {
		t.Fatal(err)
	}
	if len(l.large) != 1 || len(l.slots) != 1 {
		t.Errorf("slots %d, large %d after a large acquire", len(l.slots), len(l.large))
	}
	big.release()
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

// fakeClock is a limiter's clock that moves only when told. The hold's
// sleeps are announced on slept and end when wake is sent.
type fakeClock struct {
	mu    sync.Mutex
	t     time.Time
	slept chan time.Duration
	wake  chan struct{}
}

func newFakeClock(l *limiter) *fakeClock {
	c := &fakeClock{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), slept: make(chan time.Duration), wake: make(chan struct{})}
	l.now, l.sleep = c.now, c.sleepFor
	return c
}

func (c *fakeClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func (c *fakeClock) sleepFor(d time.Duration) {
	c.slept <- d
	<-c.wake
}

// nextSleep waits for the hold to sleep and returns how long it asked for.
func (c *fakeClock) nextSleep(t *testing.T) time.Duration {
	t.Helper()
	select {
	case d := <-c.slept:
		return d
	case <-time.After(10 * time.Second):
		t.Fatal("the hold did not sleep")
		return 0
	}
}

// step moves the clock by d and wakes the hold. It reports whether the
// hold then freed the large slot, or else how long it sleeps next.
func (c *fakeClock) step(t *testing.T, l *limiter, d time.Duration) (next time.Duration, freed bool) {
	t.Helper()
	c.advance(d)
	c.wake <- struct{}{}
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		select {
		case next := <-c.slept:
			return next, false
		default:
		}
		if len(l.large) == 0 {
			return 0, true
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatal("the hold neither slept nor freed the large slot")
	return 0, false
}

// mustAcquire takes a slot or fails the test.
func mustAcquire(t *testing.T, l *limiter, large bool) lease {
	t.Helper()
	s, err := l.acquire(context.Background(), large)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestLargeSlotHeldWhileSmallOnesRun: a large validation during which a
// small one ran keeps its large slot after it ends, so that another large
// validation waits (and gets errBusy at its deadline) while the general
// slot is free at once; the hold ends once no small validation has run
// for quietGap.
func TestLargeSlotHeldWhileSmallOnesRun(t *testing.T) {
	l := newLimiter(2, 10*time.Millisecond)
	c := newFakeClock(l)
	small := mustAcquire(t, l, false)
	big := mustAcquire(t, l, true)
	c.advance(20 * time.Millisecond)
	big.release()
	if d := c.nextSleep(t); d != quietGap {
		t.Errorf("the hold sleeps %v; want %v", d, quietGap)
	}
	if len(l.large) != 1 || len(l.slots) != 1 {
		t.Fatalf("slots %d, large %d during the hold; want the large slot held, the general one free", len(l.slots), len(l.large))
	}
	if _, err := l.acquire(context.Background(), true); !errors.Is(err, errBusy) {
		t.Fatalf("a large validation during the hold: %v; want errBusy", err)
	}
	mustAcquire(t, l, false).release() // small validations are served
	small.release()
	if _, freed := c.step(t, l, quietGap-time.Millisecond); freed {
		t.Fatal("the hold ended before the small validations were quiet for quietGap")
	}
	if _, freed := c.step(t, l, time.Millisecond); !freed {
		t.Fatal("the hold went on after the small validations were quiet for quietGap")
	}
	if len(l.slots) != 0 {
		t.Errorf("%d general slots taken after the hold", len(l.slots))
	}
}

// TestLargeSlotHoldIsBounded: with small validations in flight all the
// time, the hold ends after holdFactor times the large validation's run,
// and never after more than maxHold.
func TestLargeSlotHoldIsBounded(t *testing.T) {
	for _, tc := range []struct{ ran, hold time.Duration }{
		{20 * time.Millisecond, holdFactor * 20 * time.Millisecond},
		{time.Minute, maxHold},
	} {
		l := newLimiter(2, 10*time.Millisecond)
		c := newFakeClock(l)
		small := mustAcquire(t, l, false)
		big := mustAcquire(t, l, true)
		c.advance(tc.ran)
		big.release()
		held := time.Duration(0)
		for d := c.nextSleep(t); ; {
			if d <= 0 || d > quietGap {
				t.Fatalf("the hold sleeps %v; want at most %v", d, quietGap)
			}
			held += d
			next, freed := c.step(t, l, d)
			if freed {
				break
			}
			if held > tc.hold {
				t.Fatalf("ran %v: still held after %v", tc.ran, held)
			}
			d = next
		}
		if held != tc.hold {
			t.Errorf("ran %v: held %v; want %v", tc.ran, held, tc.hold)
		}
		small.release()
	}
}

// TestLargeSlotNotHeldWithoutSmallOnes: large validations with no small
// one beside them follow each other without a pause, and a small one
// that ended before a large one began does not count.
func TestLargeSlotNotHeldWithoutSmallOnes(t *testing.T) {
	l := newLimiter(2, 10*time.Millisecond)
	c := newFakeClock(l)
	mustAcquire(t, l, false).release()
	c.advance(time.Millisecond)
	for range 3 {
		big := mustAcquire(t, l, true)
		c.advance(100 * time.Millisecond)
		big.release()
		if len(l.large) != 0 {
			t.Fatal("the large slot is held though no small validation ran beside it")
		}
	}
}
