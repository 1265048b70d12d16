package testutil

import (
	"encoding/json"
	"strings"
	"testing"
)

// httpError is an error answered with a status code and a JSON body, as
// auth.HTTPError describes it.
type httpError interface {
	error
	HTTPStatus() int
	Body() []byte
}

// CheckErrorBody fails tb unless e answers with status and exactly the
// bytes of body, MarshalJSON writes the same bytes, and Error() is the
// body's name or starts with the name and ": ". It returns the body's
// name and message for the caller's own checks.
func CheckErrorBody(tb testing.TB, e httpError, status int, body string) (name, message string) {
	tb.Helper()
	if got := e.HTTPStatus(); got != status {
		tb.Errorf("HTTPStatus() = %d, want %d", got, status)
	}
	if got := string(e.Body()); got != body {
		tb.Errorf("Body():\n got %s\nwant %s", got, body)
	}
	m, ok := e.(json.Marshaler)
	if !ok {
		tb.Fatalf("%T does not implement json.Marshaler", e)
	}
	if b, err := m.MarshalJSON(); err != nil || string(b) != body {
		tb.Errorf("MarshalJSON() = %s, %v; want the body", b, err)
	}
	var decoded struct{ Name, Message string }
	if err := json.Unmarshal(e.Body(), &decoded); err != nil {
		tb.Fatalf("body %s: %v", e.Body(), err)
	}
	if msg := e.Error(); msg != decoded.Name && !strings.HasPrefix(msg, decoded.Name+": ") {
		tb.Errorf("Error() = %q does not start with the name %q", msg, decoded.Name)
	}
	return decoded.Name, decoded.Message
}
