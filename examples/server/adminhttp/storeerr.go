package adminhttp

import (
	"errors"
	"net/http"
)

// StoreRetryAfter is the Retry-After, in seconds, of the 503 for a store
// that cannot answer now.
const StoreRetryAfter = 5

// unavailable is what an error of a store that cannot answer now
// implements, such as unleashdb's *UnavailableError (its deadline passed,
// the database refused or lost the connection, is shutting down or has no
// connection left): a retry later may succeed.
type unavailable interface {
	Unavailable() bool
}

// storeUnavailable answers 503 with Retry-After for an error of a store
// that cannot answer now, and reports whether it did. The log line gets
// the error's id and cause, as a 500's does.
func (h *handler) storeUnavailable(w http.ResponseWriter, err error) (outcome, bool) {
	var u unavailable
	if !errors.As(err, &u) || !u.Unavailable() {
		return outcome{}, false
	}
	e := NewServiceUnavailableError(h.rand, StoreRetryAfter)
	e.Store = true
	if rec, ok := w.(*recorder); !ok || !rec.wroteHeader {
		w.Header().Set("Retry-After", e.RetryAfterHeader())
		writeError(w, e)
	}
	return outcome{errID: e.ID, cause: err}, true
}
