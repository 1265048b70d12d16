package adminhttp

import (
	"context"
	"errors"
	"time"
)

// DefaultQueueTimeout is how long a validation waits for a free slot when
// Options.QueueTimeout is 0.
const DefaultQueueTimeout = 2 * time.Second

// errBusy is acquire's error when no slot freed up before the deadline.
var errBusy = errors.New("adminhttp: every validation slot is taken")

// limiter bounds the validations in flight. A request that finds every
// slot taken waits in line (the waiters of a channel are served in the
// order they came) until a slot frees up, its deadline passes or its
// client goes away.
type limiter struct {
	slots   chan struct{}
	timeout time.Duration
}

func newLimiter(n int, timeout time.Duration) *limiter {
	return &limiter{slots: make(chan struct{}, n), timeout: timeout}
}

// acquire takes a slot. It returns errBusy when the queue deadline passed
// first, and ctx's error when the request ended first.
func (l *limiter) acquire(ctx context.Context) error {
	select {
	case l.slots <- struct{}{}:
		return nil
	default:
	}
	t := time.NewTimer(l.timeout)
	defer t.Stop()
	select {
	case l.slots <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return errBusy
	}
}

// release frees a slot that acquire took.
func (l *limiter) release() { <-l.slots }

// retryAfter is the Retry-After of a 503 in whole seconds: the queue
// timeout, rounded up, at least 1.
func (l *limiter) retryAfter() int {
	return max(1, int((l.timeout+time.Second-1)/time.Second))
}
