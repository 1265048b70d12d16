package users

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/flagadmin/flagadmin/auth"
	"github.com/flagadmin/flagadmin/internal/conformance"
	"github.com/flagadmin/flagadmin/internal/testutil"
)

// serveUserAdmin answers a user listing request at library level: it
// authenticates the header, runs the listing and returns status and body.
func serveUserAdmin(t *testing.T, a *auth.Authenticator, l *Lister, header string) (int, []byte) {
	t.Helper()
	ctx := context.Background()
	p, err := a.Authenticate(ctx, header)
	var listing *Listing
	if err == nil {
		listing, err = l.List(ctx, p)
	}
	if err != nil {
		var he auth.HTTPError
		if !errors.As(err, &he) {
			t.Fatalf("unexpected internal error: %v", err)
		}
		return he.HTTPStatus(), he.Body()
	}
	b, err := listing.MarshalJSON()
	if err != nil {
		t.Fatalf("MarshalJSON: %v", err)
	}
	return http.StatusOK, b
}

// TestRecordedUserAdmin replays every recorded user-admin case against the
// library with the state of oracle-state.json. Where docs/DEVIATIONS.md
// lists a deviation, the expected answer is ours and the test
// also checks that the recording still shows the reference's answer.
func TestRecordedUserAdmin(t *testing.T) {
	state := readOracleState(t)
	lookup, err := auth.NewMemoryLookup(state)
	if err != nil {
		t.Fatalf("NewMemoryLookup: %v", err)
	}
	a := &auth.Authenticator{Lookup: lookup}
	l := &Lister{Store: NewMemoryStore(state)}

	const adminMsg = `You don't have the required permissions to perform this operation. To perform this action, you need the "ADMIN" permission.`
	// ours rewrites the recorded body into the body we answer; nil keeps it.
	renamePermissionError := func(ref map[string]any) {
		if ref["name"] != "PermissionError" {
			t.Errorf("recording no longer shows PermissionError: %v", ref["name"])
		}
		ref["name"] = auth.NameNoAccessError
	}
	cases := map[string]func(ref map[string]any){
		"user-admin-admin-token":        nil,
		"user-admin-bearer-admin-token": nil,
		"user-admin-no-auth":            nil,
		"user-admin-invalid-token": func(ref map[string]any) {
			if ref["name"] != "UnauthorizedError" {
				t.Errorf("recording no longer shows UnauthorizedError: %v", ref["name"])
			}
			ref["name"] = auth.NameAuthenticationRequired
		},
		"user-admin-viewer-pat":        renamePermissionError,
		"user-admin-editor-pat":        renamePermissionError,
		"user-admin-bearer-viewer-pat": renamePermissionError,
		"user-admin-backend-token": func(ref map[string]any) {
			if _, hasID := ref["id"]; hasID {
				t.Errorf("recording now has an id: %v", ref)
			}
			for k := range ref {
				delete(ref, k)
			}
			ref["id"] = "" // compared as a UUID v4 below
			ref["name"] = auth.NameNoAccessError
			ref["message"] = auth.MsgWrongTokenType
			ref["details"] = []any{map[string]any{"message": auth.MsgWrongTokenType}}
		},
	}

	recorded := conformance.MustLoad(t, "user-admin-*")
	if len(recorded) != len(cases) {
		t.Errorf("%d recorded cases, %d known: a new recording needs a decision", len(recorded), len(cases))
	}
	for _, c := range recorded {
		name, req, resp := c.Name, c.Request, c.Response
		t.Run(name, func(t *testing.T) {
			ours, known := cases[name]
			if !known {
				t.Fatalf("recorded case %s has no expectation", name)
			}
			if req.Method != http.MethodGet || req.Path != "/api/admin/user-admin" {
				t.Fatalf("not a user listing request: %s %s", req.Method, req.Path)
			}

			status, body := serveUserAdmin(t, a, l, req.Header("Authorization"))

			wantStatus := resp.Status
			if status != wantStatus {
				t.Errorf("status %d, want %d", status, wantStatus)
			}
			if wantStatus == http.StatusOK {
				// No random id: the bytes themselves must match.
				if got, want := string(body), compact(t, resp.Body); got != want {
					t.Errorf("body bytes differ\n got %s\nwant %s", got, want)
				}
				return
			}

			want, ok := testutil.DecodeJSON(t, resp.Body).(map[string]any)
			if !ok {
				t.Fatalf("recorded error body is not an object: %s", resp.Body)
			}
			if ours != nil {
				ours(want)
			}
			got, ok := testutil.DecodeJSON(t, body).(map[string]any)
			if !ok {
				t.Fatalf("error body is not an object: %s", body)
			}
			id, _ := got["id"].(string)
			if !testutil.IsUUIDv4(id) {
				t.Errorf("error id %q is not a UUID v4", got["id"])
			}
			delete(got, "id")
			delete(want, "id")
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("error body mismatch (-want +got):\n%s\nbody: %s", diff, body)
			}
			if got["message"] == adminMsg {
				if diff := cmp.Diff([]any{"ADMIN"}, got["permissions"]); diff != "" {
					t.Errorf("permissions (-want +got):\n%s", diff)
				}
			}
			// Key order: id, name, message, details, then the extras.
			keys := topLevelKeys(t, body)
			if len(keys) < 4 || keys[0] != "id" || keys[1] != "name" || keys[2] != "message" || keys[3] != "details" {
				t.Errorf("key order %v, want id, name, message, details first", keys)
			}
			if ours == nil {
				// Without a deviation the key order is the reference's.
				refKeys := topLevelKeys(t, resp.Body)
				if diff := cmp.Diff(refKeys, keys); diff != "" {
					t.Errorf("key order (-reference +ours):\n%s", diff)
				}
			}
			for _, secret := range []string{"insecure", "user:", "not-a-real-token"} {
				if strings.Contains(string(body), secret) {
					t.Errorf("error body reveals the token: %s", body)
				}
			}
		})
	}
}
