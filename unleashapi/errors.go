package unleashapi

import (
	"errors"
	"fmt"
	"strings"
	"time"
)

// Kinds of failure; an *Error wraps one of them, for errors.Is.
var (
	// ErrUnreachable: no answer (connection refused, timeout, canceled).
	ErrUnreachable = errors.New("instance unreachable")
	// ErrUnauthorized: the instance answered 401 to the token.
	ErrUnauthorized = errors.New("token refused")
	// ErrForbidden: the instance answered 403 to the token.
	ErrForbidden = errors.New("access denied")
	// ErrNotFound: 404, for example a URL that is not an instance's base.
	ErrNotFound = errors.New("not found")
	// ErrRateLimited: 429 after every retry.
	ErrRateLimited = errors.New("rate limited")
	// ErrUnavailable: a 5xx answer (after every retry for 502, 503, 504).
	ErrUnavailable = errors.New("instance failing")
	// ErrNotJSON: a successful answer that is not JSON, such as the HTML
	// login page of a proxy in front of the instance.
	ErrNotJSON = errors.New("answer is not JSON")
	// ErrBadAnswer: an answer of an unexpected status or shape.
	ErrBadAnswer = errors.New("unexpected answer")
	// ErrUnsupportedVersion: the instance is older than Unleash 5.12 or
	// newer than 8.x.
	ErrUnsupportedVersion = errors.New("unsupported Unleash version")
	// ErrOverloaded: a lookup of a caller's token was not sent, as the
	// client's own bounds allow no more now (Options.TokenLookups,
	// Options.TokenRate).
	ErrOverloaded = errors.New("too many token lookups")
)

// Error is the error of a request to the admin API. It names the endpoint
// and the status, never the token.
type Error struct {
	// Method and Endpoint are the request's method and path, without the
	// query.
	Method, Endpoint string
	// Status is the HTTP status of the answer, 0 when there was none.
	Status int
	// Kind is one of the Err* values.
	Kind error
	// Detail says what went wrong, in words.
	Detail string
	err    error
	// retryAfter is the instance's Retry-After, or when the client's
	// bounds allow a lookup again; 0 when unknown.
	retryAfter time.Duration
	// unsent: the request was not written whole to a connection.
	unsent bool
}

// NotSent reports whether the request failed before it was written
// whole to a connection (no connection, a refused dial, a failed TLS
// handshake, a canceled context): the instance cannot have acted on it.
// False means it may have, even without an answer.
func (e *Error) NotSent() bool { return e.unsent }

// Unavailable reports whether the instance cannot answer now and a retry
// later may succeed: no answer (refused, reset, timed out), a 5xx or a 429
// answer, or a lookup the client's bounds did not send (ErrUnreachable,
// ErrUnavailable, ErrRateLimited, ErrOverloaded). An HTTP server answers
// such an error 503 with Retry-After (examples/server/adminhttp does).
func (e *Error) Unavailable() bool {
	switch e.Kind {
	case ErrUnreachable, ErrUnavailable, ErrRateLimited, ErrOverloaded:
		return true
	}
	return false
}

// RetryAfter returns how long to wait before a retry, as the instance's
// Retry-After said or the client's bounds know; 0 when unknown.
func (e *Error) RetryAfter() time.Duration { return e.retryAfter }

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("unleashapi: ")
	b.WriteString(e.Method + " " + e.Endpoint)
	if e.Status != 0 {
		b.WriteString(": " + statusText(e.Status))
	}
	if e.Detail != "" {
		b.WriteString(": " + e.Detail)
	}
	return b.String()
}

// Unwrap gives the kind and the underlying error.
func (e *Error) Unwrap() []error {
	out := make([]error, 0, 2)
	if e.Kind != nil {
		out = append(out, e.Kind)
	}
	if e.err != nil {
		out = append(out, e.err)
	}
	return out
}

// errorf builds the *Error of request r. The detail has the client's token
// and the caller's token removed, should an answer or a transport error
// repeat them.
func (c *Client) errorf(r request, status int, kind, err error, format string, args ...any) *Error {
	detail := fmt.Sprintf(format, args...)
	for _, secret := range []string{c.token, r.token} {
		if len(secret) >= 4 {
			detail = strings.ReplaceAll(detail, secret, "xxxxx")
		}
	}
	return &Error{Method: r.method, Endpoint: r.endpoint(), Status: status, Kind: kind, Detail: detail, err: err}
}
