package adminhttp

import (
	"context"
	"errors"
	"math"
	"net/http"
	"strconv"
	"time"

	"github.com/flagadmin/flagadmin/internal/errbody"
)

// StoreRetryAfter is the Retry-After, in seconds, of the 503 for a store
// that cannot answer now, when its error does not say when to try again.
const StoreRetryAfter = 5

// maxRetryAfter caps the Retry-After a store's error asks for, in seconds.
const maxRetryAfter = 3600

// unavailableStore is what an error of a store that cannot answer now
// implements, such as unleashdb's *UnavailableError (its deadline passed,
// the database refused or lost the connection, is shutting down or has no
// connection left) and unleashapi's *Error of an instance that does not
// answer, answers 429 or 5xx, or of a token lookup beyond the client's
// bounds: a retry later may succeed.
type unavailableStore interface {
	Unavailable() bool
}

// retryHint is what an error of a store implements when it knows how long
// to wait before a retry (unleashapi's *Error: the instance's Retry-After).
type retryHint interface {
	RetryAfter() time.Duration
}

// storeUnavailable returns the 503 with Retry-After for an error of a
// store that cannot answer now, or that ran out of the request's time
// (Options.StoreTimeout), and nil for any other error. The Retry-After is
// the error's own, in whole seconds rounded up, or else StoreRetryAfter.
// The cause goes to the log line, as a 500's does, never into the body.
func storeUnavailable(err error) *apiError {
	var u unavailableStore
	if !(errors.As(err, &u) && u.Unavailable()) && !errors.Is(err, context.DeadlineExceeded) {
		return nil
	}
	after := StoreRetryAfter
	var h retryHint
	if errors.As(err, &h) && h.RetryAfter() > 0 {
		after = int(min(math.Ceil(h.RetryAfter().Seconds()), maxRetryAfter))
	}
	return &apiError{status: http.StatusServiceUnavailable, Body: errbody.StoreUnavailable(),
		header: "Retry-After", value: strconv.Itoa(after), cause: err}
}
