package adminhttp

import (
	"cmp"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/flagadmin/flagadmin/auth"
	"github.com/flagadmin/flagadmin/examples/server/adminhttp/internal/errbody"
	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/model/profile"
)

// apiError is an error answer: its status, the members of its
// ErrorResponse body (id, name, message and details, then members
// particular to its kind) and a header field that goes with some. The id
// is drawn when the answer is written.
type apiError struct {
	status  int
	name    string
	message string
	// details are the body's details; nil repeats the message.
	details []errbody.Detail
	// extra are the members after details, in order.
	extra []member
	// header and value are a header field of the answer; "" for none.
	header, value string
	// cause is the failure behind a 500 or a store's 503; it is never
	// written.
	cause error
}

// member is a member of an error body.
type member struct {
	name  string
	value any
}

// Error returns the error's name and message. An apiError with a cause is
// made only by answerOf for fail, which logs the cause itself.
func (e *apiError) Error() string { return e.name + ": " + e.message }

// body returns the JSON error body with id, HTML characters unescaped, in
// style.
func (e *apiError) body(id string, style profile.ErrorStyle) []byte {
	w := errbody.NewStyled(id, e.name, e.message, e.details, style.DetailDescription)
	for _, m := range e.extra {
		w.Member(m.name, m.value)
	}
	return w.Close()
}

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
		msg := "You must log in to use Unleash. Your request had no authorization header, so we could not authorize you. Try logging in at " + c.loginPath
		return &apiError{status: http.StatusUnauthorized, name: "AuthenticationRequired", message: cmp.Or(c.unauthorized, msg),
			extra: []member{{"path", c.loginPath}, {"type", "password"}, {"defaultHidden", false}}}
	case errors.Is(err, auth.ErrUnknownToken):
		return &apiError{status: http.StatusUnauthorized, name: "AuthenticationRequired", message: cmp.Or(c.unauthorized, "You must log in to use Unleash.")}
	case errors.Is(err, auth.ErrTokenKind):
		return &apiError{status: http.StatusForbidden, name: "NoAccessError",
			message: "invalid token: expected a different token type for this endpoint"}
	case errors.As(err, &pe):
		return &apiError{status: http.StatusForbidden, name: "NoAccessError", message: permissionMessage(pe),
			extra: []member{{"permissions", append([]string{}, pe.Permissions...)}}}
	}
	if e := storeUnavailable(err); e != nil {
		return e
	}
	return &apiError{status: http.StatusInternalServerError, name: "InternalError",
		message: "Something went wrong on our side while handling your request. Please try again later.", cause: err}
}

// permissionMessage is the reference server's message for a caller
// lacking permissions: it names them and the environment, if any.
func permissionMessage(e *auth.PermissionError) string {
	var b strings.Builder
	b.WriteString("You don't have the required permissions to perform this operation. To perform this action, you need ")
	if len(e.Permissions) == 1 {
		b.WriteString(`the "` + e.Permissions[0] + `" permission`)
	} else {
		b.WriteString("one of the following permissions: ")
		for i, p := range e.Permissions {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(`"` + p + `"`)
		}
	}
	if e.Environment != "" {
		b.WriteString(` in the "` + e.Environment + `" environment`)
	}
	b.WriteString(".")
	return b.String()
}

// notFound is the 404 for a request to path.
func notFound(path string) *apiError {
	return &apiError{status: http.StatusNotFound, name: "NotFoundError",
		message: "The path you were looking for (" + path + ") is not available."}
}

// methodNotAllowed is the 405 for a request with method to an endpoint
// that answers only the allowed methods; it sends them as Allow.
func methodNotAllowed(method string, allowed []string) *apiError {
	allow := strings.Join(allowed, ", ")
	return &apiError{status: http.StatusMethodNotAllowed, name: "MethodNotAllowedError",
		message: "The method " + method + " is not allowed on this path. Allowed: " + allow + ".",
		extra:   []member{{"allow", allowed}}, header: "Allow", value: allow}
}

// tooLarge is the 413 for a body over limit bytes.
func tooLarge(limit int64) *apiError {
	return &apiError{status: http.StatusRequestEntityTooLarge, name: "PayloadTooLargeError",
		message: "Request entity too large: the request body must not be larger than " + strconv.FormatInt(limit, 10) + " bytes.",
		extra:   []member{{"limit", limit}}}
}

// contentTypeError is the 415 for a body of type ct ("" when the request
// declared none), in the reference server's words.
func contentTypeError(ct string) *apiError {
	if ct == "" {
		ct = "you didn't provide one"
	}
	return &apiError{status: http.StatusUnsupportedMediaType, name: "ContentTypeError",
		message: "We do not accept the content-type you provided (" + ct +
			"). Try using one of the content-types we do accept instead (application/json) and make sure the body is in the corresponding format."}
}

// unsupportedEncoding is the 415 for a JSON body in a charset (charset
// true, named in upper case) or content encoding (named as declared) that
// is not decoded: the reference server's `unsupported charset "LATIN1"` or
// `unsupported content encoding "br"`.
func unsupportedEncoding(charset bool, value string) *apiError {
	msg := `unsupported content encoding "` + value + `"`
	if charset {
		msg = `unsupported charset "` + strings.ToUpper(value) + `"`
	}
	return &apiError{status: http.StatusUnsupportedMediaType, name: "UnsupportedEncodingError", message: msg}
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
	return &apiError{status: http.StatusBadRequest, name: model.NameBadDataError, message: model.MsgBadData, details: details}
}

// badDataMessage is the 400 of a body that could not be read, with msg
// as its one detail.
func badDataMessage(msg string) *apiError {
	return &apiError{status: http.StatusBadRequest, name: model.NameBadDataError, message: model.MsgBadData,
		details: []errbody.Detail{{ErrorDetail: model.ErrorDetail{Message: msg}}}}
}

// unavailable is the 503 of an overloaded server, which suggests a retry
// after retryAfter seconds.
func unavailable(retryAfter int) *apiError {
	return &apiError{status: http.StatusServiceUnavailable, name: "ServiceUnavailableError",
		message: "The server is busy with other validations. Please try again later.",
		header:  "Retry-After", value: strconv.Itoa(retryAfter)}
}
