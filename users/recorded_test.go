package users

import (
	"context"
	"errors"
	"net/http"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/flagadmin/flagadmin/auth"
	"github.com/flagadmin/flagadmin/internal/testharness/conformance"
)

// listFor authenticates header and runs the listing: the listing's bytes,
// or the error of authentication or of the listing.
func listFor(t *testing.T, a *auth.Authenticator, l *Lister, header string) ([]byte, error) {
	t.Helper()
	ctx := context.Background()
	p, err := a.Authenticate(ctx, header)
	if err != nil {
		return nil, err
	}
	listing, err := l.List(ctx, p)
	if err != nil {
		return nil, err
	}
	b, err := listing.MarshalJSON()
	if err != nil {
		t.Fatalf("MarshalJSON: %v", err)
	}
	return b, nil
}

// TestRecordedUserAdmin replays every recorded user-admin case against the
// library with the state of oracle-state.json: a 200 must be the recorded
// bytes, a 401 an authentication failure, a 403 a refused kind of token or
// a missing ADMIN. (The HTTP adapter's conformance test replays the error
// bodies.)
func TestRecordedUserAdmin(t *testing.T) {
	state := readOracleState(t)
	lookup, err := auth.NewMemoryLookup(state)
	if err != nil {
		t.Fatalf("NewMemoryLookup: %v", err)
	}
	a := &auth.Authenticator{Lookup: lookup}
	l := &Lister{Store: NewMemoryStore(state)}

	needAdmin := &auth.PermissionError{Permissions: []string{auth.PermissionAdmin}}
	cases := map[string]error{
		"user-admin-admin-token":        nil,
		"user-admin-bearer-admin-token": nil,
		"user-admin-no-auth":            auth.ErrNoToken,
		"user-admin-invalid-token":      auth.ErrUnknownToken,
		"user-admin-viewer-pat":         needAdmin,
		"user-admin-editor-pat":         needAdmin,
		"user-admin-bearer-viewer-pat":  needAdmin,
		"user-admin-backend-token":      auth.ErrTokenKind,
	}
	recorded := conformance.MustLoad(t, "user-admin-*")
	if len(recorded) != len(cases) {
		t.Errorf("%d recorded cases, %d known: a new recording needs a decision", len(recorded), len(cases))
	}
	for _, c := range recorded {
		name, req, resp := c.Name, c.Request, c.Response
		t.Run(name, func(t *testing.T) {
			want, known := cases[name]
			if !known {
				t.Fatalf("recorded case %s has no expectation", name)
			}
			if req.Method != http.MethodGet || req.Path != "/api/admin/user-admin" {
				t.Fatalf("not a user listing request: %s %s", req.Method, req.Path)
			}
			wantStatus := map[error]int{nil: 200, auth.ErrNoToken: 401, auth.ErrUnknownToken: 401,
				auth.ErrTokenKind: 403, needAdmin: 403}[want]
			if resp.Status != wantStatus {
				t.Fatalf("recorded status %d, want %d", resp.Status, wantStatus)
			}

			body, err := listFor(t, a, l, req.Header("Authorization"))

			switch want := want.(type) {
			case nil:
				if err != nil {
					t.Fatalf("List: %v", err)
				}
				// No random id: the bytes themselves must match.
				if got, want := string(body), compact(t, resp.Body); got != want {
					t.Errorf("body bytes differ\n got %s\nwant %s", got, want)
				}
			case *auth.PermissionError:
				var got *auth.PermissionError
				if !errors.As(err, &got) {
					t.Fatalf("error %v, want %v", err, want)
				}
				if d := cmp.Diff(want, got); d != "" {
					t.Errorf("PermissionError (-want +got):\n%s", d)
				}
			default:
				if err != want {
					t.Errorf("error %v, want %v", err, want)
				}
			}
		})
	}
}
