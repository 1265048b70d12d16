package adminhttp

import (
	"cmp"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/flagadmin/flagadmin/auth"
	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/internal/errbody"
	"github.com/flagadmin/flagadmin/model/profile"
)

// apiError is an error answer: its status, its body (internal/errbody,
// where every error body is worded) and a header field that goes with
// some. The id is drawn when the answer is written.
type apiError struct {
	status int
	errbody.Body
	// header and value are a header field of the answer; "" for none.
	header, value string
	// cause is the failure behind a 500 or a store's 503; it is never
	// written.
	cause error
}

// Error returns the error's name and message. An apiError with a cause is
// made only by answerOf for fail, which logs the cause itself.
func (e *apiError) Error() string { return e.Name + ": " + e.Message }

// body returns the JSON error body with id, HTML characters unescaped, in
// style.
func (e *apiError) body(id string, style profile.ErrorStyle) []byte { return e.Write(id, style) }

// answerOf returns the answer to err: err itself when it is an answer, 401
// and 403 for the errors of auth, and otherwise a 500 whose body says
// nothing about the cause.
func (c *common) answerOf(err error) *apiError {
	var e *apiError
	var pe *auth.PermissionError
	switch {
	case errors.As(err, &e):
		return e
	case errors.Is(err, auth.ErrNoToken):
		b := errbody.NoAuthorization(c.loginPath)
		b.Message = cmp.Or(c.unauthorized, b.Message)
		return &apiError{status: http.StatusUnauthorized, Body: b}
	case errors.Is(err, auth.ErrUnknownToken):
		b := errbody.UnknownToken()
		b.Message = cmp.Or(c.unauthorized, b.Message)
		return &apiError{status: http.StatusUnauthorized, Body: b}
	case errors.Is(err, auth.ErrTokenKind):
		return &apiError{status: http.StatusForbidden, Body: errbody.TokenKind()}
	case errors.As(err, &pe):
		return &apiError{status: http.StatusForbidden, Body: errbody.Permission(pe.Permissions, pe.Environment)}
	}
	if e := storeUnavailable(err); e != nil {
		return e
	}
	return &apiError{status: http.StatusInternalServerError, Body: errbody.Internal(), cause: err}
}

// notFound is the 404 for a request to path.
func notFound(path string) *apiError {
	return &apiError{status: http.StatusNotFound, Body: errbody.NotFound(path)}
}

// methodNotAllowed is the 405 for a request with method to an endpoint
// that answers only the allowed methods; it sends them as Allow.
func methodNotAllowed(method string, allowed []string) *apiError {
	return &apiError{status: http.StatusMethodNotAllowed, Body: errbody.MethodNotAllowed(method, allowed),
		header: "Allow", value: strings.Join(allowed, ", ")}
}

// tooLarge is the 413 for a body over limit bytes.
func tooLarge(limit int64) *apiError {
	return &apiError{status: http.StatusRequestEntityTooLarge, Body: errbody.TooLarge(limit)}
}

// contentTypeError is the 415 for a body of type ct ("" when the request
// declared none), in the reference server's words.
func contentTypeError(ct string) *apiError {
	return &apiError{status: http.StatusUnsupportedMediaType, Body: errbody.ContentType(ct)}
}

// unsupportedEncoding is the 415 for a JSON body in a charset (charset
// true) or content encoding that is not decoded.
func unsupportedEncoding(charset bool, value string) *apiError {
	return &apiError{status: http.StatusUnsupportedMediaType, Body: errbody.UnsupportedEncoding(charset, value)}
}

// badData is the 400 for a body that is not JSON or fails the schema, with
// one detail per error of ps (Diagnostic.Detail), its path first for a
// missing or an additional property as the reference writes them.
func badData(ps importvalidate.Problems) *apiError {
	details := make([]errbody.Detail, 0, len(ps))
	for _, d := range ps {
		if d.Severity != importvalidate.SeverityWarning {
			details = append(details, errbody.Detail{ErrorDetail: d.Detail(),
				PathFirst: d.Code == importvalidate.CodeRequired || d.Code == importvalidate.CodeAdditionalProperty})
		}
	}
	return &apiError{status: http.StatusBadRequest, Body: errbody.BadData(details)}
}

// badDataMessage is the 400 of a body that could not be read, with msg
// as its one detail.
func badDataMessage(msg string) *apiError {
	return &apiError{status: http.StatusBadRequest, Body: errbody.BadDataMessage(msg)}
}

// unavailable is the 503 of an overloaded server, which suggests a retry
// after retryAfter seconds.
func unavailable(retryAfter int) *apiError {
	return &apiError{status: http.StatusServiceUnavailable, Body: errbody.Busy(),
		header: "Retry-After", value: strconv.Itoa(retryAfter)}
}
