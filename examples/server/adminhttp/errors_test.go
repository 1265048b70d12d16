package adminhttp_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/examples/server/adminhttp"
	"github.com/flagadmin/flagadmin/internal/testutil"
	"github.com/flagadmin/flagadmin/model"
)

const ffID = "ffffffff-ffff-4fff-bfff-ffffffffffff"

// fixedRand returns a reader yielding 16 bytes of b, for deterministic ids.
func fixedRand(b byte) *bytes.Reader { return bytes.NewReader(bytes.Repeat([]byte{b}, 16)) }

func TestErrorBodies(t *testing.T) {
	const (
		tooLarge    = "Request entity too large: the request body must not be larger than 512000 bytes."
		notAllowed  = "The method GET is not allowed on this path. Allowed: POST."
		ctGiven     = "We do not accept the content-type you provided (text/plain). Try using one of the content-types we do accept instead (application/json) and make sure the body is in the corresponding format."
		ctMissing   = "We do not accept the content-type you provided (you didn't provide one). Try using one of the content-types we do accept instead (application/json) and make sure the body is in the corresponding format."
		ctHTML      = "We do not accept the content-type you provided (a<b>&c). Try using one of the content-types we do accept instead (application/json) and make sure the body is in the corresponding format."
		badData     = "Request validation failed: your request body or params contain invalid data. Refer to the `details` list for more information."
		required    = "The `/body/data` property is required. It was not present on the data you sent."
		notString   = "The `/body/project` property must be string. You sent 5."
		unavailable = "The server is busy with other validations. Please try again later."
	)
	tests := []struct {
		name   string
		err    adminhttp.HTTPError
		status int
		body   string
	}{
		{"not found", adminhttp.NewNotFoundError(fixedRand(0xff), "/api/admin/x&y"), 404,
			`{"id":"` + ffID + `","name":"NotFoundError","message":"The path you were looking for (/api/admin/x&y) is not available.","details":[{"message":"The path you were looking for (/api/admin/x&y) is not available."}]}`},
		{"method not allowed", adminhttp.NewMethodNotAllowedError(fixedRand(0xff), "GET", "POST"), 405,
			`{"id":"` + ffID + `","name":"MethodNotAllowedError","message":"` + notAllowed + `","details":[{"message":"` + notAllowed + `"}],"allow":["POST"]}`},
		{"payload too large", adminhttp.NewPayloadTooLargeError(fixedRand(0xff), 512000), 413,
			`{"id":"` + ffID + `","name":"PayloadTooLargeError","message":"` + tooLarge + `","details":[{"message":"` + tooLarge + `"}],"limit":512000}`},
		{"internal", adminhttp.NewInternalError(fixedRand(0xff), errors.New("db at 10.1.2.3 down")), 500,
			`{"id":"` + ffID + `","name":"InternalError","message":"` + adminhttp.MsgInternal + `","details":[{"message":"` + adminhttp.MsgInternal + `"}]}`},
		{"content type given", adminhttp.NewContentTypeError(fixedRand(0xff), "text/plain"), 415,
			`{"id":"` + ffID + `","name":"ContentTypeError","message":"` + ctGiven + `","details":[{"message":"` + ctGiven + `"}]}`},
		{"content type missing", adminhttp.NewContentTypeError(fixedRand(0xff), ""), 415,
			`{"id":"` + ffID + `","name":"ContentTypeError","message":"` + ctMissing + `","details":[{"message":"` + ctMissing + `"}]}`},
		{"HTML characters are not escaped", adminhttp.NewContentTypeError(fixedRand(0xff), "a<b>&c"), 415,
			`{"id":"` + ffID + `","name":"ContentTypeError","message":"` + ctHTML + `","details":[{"message":"` + ctHTML + `"}]}`},
		{"unsupported charset", adminhttp.NewUnsupportedEncodingError(fixedRand(0xff), true, "latin1"), 415,
			`{"id":"` + ffID + `","name":"UnsupportedEncodingError","message":"unsupported charset \"LATIN1\"","details":[{"message":"unsupported charset \"LATIN1\""}]}`},
		{"unsupported content encoding", adminhttp.NewUnsupportedEncodingError(fixedRand(0xff), false, "br"), 415,
			`{"id":"` + ffID + `","name":"UnsupportedEncodingError","message":"unsupported content encoding \"br\"","details":[{"message":"unsupported content encoding \"br\""}]}`},
		{"bad data", adminhttp.NewBadDataError(fixedRand(0xff), []model.ErrorDetail{
			{Path: "/body/data", Message: required}, {Path: "/body/project", Message: notString},
		}), 400,
			`{"id":"` + ffID + `","name":"BadDataError","message":"` + badData + `","details":[{"path":"/body/data","message":"` + required + `"},{"path":"/body/project","message":"` + notString + `"}]}`},
		{"bad data without details", adminhttp.NewBadDataError(fixedRand(0xff), nil), 400,
			`{"id":"` + ffID + `","name":"BadDataError","message":"` + badData + `","details":[]}`},
		{"service unavailable", adminhttp.NewServiceUnavailableError(fixedRand(0xff), 2), 503,
			`{"id":"` + ffID + `","name":"ServiceUnavailableError","message":"` + unavailable + `","details":[{"message":"` + unavailable + `"}]}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			name, msg := testutil.CheckErrorBody(t, tc.err, tc.status, tc.body)
			if name != adminhttp.NameInternalError && !strings.Contains(tc.err.Error(), msg) {
				t.Errorf("Error() = %q lacks the message %q", tc.err.Error(), msg)
			}
		})
	}
}

func TestErrorsHaveFreshIDs(t *testing.T) {
	for _, mk := range []func() adminhttp.HTTPError{
		func() adminhttp.HTTPError { return adminhttp.NewNotFoundError(nil, "/") },
		func() adminhttp.HTTPError { return adminhttp.NewMethodNotAllowedError(nil, "PUT", "GET", "HEAD") },
		func() adminhttp.HTTPError { return adminhttp.NewPayloadTooLargeError(nil, 1) },
		func() adminhttp.HTTPError { return adminhttp.NewInternalError(nil, nil) },
		func() adminhttp.HTTPError { return adminhttp.NewContentTypeError(nil, "") },
		func() adminhttp.HTTPError { return adminhttp.NewUnsupportedEncodingError(nil, false, "br") },
		func() adminhttp.HTTPError { return adminhttp.NewBadDataError(nil, nil) },
		func() adminhttp.HTTPError { return adminhttp.NewServiceUnavailableError(nil, 1) },
	} {
		var a, b struct{ ID string }
		if err := json.Unmarshal(mk().Body(), &a); err != nil || !testutil.IsUUIDv4(a.ID) {
			t.Errorf("id of %s is not a UUID v4 (%v)", mk().Body(), err)
		}
		_ = json.Unmarshal(mk().Body(), &b)
		if a.ID == b.ID {
			t.Errorf("two errors share the id %s", a.ID)
		}
	}
}

func TestMethodNotAllowedAllowHeader(t *testing.T) {
	e := adminhttp.NewMethodNotAllowedError(nil, "POST", "GET", "HEAD")
	if got := e.AllowHeader(); got != "GET, HEAD" {
		t.Errorf("AllowHeader = %q", got)
	}
	if !strings.Contains(e.Message(), "POST") || !strings.Contains(e.Message(), "GET, HEAD") {
		t.Errorf("Message = %q", e.Message())
	}
}

func TestInternalErrorKeepsItsCauseOutOfTheBody(t *testing.T) {
	cause := errors.New("db at 10.1.2.3 down")
	e := adminhttp.NewInternalError(nil, cause)
	if !errors.Is(e, cause) {
		t.Error("errors.Is does not reach the cause")
	}
	if !strings.Contains(e.Error(), "10.1.2.3") {
		t.Errorf("Error() = %q lacks the cause", e.Error())
	}
	if strings.Contains(string(e.Body()), "10.1.2.3") {
		t.Errorf("Body reveals the cause: %s", e.Body())
	}
	if got := adminhttp.NewInternalError(nil, nil).Error(); got != adminhttp.NameInternalError {
		t.Errorf("Error() without cause = %q", got)
	}
}
