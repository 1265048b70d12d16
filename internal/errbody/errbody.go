// Package errbody holds every error body the module writes, byte for
// byte as the reference server writes it: the name and message of each
// (bodies.go, in the reference's words; PermissionMessage is also the
// message of an import refused for a permission) and the writer that puts
// the members in the reference's order for each version, HTML characters
// left unescaped. The HTTP adapter (examples/server/adminhttp) answers
// with these bodies; what status and header fields go with each is its
// own.
package errbody

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/flagadmin/flagadmin/model"
)

// Writer writes a JSON object member by member, in call order, without
// escaping HTML characters.
type Writer struct {
	buf bytes.Buffer
	enc *json.Encoder
}

// start begins a body with its id, name and message; an id "" is left
// out.
func start(id, name, message string) *Writer {
	w := &Writer{}
	w.enc = json.NewEncoder(&w.buf)
	w.enc.SetEscapeHTML(false)
	w.buf.WriteByte('{')
	if id != "" {
		w.Member("id", id)
	}
	w.Member("name", name)
	w.Member("message", message)
	return w
}

// Detail is an item of a body's details with the order of its members:
// PathFirst is set for a missing or an additional property (ajv's required
// and additionalProperties), whose path the reference writes before the
// message; for the other schema problems it writes the message first.
type Detail struct {
	model.ErrorDetail
	PathFirst bool
}

// NewStyled starts an error body with id, name, message and details, in
// the form of Unleash 5.x when described is set (Described), else in the
// members' order of 6.x and later (Ordered). When details is nil, details
// repeats the message.
func NewStyled(id, name, message string, details []Detail, described bool) *Writer {
	if details == nil {
		details = []Detail{{ErrorDetail: model.ErrorDetail{Message: message}}}
	}
	w := start(id, name, message)
	if described {
		w.Member("details", Described(details))
	} else {
		w.Member("details", Ordered(details))
	}
	return w
}

// Ordered returns details with their members in the reference's order:
// path, message for a missing or an additional property; message, path for
// the other schema problems; message alone without a path.
func Ordered(details []Detail) []any {
	out := make([]any, 0, len(details))
	for _, d := range details {
		switch {
		case d.Path == "" || d.PathFirst:
			out = append(out, d.ErrorDetail)
		default:
			out = append(out, struct {
				Message string `json:"message"`
				Path    string `json:"path"`
			}{d.Message, d.Path})
		}
	}
	return out
}

// Described returns details as Unleash 5.x writes them: each with
// "description", equal to its "message", and a schema problem's path as
// a pointer without the request's "/body" and its leading slash
// ("data/features"; "" for the root). The messages come worded as 5.x
// words them: a validation's problems are, when it answered as 5.x
// (importvalidate.Diagnostic.Message). Members come in 5.x's order:
// message, description for a detail without a path; path, description,
// message for a missing or an additional property; description, message,
// path for the other schema problems.
func Described(details []Detail) []any {
	out := make([]any, 0, len(details))
	for _, d := range details {
		if d.Path == "" {
			out = append(out, struct {
				Message     string `json:"message"`
				Description string `json:"description"`
			}{d.Message, d.Message})
			continue
		}
		path := strings.TrimPrefix(strings.TrimPrefix(d.Path, "/body"), "/")
		msg := d.Message
		if d.PathFirst {
			out = append(out, struct {
				Path        string `json:"path"`
				Description string `json:"description"`
				Message     string `json:"message"`
			}{path, msg, msg})
			continue
		}
		out = append(out, struct {
			Description string `json:"description"`
			Message     string `json:"message"`
			Path        string `json:"path"`
		}{msg, msg, path})
	}
	return out
}

// Member appends the member name: v. v must be a value that encoding/json
// cannot fail on (strings, numbers, booleans, string slices, details).
func (w *Writer) Member(name string, v any) {
	if w.buf.Len() > 1 {
		w.buf.WriteByte(',')
	}
	w.value(name)
	w.buf.WriteByte(':')
	w.value(v)
}

// value appends v as JSON without the encoder's trailing newline.
func (w *Writer) value(v any) {
	if err := w.enc.Encode(v); err != nil {
		w.buf.WriteString("null") // unreachable for the types Member accepts
		return
	}
	w.buf.Truncate(w.buf.Len() - 1) // the encoder's newline
}

// Close ends the object and returns its bytes.
func (w *Writer) Close() []byte {
	w.buf.WriteByte('}')
	return w.buf.Bytes()
}
