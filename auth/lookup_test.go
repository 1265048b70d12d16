package auth

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/flagadmin/flagadmin/model"
)

// TestMemoryLookupOracle: each token authenticates as what it is, told
// by its secret in clear (a snapshot written by hand, or by an earlier
// flagadmin) or by the digest that snapshots hold, and nothing else does.
func TestMemoryLookupOracle(t *testing.T) {
	digests := extendedState(t)
	digests.WithoutSecrets()
	for form, st := range map[string]*model.Snapshot{"clear secrets": extendedState(t), "digests": digests} {
		t.Run(form, func(t *testing.T) { lookupOracle(t, st) })
	}
}

func lookupOracle(t *testing.T, st *model.Snapshot) {
	l, err := NewMemoryLookup(st)
	if err != nil {
		t.Fatalf("NewMemoryLookup: %v", err)
	}
	s := readOracleState(t)
	var editorGrants, viewerGrants []model.Grant
	for _, r := range s.Roles {
		switch r.Name {
		case "Editor":
			editorGrants = r.Grants
		case "Viewer":
			viewerGrants = r.Grants
		}
	}
	if len(editorGrants) == 0 {
		t.Fatal("oracle-state.json has no Editor grants")
	}
	tests := []struct {
		name   string
		secret string
		want   *Principal
	}{
		{"admin token", oracleAdminSecret, &Principal{Kind: KindAdmin}},
		{"client token", oracleClientSecret, &Principal{Kind: KindClient}},
		{"frontend token", testFrontendSecret, &Principal{Kind: KindFrontend}},
		{"viewer personal token", oracleViewerSecret, &Principal{Kind: KindUser, UserID: oracleViewerUserID, Grants: viewerGrants}},
		{"editor personal token", oracleEditorSecret, &Principal{Kind: KindUser, UserID: oracleEditorUserID, Grants: editorGrants}},
		{"user without root role gets Viewer grants", testNoRoleSecret, &Principal{Kind: KindUser, UserID: 11, Grants: viewerGrants}},
		{"root role grants then own grants", testOwnGrantsSecret, &Principal{Kind: KindUser, UserID: 12,
			Grants: append(append([]model.Grant(nil), viewerGrants...), model.Grant{Permission: "CREATE_FEATURE", Project: "other", Environment: "*"})}},
		{"deleted user's token", testDeletedSecret, nil},
		{"unknown token", "not-a-real-token", nil},
		{"empty token", "", nil},
		{"prefix of a token", oracleAdminSecret[:len(oracleAdminSecret)-1], nil},
		{"token plus a character", oracleAdminSecret + "x", nil},
		{"token in other case", strings.ToUpper(oracleAdminSecret), nil},
		{"Bearer is not stripped by the lookup", "Bearer " + oracleAdminSecret, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, ok, err := l.LookupToken(context.Background(), tt.secret)
			if err != nil {
				t.Fatalf("LookupToken: %v", err)
			}
			if ok != (tt.want != nil) {
				t.Fatalf("LookupToken ok = %v, want %v", ok, tt.want != nil)
			}
			if diff := cmp.Diff(tt.want, p, cmp.Comparer(func(a, b []model.Grant) bool {
				return cmp.Equal(append([]model.Grant{}, a...), append([]model.Grant{}, b...))
			})); diff != "" {
				t.Errorf("principal mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestMemoryLookupReturnsCopies(t *testing.T) {
	l := oracleLookup(t)
	p, _, _ := l.LookupToken(context.Background(), oracleEditorSecret)
	p.Grants[0] = model.Grant{Permission: PermissionAdmin}
	p.Kind = KindAdmin
	q, _, _ := l.LookupToken(context.Background(), oracleEditorSecret)
	if q.Kind != KindUser || q.Grants[0].Permission == PermissionAdmin {
		t.Errorf("modifying a returned principal changed the lookup: %+v", q)
	}
}

func TestMemoryLookupEmpty(t *testing.T) {
	for _, s := range []*model.Snapshot{nil, {}} {
		l, err := NewMemoryLookup(s)
		if err != nil {
			t.Fatalf("NewMemoryLookup(%v): %v", s, err)
		}
		if _, ok, err := l.LookupToken(context.Background(), "anything"); ok || err != nil {
			t.Errorf("LookupToken on an empty instance = %v, %v; want false, nil", ok, err)
		}
	}
}

func TestMemoryLookupManyTokens(t *testing.T) {
	// Every position must be found, not only the first or the last.
	s := &model.Snapshot{}
	for i := 0; i < 50; i++ {
		s.Tokens = append(s.Tokens, model.SnapshotToken{Secret: "tok-" + strings.Repeat("x", i), Type: model.TokenClient})
	}
	s.Tokens[17].Type = model.TokenAdmin
	l, err := NewMemoryLookup(s)
	if err != nil {
		t.Fatal(err)
	}
	for i, tok := range s.Tokens {
		p, ok, err := l.LookupToken(context.Background(), tok.Secret)
		if !ok || err != nil {
			t.Fatalf("token %d not found: %v", i, err)
		}
		want := KindClient
		if i == 17 {
			want = KindAdmin
		}
		if p.Kind != want {
			t.Errorf("token %d: kind %q, want %q", i, p.Kind, want)
		}
	}
}

func TestNewMemoryLookupErrors(t *testing.T) {
	const secret = "super-secret-value-that-must-not-leak"
	ptr := func(v int64) *int64 { return &v }
	tests := []struct {
		name string
		s    model.Snapshot
		want string
	}{
		{"empty secret", model.Snapshot{Tokens: []model.SnapshotToken{{Type: model.TokenAdmin}}},
			"token 0 has no usable secret: the token has neither secretSha256 nor secret"},
		{"duplicate secret", model.Snapshot{Tokens: []model.SnapshotToken{
			{Secret: secret, Type: model.TokenAdmin}, {Secret: secret, Type: model.TokenClient}}},
			"tokens 0 and 1 have the same secret"},
		{"a secret and its digest", model.Snapshot{Tokens: []model.SnapshotToken{
			{Secret: secret, Type: model.TokenAdmin}, {SecretSHA256: model.TokenDigest(secret), Type: model.TokenClient}}},
			"tokens 0 and 1 have the same secret"},
		{"secret and digest both", model.Snapshot{Tokens: []model.SnapshotToken{
			{Secret: secret, SecretSHA256: model.TokenDigest(secret), Type: model.TokenAdmin}}},
			"token 0 has no usable secret: the token has both secret and secretSha256"},
		{"short digest", model.Snapshot{Tokens: []model.SnapshotToken{{SecretSHA256: "abc123", Type: model.TokenAdmin}}},
			"token 0 has no usable secret: secretSha256 is not a SHA-256 in hexadecimal"},
		{"digest not hexadecimal", model.Snapshot{Tokens: []model.SnapshotToken{{SecretSHA256: strings.Repeat("g", 64), Type: model.TokenAdmin}}},
			"token 0 has no usable secret: secretSha256 is not a SHA-256 in hexadecimal"},
		{"unknown type", model.Snapshot{Tokens: []model.SnapshotToken{{Secret: secret, Type: "backend"}}},
			`token 0 has unknown type "backend"`},
		{"personal token without user", model.Snapshot{Tokens: []model.SnapshotToken{{Secret: secret, Type: model.TokenPersonal}}},
			"personal token 0 has no userId"},
		{"personal token of unknown user", model.Snapshot{Tokens: []model.SnapshotToken{{Secret: secret, Type: model.TokenPersonal, UserID: ptr(9)}}},
			"personal token 0 refers to unknown user 9"},
		{"user with unknown root role", model.Snapshot{
			Users:  []model.User{{ID: 9, RootRole: ptr(42)}},
			Tokens: []model.SnapshotToken{{Secret: secret, Type: model.TokenPersonal, UserID: ptr(9)}}},
			"user 9 has unknown root role 42"},
		{"duplicate user", model.Snapshot{Users: []model.User{{ID: 1}, {ID: 1}}},
			"user id 1 appears more than once"},
		{"duplicate role", model.Snapshot{Roles: []model.Role{{ID: 1}, {ID: 1}}},
			"role id 1 appears more than once"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := NewMemoryLookup(&tt.s)
			if err == nil {
				t.Fatalf("NewMemoryLookup succeeded, want error containing %q", tt.want)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q does not contain %q", err, tt.want)
			}
			if strings.Contains(err.Error(), secret) {
				t.Errorf("error %q reveals the secret", err)
			}
		})
	}
}

func TestDeletedUserWithDanglingRoleIsSkipped(t *testing.T) {
	role := int64(42)
	uid := int64(9)
	s := &model.Snapshot{
		Users:  []model.User{{ID: uid, RootRole: &role, Deleted: true}},
		Tokens: []model.SnapshotToken{{Secret: "s", Type: model.TokenPersonal, UserID: &uid}},
	}
	l, err := NewMemoryLookup(s)
	if err != nil {
		t.Fatalf("NewMemoryLookup: %v", err)
	}
	if _, ok, _ := l.LookupToken(context.Background(), "s"); ok {
		t.Error("a deleted user's token authenticated")
	}
}

// failingLookup is a TokenLookup whose store is unavailable.
type failingLookup struct{ err error }

func (f failingLookup) LookupToken(context.Context, string) (*Principal, bool, error) {
	return nil, false, f.err
}

func TestAuthenticate(t *testing.T) {
	a := &Authenticator{Lookup: oracleLookup(t)}
	tests := []struct {
		name     string
		header   string
		kind     Kind
		noHeader bool // want ErrNoToken
		unknown  bool // want ErrUnknownToken
	}{
		{"missing header", "", "", true, false},
		{"blank header", "  ", "", true, false},
		{"Bearer alone is an unknown token", "Bearer ", "", false, true},
		{"Bearer and a no-break space", "Bearer \u00a0", "", true, false},
		{"Bearer, no-break space, admin token", "Bearer\u00a0" + oracleAdminSecret, KindAdmin, false, false},
		{"admin token", oracleAdminSecret, KindAdmin, false, false},
		{"Bearer admin token", "Bearer " + oracleAdminSecret, KindAdmin, false, false},
		{"bearer admin token", "bearer " + oracleAdminSecret, KindAdmin, false, false},
		{"BEARER admin token", "BEARER " + oracleAdminSecret, KindAdmin, false, false},
		{"admin token with surrounding spaces", "  " + oracleAdminSecret + "  ", KindAdmin, false, false},
		{"Bearer token with surrounding spaces", "  Bearer   " + oracleEditorSecret + " ", KindUser, false, false},
		{"client token", oracleClientSecret, KindClient, false, false},
		{"viewer token", oracleViewerSecret, KindUser, false, false},
		{"unknown token", "not-a-real-token", "", false, true},
		{"Bearer unknown token", "Bearer not-a-real-token", "", false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := a.Authenticate(context.Background(), tt.header)
			if tt.noHeader || tt.unknown {
				want := ErrUnknownToken
				if tt.noHeader {
					want = ErrNoToken
				}
				if err != want {
					t.Fatalf("Authenticate error = %v, want %v", err, want)
				}
				if p != nil {
					t.Errorf("principal %+v returned with an error", p)
				}
				return
			}
			if err != nil {
				t.Fatalf("Authenticate: %v", err)
			}
			if p.Kind != tt.kind {
				t.Errorf("kind %q, want %q", p.Kind, tt.kind)
			}
		})
	}
}

func TestAuthenticateLookupFailure(t *testing.T) {
	cause := errors.New("store unavailable")
	a := &Authenticator{Lookup: failingLookup{cause}}
	_, err := a.Authenticate(context.Background(), "some-token")
	if !errors.Is(err, cause) {
		t.Fatalf("error %v does not wrap the lookup's error", err)
	}
	var e Error
	if errors.As(err, &e) {
		t.Errorf("a lookup failure must not look like a refused caller: %v", err)
	}
	if strings.Contains(err.Error(), "some-token") {
		t.Errorf("error %q reveals the token", err)
	}
	if _, err := (&Authenticator{}).Authenticate(context.Background(), "x"); err == nil {
		t.Error("Authenticate without a Lookup succeeded")
	}
}
