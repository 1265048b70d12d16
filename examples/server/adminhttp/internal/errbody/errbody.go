// Package errbody writes the JSON bodies of HTTP error answers the way the
// reference server does: members in a fixed order, HTML characters left
// unescaped. The HTTP example writes every error body with it.
package errbody

import (
	"bytes"
	"encoding/json"

	"github.com/flagadmin/flagadmin/model"
)

// Writer writes a JSON object member by member, in call order, without
// escaping HTML characters.
type Writer struct {
	buf bytes.Buffer
	enc *json.Encoder
}

// New starts an error body with id, name, message and details. When
// details is nil, details repeats the message.
func New(id, name, message string, details []model.ErrorDetail) *Writer {
	w := &Writer{}
	w.enc = json.NewEncoder(&w.buf)
	w.enc.SetEscapeHTML(false)
	w.buf.WriteByte('{')
	w.Member("id", id)
	w.Member("name", name)
	w.Member("message", message)
	if details == nil {
		details = []model.ErrorDetail{{Message: message}}
	}
	w.Member("details", details)
	return w
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
