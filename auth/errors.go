package auth

import (
	"io"
	"net/http"
	"strings"

	"github.com/flagadmin/flagadmin/internal/errbody"
)

// HTTPError is an error that an HTTP adapter answers with a status code and
// a JSON error body: the 401 and 403 of the API document. Both error types
// of this package implement it.
type HTTPError interface {
	error
	// HTTPStatus returns the status code of the answer.
	HTTPStatus() int
	// Body returns the JSON error body: id, name, message and details, then
	// any members particular to the kind of error.
	Body() []byte
}

// Error names, as written in the name member of an error body.
const (
	NameAuthenticationRequired = "AuthenticationRequired"
	NameNoAccessError          = "NoAccessError"
)

// Messages of the error bodies.
const (
	// MsgNoHeader is the message when the request had no token at all.
	MsgNoHeader = "You must log in to use Unleash. Your request had no authorization header, so we could not authorize you. Try logging in at /auth/simple/login"
	// MsgUnknownToken is the message when the token is not known.
	MsgUnknownToken = "You must log in to use Unleash."
	// MsgWrongTokenType is the message when a client or frontend token is
	// used on an admin endpoint.
	MsgWrongTokenType = "invalid token: expected a different token type for this endpoint"
	// LoginPath is the login page that the body of a missing-header error
	// points to.
	LoginPath = "/auth/simple/login"
)

// AuthenticationRequiredError (401) means the request carried no usable
// credentials: the authorization header was missing or blank, or its token
// is unknown. It never records the token.
type AuthenticationRequiredError struct {
	// ID is the error instance's UUID, written as the body's id.
	ID string
	// NoHeader is true when the request carried no token at all; the body
	// then points to the login page. Otherwise the token was unknown.
	NoHeader bool
}

// NewAuthenticationRequired returns the error for a request without a token
// (noHeader true) or with an unknown token (noHeader false). Its id is read
// from rand; nil means crypto/rand.
func NewAuthenticationRequired(rand io.Reader, noHeader bool) *AuthenticationRequiredError {
	return &AuthenticationRequiredError{ID: NewUUID(rand), NoHeader: noHeader}
}

// Message returns the human-readable message of the error.
func (e *AuthenticationRequiredError) Message() string {
	if e.NoHeader {
		return MsgNoHeader
	}
	return MsgUnknownToken
}

// Error returns the error's name and message.
func (e *AuthenticationRequiredError) Error() string {
	return NameAuthenticationRequired + ": " + e.Message()
}

// HTTPStatus returns 401 Unauthorized.
func (e *AuthenticationRequiredError) HTTPStatus() int { return http.StatusUnauthorized }

// Body returns the JSON error body. For a missing header it also carries
// "path":"/auth/simple/login","type":"password","defaultHidden":false, like
// the reference server.
func (e *AuthenticationRequiredError) Body() []byte {
	w := errbody.New(e.ID, NameAuthenticationRequired, e.Message(), nil)
	if e.NoHeader {
		w.Member("path", LoginPath)
		w.Member("type", "password")
		w.Member("defaultHidden", false)
	}
	return w.Close()
}

// MarshalJSON returns Body. Note that json.Marshal escapes the characters
// <, > and & of the result; Body does not.
func (e *AuthenticationRequiredError) MarshalJSON() ([]byte, error) { return e.Body(), nil }

// NoAccessError (403) means the caller is authenticated but may not perform
// the operation: it lacks every one of the required permissions, or its
// token is of a kind (client, frontend) that may not use admin endpoints.
type NoAccessError struct {
	// ID is the error instance's UUID, written as the body's id.
	ID string
	// Permissions are the permissions of which the caller needs one.
	Permissions []string
	// Environment is the environment the permissions were needed in; ""
	// when not environment-specific.
	Environment string
	// WrongTokenType is true when the token's kind may not use the
	// endpoint at all; Permissions and Environment are then unused.
	WrongTokenType bool
}

// NewNoAccessError returns the error for a caller lacking all of
// permissions, in environment when it is not "". Its id is read from rand;
// nil means crypto/rand.
func NewNoAccessError(rand io.Reader, environment string, permissions ...string) *NoAccessError {
	return &NoAccessError{ID: NewUUID(rand), Permissions: append([]string(nil), permissions...), Environment: environment}
}

// NewWrongTokenTypeError returns the error for a client or frontend token
// used on an admin endpoint. Its id is read from rand; nil means crypto/rand.
func NewWrongTokenTypeError(rand io.Reader) *NoAccessError {
	return &NoAccessError{ID: NewUUID(rand), WrongTokenType: true}
}

// Message returns the human-readable message of the error, which names the
// needed permissions and the environment, if any.
func (e *NoAccessError) Message() string {
	if e.WrongTokenType {
		return MsgWrongTokenType
	}
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

// Error returns the error's name and message.
func (e *NoAccessError) Error() string { return NameNoAccessError + ": " + e.Message() }

// HTTPStatus returns 403 Forbidden.
func (e *NoAccessError) HTTPStatus() int { return http.StatusForbidden }

// Body returns the JSON error body. Unless the token type was wrong, it also
// carries the needed permissions as "permissions", like the reference
// server.
func (e *NoAccessError) Body() []byte {
	w := errbody.New(e.ID, NameNoAccessError, e.Message(), nil)
	if !e.WrongTokenType {
		perms := e.Permissions
		if perms == nil {
			perms = []string{}
		}
		w.Member("permissions", perms)
	}
	return w.Close()
}

// MarshalJSON returns Body. Note that json.Marshal escapes the characters
// <, > and & of the result; Body does not.
func (e *NoAccessError) MarshalJSON() ([]byte, error) { return e.Body(), nil }
