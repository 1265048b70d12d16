package adminhttp_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/flagadmin/flagadmin/examples/server/adminhttp"
	"github.com/flagadmin/flagadmin/internal/conformance"
	"github.com/flagadmin/flagadmin/internal/unleashtest"
	"github.com/flagadmin/flagadmin/unleashapi"
)

// TestOnUnleash runs the handler on the real Unleash 8.2.0, started on the
// module's dump and read over its admin API (state, users and the
// callers' rights).
func TestOnUnleash(t *testing.T) {
	s := unleashtest.StartForTest(t, unleashtest.Options{Dump: true, PublicURL: dbOracleURL})
	t.Run("replay", func(t *testing.T) { replayOnUnleash(t, s) })
	t.Run("permissions", func(t *testing.T) { permissionsOnUnleash(t, s) })
	t.Run("expired token", func(t *testing.T) { expiredOnUnleash(t, s) })
	t.Run("instance down", func(t *testing.T) { downOnUnleash(t, s) }) // last: it kills the instance
}

// expiredOnUnleash: a personal token that expired gets the 401 it gets
// from the instance, even when its rights were looked up before.
func expiredOnUnleash(t *testing.T, s *unleashtest.Server) {
	ctx := context.Background()
	pat, err := s.AdminPersonalToken(ctx)
	if err != nil {
		t.Fatal(err)
	}
	c, err := unleashapi.New(s.URL, s.AdminToken, unleashapi.Options{TokenTTL: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	h := dbHandler(t, c, c, c, false)
	rq := conformance.Request{Method: "GET", Path: adminhttp.PathUserAdmin, Headers: map[string]string{"Authorization": pat}}
	if a := dbServe(t, h, rq); a.Status != http.StatusOK {
		t.Fatalf("before it expires: %d %v", a.Status, a.Body)
	}
	if strings.ContainsAny(pat, "'\\") {
		t.Fatal("unexpected characters in a personal token")
	}
	if err := s.Cluster.Exec(ctx, s.Database, "UPDATE personal_access_tokens SET expires_at = now() - interval '1 minute' WHERE secret = '"+pat+"'"); err != nil {
		t.Fatal(err)
	}
	time.Sleep(5 * time.Millisecond) // past TokenTTL, so that the instance is asked again
	_, refErr := s.Do(ctx, "GET", adminhttp.PathUserAdmin, pat, nil)
	if refErr == nil || !strings.Contains(refErr.Error(), "401") {
		t.Fatalf("the instance answers the expired token with %v, want 401", refErr)
	}
	if a := dbServe(t, h, rq); a.Status != http.StatusUnauthorized {
		t.Errorf("after it expired: %d %v, want 401", a.Status, a.Body)
	}
}

// downOnUnleash: with the instance gone, every request that needs it gets
// a 503 ErrorResponse with Retry-After that says nothing of the instance,
// never a partial report.
func downOnUnleash(t *testing.T, s *unleashtest.Server) {
	c, err := unleashapi.New(s.URL, s.AdminToken, unleashapi.Options{ListTTL: -1, TokenTTL: -1})
	if err != nil {
		t.Fatal(err)
	}
	h := dbHandler(t, c, c, c, false)
	const admin = unleashtest.AdminToken
	body := `{"project":"default","environment":"development","data":{"features":[{"name":"existing-flag"}],"featureStrategies":[],"tagTypes":[]}}`
	requests := []conformance.Request{
		{Method: "POST", Path: adminhttp.PathValidate, Headers: map[string]string{"Authorization": admin, "Content-Type": "application/json"}, Body: json.RawMessage(body)},
		{Method: "GET", Path: adminhttp.PathUserAdmin, Headers: map[string]string{"Authorization": admin}},
	}
	for _, rq := range requests {
		if a := dbServe(t, h, rq); a.Status != http.StatusOK {
			t.Fatalf("%s before the stop: %d %v", rq.Path, a.Status, a.Body)
		}
	}
	s.Kill()
	for _, rq := range requests {
		a := dbServe(t, h, rq)
		m, _ := a.Body.(map[string]any)
		if a.Status != http.StatusServiceUnavailable || m == nil || m["name"] != nameServiceUnavailableError || m["message"] == nil {
			t.Errorf("%s: %d %v; want a 503 ErrorResponse", rq.Path, a.Status, a.Body)
			continue
		}
		raw, _ := json.Marshal(m)
		for _, leak := range []string{"unleashapi", "127.0.0.1", "connect", "existing-flag", admin, "/api/admin/ui-config"} {
			if strings.Contains(string(raw), leak) {
				t.Errorf("%s: the 503 body mentions %q: %s", rq.Path, leak, raw)
			}
		}
	}
}

// replayOnUnleash replays every recorded request through the handler on
// the instance and on oracle-state.json, in the reference and the strict
// mode: the answers must be the same.
func replayOnUnleash(t *testing.T, s *unleashtest.Server) {
	c, err := unleashapi.New(s.URL, s.AdminToken, unleashapi.Options{})
	if err != nil {
		t.Fatal(err)
	}
	replayOnSource(t, "unleash", c)
}

// permissionsOnUnleash gives the dump's viewer and editor project roles
// (Member of project other, Owner of project limited) and checks that
// their personal access tokens get the same answer, permissions included,
// from the handler on the instance as from the instance's own validation.
func permissionsOnUnleash(t *testing.T, s *unleashtest.Server) {
	ctx := context.Background()
	err := s.Cluster.Exec(ctx, s.Database, `INSERT INTO role_user (role_id, user_id, project)
		SELECT r.id, u.id, p FROM (VALUES ('Member', 2, 'other'), ('Owner', 3, 'limited'), ('Member', 3, 'other')) AS v(role, id, p)
		JOIN roles r ON r.name = v.role JOIN users u ON u.id = v.id`)
	if err != nil {
		t.Fatal(err)
	}
	c, err := unleashapi.New(s.URL, s.AdminToken, unleashapi.Options{})
	if err != nil {
		t.Fatal(err)
	}
	h := dbHandler(t, c, c, c, false)
	tokens := map[string]string{
		"viewer": "user:62e4aa0433ed0562b9cef06ab66a0b7233fab6fc07064da0816b9497",
		"editor": "user:e9739938270d7f29d0039e15f4a19c4ecbac8459a671ae808e42c2bf",
	}
	for who, token := range tokens {
		for _, project := range []string{"default", "other", "limited"} {
			t.Run(who+"/"+project, func(t *testing.T) {
				body := fmt.Sprintf(`{"project":%[1]q,"environment":"development","data":{"features":[{"name":"lim-new-%[1]s","project":%[1]q,"type":"release"}],"featureStrategies":[{"name":"default","featureName":"lim-new-%[1]s","parameters":{},"constraints":[{"contextName":"fresh-field","operator":"IN","values":["a"]}]}],"contextFields":[{"name":"fresh-field"}],"tagTypes":[{"name":"fresh-type"}],"featureTags":[{"featureName":"lim-new-%[1]s","tagType":"fresh-type","tagValue":"x"}]}}`, project)
				raw, err := s.Do(ctx, "POST", adminhttp.PathValidate, token, []byte(body))
				if err != nil {
					t.Fatal(err)
				}
				var want any
				if err := json.Unmarshal(raw, &want); err != nil {
					t.Fatal(err)
				}
				got := dbServe(t, h, conformance.Request{Method: "POST", Path: adminhttp.PathValidate,
					Headers: map[string]string{"Authorization": token, "Content-Type": "application/json"}, Body: json.RawMessage(body)})
				if got.Status != http.StatusOK {
					t.Fatalf("ours: %d %v", got.Status, got.Body)
				}
				if d := cmp.Diff(want, got.Body); d != "" {
					t.Errorf("(-reference +ours on -unleash):\n%s", d)
				}
				if m, _ := want.(map[string]any); m != nil {
					t.Logf("reference permissions: %v", m["permissions"])
				}
			})
		}
	}
}
