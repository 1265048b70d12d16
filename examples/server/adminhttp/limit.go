package adminhttp

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"time"
)

// DefaultQueueTimeout is how long a validation waits for a free slot when
// Options.QueueTimeout is 0.
const DefaultQueueTimeout = 2 * time.Second

// LargeBody is the size above which a body counts as large: validations
// of large bodies take at most half of the slots (and at least one), so
// that small ones, which a well-behaved client sends, still find a slot
// while large ones run. A validation costs about in proportion to its
// body.
const LargeBody = 64 << 10

// The share of the time that large validations get while small ones are
// served. A large validation is one call into the validator that may run
// for a tenth of a second without a pause, and it competes with the small
// ones for the processors; so after a large validation during which small
// ones were served, its large slot stays closed for holdFactor times as
// long as it ran (at most maxHold), unless no small validation comes
// for quietGap, which ends the hold early. Large validations then take
// at most a quarter of the time while small ones are served, and all of
// it when none are.
const (
	holdFactor = 3
	maxHold    = time.Second
	quietGap   = 50 * time.Millisecond
)

// errBusy is acquire's error when no slot freed up before the deadline.
var errBusy = errors.New("adminhttp: every validation slot is taken")

// limiter bounds the validations in flight. A request that finds every
// slot taken waits in line (the waiters of a channel are served in the
// order they came) until a slot frees up, its deadline passes or its
// client goes away.
type limiter struct {
	slots   chan struct{}
	large   chan struct{}
	timeout time.Duration
	// now and sleep are the clock, replaced in tests.
	now   func() time.Time
	sleep func(time.Duration)

	mu sync.Mutex
	// small counts the small validations waiting or in flight.
	small int
	// lastSmall is when the last small validation ended or left the
	// line.
	lastSmall time.Time
}

func newLimiter(n int, timeout time.Duration) *limiter {
	return &limiter{slots: make(chan struct{}, n), large: make(chan struct{}, max(1, n/2)), timeout: timeout,
		now: time.Now, sleep: time.Sleep}
}

// lease is what acquire took; its release frees it.
type lease struct {
	l     *limiter
	large bool
	start time.Time
}

// acquire takes a slot, for a large body also one of the large slots. It
// returns errBusy when the queue deadline passed first, and ctx's error
// when the request ended first; it then holds nothing.
func (l *limiter) acquire(ctx context.Context, large bool) (lease, error) {
	if !large {
		l.mu.Lock()
		l.small++
		l.mu.Unlock()
	}
	err := l.take(ctx, large)
	if err != nil && !large {
		l.smallDone()
	}
	return lease{l: l, large: large, start: l.now()}, err
}

// take waits for a slot of l as acquire does. When none frees up in time
// it answers 503 with l's Retry-After; when the client is gone it answers
// nothing. ok is false in both cases, and out is the request's outcome.
func (c *common) take(ctx context.Context, w http.ResponseWriter, l *limiter, large bool) (slot lease, out outcome, ok bool) {
	slot, err := l.acquire(ctx, large)
	switch {
	case errors.Is(err, errBusy):
		return lease{}, c.fail(w, unavailable(l.retryAfter())), false
	case err != nil:
		return lease{}, outcome{gone: true}, false
	}
	return slot, outcome{}, true
}

func (l *limiter) take(ctx context.Context, large bool) error {
	var deadline <-chan time.Time
	if large {
		select {
		case l.large <- struct{}{}:
		default:
			t := time.NewTimer(l.timeout)
			defer t.Stop()
			deadline = t.C
			select {
			case l.large <- struct{}{}:
			case <-ctx.Done():
				return ctx.Err()
			case <-deadline:
				return errBusy
			}
		}
	}
	select {
	case l.slots <- struct{}{}:
		return nil
	default:
	}
	if deadline == nil {
		t := time.NewTimer(l.timeout)
		defer t.Stop()
		deadline = t.C
	}
	select {
	case l.slots <- struct{}{}:
		return nil
	case <-ctx.Done():
		l.freeLarge(large)
		return ctx.Err()
	case <-deadline:
		l.freeLarge(large)
		return errBusy
	}
}

// release frees the slots that acquire took. The large slot of a large
// validation during which small ones were served is held a while longer
// (see holdFactor), in the background.
func (s lease) release() {
	l := s.l
	<-l.slots
	if !s.large {
		l.smallDone()
		return
	}
	end := l.now()
	l.mu.Lock()
	contended := l.small > 0 || l.lastSmall.After(s.start)
	l.mu.Unlock()
	if !contended {
		l.freeLarge(true)
		return
	}
	go l.hold(end.Add(min(holdFactor*end.Sub(s.start), maxHold)))
}

// hold frees a large slot at until, or as soon as no small validation has
// been waiting or in flight for quietGap.
func (l *limiter) hold(until time.Time) {
	for {
		now := l.now()
		l.mu.Lock()
		quiet := l.small == 0 && now.Sub(l.lastSmall) >= quietGap
		l.mu.Unlock()
		if quiet || !now.Before(until) {
			l.freeLarge(true)
			return
		}
		l.sleep(min(quietGap, until.Sub(now)))
	}
}

// smallDone notes that a small validation ended or left the line.
func (l *limiter) smallDone() {
	now := l.now()
	l.mu.Lock()
	l.small--
	l.lastSmall = now
	l.mu.Unlock()
}

func (l *limiter) freeLarge(large bool) {
	if large {
		<-l.large
	}
}

// retryAfter is the Retry-After of a 503 in whole seconds: the queue
// timeout, rounded up, at least 1.
func (l *limiter) retryAfter() int {
	return max(1, int((l.timeout+time.Second-1)/time.Second))
}
