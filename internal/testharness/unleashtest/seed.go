package unleashtest

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"
)

// The tokens of the state of the module's recorded cases
// (testdata/conformance/oracle-state.json) besides AdminToken, which a
// seeded server holds too (see Options.Seed).
const (
	// ClientToken is a client (server SDK) token of project default and
	// environment development.
	ClientToken = "default:development.unleash-insecure-backend-api-token"
	// ViewerToken is the personal access token of viewer@example.com
	// (root role Viewer).
	ViewerToken = "user:62e4aa0433ed0562b9cef06ab66a0b7233fab6fc07064da0816b9497"
	// EditorToken is the personal access token of editor@example.com
	// (root role Editor).
	EditorToken = "user:e9739938270d7f29d0039e15f4a19c4ecbac8459a671ae808e42c2bf"
)

// seedPassword is the password of the seeded users.
const seedPassword = "Reference-Passw0rd!"

// seedSQL is the part of the state that the open-source admin API cannot
// create: the projects other and limited (with a naming pattern and a
// feature limit) and the environment staging in project default.
const seedSQL = `
INSERT INTO projects (id, name, description) VALUES
	('other', 'Other project', 'Seeded by unleashtest'),
	('limited', 'Limited project', 'Seeded by unleashtest: naming pattern and feature limit');
INSERT INTO project_settings (project, project_mode) VALUES ('other', 'open');
INSERT INTO project_settings (project, project_mode, feature_limit, feature_naming_pattern,
	feature_naming_example, feature_naming_description)
	VALUES ('limited', 'open', 2, '^lim-[a-z0-9-]+$', 'lim-flag', 'Flags must start with lim-');
INSERT INTO environments (name, type, sort_order, enabled, protected) VALUES ('staging', 'test', 4, true, false);
INSERT INTO project_environments (project_id, environment_name) VALUES
	('other', 'development'), ('other', 'production'),
	('limited', 'development'), ('limited', 'production'),
	('default', 'staging');
`

// seedUser is a user the seed creates, with the values of the recorded
// state that the listing shows and that would otherwise change with every
// seed (pinned in the database afterwards).
type seedUser struct {
	email, name, role, token string
	createdAt, seenAt        string
	invitation               string // the pending reset token of its invitation link
	invitationCreatedAt      string
}

func seedUsers() []seedUser {
	return []seedUser{
		{email: "viewer@example.com", name: "Viewer User", role: "Viewer", token: ViewerToken,
			createdAt: "2026-11-22 05:27:41.177", seenAt: "2026-11-22 05:27:41.398",
			invitation:          "$2b$10$OkwTNv0IXL7t5CiLklbUPOdkH0ZrJuNEw8sOYZQqanswH1TTWkHxe",
			invitationCreatedAt: "2026-11-23 01:35:36.501021+00"},
		{email: "editor@example.com", name: "Editor User", role: "Editor", token: EditorToken,
			createdAt: "2026-11-22 05:27:41.535", seenAt: "2026-11-22 05:27:41.76",
			invitation:          "$2b$10$vs6wbd1tnOTszjbejC7yNOcfdOWmiPFPkL0n5FrP0TjadkttJVBEe",
			invitationCreatedAt: "2026-11-23 01:35:36.852391+00"},
	}
}

// seedRequest is a request of the seed to the admin API (admin token); a
// %d in its body stands for the id of the segment the seed created.
type seedRequest struct{ method, path, body string }

func seedRequests() []seedRequest {
	return []seedRequest{
		{"POST", "/api/admin/context", `{"name":"region","description":"Deployment region","legalValues":[{"value":"eu"},{"value":"us"}],"stickiness":false}`},
		{"POST", "/api/admin/segments", `{"name":"beta-users","description":"Beta users","constraints":[{"contextName":"userId","operator":"IN","values":["1","2"]}]}`},
		{"POST", "/api/admin/tag-types", `{"name":"team","description":"Owning team"}`},
		{"POST", "/api/admin/strategies", `{"name":"custom-strategy","description":"A custom strategy","parameters":[{"name":"param1","type":"string","description":"a parameter","required":false}]}`},
		{"POST", "/api/admin/projects/default/features", `{"name":"existing-flag","type":"release","description":"Seeded existing flag"}`},
		{"POST", "/api/admin/projects/default/features/existing-flag/environments/development/strategies",
			`{"name":"flexibleRollout","parameters":{"rollout":"50","stickiness":"default","groupId":"existing-flag"},` +
				`"constraints":[{"contextName":"region","operator":"IN","values":["eu"]}],"segments":[%d]}`},
		{"POST", "/api/admin/features/existing-flag/tags", `{"type":"team","value":"core"}`},
		{"POST", "/api/admin/projects/default/features", `{"name":"archived-flag","type":"release","description":"Seeded archived flag"}`},
		{"DELETE", "/api/admin/projects/default/features/archived-flag", ""},
		{"POST", "/api/admin/projects/other/features", `{"name":"other-flag","type":"experiment","description":"Seeded flag in project other"}`},
		{"POST", "/api/admin/projects/limited/features", `{"name":"lim-existing","type":"release","description":"Seeded flag in project limited"}`},
	}
}

// seedKey identifies what the seed makes: a cached seeded database (see
// seedcache.go) is used only by a seed of the same key.
func seedKey() string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\n%v\n%v\n%q\n%s\n%s", seedSQL, seedRequests(), seedUsers(), seedPins(), AdminPassword, seedPassword)
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// seedPins are the SQL statements that give what the seed created the
// recorded values of what would differ from one seed to the next: the
// users' creation and last-seen times, their personal tokens' secrets and
// their invitation tokens (which the user listing shows), and the API
// tokens' creation times (which order them in a snapshot).
func seedPins() []string {
	pins := []string{
		"UPDATE users SET created_at = '2026-11-22 05:27:39.938' WHERE username = '" + AdminUser + "'",
		"UPDATE api_tokens SET created_at = '2026-11-23 01:35:35.356797+00' WHERE secret = '" + AdminToken + "'",
		"UPDATE api_tokens SET created_at = '2026-11-23 01:35:35.357785+00' WHERE secret = '" + ClientToken + "'",
	}
	for _, u := range seedUsers() {
		id := fmt.Sprintf("(SELECT id FROM users WHERE email = '%s')", u.email)
		pins = append(pins,
			fmt.Sprintf("UPDATE personal_access_tokens SET secret = '%s', expires_at = '2099-01-01 00:00:00+00' WHERE user_id = %s", u.token, id),
			fmt.Sprintf("UPDATE users SET created_at = '%s', seen_at = '%s' WHERE id = %s", u.createdAt, u.seenAt, id),
			fmt.Sprintf("DELETE FROM reset_tokens WHERE user_id = %s", id),
			fmt.Sprintf("INSERT INTO reset_tokens (reset_token, user_id, expires_at, created_at) VALUES ('%s', %s, '2099-01-01 00:00:00+00', '%s')",
				u.invitation, id, u.invitationCreatedAt))
	}
	return pins
}

// seed brings a server just started on an empty database to the state of
// the module's recorded cases, through SQL and the admin API, as the
// reference server's seed script does on every version:
//
//   - projects other and limited (naming pattern ^lim-[a-z0-9-]+$, feature
//     limit 2), environment staging in project default (SQL);
//   - context field region (legal values eu, us), segment beta-users
//     (userId IN 1, 2), tag type team, strategy custom-strategy;
//   - features default/existing-flag (flexibleRollout 50% in development
//     with a constraint on region and the segment; tag team:core),
//     default/archived-flag (archived), other/other-flag,
//     limited/lim-existing;
//   - users viewer@example.com (Viewer) and editor@example.com (Editor)
//     with the personal access tokens ViewerToken and EditorToken;
//
// and then pins in the database what would differ from one seed to the
// next (seedPins), so that the user listing answers byte for byte as
// recorded and a snapshot lists the tokens in the recorded order.
// ClientToken was created at start.
func (s *Server) seed(ctx context.Context) error {
	if err := s.Cluster.Exec(ctx, s.Database, seedSQL); err != nil {
		return fmt.Errorf("unleashtest: seed: %w", err)
	}
	var segment struct {
		ID int64 `json:"id"`
	}
	for _, st := range seedRequests() {
		body := st.body
		if strings.Contains(body, "%d") {
			body = fmt.Sprintf(body, segment.ID)
		}
		var payload []byte
		if body != "" {
			payload = []byte(body)
		}
		out, err := s.Do(ctx, st.method, st.path, "", payload)
		if err != nil {
			return fmt.Errorf("unleashtest: seed: %w", err)
		}
		if strings.HasSuffix(st.path, "/segments") {
			if err := json.Unmarshal(out, &segment); err != nil || segment.ID == 0 {
				return fmt.Errorf("unleashtest: seed: %s %s: no segment id in %s", st.method, st.path, oneLine(string(out)))
			}
		}
	}
	for _, u := range seedUsers() {
		body, _ := json.Marshal(map[string]any{"email": u.email, "name": u.name, "rootRole": u.role,
			"password": seedPassword, "sendEmail": false})
		if _, err := s.Do(ctx, "POST", "/api/admin/user-admin", "", body); err != nil {
			return fmt.Errorf("unleashtest: seed: %w", err)
		}
		if _, err := s.PersonalToken(ctx, u.email, seedPassword); err != nil {
			return fmt.Errorf("unleashtest: seed: %w", err)
		}
	}
	if err := s.Cluster.Exec(ctx, s.Database, strings.Join(seedPins(), ";\n")); err != nil {
		return fmt.Errorf("unleashtest: seed: pinning the recorded values: %w", err)
	}
	return nil
}
