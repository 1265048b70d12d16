package adminhttp

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/auth"
	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/internal/errbody"
	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
	"github.com/flagadmin/flagadmin/model"
)

const (
	ffID   = "ffffffff-ffff-4fff-bfff-ffffffffffff"
	zeroID = "00000000-0000-4000-8000-000000000000"
)

// fixedRand returns a reader yielding 16 bytes of b, for deterministic ids.
func fixedRand(b byte) *bytes.Reader { return bytes.NewReader(bytes.Repeat([]byte{b}, 16)) }

func TestNewUUID(t *testing.T) {
	if got := newUUID(fixedRand(0xff)); got != ffID {
		t.Errorf("newUUID(0xff...) = %s, want %s", got, ffID)
	}
	if got := newUUID(fixedRand(0)); got != zeroID {
		t.Errorf("newUUID(0...) = %s, want %s", got, zeroID)
	}
	seen := map[string]bool{}
	for range 1000 {
		id := newUUID(nil)
		if !testutil.IsUUIDv4(id) {
			t.Fatalf("newUUID(nil) = %q, not a UUID v4", id)
		}
		if seen[id] {
			t.Fatalf("newUUID(nil) repeated %s", id)
		}
		seen[id] = true
	}
	// A failing reader falls back to crypto/rand.
	if id := newUUID(strings.NewReader("short")); !testutil.IsUUIDv4(id) {
		t.Errorf("newUUID(short reader) = %q, not a UUID v4", id)
	}
}

// TestErrorAnswers writes every kind of error answer with a fixed id and
// compares status, header and body bytes.
func TestErrorAnswers(t *testing.T) {
	const (
		noHeader    = "You must log in to use Unleash. Your request had no authorization header, so we could not authorize you. Try logging in at /auth/simple/login"
		ownLogin    = "You must log in to use Unleash. Your request had no authorization header, so we could not authorize you. Try logging in at /sso"
		needAdmin   = `You don't have the required permissions to perform this operation. To perform this action, you need the \"ADMIN\" permission.`
		severalEnv  = `You don't have the required permissions to perform this operation. To perform this action, you need one of the following permissions: \"A\", \"B\" in the \"dev\" environment.`
		oneEnv      = `You don't have the required permissions to perform this operation. To perform this action, you need the \"UPDATE_FEATURE_STRATEGY\" permission in the \"production\" environment.`
		tooLargeMsg = "Request entity too large: the request body must not be larger than 512000 bytes."
		notAllowed  = "The method GET is not allowed on this path. Allowed: POST."
		ctGiven     = "We do not accept the content-type you provided (text/plain). Try using one of the content-types we do accept instead (application/json) and make sure the body is in the corresponding format."
		ctMissing   = "We do not accept the content-type you provided (you didn't provide one). Try using one of the content-types we do accept instead (application/json) and make sure the body is in the corresponding format."
		ctHTML      = "We do not accept the content-type you provided (a<b>&c). Try using one of the content-types we do accept instead (application/json) and make sure the body is in the corresponding format."
		required    = "The `/body/data` property is required. It was not present on the data you sent."
		notString   = "The `/body/project` property must be string. You sent []."
		busy        = "The server is busy with other validations. Please try again later."
		internalMsg = "Something went wrong on our side while handling your request. Please try again later."
	)
	simple := func(name, msg string) string {
		return `{"id":"` + ffID + `","name":"` + name + `","message":"` + msg + `","details":[{"message":"` + msg + `"}]`
	}
	tests := []struct {
		name      string
		err       error
		loginPath string
		status    int
		header    string // name: value
		body      string
	}{
		{"no token", auth.ErrNoToken, "", 401, "",
			simple("AuthenticationRequired", noHeader) + `,"path":"/auth/simple/login","type":"password","defaultHidden":false}`},
		{"no token, own login page", auth.ErrNoToken, "/sso", 401, "",
			simple("AuthenticationRequired", ownLogin) + `,"path":"/sso","type":"password","defaultHidden":false}`},
		{"unknown token", auth.ErrUnknownToken, "", 401, "", simple("AuthenticationRequired", "You must log in to use Unleash.") + `}`},
		{"wrapped unknown token", fmt.Errorf("middleware: %w", auth.ErrUnknownToken), "", 401, "", simple("AuthenticationRequired", "You must log in to use Unleash.") + `}`},
		{"kind of token", auth.ErrTokenKind, "", 403, "",
			simple("NoAccessError", "invalid token: expected a different token type for this endpoint") + `}`},
		{"lacking ADMIN", &auth.PermissionError{Permissions: []string{"ADMIN"}}, "", 403, "",
			simple("NoAccessError", needAdmin) + `,"permissions":["ADMIN"]}`},
		{"lacking one in an environment", &auth.PermissionError{Permissions: []string{"UPDATE_FEATURE_STRATEGY"}, Project: "default", Environment: "production"}, "", 403, "",
			simple("NoAccessError", oneEnv) + `,"permissions":["UPDATE_FEATURE_STRATEGY"]}`},
		{"lacking several in an environment", &auth.PermissionError{Permissions: []string{"A", "B"}, Environment: "dev"}, "", 403, "",
			simple("NoAccessError", severalEnv) + `,"permissions":["A","B"]}`},
		{"not found", notFound("/api/admin/x&y"), "", 404, "",
			simple("NotFoundError", "The path you were looking for (/api/admin/x&y) is not available.") + `}`},
		{"method not allowed", methodNotAllowed("GET", []string{"POST"}), "", 405, "Allow: POST",
			simple("MethodNotAllowedError", notAllowed) + `,"allow":["POST"]}`},
		{"payload too large", tooLarge(512000), "", 413, "", simple("PayloadTooLargeError", tooLargeMsg) + `,"limit":512000}`},
		{"content type given", contentTypeError("text/plain"), "", 415, "", simple("ContentTypeError", ctGiven) + `}`},
		{"content type missing", contentTypeError(""), "", 415, "", simple("ContentTypeError", ctMissing) + `}`},
		{"HTML characters are not escaped", contentTypeError("a<b>&c"), "", 415, "", simple("ContentTypeError", ctHTML) + `}`},
		{"unsupported charset", unsupportedEncoding(true, "latin1"), "", 415, "",
			simple("UnsupportedEncodingError", `unsupported charset \"LATIN1\"`) + `}`},
		{"unsupported content encoding", unsupportedEncoding(false, "br"), "", 415, "",
			simple("UnsupportedEncodingError", `unsupported content encoding \"br\"`) + `}`},
		{"bad data", badData(structuralErrors(t, `{"project":[],"environment":"development"}`)), "", 400, "",
			`{"id":"` + ffID + `","name":"BadDataError","message":"` + errbody.MsgBadData + `","details":[{"path":"/body/data","message":"` + required + `"},{"message":"` + notString + `","path":"/body/project"}]}`},
		{"bad data without details", badData(nil), "", 400, "",
			`{"id":"` + ffID + `","name":"BadDataError","message":"` + errbody.MsgBadData + `","details":[]}`},
		{"service unavailable", unavailable(2), "", 503, "Retry-After: 2", simple("ServiceUnavailableError", busy) + `}`},
		{"a failure", errors.New("db at 10.1.2.3 down"), "", 500, "", simple("InternalError", internalMsg) + `}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, err := newCommon(Options{Tokens: &auth.MemoryLookup{}, Rand: fixedRand(0xff), LoginPath: tc.loginPath})
			if err != nil {
				t.Fatal(err)
			}
			rec := httptest.NewRecorder()
			out := c.fail(rec, tc.err)
			if rec.Code != tc.status {
				t.Errorf("status %d, want %d", rec.Code, tc.status)
			}
			if got := rec.Body.String(); got != tc.body {
				t.Errorf("body\n got %s\nwant %s", got, tc.body)
			}
			if name, value, ok := strings.Cut(tc.header, ": "); ok && rec.Header().Get(name) != value {
				t.Errorf("%s = %q, want %q", name, rec.Header().Get(name), value)
			}
			if (out.errID != "") != (tc.status == 500) || out.errID != "" && (out.errID != ffID || out.cause != tc.err) {
				t.Errorf("outcome %+v for a %d", out, tc.status)
			}
		})
	}
}

// structuralErrors are the structural problems of body, validated on the
// embedded default state.
func structuralErrors(t *testing.T, body string) importvalidate.Problems {
	t.Helper()
	snap, err := model.DefaultSnapshot()
	if err != nil {
		t.Fatal(err)
	}
	st, err := importvalidate.NewMemoryState(snap)
	if err != nil {
		t.Fatal(err)
	}
	v, err := importvalidate.New(importvalidate.Options{State: st})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := v.Validate(context.Background(), []byte(body), importvalidate.Target{Permissions: importvalidate.AllPermissions{}})
	if err != nil {
		t.Fatal(err)
	}
	return rep.Structural
}
