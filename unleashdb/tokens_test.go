package unleashdb_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/flagadmin/flagadmin/auth"
	"github.com/flagadmin/flagadmin/internal/testharness/conformance"
	"github.com/flagadmin/flagadmin/model"
)

var sortGrants = cmpopts.SortSlices(func(a, b model.Grant) bool {
	if a.Permission != b.Permission {
		return a.Permission < b.Permission
	}
	if a.Project != b.Project {
		return a.Project < b.Project
	}
	return a.Environment < b.Environment
})

// TestTokensMatchSnapshot resolves every token of oracle-state.json, and
// some unknown ones, on the database and with auth.NewMemoryLookup: the
// principals must be equal.
func TestTokensMatchSnapshot(t *testing.T) {
	db := sharedInParallel(t)
	snap := oracleSnapshot(t)
	mem := memoryLookup(t, snap)
	secrets := []string{"", "nope", "*:*.unleash-insecure-admin-api-token ", "user:0000"}
	for _, tok := range snap.Tokens {
		secrets = append(secrets, tok.Secret)
	}
	// The tokens of the recorded requests, as their headers carry them.
	for _, c := range conformance.MustLoad(t, "*") {
		if tok, ok := auth.ParseAuthorization(c.Request.Header("Authorization")); ok {
			secrets = append(secrets, tok)
		}
	}
	ctx := context.Background()
	for _, s := range secrets {
		got, ok, err := db.LookupToken(ctx, s)
		if err != nil {
			t.Fatalf("LookupToken: %v", err)
		}
		want, wantOK, _ := mem.LookupToken(ctx, s)
		if ok != wantOK {
			t.Errorf("token %d chars: ok = %v, want %v", len(s), ok, wantOK)
			continue
		}
		if d := cmp.Diff(want, got, sortGrants, cmpopts.EquateEmpty()); d != "" {
			t.Errorf("token of kind %v (-memory +database):\n%s", want.Kind, d)
		}
	}
	if len(snap.Tokens) != 4 {
		t.Errorf("oracle-state.json has %d tokens, want the 4 of the fixture", len(snap.Tokens))
	}
}

// TestPermissions checks the permission checks of principals against the
// reference's hasPermission on a copy of the database with extra tokens,
// roles and users.
func TestPermissions(t *testing.T) {
	name := cloneInParallel(t)
	exec(t, name, `
		INSERT INTO api_tokens (secret, username, type, environment) VALUES
			('other:*.scoped-admin', 'scoped', 'admin', NULL),
			('*:production.front', 'front', 'frontend', 'production'),
			('*:*.client', 'client', 'client', 'development');
		INSERT INTO api_token_project (secret, project) VALUES ('other:*.scoped-admin', 'other');
		INSERT INTO api_tokens (secret, username, type, expires_at) VALUES ('*:*.expired-admin', 'old', 'admin', now() - interval '1 day');
		-- the viewer becomes a member of project other
		INSERT INTO role_user (role_id, user_id, project) VALUES (5, 2, 'other');
		-- a user in a group whose role is owner of project limited
		INSERT INTO users (id, name, email) VALUES (10, 'Grouped', 'g@example.com'), (11, 'Gone', 'gone@example.com'), (12, 'Rootless', 'r@example.com');
		INSERT INTO role_user (role_id, user_id, project) VALUES (3, 10, 'default'), (2, 11, 'default');
		INSERT INTO groups (id, name) VALUES (1, 'owners');
		INSERT INTO group_user (group_id, user_id) VALUES (1, 10);
		INSERT INTO group_role (group_id, role_id, project) VALUES (1, 4, 'limited');
		UPDATE users SET deleted_at = now() WHERE id = 11;
		INSERT INTO personal_access_tokens (secret, user_id, expires_at) VALUES
			('user:grouped', 10, '2099-01-01'), ('user:gone', 11, '2099-01-01'), ('user:rootless', 12, '2099-01-01'),
			('user:expired', 3, now() - interval '1 second');`)
	db := openDB(t, name, nil)
	ctx := context.Background()

	lookup := func(secret string) *auth.Principal {
		t.Helper()
		p, ok, err := db.LookupToken(ctx, secret)
		if err != nil {
			t.Fatalf("LookupToken: %v", err)
		}
		if !ok {
			return nil
		}
		return p
	}
	for _, s := range []string{"*:*.expired-admin", "user:gone", "user:expired"} {
		if p := lookup(s); p != nil {
			t.Errorf("an expired token or a deleted user's token authenticated as %+v", p)
		}
	}

	tests := []struct {
		secret      string
		kind        auth.Kind
		mayUseAdmin bool
		permission  string
		project     string
		environment string
		want        bool
	}{
		{adminToken, auth.KindAdmin, true, "ADMIN", "", "", true},
		{"other:*.scoped-admin", auth.KindAdmin, true, "CREATE_FEATURE", "other", "", true},
		{"other:*.scoped-admin", auth.KindAdmin, true, "ADMIN", "", "", true},
		{clientToken, auth.KindClient, false, "CREATE_FEATURE", "default", "", false},
		{"*:*.client", auth.KindClient, false, "CREATE_FEATURE", "default", "", false},
		{"*:production.front", auth.KindFrontend, false, "CREATE_FEATURE", "default", "", false},
		// editor: root role Editor, project permissions in default only
		{editorToken, auth.KindUser, true, "CREATE_FEATURE", "default", "", true},
		{editorToken, auth.KindUser, true, "CREATE_FEATURE", "other", "", false},
		{editorToken, auth.KindUser, true, "CREATE_CONTEXT_FIELD", "other", "", true},
		{editorToken, auth.KindUser, true, "CREATE_FEATURE_STRATEGY", "default", "development", true},
		{editorToken, auth.KindUser, true, "CREATE_FEATURE_STRATEGY", "default", "staging", false},
		{editorToken, auth.KindUser, true, "ADMIN", "", "", false},
		// viewer: Member of project other, per environment
		{viewerToken, auth.KindUser, true, "CREATE_FEATURE", "other", "", true},
		{viewerToken, auth.KindUser, true, "CREATE_FEATURE", "default", "", false},
		{viewerToken, auth.KindUser, true, "CREATE_FEATURE_STRATEGY", "other", "production", true},
		{viewerToken, auth.KindUser, true, "CREATE_FEATURE_STRATEGY", "other", "staging", false},
		{viewerToken, auth.KindUser, true, "CREATE_CONTEXT_FIELD", "other", "", false},
		// grouped: Viewer root role, Owner of limited through a group
		{"user:grouped", auth.KindUser, true, "UPDATE_PROJECT", "limited", "", true},
		{"user:grouped", auth.KindUser, true, "UPDATE_PROJECT", "default", "", false},
		// rootless: no root role, so the Viewer role's rights (none)
		{"user:rootless", auth.KindUser, true, "CREATE_FEATURE", "default", "", false},
	}
	for _, tt := range tests {
		p := lookup(tt.secret)
		if p == nil {
			t.Errorf("token %.12s… did not authenticate", tt.secret)
			continue
		}
		if p.Kind != tt.kind || p.MayUseAdminAPI() != tt.mayUseAdmin {
			t.Errorf("token %.12s…: kind %v, admin API %v; want %v, %v", tt.secret, p.Kind, p.MayUseAdminAPI(), tt.kind, tt.mayUseAdmin)
		}
		got, err := p.HasPermission(ctx, tt.permission, tt.project, tt.environment)
		if err != nil || got != tt.want {
			t.Errorf("token %.12s…: HasPermission(%s, %q, %q) = %v, %v; want %v", tt.secret, tt.permission, tt.project, tt.environment, got, err, tt.want)
		}
	}

	// The snapshot of the changed database gives the same principals
	// through auth.NewMemoryLookup.
	mem := memoryLookup(t, snapshot(t, db))
	for _, s := range []string{adminToken, "other:*.scoped-admin", clientToken, "*:production.front", editorToken, viewerToken,
		"user:grouped", "user:rootless", "user:gone", "user:expired", "*:*.expired-admin"} {
		want, _, _ := mem.LookupToken(ctx, s)
		got := lookup(s)
		if d := cmp.Diff(want, got, sortGrants, cmpopts.EquateEmpty()); d != "" {
			t.Errorf("token %.12s… (-snapshot +database):\n%s", s, d)
		}
	}
}
