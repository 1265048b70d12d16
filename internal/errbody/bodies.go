package errbody

import (
	"strconv"
	"strings"

	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/model/profile"
)

// Body is an error body before it is written: its name, its message, its
// details (nil repeats the message) and the members after the details,
// in order.
type Body struct {
	Name    string
	Message string
	Details []Detail
	Extra   []Member
}

// Member is a member of a body after its details.
type Member struct {
	Name  string
	Value any
}

// Write returns the body's bytes with id ("" leaves the member out), in
// the members' order of a version whose error style is style.
func (b Body) Write(id string, style profile.ErrorStyle) []byte {
	w := NewStyled(id, b.Name, b.Message, b.Details, style.DetailDescription)
	for _, m := range b.Extra {
		w.Member(m.Name, m.Value)
	}
	return w.Close()
}

// The error bodies of the reference server, in its words. A body's status
// and the header fields that go with it are the HTTP adapter's.

// NoAuthorization is the 401 of a request without an authorization
// header, which names the login page at loginPath.
func NoAuthorization(loginPath string) Body {
	return Body{Name: "AuthenticationRequired",
		Message: "You must log in to use Unleash. Your request had no authorization header, so we could not authorize you. Try logging in at " + loginPath,
		Extra:   []Member{{"path", loginPath}, {"type", "password"}, {"defaultHidden", false}}}
}

// UnknownToken is the 401 of a token the instance does not know.
func UnknownToken() Body {
	return Body{Name: "AuthenticationRequired", Message: "You must log in to use Unleash."}
}

// TokenKind is the 403 of a kind of token (client, frontend) that may not
// use the admin API.
func TokenKind() Body {
	return Body{Name: "NoAccessError", Message: "invalid token: expected a different token type for this endpoint"}
}

// Permission is the 403 of a caller lacking permissions: one of perms,
// in the environment env when it is not "" (Unleash's NoAccessError,
// with the permissions listed after the details).
func Permission(perms []string, env string) Body {
	return Body{Name: "NoAccessError", Message: PermissionMessage(perms, env),
		Extra: []Member{{"permissions", append([]string{}, perms...)}}}
}

// PermissionMessage is the message of Unleash's PermissionError for a
// caller that lacks one of perms (the names it shows: a permission's
// name, or the display name an import's refusal shows), in the
// environment env when it is not "".
func PermissionMessage(perms []string, env string) string {
	var b strings.Builder
	b.WriteString("You don't have the required permissions to perform this operation. To perform this action, you need ")
	if len(perms) == 1 {
		b.WriteString(`the "` + perms[0] + `" permission`)
	} else {
		b.WriteString("one of the following permissions: ")
		for i, p := range perms {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(`"` + p + `"`)
		}
	}
	if env != "" {
		b.WriteString(` in the "` + env + `" environment`)
	}
	b.WriteString(".")
	return b.String()
}

// NotFound is the 404 of a request to path.
func NotFound(path string) Body {
	return Body{Name: "NotFoundError", Message: "The path you were looking for (" + path + ") is not available."}
}

// MethodNotAllowed is the 405 of a request with method to an endpoint
// that answers only the allowed methods.
func MethodNotAllowed(method string, allowed []string) Body {
	return Body{Name: "MethodNotAllowedError",
		Message: "The method " + method + " is not allowed on this path. Allowed: " + strings.Join(allowed, ", ") + ".",
		Extra:   []Member{{"allow", allowed}}}
}

// TooLarge is the 413 of a body over limit bytes.
func TooLarge(limit int64) Body {
	return Body{Name: "PayloadTooLargeError",
		Message: "Request entity too large: the request body must not be larger than " + strconv.FormatInt(limit, 10) + " bytes.",
		Extra:   []Member{{"limit", limit}}}
}

// ContentType is the 415 of a body of type ct ("" when the request
// declared none).
func ContentType(ct string) Body {
	if ct == "" {
		ct = "you didn't provide one"
	}
	return Body{Name: "ContentTypeError",
		Message: "We do not accept the content-type you provided (" + ct +
			"). Try using one of the content-types we do accept instead (application/json) and make sure the body is in the corresponding format."}
}

// UnsupportedEncoding is the 415 of a JSON body in a charset (charset
// true, named in upper case) or content encoding (named as declared) that
// is not decoded: `unsupported charset "LATIN1"` or `unsupported content
// encoding "br"`.
func UnsupportedEncoding(charset bool, value string) Body {
	msg := `unsupported content encoding "` + value + `"`
	if charset {
		msg = `unsupported charset "` + strings.ToUpper(value) + `"`
	}
	return Body{Name: "UnsupportedEncodingError", Message: msg}
}

// The name and message of the 400 of a request body that is no JSON or
// fails the schema; its details list each problem.
const (
	NameBadData = "BadDataError"
	MsgBadData  = "Request validation failed: your request body or params contain invalid data. Refer to the `details` list for more information."
)

// BadData is the 400 of a request body that is no JSON or fails the
// schema, with its problems as details (none: an empty list).
func BadData(details []Detail) Body {
	if details == nil {
		details = []Detail{}
	}
	return Body{Name: NameBadData, Message: MsgBadData, Details: details}
}

// BadDataMessage is the 400 of a request body that could not be read,
// with msg as its one detail.
func BadDataMessage(msg string) Body {
	return BadData([]Detail{{ErrorDetail: model.ErrorDetail{Message: msg}}})
}

// Internal is the 500 of a failure, which says nothing of its cause.
func Internal() Body {
	return Body{Name: "InternalError", Message: "Something went wrong on our side while handling your request. Please try again later."}
}

// The 503s below are flagadmin's own (docs/DEVIATIONS.md): the reference
// server has no validation slots and reads its own database.

// Busy is the 503 of a server whose validation slots are all taken.
func Busy() Body {
	return Body{Name: "ServiceUnavailableError", Message: "The server is busy with other validations. Please try again later."}
}

// StoreUnavailable is the 503 of a store that cannot answer now.
func StoreUnavailable() Body {
	return Body{Name: "ServiceUnavailableError", Message: "The server cannot reach its data source now. Please try again later."}
}
