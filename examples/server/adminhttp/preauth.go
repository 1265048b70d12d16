package adminhttp

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/flagadmin/flagadmin/importvalidate"
)

// PreAuthQueueTimeout is how long pre-authentication work waits for a
// slot of its own (see Options.MaxPreAuth) before the request is answered
// 503.
const PreAuthQueueTimeout = 20 * time.Millisecond

// preAuthLimiter bounds the work done for requests before anyone vouches
// for them: reading, inflating and syntax-checking the body of a request
// that carries no credentials, and syntax-checking the body of one whose
// credentials failed. Its slots are its own, so such requests never take
// a validation slot nor more processors than it has slots, however many
// arrive: authenticated validations keep the rest.
type preAuthLimiter struct {
	slots   chan struct{}
	timeout time.Duration
}

func newPreAuthLimiter(n int, timeout time.Duration) *preAuthLimiter {
	return &preAuthLimiter{slots: make(chan struct{}, n), timeout: timeout}
}

// acquire takes a slot. It returns errBusy when none frees up within the
// timeout, ctx's error when the request ends first; release frees the
// slot it took.
func (l *preAuthLimiter) acquire(ctx context.Context) (release func(), err error) {
	select {
	case l.slots <- struct{}{}:
		return l.release, nil
	default:
	}
	t := time.NewTimer(l.timeout)
	defer t.Stop()
	select {
	case l.slots <- struct{}{}:
		return l.release, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-t.C:
		return nil, errBusy
	}
}

func (l *preAuthLimiter) release() { <-l.slots }

// noRelease is the release of a request that needed no slot.
func noRelease() {}

// preAuthSlot takes a pre-authentication slot for a request that carries
// no credentials at all: all it will get is a 400 for its body or a 401,
// so each step of its work is pre-authentication work. Other requests
// need none here. When it fails it has answered (503, or nothing to a
// client that is gone) and ok is false.
func (h *handler) preAuthSlot(w http.ResponseWriter, r *http.Request) (release func(), out outcome, ok bool) {
	if r.Header.Get("Authorization") != "" {
		return noRelease, outcome{}, true
	}
	return h.takePreAuth(r.Context(), w)
}

func (h *handler) takePreAuth(ctx context.Context, w http.ResponseWriter) (release func(), out outcome, ok bool) {
	release, err := h.preAuth.acquire(ctx)
	switch {
	case errors.Is(err, errBusy):
		h.busy(w, 1)
		return nil, outcome{}, false
	case err != nil:
		return nil, outcome{gone: true}, false
	}
	return release, outcome{}, true
}

// refuseBadSyntax answers the 400 of a body that is no JSON text, for a
// request whose credentials failed: the reference server parses the body
// before it looks at them. The check keeps no tree and has no depth limit
// (importvalidate.CheckSyntax); for a request that carried credentials it
// runs in a pre-authentication slot (one without any holds a slot
// already). answered is false when the body is a JSON text (or there is
// none): the request's own error is then the answer.
func (h *handler) refuseBadSyntax(w http.ResponseWriter, r *http.Request, body []byte) (out outcome, answered bool) {
	if len(body) == 0 {
		return outcome{}, false
	}
	if r.Header.Get("Authorization") != "" {
		release, out, ok := h.takePreAuth(r.Context(), w)
		if !ok {
			return out, true
		}
		defer release()
	}
	ps := importvalidate.CheckSyntax(body)
	if ps == nil {
		return outcome{}, false
	}
	writeError(w, NewBadDataError(h.rand, ps.Details()))
	return outcome{}, true
}

// busy answers 503 with Retry-After: retryAfter seconds.
func (h *handler) busy(w http.ResponseWriter, retryAfter int) {
	e := NewServiceUnavailableError(h.rand, retryAfter)
	w.Header().Set("Retry-After", e.RetryAfterHeader())
	writeError(w, e)
}
