package adminhttp

import (
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/flagadmin/flagadmin/auth"
	"github.com/flagadmin/flagadmin/internal/errbody"
	"github.com/flagadmin/flagadmin/model"
)

// The error bodies of this file are the ones the HTTP layer answers on its
// own: routing (404, 405), reading the body (413, 415, 400), the schema
// (400), overload (503) and failures (500). The 401 and 403 bodies, which
// the API document defines, are auth's. Every one is an ErrorResponse: id,
// name, message and details, then members particular to its kind.

// HTTPError is an error that the handler answers with its status and JSON
// body: auth's interface, which the errors of this package implement too.
type HTTPError = auth.HTTPError

// Names of the error bodies of this package, as written in the name member.
const (
	NameNotFoundError            = "NotFoundError"
	NameMethodNotAllowedError    = "MethodNotAllowedError"
	NamePayloadTooLargeError     = "PayloadTooLargeError"
	NameInternalError            = "InternalError"
	NameContentTypeError         = "ContentTypeError"
	NameUnsupportedEncodingError = "UnsupportedEncodingError"
	NameBadDataError             = "BadDataError"
	NameServiceUnavailableError  = "ServiceUnavailableError"
)

// Messages of the error bodies.
const (
	// MsgInternal is the message of an InternalError. It deliberately says
	// nothing about the cause.
	MsgInternal = "Something went wrong on our side while handling your request. Please try again later."
	// MsgBadData is the message of a BadDataError, the reference server's.
	MsgBadData = "Request validation failed: your request body or params contain invalid data. Refer to the `details` list for more information."
	// MsgServiceUnavailable is the message of a ServiceUnavailableError.
	MsgServiceUnavailable = "The server is busy with other validations. Please try again later."
	// MsgStoreUnavailable is the message of a ServiceUnavailableError for
	// a store that cannot answer now (Store set).
	MsgStoreUnavailable = "The server cannot reach its database now. Please try again later."
)

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
	return &NotFoundError{ID: auth.NewUUID(rand), Path: path}
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
	return errbody.New(e.ID, NameNotFoundError, e.Message(), nil).Close()
}

// MarshalJSON returns Body. Note that json.Marshal escapes the characters
// <, > and & of the result; Body does not.
func (e *NotFoundError) MarshalJSON() ([]byte, error) { return e.Body(), nil }

// MethodNotAllowedError (405) means the path exists but does not answer the
// request's method. The handler also sends Allow (see AllowHeader).
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
	return &MethodNotAllowedError{ID: auth.NewUUID(rand), Method: method, Allowed: append([]string(nil), allowed...)}
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
	w := errbody.New(e.ID, NameMethodNotAllowedError, e.Message(), nil)
	allowed := e.Allowed
	if allowed == nil {
		allowed = []string{}
	}
	w.Member("allow", allowed)
	return w.Close()
}

// MarshalJSON returns Body. Note that json.Marshal escapes the characters
// <, > and & of the result; Body does not.
func (e *MethodNotAllowedError) MarshalJSON() ([]byte, error) { return e.Body(), nil }

// PayloadTooLargeError (413) means the request body, inflated when it came
// compressed, is larger than the limit the server accepts.
type PayloadTooLargeError struct {
	// ID is the error instance's UUID, written as the body's id.
	ID string
	// Limit is the largest accepted body, in bytes.
	Limit int64
}

// NewPayloadTooLargeError returns the error for a body over limit bytes.
// Its id is read from rand; nil means crypto/rand.
func NewPayloadTooLargeError(rand io.Reader, limit int64) *PayloadTooLargeError {
	return &PayloadTooLargeError{ID: auth.NewUUID(rand), Limit: limit}
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
	w := errbody.New(e.ID, NamePayloadTooLargeError, e.Message(), nil)
	w.Member("limit", e.Limit)
	return w.Close()
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
	return &InternalError{ID: auth.NewUUID(rand), Cause: cause}
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
	return errbody.New(e.ID, NameInternalError, MsgInternal, nil).Close()
}

// MarshalJSON returns Body. Note that json.Marshal escapes the characters
// <, > and & of the result; Body does not.
func (e *InternalError) MarshalJSON() ([]byte, error) { return e.Body(), nil }

// ContentTypeError (415) means a request body came with a content type
// other than application/json.
type ContentTypeError struct {
	// ID is the error instance's UUID, written as the body's id.
	ID string
	// ContentType is the content type the request declared; "" when it
	// declared none.
	ContentType string
}

// NewContentTypeError returns the error for a body of type contentType (""
// when the request declared none). Its id is read from rand; nil means
// crypto/rand.
func NewContentTypeError(rand io.Reader, contentType string) *ContentTypeError {
	return &ContentTypeError{ID: auth.NewUUID(rand), ContentType: contentType}
}

// Message returns the reference server's message, which quotes the
// declared content type.
func (e *ContentTypeError) Message() string {
	ct := e.ContentType
	if ct == "" {
		ct = "you didn't provide one"
	}
	return "We do not accept the content-type you provided (" + ct +
		"). Try using one of the content-types we do accept instead (application/json) and make sure the body is in the corresponding format."
}

// Error returns the error's name and message.
func (e *ContentTypeError) Error() string { return NameContentTypeError + ": " + e.Message() }

// HTTPStatus returns 415 Unsupported Media Type.
func (e *ContentTypeError) HTTPStatus() int { return http.StatusUnsupportedMediaType }

// Body returns the JSON error body.
func (e *ContentTypeError) Body() []byte {
	return errbody.New(e.ID, NameContentTypeError, e.Message(), nil).Close()
}

// MarshalJSON returns Body. Note that json.Marshal escapes the characters
// <, > and & of the result; Body does not.
func (e *ContentTypeError) MarshalJSON() ([]byte, error) { return e.Body(), nil }

// UnsupportedEncodingError (415) means a JSON body came in a content
// encoding (such as br) or a charset that the server does not decode. Its
// message is the reference server's: `unsupported content encoding "br"`
// or `unsupported charset "LATIN1"`.
type UnsupportedEncodingError struct {
	// ID is the error instance's UUID, written as the body's id.
	ID string
	// Charset is true when the charset is unsupported, false for the
	// content encoding.
	Charset bool
	// Value is the declared encoding or charset, lower case.
	Value string
}

// NewUnsupportedEncodingError returns the error for an unsupported
// charset (charset true) or content encoding (charset false) named value.
// Its id is read from rand; nil means crypto/rand.
func NewUnsupportedEncodingError(rand io.Reader, charset bool, value string) *UnsupportedEncodingError {
	return &UnsupportedEncodingError{ID: auth.NewUUID(rand), Charset: charset, Value: value}
}

// Message returns the reference server's message: the charset in upper
// case, or the content encoding as declared (lower case).
func (e *UnsupportedEncodingError) Message() string {
	if e.Charset {
		return `unsupported charset "` + strings.ToUpper(e.Value) + `"`
	}
	return `unsupported content encoding "` + e.Value + `"`
}

// Error returns the error's name and message.
func (e *UnsupportedEncodingError) Error() string {
	return NameUnsupportedEncodingError + ": " + e.Message()
}

// HTTPStatus returns 415 Unsupported Media Type.
func (e *UnsupportedEncodingError) HTTPStatus() int { return http.StatusUnsupportedMediaType }

// Body returns the JSON error body.
func (e *UnsupportedEncodingError) Body() []byte {
	return errbody.New(e.ID, NameUnsupportedEncodingError, e.Message(), nil).Close()
}

// MarshalJSON returns Body. Note that json.Marshal escapes the characters
// <, > and & of the result; Body does not.
func (e *UnsupportedEncodingError) MarshalJSON() ([]byte, error) { return e.Body(), nil }

// BadDataError (400) means the request body is not JSON or fails the
// schema; Details lists each problem.
type BadDataError struct {
	// ID is the error instance's UUID, written as the body's id.
	ID string
	// Details lists the problems, each with the JSON pointer of the
	// offending value (prefixed with /body) and a message.
	Details []model.ErrorDetail
}

// NewBadDataError returns the error for the given problems. Its id is read
// from rand; nil means crypto/rand.
func NewBadDataError(rand io.Reader, details []model.ErrorDetail) *BadDataError {
	return &BadDataError{ID: auth.NewUUID(rand), Details: append([]model.ErrorDetail(nil), details...)}
}

// Message returns MsgBadData, the same for every BadDataError; the
// details say what is wrong.
func (e *BadDataError) Message() string { return MsgBadData }

// Error returns the error's name and message, followed by the first detail's
// message when there is one.
func (e *BadDataError) Error() string {
	s := NameBadDataError + ": " + MsgBadData
	if len(e.Details) > 0 {
		s += " First problem: " + e.Details[0].Message
	}
	return s
}

// HTTPStatus returns 400 Bad Request.
func (e *BadDataError) HTTPStatus() int { return http.StatusBadRequest }

// Body returns the JSON error body, whose details are e.Details (an empty
// list when there are none).
func (e *BadDataError) Body() []byte {
	details := e.Details
	if details == nil {
		details = []model.ErrorDetail{}
	}
	return errbody.New(e.ID, NameBadDataError, MsgBadData, details).Close()
}

// MarshalJSON returns Body. Note that json.Marshal escapes the characters
// <, > and & of the result; Body does not.
func (e *BadDataError) MarshalJSON() ([]byte, error) { return e.Body(), nil }

// ServiceUnavailableError (503) means every validation slot was taken for
// longer than Options.QueueTimeout, or, with Store, that the token lookup,
// the state or the user store could not answer now. The handler also
// sends Retry-After.
type ServiceUnavailableError struct {
	// ID is the error instance's UUID, written as the body's id.
	ID string
	// RetryAfter is the number of seconds after which a retry may
	// succeed, sent as the Retry-After header.
	RetryAfter int
	// Store is set when a store, not the server's load, is the cause.
	Store bool
}

func (e *ServiceUnavailableError) message() string {
	if e.Store {
		return MsgStoreUnavailable
	}
	return MsgServiceUnavailable
}

// NewServiceUnavailableError returns the error for an overloaded server
// that suggests a retry after retryAfter seconds. Its id is read from
// rand; nil means crypto/rand.
func NewServiceUnavailableError(rand io.Reader, retryAfter int) *ServiceUnavailableError {
	return &ServiceUnavailableError{ID: auth.NewUUID(rand), RetryAfter: retryAfter}
}

// Error returns the error's name and message.
func (e *ServiceUnavailableError) Error() string {
	return NameServiceUnavailableError + ": " + e.message()
}

// HTTPStatus returns 503 Service Unavailable.
func (e *ServiceUnavailableError) HTTPStatus() int { return http.StatusServiceUnavailable }

// RetryAfterHeader returns the value of the Retry-After header.
func (e *ServiceUnavailableError) RetryAfterHeader() string { return strconv.Itoa(e.RetryAfter) }

// Body returns the JSON error body.
func (e *ServiceUnavailableError) Body() []byte {
	return errbody.New(e.ID, NameServiceUnavailableError, e.message(), nil).Close()
}

// MarshalJSON returns Body. Note that json.Marshal escapes the characters
// <, > and & of the result; Body does not.
func (e *ServiceUnavailableError) MarshalJSON() ([]byte, error) { return e.Body(), nil }
