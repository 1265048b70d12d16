package testutil

import "testing"

// fakeError is an HTTP error with a fixed answer.
type fakeError struct {
	status int
	body   string
	text   string
}

func (e fakeError) Error() string                { return e.text }
func (e fakeError) HTTPStatus() int              { return e.status }
func (e fakeError) Body() []byte                 { return []byte(e.body) }
func (e fakeError) MarshalJSON() ([]byte, error) { return e.Body(), nil }

func TestCheckErrorBody(t *testing.T) {
	const body = `{"id":"x","name":"N","message":"M","details":[]}`
	good := fakeError{404, body, "N: M"}
	if name, msg := CheckErrorBody(t, good, 404, body); name != "N" || msg != "M" {
		t.Errorf("name %q, message %q", name, msg)
	}
	for what, e := range map[string]fakeError{
		"status":  {500, body, "N: M"},
		"body":    {404, `{"name":"N","message":"other"}`, "N: M"},
		"Error()": {404, body, "M"},
	} {
		rec := &recorder{TB: t}
		CheckErrorBody(rec, e, 404, body)
		if !rec.failed {
			t.Errorf("a wrong %s passed", what)
		}
	}
}
