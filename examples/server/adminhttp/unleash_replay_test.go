package adminhttp_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/flagadmin/flagadmin/examples/server/adminhttp"
	"github.com/flagadmin/flagadmin/internal/testharness/conformance"
	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
	"github.com/flagadmin/flagadmin/internal/testharness/unleashtest"
	"github.com/flagadmin/flagadmin/unleashapi"
)

// TestOnUnleash runs the handler on the real Unleash 8.2.0, started on the
// module's dump and read over its admin API (state, users and the
// callers' rights). The differential run of generated imports is a long
// test (FLAGADMIN_LONG=1, .ci/long).
func TestOnUnleash(t *testing.T) {
	s := unleashtest.TakeForTest(t, unleashEarly)
	t.Run("replay", func(t *testing.T) { replayOnUnleash(t, s) })
	t.Run("permissions", func(t *testing.T) { permissionsOnUnleash(t, s) })
	t.Run("expired token", func(t *testing.T) { expiredOnUnleash(t, s) })
	t.Run("project context fields", func(t *testing.T) { contextFieldsOnUnleash(t, s) })
	t.Run("differential", func(t *testing.T) { testutil.SkipUnlessLong(t); differentialOnUnleash(t, s) }) // after: it imports the field of project other
	t.Run("authorization headers", func(t *testing.T) { headersOnUnleash(t, s) })
	t.Run("faults", func(t *testing.T) { faultsOnUnleash(t, s) })
	t.Run("instance down", func(t *testing.T) { downOnUnleash(t, s) }) // last: it kills the instance
}

// apiClient returns a client of the instance at url, with the admin
// token.
func apiClient(t *testing.T, url string, opts unleashapi.Options) *unleashapi.Client {
	t.Helper()
	c, err := unleashapi.New(url, unleashtest.AdminToken, opts)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// onUnleash returns the handler on s, read over its admin API (state,
// users and the callers' rights) with opts.
func onUnleash(t *testing.T, s *unleashtest.Server, opts unleashapi.Options) http.Handler {
	t.Helper()
	c := apiClient(t, s.URL, opts)
	return dbHandler(t, c, c, c, false)
}

// sameAsReference sends body to the instance's own validation and to the
// handler h, both with token, and fails when the answers differ.
func sameAsReference(t *testing.T, s *unleashtest.Server, h http.Handler, token, body string) {
	t.Helper()
	raw, err := s.Do(context.Background(), "POST", adminhttp.PathValidate, token, []byte(body))
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
}

// contextFieldsOnUnleash adds a context field to project other and
// checks that importing it, into that project or another, with its legal
// values or others, gets the instance's own answer: the error of a field
// of another project, and no permission to create it.
func contextFieldsOnUnleash(t *testing.T, s *unleashtest.Server) {
	ctx := context.Background()
	if err := s.AddProjectContextField(ctx, "other", "other-scoped", "a", "b"); err != nil {
		t.Fatal(err)
	}
	pat, err := s.AdminPersonalToken(ctx)
	if err != nil {
		t.Fatal(err)
	}
	h := onUnleash(t, s, unleashapi.Options{})
	tokens := map[string]string{"admin": pat, "editor": editorToken, "viewer": viewerToken}
	for who, token := range tokens {
		for _, project := range []string{"default", "other"} {
			for _, values := range []string{`[{"value":"a"}]`, `[{"value":"c"}]`} {
				t.Run(who+"/"+project+"/"+values, func(t *testing.T) {
					body := fmt.Sprintf(`{"project":%[1]q,"environment":"development","data":{"features":[{"name":"ctx-%[1]s","project":%[1]q,"type":"release"}],"featureStrategies":[{"name":"default","featureName":"ctx-%[1]s","parameters":{},"constraints":[{"contextName":"other-scoped","operator":"IN","values":["a"]}]}],"contextFields":[{"name":"other-scoped","legalValues":%[2]s}],"tagTypes":[]}}`, project, values)
					sameAsReference(t, s, h, token, body)
				})
			}
		}
	}
}

// headersOnUnleash sends authorization headers of raw bytes to the
// instance and to the handler on it: the statuses must be the same (the
// instance drops spaces and tabs around the value, then a leading Bearer
// and the white space after it, once; each byte is a character).
func headersOnUnleash(t *testing.T, s *unleashtest.Server) {
	h := onUnleash(t, s, unleashapi.Options{})
	admin := s.AdminToken
	for _, header := range []string{admin, "Bearer " + admin, "bearer\t\t" + admin, " " + admin + "\t", "Bearer\xa0" + admin,
		"Bearer Bearer " + admin, "Bearer Bearer\xa0" + admin, "\xa0" + admin, admin + "\x85", admin + "\xa0", "\xa0Bearer " + admin,
		"Bearer\x85" + admin, "\xef\xbb\xbf" + admin} {
		req, err := http.NewRequest("GET", s.URL+adminhttp.PathUserAdmin, nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header["Authorization"] = []string{header}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatalf("%q: %v", header, err)
		}
		resp.Body.Close()
		got := dbServe(t, h, conformance.Request{Method: "GET", Path: adminhttp.PathUserAdmin, Headers: map[string]string{"Authorization": header}})
		if got.Status != resp.StatusCode {
			t.Errorf("Authorization %q: %d, the instance %d", header, got.Status, resp.StatusCode)
		}
	}
}

// faultsOnUnleash puts a proxy that fails as told between the handler and
// the instance: an instance that does not answer, answers 503 or 429, or
// hangs, is a 503 with Retry-After (the instance's own when it sent one),
// within the request's deadline, logged as such; once the instance is
// back, so are the answers. Each fault has a proxy, a handler and a log of
// its own, so that the faults run side by side: a hung instance costs the
// handler's store timeout.
func faultsOnUnleash(t *testing.T, s *unleashtest.Server) {
	const admin = unleashtest.AdminToken
	body := `{"project":"default","environment":"development","data":{"features":[{"name":"existing-flag"}],"featureStrategies":[],"tagTypes":[]}}`
	requests := []conformance.Request{
		{Method: "POST", Path: adminhttp.PathValidate, Headers: map[string]string{"Authorization": admin, "Content-Type": "application/json"}, Body: json.RawMessage(body)},
		{Method: "GET", Path: adminhttp.PathUserAdmin, Headers: map[string]string{"Authorization": admin}},
	}
	for _, tc := range []struct {
		name       string
		fault      unleashtest.Fault
		retryAfter string
	}{
		{"no answer", unleashtest.Drop(""), "5"},
		{"503", unleashtest.Status("", http.StatusServiceUnavailable, `{"message":"maintenance"}`), "5"},
		{"429 with Retry-After: 10", unleashtest.Status("", http.StatusTooManyRequests, `{"message":"slow down"}`, "Retry-After", "10"), "10"},
		{"503 of the state with Retry-After: 10", unleashtest.First(
			unleashtest.Status("/api/admin/features-batch/export", http.StatusServiceUnavailable, `{}`, "Retry-After", "10"),
			unleashtest.Status("/api/admin/user-admin", http.StatusServiceUnavailable, `{}`, "Retry-After", "10")), "10"},
		{"hung", unleashtest.Hang(""), "5"},
		{"hung export", unleashtest.Hang("/api/admin/features-batch/export"), "5"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			p := unleashtest.NewProxy(t, s.URL)
			c := apiClient(t, p.URL, unleashapi.Options{ListTTL: -1, TokenTTL: -1})
			var log testutil.Buffer
			h := newHandler(t, nil, setup{state: c, tokens: c, users: c, storeTimeout: 2 * time.Second,
				logger: slog.New(slog.NewJSONHandler(&log, nil))})
			serve := func(rq conformance.Request) *httptest.ResponseRecorder {
				// Well within the 30 s write timeout of the flagadmin server.
				ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
				defer cancel()
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, rq.HTTP().WithContext(ctx))
				return rec
			}
			p.SetFault(tc.fault)
			for _, rq := range requests {
				if tc.name == "hung export" && rq.Method == "GET" {
					continue
				}
				t.Run(rq.Path, func(t *testing.T) {
					log.Reset()
					rec := serve(rq)
					e := errorOf(t, rec)
					if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") != tc.retryAfter || e.Name != nameServiceUnavailableError {
						t.Errorf("%d, Retry-After %q: %s; want 503 with Retry-After %s", rec.Code, rec.Header().Get("Retry-After"), rec.Body.Bytes(), tc.retryAfter)
					}
					if !strings.Contains(log.String(), `"status":503`) || !strings.Contains(log.String(), `"error_id":"`+e.ID+`"`) {
						t.Errorf("the log line does not say 503 with the error's id:\n%s", log.String())
					}
					for _, leak := range []string{"unleashapi", "127.0.0.1", admin, "/api/admin/ui-config", "maintenance", "slow down"} {
						if strings.Contains(rec.Body.String(), leak) {
							t.Errorf("the body mentions %q: %s", leak, rec.Body.Bytes())
						}
					}
				})
			}
			p.SetFault(nil)
			for _, rq := range requests {
				if rec := serve(rq); rec.Code != http.StatusOK {
					t.Errorf("%s once the instance is back: %d %s", rq.Path, rec.Code, rec.Body.Bytes())
				}
			}
		})
	}
}

// expiredOnUnleash: a personal token that expired gets the 401 it gets
// from the instance, even when its rights were looked up before.
func expiredOnUnleash(t *testing.T, s *unleashtest.Server) {
	ctx := context.Background()
	pat, err := s.AdminPersonalToken(ctx)
	if err != nil {
		t.Fatal(err)
	}
	h := onUnleash(t, s, unleashapi.Options{TokenTTL: time.Millisecond})
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
	h := onUnleash(t, s, unleashapi.Options{ListTTL: -1, TokenTTL: -1})
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
	replayOnSource(t, "unleash", apiClient(t, s.URL, unleashapi.Options{}))
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
	h := onUnleash(t, s, unleashapi.Options{})
	tokens := map[string]string{
		"viewer": viewerToken,
		"editor": editorToken,
	}
	for who, token := range tokens {
		for _, project := range []string{"default", "other", "limited"} {
			t.Run(who+"/"+project, func(t *testing.T) {
				body := fmt.Sprintf(`{"project":%[1]q,"environment":"development","data":{"features":[{"name":"lim-new-%[1]s","project":%[1]q,"type":"release"}],"featureStrategies":[{"name":"default","featureName":"lim-new-%[1]s","parameters":{},"constraints":[{"contextName":"fresh-field","operator":"IN","values":["a"]}]}],"contextFields":[{"name":"fresh-field"}],"tagTypes":[{"name":"fresh-type"}],"featureTags":[{"featureName":"lim-new-%[1]s","tagType":"fresh-type","tagValue":"x"}]}}`, project)
				sameAsReference(t, s, h, token, body)
			})
		}
	}
}
