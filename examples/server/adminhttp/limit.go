package adminhttp

import (
	"context"
	"errors"
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
}

func newLimiter(n int, timeout time.Duration) *limiter {
	return &limiter{slots: make(chan struct{}, n), large: make(chan struct{}, max(1, n/2)), timeout: timeout}
}

// acquire takes a slot, for a large body also one of the large slots. It
// returns errBusy when the queue deadline passed first, and ctx's error
// when the request ended first; it then holds nothing.
func (l *limiter) acquire(ctx context.Context, large bool) error {
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
		l.releaseLarge(large)
		return ctx.Err()
	case <-deadline:
		l.releaseLarge(large)
		return errBusy
	}
}

// release frees the slots that acquire took.
func (l *limiter) release(large bool) {
	<-l.slots
	l.releaseLarge(large)
}

func (l *limiter) releaseLarge(large bool) {
	if large {
		<-l.large
	}
}

// retryAfter is the Retry-After of a 503 in whole seconds: the queue
// timeout, rounded up, at least 1.
func (l *limiter) retryAfter() int {
	return max(1, int((l.timeout+time.Second-1)/time.Second))
}
