package users

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/flagadmin/flagadmin/auth"
	"github.com/flagadmin/flagadmin/model"
)

var (
	adminPrincipal = &auth.Principal{Kind: auth.KindAdmin}
	builtinRoles   = []model.Role{
		{ID: 1, Name: "Admin", Type: "root", Description: "admin role", Grants: []model.Grant{{Permission: "ADMIN"}}},
		{ID: 2, Name: "Editor", Type: "root", Description: "editor role"},
		{ID: 3, Name: "Viewer", Type: "root", Description: "viewer role"},
		{ID: 4, Name: "Owner", Type: "project", Description: "project owner"},
	}
)

func gravatar(ident string) string {
	sum := sha256.Sum256([]byte(ident))
	return "https://gravatar.com/avatar/" + hex.EncodeToString(sum[:]) + "?s=42&d=retro&r=g"
}

// listSnapshot lists the users of s as the admin token and returns the
// decoded users and root roles.
func listSnapshot(t *testing.T, s *model.Snapshot) (users []map[string]any, roles []map[string]any, raw []byte) {
	t.Helper()
	l := &Lister{Store: NewMemoryStore(s)}
	listing, err := l.List(context.Background(), adminPrincipal)
	if err != nil {
		t.Fatalf("List: %v", err)
	}
	raw, err = listing.MarshalJSON()
	if err != nil {
		t.Fatalf("MarshalJSON: %v", err)
	}
	var out struct {
		Users     []map[string]any `json:"users"`
		RootRoles []map[string]any `json:"rootRoles"`
	}
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatalf("listing is not JSON: %v\n%s", err, raw)
	}
	return out.Users, out.RootRoles, raw
}

func TestListingWhichUsers(t *testing.T) {
	s := &model.Snapshot{
		Roles: builtinRoles,
		Users: []model.User{
			{ID: 7, Username: ptr("seven")},
			{ID: 3, Username: ptr("deleted"), Deleted: true},
			{ID: 5, Username: ptr("service"), AccountType: "Service Account"},
			{ID: 4, Username: ptr("system"), System: true},
			{ID: 1, Username: ptr("one"), AccountType: "User"},
			{ID: 20, Username: ptr("twenty")},
			{ID: 2, Username: ptr("two")},
		},
	}
	users, _, _ := listSnapshot(t, s)
	var ids []float64
	for _, u := range users {
		ids = append(ids, u["id"].(float64))
	}
	if diff := cmp.Diff([]float64{1, 2, 7, 20}, ids); diff != "" {
		t.Errorf("listed ids (-want +got):\n%s", diff)
	}
	for _, u := range users {
		if u["accountType"] != "User" {
			t.Errorf("user %v: accountType %v, want User", u["id"], u["accountType"])
		}
	}
}

func TestListingRootRoles(t *testing.T) {
	s := &model.Snapshot{Roles: []model.Role{
		{ID: 9, Name: "Custom", Type: "root-custom", Description: "custom root role"},
		{ID: 3, Name: "Viewer", Type: "root", Description: "viewer role"},
		{ID: 4, Name: "Owner", Type: "project", Description: "project owner"},
		{ID: 1, Name: "Admin", Type: "root", Description: "admin role"},
		{ID: 12, Name: "Scoped", Type: "root-custom", Project: ptr("default")},
		{ID: 13, Name: "Project custom", Type: "custom", Project: ptr("default")},
	}}
	_, roles, raw := listSnapshot(t, s)
	want := []map[string]any{
		{"id": 1.0, "name": "Admin", "type": "root", "description": "admin role"},
		{"id": 3.0, "name": "Viewer", "type": "root", "description": "viewer role"},
		{"id": 9.0, "name": "Custom", "type": "root-custom", "description": "custom root role"},
		{"id": 12.0, "name": "Scoped", "type": "root-custom", "description": "", "project": "default"},
	}
	if diff := cmp.Diff(want, roles); diff != "" {
		t.Errorf("root roles (-want +got):\n%s", diff)
	}
	if !strings.Contains(string(raw), `{"id":12,"name":"Scoped","type":"root-custom","description":"","project":"default"}`) {
		t.Errorf("root role key order wrong: %s", raw)
	}
}

func TestListingUserFields(t *testing.T) {
	created := time.Date(2026, 11, 22, 5, 27, 39, 938_000_000, time.UTC)
	seenInParis := time.Date(2026, 11, 22, 7, 27, 41, 398_765_432, time.FixedZone("CET", 2*3600))
	tests := []struct {
		name string
		user model.User
		want map[string]any // members checked; a nil value means "must be absent"
	}{
		{"no root role gets Viewer", model.User{ID: 1, Username: ptr("u")},
			map[string]any{"rootRole": 3.0}},
		{"own root role kept", model.User{ID: 1, Username: ptr("u"), RootRole: ptr[int64](2)},
			map[string]any{"rootRole": 2.0}},
		{"null name, username and email omitted", model.User{ID: 1},
			map[string]any{"name": nil, "username": nil, "email": nil}},
		{"empty name, username and email omitted", model.User{ID: 1, Name: ptr(""), Username: ptr(""), Email: ptr("")},
			map[string]any{"name": nil, "username": nil, "email": nil, "imageUrl": gravatar("1")}},
		{"name, username and email written", model.User{ID: 1, Name: ptr("N"), Username: ptr("u"), Email: ptr("e@x.io")},
			map[string]any{"name": "N", "username": "u", "email": "e@x.io"}},
		{"gravatar of email", model.User{ID: 1, Username: ptr("u"), Email: ptr("viewer@example.com")},
			map[string]any{"imageUrl": "https://gravatar.com/avatar/0ad80c7f6dff0dceded893acb06a69e86b27b9f978bc164cee272714dc4cac9b?s=42&d=retro&r=g"}},
		{"gravatar of lower-cased trimmed email", model.User{ID: 1, Email: ptr("  Viewer@Example.COM ")},
			map[string]any{"imageUrl": "https://gravatar.com/avatar/0ad80c7f6dff0dceded893acb06a69e86b27b9f978bc164cee272714dc4cac9b?s=42&d=retro&r=g"}},
		{"gravatar of username", model.User{ID: 1, Username: ptr("admin")},
			map[string]any{"imageUrl": "https://gravatar.com/avatar/8c6976e5b5410415bde908bd4dee15dfb167a9c873fc4bb8a81f6f2ab448a918?s=42&d=retro&r=g"}},
		{"gravatar of username when email empty", model.User{ID: 1, Username: ptr("ADMIN"), Email: ptr("")},
			map[string]any{"imageUrl": gravatar("admin")}},
		{"gravatar of id", model.User{ID: 42},
			map[string]any{"imageUrl": gravatar("42")}},
		{"stored image kept", model.User{ID: 1, Email: ptr("e@x.io"), ImageURL: ptr("https://img.example/a.png?x=1&y=2")},
			map[string]any{"imageUrl": "https://img.example/a.png?x=1&y=2"}},
		{"empty stored image falls back", model.User{ID: 1, Username: ptr("admin"), ImageURL: ptr("")},
			map[string]any{"imageUrl": gravatar("admin")}},
		{"seenAt null", model.User{ID: 1},
			map[string]any{"seenAt": "null"}},
		{"times in UTC with milliseconds", model.User{ID: 1, CreatedAt: &created, SeenAt: &seenInParis},
			map[string]any{"createdAt": "2026-11-22T05:27:39.938Z", "seenAt": "2026-11-22T05:27:41.398Z"}},
		{"whole seconds keep .000", model.User{ID: 1, CreatedAt: ptr(time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC))},
			map[string]any{"createdAt": "2026-01-02T03:04:05.000Z"}},
		{"unknown createdAt omitted", model.User{ID: 1},
			map[string]any{"createdAt": nil}},
		{"defaults", model.User{ID: 1},
			map[string]any{"loginAttempts": 0.0, "inviteLink": "", "scimId": "null", "seatType": "null",
				"companyRole": "null", "productUpdatesEmailConsent": "null", "accountType": "User"}},
		{"values", model.User{ID: 1, LoginAttempts: 3, InviteLink: "http://x/new-user?token=a&b",
			ScimID: ptr("scim-1"), SeatType: ptr("full"), CompanyRole: ptr("dev"), ProductUpdatesEmailConsent: ptr(true)},
			map[string]any{"loginAttempts": 3.0, "inviteLink": "http://x/new-user?token=a&b", "scimId": "scim-1",
				"seatType": "full", "companyRole": "dev", "productUpdatesEmailConsent": true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			users, _, raw := listSnapshot(t, &model.Snapshot{Roles: builtinRoles, Users: []model.User{tt.user}})
			if len(users) != 1 {
				t.Fatalf("listed %d users, want 1", len(users))
			}
			u := users[0]
			for k, want := range tt.want {
				got, present := u[k]
				switch {
				case want == nil && present:
					t.Errorf("%s = %v, want it absent", k, got)
				case want == "null" && (!present || got != nil):
					t.Errorf("%s = %v (present %v), want null", k, got, present)
				case want != nil && want != "null" && got != want:
					t.Errorf("%s = %v, want %v", k, got, want)
				}
			}
			if strings.Contains(string(raw), `\u0026`) {
				t.Errorf("& escaped: %s", raw)
			}
		})
	}
}

// TestListingKeyOrder pins the exact bytes of a fully populated user.
func TestListingKeyOrder(t *testing.T) {
	created := time.Date(2026, 11, 22, 5, 27, 39, 938_000_000, time.UTC)
	s := &model.Snapshot{
		Roles: builtinRoles,
		Users: []model.User{{
			ID: 5, Name: ptr("Full User"), Username: ptr("full"), Email: ptr("full@example.com"),
			ImageURL: ptr("https://img.example/f.png"), RootRole: ptr[int64](2), CreatedAt: &created, SeenAt: &created,
			LoginAttempts: 1, InviteLink: "https://x/invite", ScimID: ptr("s"), SeatType: ptr("t"), CompanyRole: ptr("c"),
			ProductUpdatesEmailConsent: ptr(false), AccountType: "User",
			Grants: []model.Grant{{Permission: "ADMIN"}},
		}},
	}
	_, _, raw := listSnapshot(t, s)
	want := `{"users":[{"accountType":"User","id":5,"name":"Full User","username":"full","email":"full@example.com",` +
		`"imageUrl":"https://img.example/f.png","seenAt":"2026-11-22T05:27:39.938Z","loginAttempts":1,` +
		`"createdAt":"2026-11-22T05:27:39.938Z","scimId":"s","seatType":"t","companyRole":"c",` +
		`"productUpdatesEmailConsent":false,"rootRole":2,"inviteLink":"https://x/invite"}],` +
		`"rootRoles":[{"id":1,"name":"Admin","type":"root","description":"admin role"},` +
		`{"id":2,"name":"Editor","type":"root","description":"editor role"},` +
		`{"id":3,"name":"Viewer","type":"root","description":"viewer role"}]}`
	if string(raw) != want {
		t.Errorf("listing bytes:\n got %s\nwant %s", raw, want)
	}
	// Never written in the listing.
	for _, k := range []string{"isAPI", "permissions", "emailSent", "grants", "deleted", "system"} {
		if strings.Contains(string(raw), `"`+k+`"`) {
			t.Errorf("listing writes %q: %s", k, raw)
		}
	}
}

func TestListingEmpty(t *testing.T) {
	for _, s := range []*model.Snapshot{nil, {}} {
		_, _, raw := listSnapshot(t, s)
		if string(raw) != `{"users":[],"rootRoles":[]}` {
			t.Errorf("empty listing = %s", raw)
		}
	}
}

func TestListingWithoutViewerRole(t *testing.T) {
	s := &model.Snapshot{
		Roles: []model.Role{{ID: 1, Name: "Admin", Type: "root"}, {ID: 3, Name: "Viewer", Type: "project"}},
		Users: []model.User{{ID: 1, Username: ptr("u")}},
	}
	users, _, _ := listSnapshot(t, s)
	if _, present := users[0]["rootRole"]; present {
		t.Errorf("rootRole written without a root Viewer role: %v", users[0]["rootRole"])
	}
}

func TestListerAuthorization(t *testing.T) {
	state := readOracleState(t)
	frontend := "default:development.frontend-token-0123456789"
	state.Tokens = append(state.Tokens, model.SnapshotToken{Secret: frontend, Type: model.TokenFrontend})
	lookup, err := auth.NewMemoryLookup(state)
	if err != nil {
		t.Fatal(err)
	}
	a := &auth.Authenticator{Lookup: lookup}
	l := &Lister{Store: NewMemoryStore(state)}
	needAdmin := &auth.PermissionError{Permissions: []string{auth.PermissionAdmin}}
	tests := []struct {
		name   string
		header string
		want   error // nil for a listing
	}{
		{"admin token", "*:*.unleash-insecure-admin-api-token", nil},
		{"bearer lower case", "bearer *:*.unleash-insecure-admin-api-token", nil},
		{"BEARER upper case", "BEARER *:*.unleash-insecure-admin-api-token", nil},
		{"surrounding spaces", "   *:*.unleash-insecure-admin-api-token  ", nil},
		{"empty header", "", auth.ErrNoToken},
		{"blank header", "  ", auth.ErrNoToken},
		{"unknown token", "nope", auth.ErrUnknownToken},
		{"client token", "default:development.unleash-insecure-backend-api-token", auth.ErrTokenKind},
		{"frontend token", frontend, auth.ErrTokenKind},
		{"viewer", "user:62e4aa0433ed0562b9cef06ab66a0b7233fab6fc07064da0816b9497", needAdmin},
		{"editor", "Bearer user:e9739938270d7f29d0039e15f4a19c4ecbac8459a671ae808e42c2bf", needAdmin},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body, err := listFor(t, a, l, tt.header)
			if tt.want == nil {
				if err != nil || !json.Valid(body) {
					t.Fatalf("List: %v: %s", err, body)
				}
				return
			}
			if err == nil || err.Error() != tt.want.Error() {
				t.Fatalf("error %v, want %v", err, tt.want)
			}
			if tok, _ := auth.ParseAuthorization(tt.header); tok != "" && strings.Contains(err.Error(), tok) {
				t.Errorf("error reveals the token: %v", err)
			}
		})
	}
}

// storeFunc is a Store made of functions.
type storeFunc struct {
	users func() ([]model.User, error)
	roles func() ([]model.Role, error)
}

func (s storeFunc) Users(context.Context) ([]model.User, error) { return s.users() }
func (s storeFunc) Roles(context.Context) ([]model.Role, error) { return s.roles() }

func TestListerErrors(t *testing.T) {
	cause := errors.New("database down")
	ok := func() ([]model.Role, error) { return nil, nil }
	okUsers := func() ([]model.User, error) { return nil, nil }
	called := false
	tests := []struct {
		name  string
		l     *Lister
		p     *auth.Principal
		cause error
	}{
		{"users fail", &Lister{Store: storeFunc{func() ([]model.User, error) { return nil, cause }, ok}}, adminPrincipal, cause},
		{"roles fail", &Lister{Store: storeFunc{okUsers, func() ([]model.Role, error) { return nil, cause }}}, adminPrincipal, cause},
		{"no store", &Lister{}, adminPrincipal, nil},
		{"store not asked before authorization", &Lister{Store: storeFunc{func() ([]model.User, error) {
			called = true
			return nil, nil
		}, ok}}, &auth.Principal{Kind: auth.KindUser}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tt.l.List(context.Background(), tt.p)
			if err == nil {
				t.Fatal("List succeeded")
			}
			if tt.cause != nil && !errors.Is(err, tt.cause) {
				t.Errorf("error %v does not wrap %v", err, tt.cause)
			}
		})
	}
	if called {
		t.Error("the store was asked for a caller lacking ADMIN")
	}
}

func TestNewListingDoesNotModifyArguments(t *testing.T) {
	users := []model.User{{ID: 2}, {ID: 1, RootRole: ptr[int64](0)}}
	roles := []model.Role{{ID: 3, Name: "Viewer", Type: RoleTypeRoot}, {ID: 1, Type: RoleTypeRoot}}
	l := NewListing(users, roles)
	if users[0].ID != 2 || users[0].ImageURL != nil || users[0].RootRole != nil || *users[1].RootRole != 0 || roles[0].ID != 3 {
		t.Errorf("arguments modified: %+v %+v", users, roles)
	}
	// A root role of 0 counts as none.
	if r := l.Users[0].RootRole; r == nil || *r != 3 {
		t.Errorf("root role of a user with root role 0: %v", r)
	}
}
