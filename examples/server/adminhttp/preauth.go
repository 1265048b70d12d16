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

// preAuthLimiter bounds the work done for requests that no one vouches
// for: the syntax check of the body of a request refused before the
// validation, which the reference server's order puts before the 401 or
// 403.
// Its slots are its own, so such requests never take a validation slot
// nor more processors than it has slots, however many arrive:
// authenticated validations keep the rest. (Reading and inflating a body
// is bounded by the body limit, and waits on the network: it takes no
// slot, so that a client sending slowly holds none.)
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

// refuseBadSyntax answers the 400 of a body that is no JSON text, for a
// request refused before the validation (no credentials, or ones that
// fail): the reference server parses the body before it looks at them.
// The check keeps no tree and has no depth limit
// (importvalidate.CheckSyntax), and runs in a pre-authentication slot:
// when none frees up the answer is 503, and nothing to a client that is
// gone. answered is false when the body is a JSON text (or there is
// none): the request's own error is then the answer.
func (h *validation) refuseBadSyntax(w http.ResponseWriter, r *http.Request, body []byte) (out outcome, answered bool) {
	if len(body) == 0 {
		return outcome{}, false
	}
	release, err := h.preAuth.acquire(r.Context())
	switch {
	case errors.Is(err, errBusy):
		return h.fail(w, unavailable(1)), true
	case err != nil:
		return outcome{gone: true}, true
	}
	defer release()
	ps := importvalidate.CheckSyntax(body)
	if ps == nil {
		return outcome{}, false
	}
	return h.fail(w, badData(ps.Details())), true
}
