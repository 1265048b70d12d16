package auth

import (
	"io"
	"net/http"
	"strconv"
	"strings"
)

// Names of the error bodies of the HTTP layer, as written in the name
// member.
const (
	NameNotFoundError         = "NotFoundError"
	NameMethodNotAllowedError = "MethodNotAllowedError"
	NamePayloadTooLargeError  = "PayloadTooLargeError"
	NameInternalError         = "InternalError"
)

// MsgInternal is the message of an InternalError. It deliberately says
// nothing about the cause.
const MsgInternal = "Something went wrong on our side while handling your request. Please try again later."

// NotFoundError (404) means no endpoint has the requested path.
type NotFoundError struct {
	// ID is the error instance's UUID, written as the body's id.
	ID string
	// Path is the requested path, as the message repeats it.
	Path string
}

// NewNotFoundError returns the error for a request to path. Its id is read
// from rand; nil means crypto/rand.
func NewNotFoundError(rand io.Reader, path string) *NotFoundError {
	return &NotFoundError{ID: NewUUID(rand), Path: path}
}

// Message returns "The path you were looking for (<path>) is not
// available.", the reference server's wording.
func (e *NotFoundError) Message() string {
	return "The path you were looking for (" + e.Path + ") is not available."
}

// Error returns the error's name and message.
func (e *NotFoundError) Error() string { return NameNotFoundError + ": " + e.Message() }

// HTTPStatus returns 404 Not Found.
func (e *NotFoundError) HTTPStatus() int { return http.StatusNotFound }

// Body returns the JSON error body.
func (e *NotFoundError) Body() []byte {
	return newBodyWriter(e.ID, NameNotFoundError, e.Message(), nil).close()
}

// MarshalJSON returns Body. Note that json.Marshal escapes the characters
// <, > and & of the result; Body does not.
func (e *NotFoundError) MarshalJSON() ([]byte, error) { return e.Body(), nil }

// MethodNotAllowedError (405) means the path exists but does not answer the
// request's method. An HTTP adapter also sends Allow (see AllowHeader).
type MethodNotAllowedError struct {
	// ID is the error instance's UUID, written as the body's id.
	ID string
	// Method is the method of the request.
	Method string
	// Allowed are the methods the path answers, in the order to list them.
	Allowed []string
}

// NewMethodNotAllowedError returns the error for a request with method to
// a path that answers only the allowed methods. Its id is read from rand;
// nil means crypto/rand.
func NewMethodNotAllowedError(rand io.Reader, method string, allowed ...string) *MethodNotAllowedError {
	return &MethodNotAllowedError{ID: NewUUID(rand), Method: method, Allowed: append([]string(nil), allowed...)}
}

// AllowHeader returns the value of the Allow header: the allowed methods
// separated by ", ".
func (e *MethodNotAllowedError) AllowHeader() string { return strings.Join(e.Allowed, ", ") }

// Message returns the human-readable message, which names the method and
// the allowed ones.
func (e *MethodNotAllowedError) Message() string {
	return "The method " + e.Method + " is not allowed on this path. Allowed: " + e.AllowHeader() + "."
}

// Error returns the error's name and message.
func (e *MethodNotAllowedError) Error() string { return NameMethodNotAllowedError + ": " + e.Message() }

// HTTPStatus returns 405 Method Not Allowed.
func (e *MethodNotAllowedError) HTTPStatus() int { return http.StatusMethodNotAllowed }

// Body returns the JSON error body, which also lists the allowed methods as
// "allow".
func (e *MethodNotAllowedError) Body() []byte {
	w := newBodyWriter(e.ID, NameMethodNotAllowedError, e.Message(), nil)
	allowed := e.Allowed
	if allowed == nil {
		allowed = []string{}
	}
	w.member("allow", allowed)
	return w.close()
}

// MarshalJSON returns Body. Note that json.Marshal escapes the characters
// <, > and & of the result; Body does not.
func (e *MethodNotAllowedError) MarshalJSON() ([]byte, error) { return e.Body(), nil }

// PayloadTooLargeError (413) means the request body is larger than the
// limit the server accepts.
type PayloadTooLargeError struct {
	// ID is the error instance's UUID, written as the body's id.
	ID string
	// Limit is the largest accepted body, in bytes.
	Limit int64
}

// NewPayloadTooLargeError returns the error for a body over limit bytes.
// Its id is read from rand; nil means crypto/rand.
func NewPayloadTooLargeError(rand io.Reader, limit int64) *PayloadTooLargeError {
	return &PayloadTooLargeError{ID: NewUUID(rand), Limit: limit}
}

// Message returns the human-readable message, which names the limit.
func (e *PayloadTooLargeError) Message() string {
	return "Request entity too large: the request body must not be larger than " +
		strconv.FormatInt(e.Limit, 10) + " bytes."
}

// Error returns the error's name and message.
func (e *PayloadTooLargeError) Error() string { return NamePayloadTooLargeError + ": " + e.Message() }

// HTTPStatus returns 413 Content Too Large.
func (e *PayloadTooLargeError) HTTPStatus() int { return http.StatusRequestEntityTooLarge }

// Body returns the JSON error body, which also carries the limit as
// "limit".
func (e *PayloadTooLargeError) Body() []byte {
	w := newBodyWriter(e.ID, NamePayloadTooLargeError, e.Message(), nil)
	w.member("limit", e.Limit)
	return w.close()
}

// MarshalJSON returns Body. Note that json.Marshal escapes the characters
// <, > and & of the result; Body does not.
func (e *PayloadTooLargeError) MarshalJSON() ([]byte, error) { return e.Body(), nil }

// InternalError (500) means the server failed to answer, for instance
// because a token lookup or a store failed. Its body says nothing about the
// cause; Cause keeps it for the server's own log.
type InternalError struct {
	// ID is the error instance's UUID, written as the body's id; a log line
	// that carries it ties the answer to the cause.
	ID string
	// Cause is the failure; it is never written to the body.
	Cause error
}

// NewInternalError returns the error for a failure with the given cause.
// Its id is read from rand; nil means crypto/rand.
func NewInternalError(rand io.Reader, cause error) *InternalError {
	return &InternalError{ID: NewUUID(rand), Cause: cause}
}

// Error returns the error's name and the cause, if any.
func (e *InternalError) Error() string {
	if e.Cause == nil {
		return NameInternalError
	}
	return NameInternalError + ": " + e.Cause.Error()
}

// Unwrap returns the cause.
func (e *InternalError) Unwrap() error { return e.Cause }

// HTTPStatus returns 500 Internal Server Error.
func (e *InternalError) HTTPStatus() int { return http.StatusInternalServerError }

// Body returns the JSON error body, with MsgInternal as its message.
func (e *InternalError) Body() []byte {
	return newBodyWriter(e.ID, NameInternalError, MsgInternal, nil).close()
}

// MarshalJSON returns Body. Note that json.Marshal escapes the characters
// <, > and & of the result; Body does not.
func (e *InternalError) MarshalJSON() ([]byte, error) { return e.Body(), nil }
