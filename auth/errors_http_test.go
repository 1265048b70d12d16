package auth

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

func TestHTTPLayerErrorBodies(t *testing.T) {
	const tooLarge = "Request entity too large: the request body must not be larger than 512000 bytes."
	const notAllowed = "The method GET is not allowed on this path. Allowed: POST."
	tests := []struct {
		name   string
		err    HTTPError
		status int
		body   string
	}{
		{"not found", NewNotFoundError(fixedRand(0xff), "/api/admin/x&y"), 404,
			`{"id":"` + ffID + `","name":"NotFoundError","message":"The path you were looking for (/api/admin/x&y) is not available.","details":[{"message":"The path you were looking for (/api/admin/x&y) is not available."}]}`},
		{"method not allowed", NewMethodNotAllowedError(fixedRand(0xff), "GET", "POST"), 405,
			`{"id":"` + ffID + `","name":"MethodNotAllowedError","message":"` + notAllowed + `","details":[{"message":"` + notAllowed + `"}],"allow":["POST"]}`},
		{"payload too large", NewPayloadTooLargeError(fixedRand(0xff), 512000), 413,
			`{"id":"` + ffID + `","name":"PayloadTooLargeError","message":"` + tooLarge + `","details":[{"message":"` + tooLarge + `"}],"limit":512000}`},
		{"internal", NewInternalError(fixedRand(0xff), errors.New("db at 10.1.2.3 down")), 500,
			`{"id":"` + ffID + `","name":"InternalError","message":"` + MsgInternal + `","details":[{"message":"` + MsgInternal + `"}]}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.err.HTTPStatus(); got != tc.status {
				t.Errorf("HTTPStatus = %d, want %d", got, tc.status)
			}
			if got := string(tc.err.Body()); got != tc.body {
				t.Errorf("Body =\n%s\nwant\n%s", got, tc.body)
			}
			m, ok := tc.err.(json.Marshaler)
			if !ok {
				t.Fatal("not a json.Marshaler")
			}
			if b, err := m.MarshalJSON(); err != nil || string(b) != tc.body {
				t.Errorf("MarshalJSON = %s, %v", b, err)
			}
			var body struct{ Name string }
			if err := json.Unmarshal(tc.err.Body(), &body); err != nil || !strings.HasPrefix(tc.err.Error(), body.Name) {
				t.Errorf("Error() = %q does not start with the name %q (%v)", tc.err.Error(), body.Name, err)
			}
		})
	}
}

func TestHTTPLayerErrorsHaveFreshIDs(t *testing.T) {
	for _, e := range []interface{ Body() []byte }{
		NewNotFoundError(nil, "/"), NewMethodNotAllowedError(nil, "PUT", "GET", "HEAD"),
		NewPayloadTooLargeError(nil, 1), NewInternalError(nil, nil),
	} {
		var body struct{ ID string }
		if err := json.Unmarshal(e.Body(), &body); err != nil || !uuidV4.MatchString(body.ID) {
			t.Errorf("id of %s is not a UUID v4 (%v)", e.Body(), err)
		}
	}
}

func TestMethodNotAllowedAllowHeader(t *testing.T) {
	e := NewMethodNotAllowedError(nil, "POST", "GET", "HEAD")
	if got := e.AllowHeader(); got != "GET, HEAD" {
		t.Errorf("AllowHeader = %q", got)
	}
	if !strings.Contains(e.Message(), "POST") || !strings.Contains(e.Message(), "GET, HEAD") {
		t.Errorf("Message = %q", e.Message())
	}
}

func TestInternalErrorKeepsItsCauseOutOfTheBody(t *testing.T) {
	cause := errors.New("db at 10.1.2.3 down")
	e := NewInternalError(nil, cause)
	if !errors.Is(e, cause) {
		t.Error("errors.Is does not reach the cause")
	}
	if !strings.Contains(e.Error(), "10.1.2.3") {
		t.Errorf("Error() = %q lacks the cause", e.Error())
	}
	if strings.Contains(string(e.Body()), "10.1.2.3") {
		t.Errorf("Body reveals the cause: %s", e.Body())
	}
	if got := NewInternalError(nil, nil).Error(); got != NameInternalError {
		t.Errorf("Error() without cause = %q", got)
	}
}
