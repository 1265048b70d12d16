package adminhttp

import (
	"net/http"
	"time"

	"github.com/flagadmin/flagadmin/importvalidate"
)

// PreAuthQueueTimeout is how long pre-authentication work waits for a
// slot of its own (see Options.MaxPreAuth) before the request is answered
// 503.
const PreAuthQueueTimeout = 20 * time.Millisecond

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
	slot, out, ok := h.take(r.Context(), w, h.preAuth, false)
	if !ok {
		return out, true
	}
	defer slot.release()
	ps := importvalidate.CheckSyntax(body)
	if ps == nil {
		return outcome{}, false
	}
	return h.fail(w, badData(ps)), true
}
