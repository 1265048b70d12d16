package adminhttp

import (
	"errors"
	"net/http"
	"strconv"
)

// StoreRetryAfter is the Retry-After, in seconds, of the 503 for a store
// that cannot answer now.
const StoreRetryAfter = 5

// unavailableStore is what an error of a store that cannot answer now
// implements, such as unleashdb's *UnavailableError (its deadline passed,
// the database refused or lost the connection, is shutting down or has no
// connection left): a retry later may succeed.
type unavailableStore interface {
	Unavailable() bool
}

// storeUnavailable returns the 503 with Retry-After for an error of a
// store that cannot answer now, nil for any other error. The cause goes
// to the log line, as a 500's does, never into the body.
func storeUnavailable(err error) *apiError {
	var u unavailableStore
	if !errors.As(err, &u) || !u.Unavailable() {
		return nil
	}
	return &apiError{status: http.StatusServiceUnavailable, name: "ServiceUnavailableError",
		message: "The server cannot reach its database now. Please try again later.",
		header:  "Retry-After", value: strconv.Itoa(StoreRetryAfter), cause: err}
}
