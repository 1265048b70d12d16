package adminhttp_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/flagadmin/flagadmin/auth"
	"github.com/flagadmin/flagadmin/examples/server/adminhttp"
	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/internal/testharness/conformance"
	"github.com/flagadmin/flagadmin/internal/testharness/pgtest"
	"github.com/flagadmin/flagadmin/unleashdb"
	"github.com/flagadmin/flagadmin/users"
)

// dbOracleURL is the public URL of the reference server, the base of the
// invitation links in the recorded user listings.
const dbOracleURL = "http://127.0.0.1:4242"

// dbAnswer is an answer with the random id of error bodies left out.
type dbAnswer struct {
	Status      int
	ContentType string
	Allow       string
	Body        any
}

func dbServe(t *testing.T, h http.Handler, rq conformance.Request) dbAnswer {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, rq.HTTP())
	a := dbAnswer{Status: rec.Code, ContentType: rec.Header().Get("Content-Type"), Allow: rec.Header().Get("Allow")}
	if rec.Body.Len() > 0 {
		if err := json.Unmarshal(rec.Body.Bytes(), &a.Body); err != nil {
			t.Fatalf("answer is no JSON: %v: %s", err, rec.Body.Bytes())
		}
		if m, ok := a.Body.(map[string]any); ok {
			delete(m, "id")
		}
	}
	return a
}

func dbHandler(t *testing.T, st importvalidate.State, tokens auth.TokenLookup, store users.Store, strict bool) http.Handler {
	t.Helper()
	return newHandler(t, nil, setup{state: st, tokens: tokens, users: store, strict: strict})
}

// TestOnDatabase runs the handler on the reference database, in a
// cluster of its own: every recorded request, then with the database
// gone (last: it stops the cluster).
func TestOnDatabase(t *testing.T) {
	c := pgtest.TakeForTest(t, pgEarly)
	t.Run("replay", func(t *testing.T) { replayOnDatabase(t, c) })
	t.Run("database down", func(t *testing.T) { downOnDatabase(t, c) })
}

// replayOnDatabase replays every recorded request through the handler
// on the reference database and on oracle-state.json, in the reference
// and the strict mode: the answers must be the same.
func replayOnDatabase(t *testing.T, c *pgtest.Cluster) {
	ctx := context.Background()
	db, err := unleashdb.Open(ctx, c.URL(pgtest.SharedDB), unleashdb.Options{UnleashURL: dbOracleURL})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	replayOnSource(t, "database", db)
}

// replaySource is a store the handler can run on in place of
// oracle-state.json: the state, the callers' tokens and the users.
type replaySource interface {
	importvalidate.State
	auth.TokenLookup
	users.Store
}

// replayOnSource replays every recorded request through the handler on
// src and on oracle-state.json, in the reference and the strict mode: the
// answers must be the same, and src must never answer 500. source names
// src in the failures.
func replayOnSource(t *testing.T, source string, src replaySource) {
	t.Helper()
	snap := conformance.MustState(t)
	cases := conformance.MustLoad(t, "*")
	for _, strict := range []bool{false, true} {
		onSrc := dbHandler(t, src, src, src, strict)
		onSnap := newHandler(t, snap, setup{strict: strict})
		for _, c := range cases {
			name, rq := c.Name, c.Request
			if strict {
				name += "/strict"
			}
			t.Run(name, func(t *testing.T) {
				got, want := dbServe(t, onSrc, rq), dbServe(t, onSnap, rq)
				if d := cmp.Diff(want, got); d != "" {
					t.Errorf("(-snapshot +%s):\n%s", source, d)
				}
				if got.Status == http.StatusInternalServerError {
					t.Errorf("500 on %s: %v", source, got.Body)
				}
			})
		}
	}
}

// downOnDatabase: with the database gone, every request that needs it
// gets a 503 ErrorResponse (the database is unavailable, a retry may
// succeed) that names neither the database nor its address, never a
// partial report.
func downOnDatabase(t *testing.T, c *pgtest.Cluster) {
	ctx := context.Background()
	db, err := unleashdb.Open(ctx, c.URL(pgtest.SharedDB), unleashdb.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	memTokens, err := auth.NewMemoryLookup(conformance.MustState(t))
	if err != nil {
		t.Fatal(err)
	}
	const admin = "*:*.unleash-insecure-admin-api-token"
	body := `{"project":"default","environment":"development","data":{"features":[{"name":"existing-flag"}],"featureStrategies":[],"tagTypes":[]}}`
	handlers := map[string]http.Handler{
		"database for all":   dbHandler(t, db, db, db, false),
		"database for state": dbHandler(t, db, memTokens, db, false),
	}
	// Up, both answer.
	for name, h := range handlers {
		a := dbServe(t, h, conformance.Request{Method: "POST", Path: adminhttp.PathValidate,
			Headers: map[string]string{"Authorization": admin, "Content-Type": "application/json"}, Body: json.RawMessage(body)})
		if a.Status != http.StatusOK {
			t.Fatalf("%s: before the stop: %d %v", name, a.Status, a.Body)
		}
	}
	if err := c.Kill(); err != nil {
		t.Fatal(err)
	}
	for name, h := range handlers {
		for _, rq := range []conformance.Request{
			{Method: "POST", Path: adminhttp.PathValidate, Headers: map[string]string{"Authorization": admin, "Content-Type": "application/json"}, Body: json.RawMessage(body)},
			{Method: "GET", Path: adminhttp.PathUserAdmin, Headers: map[string]string{"Authorization": admin}},
		} {
			a := dbServe(t, h, rq)
			m, _ := a.Body.(map[string]any)
			// A database that is down is a 503 (with Retry-After), as
			// unleashdb says it is unavailable.
			if a.Status != http.StatusServiceUnavailable || m == nil || m["name"] != nameServiceUnavailableError || m["message"] == nil {
				t.Errorf("%s %s: %d %v; want a 503 ServiceUnavailableError", name, rq.Path, a.Status, a.Body)
				continue
			}
			for _, k := range []string{"errors", "warnings", "permissions", "users"} {
				if _, ok := m[k]; ok {
					t.Errorf("%s %s: the 503 carries %q", name, rq.Path, k)
				}
			}
			raw, _ := json.Marshal(m)
			for _, leak := range []string{"unleashdb", "postgres", "127.0.0.1", "connect", "existing-flag", admin} {
				if strings.Contains(string(raw), leak) {
					t.Errorf("%s %s: the 503 body mentions %q: %s", name, rq.Path, leak, raw)
				}
			}
		}
	}
}
