package auth

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/internal/testutil"
	"github.com/flagadmin/flagadmin/model"
)

const (
	ffID     = "ffffffff-ffff-4fff-bfff-ffffffffffff"
	zeroID   = "00000000-0000-4000-8000-000000000000"
	adminMsg = `You don't have the required permissions to perform this operation. To perform this action, you need the \"ADMIN\" permission.`
)

func TestNewUUID(t *testing.T) {
	if got := NewUUID(fixedRand(0xff)); got != ffID {
		t.Errorf("NewUUID(0xff...) = %s, want %s", got, ffID)
	}
	if got := NewUUID(fixedRand(0)); got != zeroID {
		t.Errorf("NewUUID(0...) = %s, want %s", got, zeroID)
	}
	seen := map[string]bool{}
	for i := 0; i < 1000; i++ {
		id := NewUUID(nil)
		if !testutil.IsUUIDv4(id) {
			t.Fatalf("NewUUID(nil) = %q, not a UUID v4", id)
		}
		if seen[id] {
			t.Fatalf("NewUUID(nil) repeated %s", id)
		}
		seen[id] = true
	}
	// A failing reader falls back to crypto/rand.
	if id := NewUUID(strings.NewReader("short")); !testutil.IsUUIDv4(id) {
		t.Errorf("NewUUID(short reader) = %q, not a UUID v4", id)
	}
}

func TestErrorBodies(t *testing.T) {
	tests := []struct {
		name   string
		err    HTTPError
		status int
		body   string
	}{
		{"no header", NewAuthenticationRequired(fixedRand(0xff), true), 401,
			`{"id":"` + ffID + `","name":"AuthenticationRequired","message":"You must log in to use Unleash. Your request had no authorization header, so we could not authorize you. Try logging in at /auth/simple/login","details":[{"message":"You must log in to use Unleash. Your request had no authorization header, so we could not authorize you. Try logging in at /auth/simple/login"}],"path":"/auth/simple/login","type":"password","defaultHidden":false}`},
		{"unknown token", NewAuthenticationRequired(fixedRand(0xff), false), 401,
			`{"id":"` + ffID + `","name":"AuthenticationRequired","message":"You must log in to use Unleash.","details":[{"message":"You must log in to use Unleash."}]}`},
		{"lacking ADMIN", NewNoAccessError(fixedRand(0xff), "", "ADMIN"), 403,
			`{"id":"` + ffID + `","name":"NoAccessError","message":"` + adminMsg + `","details":[{"message":"` + adminMsg + `"}],"permissions":["ADMIN"]}`},
		{"lacking one of several", NewNoAccessError(fixedRand(0xff), "", "A", "B"), 403,
			`{"id":"` + ffID + `","name":"NoAccessError","message":"You don't have the required permissions to perform this operation. To perform this action, you need one of the following permissions: \"A\", \"B\".","details":[{"message":"You don't have the required permissions to perform this operation. To perform this action, you need one of the following permissions: \"A\", \"B\"."}],"permissions":["A","B"]}`},
		{"lacking in an environment", NewNoAccessError(fixedRand(0xff), "production", "UPDATE_FEATURE_STRATEGY"), 403,
			`{"id":"` + ffID + `","name":"NoAccessError","message":"You don't have the required permissions to perform this operation. To perform this action, you need the \"UPDATE_FEATURE_STRATEGY\" permission in the \"production\" environment.","details":[{"message":"You don't have the required permissions to perform this operation. To perform this action, you need the \"UPDATE_FEATURE_STRATEGY\" permission in the \"production\" environment."}],"permissions":["UPDATE_FEATURE_STRATEGY"]}`},
		{"several in an environment", NewNoAccessError(fixedRand(0xff), "dev", "A", "B"), 403,
			`{"id":"` + ffID + `","name":"NoAccessError","message":"You don't have the required permissions to perform this operation. To perform this action, you need one of the following permissions: \"A\", \"B\" in the \"dev\" environment.","details":[{"message":"You don't have the required permissions to perform this operation. To perform this action, you need one of the following permissions: \"A\", \"B\" in the \"dev\" environment."}],"permissions":["A","B"]}`},
		{"wrong token type", NewWrongTokenTypeError(fixedRand(0xff)), 403,
			`{"id":"` + ffID + `","name":"NoAccessError","message":"invalid token: expected a different token type for this endpoint","details":[{"message":"invalid token: expected a different token type for this endpoint"}]}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// The message is the body's message, and Error() says it.
			name, msg := testutil.CheckErrorBody(t, tt.err, tt.status, tt.body)
			if !strings.Contains(tt.err.Error(), msg) || !strings.HasPrefix(tt.err.Error(), name+": ") {
				t.Errorf("Error() = %q, want name and message %q", tt.err.Error(), msg)
			}
		})
	}
}

func TestErrorIDsAreFresh(t *testing.T) {
	makers := map[string]func() HTTPError{
		"AuthenticationRequired": func() HTTPError { return NewAuthenticationRequired(nil, true) },
		"NoAccessError":          func() HTTPError { return NewNoAccessError(nil, "", "ADMIN") },
		"wrong token type":       func() HTTPError { return NewWrongTokenTypeError(nil) },
	}
	for name, mk := range makers {
		t.Run(name, func(t *testing.T) {
			var a, b model.ErrorResponse
			if err := json.Unmarshal(mk().Body(), &a); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(mk().Body(), &b); err != nil {
				t.Fatal(err)
			}
			if !testutil.IsUUIDv4(a.ID) || !testutil.IsUUIDv4(b.ID) {
				t.Errorf("ids %q, %q are not UUID v4", a.ID, b.ID)
			}
			if a.ID == b.ID {
				t.Errorf("two errors share the id %s", a.ID)
			}
		})
	}
}

func TestAuthorize(t *testing.T) {
	ctx := context.Background()
	editor := &Principal{Kind: KindUser, UserID: 3, Grants: []model.Grant{
		{Permission: "CREATE_FEATURE", Project: "default"},
		{Permission: "UPDATE_FEATURE_STRATEGY", Project: "default", Environment: "development"},
	}}
	tests := []struct {
		name    string
		p       *Principal
		req     Requirement
		status  int    // 0 for success
		message string // substring of the message
	}{
		{"admin token, ADMIN route", &Principal{Kind: KindAdmin}, RequireAdmin(), 0, ""},
		{"admin user, ADMIN route", &Principal{Kind: KindUser, Grants: []model.Grant{{Permission: "ADMIN"}}}, RequireAdmin(), 0, ""},
		{"editor, ADMIN route", editor, RequireAdmin(), 403, `you need the "ADMIN" permission.`},
		{"viewer, ADMIN route", &Principal{Kind: KindUser, UserID: 2}, RequireAdmin(), 403, `you need the "ADMIN" permission.`},
		{"client token, ADMIN route", &Principal{Kind: KindClient}, RequireAdmin(), 403, MsgWrongTokenType},
		{"frontend token, ADMIN route", &Principal{Kind: KindFrontend}, RequireAdmin(), 403, MsgWrongTokenType},
		{"client token, route without permission", &Principal{Kind: KindClient}, Requirement{}, 403, MsgWrongTokenType},
		{"frontend token, route without permission", &Principal{Kind: KindFrontend}, Requirement{}, 403, MsgWrongTokenType},
		{"viewer, route without permission", &Principal{Kind: KindUser}, Requirement{}, 0, ""},
		{"no principal", nil, Requirement{}, 401, MsgNoHeader},
		{"editor holds one of several", editor, Requirement{Permissions: []string{"ADMIN", "CREATE_FEATURE"}, Project: "default"}, 0, ""},
		{"editor lacks all of several", editor, Requirement{Permissions: []string{"ADMIN", "CREATE_FEATURE"}, Project: "other"}, 403,
			`you need one of the following permissions: "ADMIN", "CREATE_FEATURE".`},
		{"editor in its environment", editor, Requirement{Permissions: []string{"UPDATE_FEATURE_STRATEGY"}, Project: "default", Environment: "development"}, 0, ""},
		{"editor in another environment", editor, Requirement{Permissions: []string{"UPDATE_FEATURE_STRATEGY"}, Project: "default", Environment: "production"}, 403,
			`you need the "UPDATE_FEATURE_STRATEGY" permission in the "production" environment.`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Authorize(ctx, nil, tt.p, tt.req)
			if tt.status == 0 {
				if err != nil {
					t.Fatalf("Authorize: %v", err)
				}
				return
			}
			var he HTTPError
			if !errors.As(err, &he) {
				t.Fatalf("Authorize error = %v, want an HTTPError", err)
			}
			if he.HTTPStatus() != tt.status {
				t.Errorf("status %d, want %d", he.HTTPStatus(), tt.status)
			}
			if !strings.Contains(he.Error(), tt.message) {
				t.Errorf("error %q does not contain %q", he.Error(), tt.message)
			}
			if tt.status == 403 {
				var na *NoAccessError
				if !errors.As(err, &na) {
					t.Errorf("error %T is not a *NoAccessError", err)
				}
			}
		})
	}
}

// TestSecretsNeverEchoed drives every failure with a recognisable secret
// and checks that neither the error text nor the body contains it.
func TestSecretsNeverEchoed(t *testing.T) {
	ctx := context.Background()
	a := &Authenticator{Lookup: oracleLookup(t)}
	const unknown = "unknown-secret-c0ffee-0123456789abcdef"
	cases := []struct {
		name, header, secret string
		req                  Requirement
	}{
		{"unknown token", unknown, unknown, RequireAdmin()},
		{"Bearer unknown token", "Bearer " + unknown, unknown, RequireAdmin()},
		{"client token", oracleClientSecret, oracleClientSecret, RequireAdmin()},
		{"client token, route without permission", oracleClientSecret, oracleClientSecret, Requirement{}},
		{"viewer token", oracleViewerSecret, oracleViewerSecret, RequireAdmin()},
		{"editor token", "bearer " + oracleEditorSecret, oracleEditorSecret, RequireAdmin()},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := a.Authenticate(ctx, c.header)
			if err == nil {
				err = Authorize(ctx, nil, p, c.req)
			}
			var he HTTPError
			if !errors.As(err, &he) {
				t.Fatalf("got %v, want an HTTPError", err)
			}
			// The distinctive part of a secret must not appear anywhere,
			// not even in part.
			_, tail, _ := strings.Cut(c.secret, ".")
			if tail == "" {
				tail = c.secret
			}
			for what, s := range map[string]string{"Error()": he.Error(), "Body()": string(he.Body())} {
				if strings.Contains(s, c.secret) || strings.Contains(s, tail) {
					t.Errorf("%s reveals the secret: %s", what, s)
				}
			}
			if http.StatusText(he.HTTPStatus()) == "" {
				t.Errorf("unknown status %d", he.HTTPStatus())
			}
		})
	}
}
