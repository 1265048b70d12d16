package adminhttp_test

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/flagadmin/flagadmin/auth"
	"github.com/flagadmin/flagadmin/examples/server/adminhttp"
	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/importvalidate/plan"
	"github.com/flagadmin/flagadmin/internal/testharness/conformance"
	"github.com/flagadmin/flagadmin/internal/testharness/statetest"
	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/users"
)

// Secrets of oracle-state.json.
const (
	adminToken  = "*:*.unleash-insecure-admin-api-token"
	clientToken = "default:development.unleash-insecure-backend-api-token"
	viewerToken = "user:62e4aa0433ed0562b9cef06ab66a0b7233fab6fc07064da0816b9497"
	editorToken = "user:e9739938270d7f29d0039e15f4a19c4ecbac8459a671ae808e42c2bf"
)

// minimalBody is a valid import that the admin may import without
// findings.
const minimalBody = `{"project":"default","environment":"development","data":{"features":[{"name":"f1","project":"default","type":"release"}],"featureStrategies":[],"tagTypes":[]}}`

func oracleSnapshot(t testing.TB) *model.Snapshot { return conformance.MustState(t) }

// setup varies the handler of a test. The state, tokens and users that
// are not set come from the snapshot the handler is built on.
type setup struct {
	strict  bool
	maxBody int64
	logger  *slog.Logger
	state   importvalidate.State
	rules   []importvalidate.Rule
	tokens  auth.TokenLookup
	users   users.Store
	// logCauses sets Options.LogCauses.
	logCauses bool
	// inFlight and queue set Options.MaxInFlight and Options.QueueTimeout.
	inFlight int
	queue    time.Duration
	// rand sets Options.Rand.
	rand io.Reader
	// preAuth sets Options.MaxPreAuth.
	preAuth int
	// plan sets Options.Planner to a planner over the configurations of
	// the snapshot, read through planSource when it is set.
	plan       bool
	planSource func(importvalidate.State) importvalidate.State
	// storeTimeout sets Options.StoreTimeout.
	storeTimeout time.Duration
}

// newValidator builds the validator of a test on snap as s describes
// (its state, strict and rules).
func newValidator(t testing.TB, snap *model.Snapshot, s setup) *importvalidate.Validator {
	t.Helper()
	return statetest.Validator(t, snap, importvalidate.Options{State: s.state, Strict: s.strict, Rules: s.rules})
}

// newHandler builds the handler of a test on snap as s describes.
func newHandler(t testing.TB, snap *model.Snapshot, s setup) http.Handler {
	t.Helper()
	v := newValidator(t, snap, s)
	tokens := s.tokens
	var err error
	if tokens == nil {
		if tokens, err = auth.NewMemoryLookup(snap); err != nil {
			t.Fatal(err)
		}
	}
	store := s.users
	if store == nil {
		store = users.NewMemoryStore(snap)
	}
	var planner *plan.Planner
	if s.plan {
		var src importvalidate.State
		src, err := importvalidate.NewMemoryState(snap)
		if err != nil {
			t.Fatal(err)
		}
		if s.planSource != nil {
			src = s.planSource(src)
		}
		if planner, err = plan.New(plan.Options{Source: src}); err != nil {
			t.Fatal(err)
		}
	}
	h, err := adminhttp.NewHandler(adminhttp.Options{
		Validator: v, Tokens: tokens, Users: store,
		MaxBody: s.maxBody, Logger: s.logger, Strict: s.strict, LogCauses: s.logCauses,
		MaxInFlight: s.inFlight, QueueTimeout: s.queue, Rand: s.rand, MaxPreAuth: s.preAuth, Planner: planner,
		StoreTimeout: s.storeTimeout,
	})
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// do serves one request and returns the recorder.
func do(h http.Handler, method, path, token, contentType string, body io.Reader) *httptest.ResponseRecorder {
	return send(h, method, path, body, "Authorization", token, "Content-Type", contentType)
}

// send serves one request with the header fields given as pairs of name
// and value (a field whose value is empty is left out) and returns the
// recorder.
func send(h http.Handler, method, path string, body io.Reader, fields ...string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(method, path, body)
	for i := 0; i+1 < len(fields); i += 2 {
		if fields[i+1] != "" {
			r.Header.Set(fields[i], fields[i+1])
		}
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, r)
	return rec
}

// postAdmin posts body to the validation as the admin, with a JSON
// content type and the given Content-Length (-1: unknown, as with chunked
// encoding).
func postAdmin(h http.Handler, body io.Reader, length int64) *httptest.ResponseRecorder {
	r := httptest.NewRequest(http.MethodPost, adminhttp.PathValidate, body)
	r.ContentLength = length
	r.Header.Set("Authorization", adminToken)
	r.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, r)
	return rec
}

// errorOf decodes an error body.
func errorOf(t *testing.T, rec *httptest.ResponseRecorder) model.ErrorResponse {
	t.Helper()
	var e model.ErrorResponse
	if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil || e.Name == "" || e.Message == "" {
		t.Fatalf("not an error body: %v: %s", err, rec.Body.Bytes())
	}
	if !testutil.IsUUIDv4(e.ID) {
		t.Errorf("error id %q is not a UUID v4", e.ID)
	}
	if len(e.Details) == 0 {
		t.Errorf("error body without details: %s", rec.Body.Bytes())
	}
	if ct := rec.Header().Get("Content-Type"); ct != "application/json; charset=utf-8" {
		t.Errorf("Content-Type = %q", ct)
	}
	return e
}

// guardReader yields an endless body of spaces and fails the test when
// more than limit bytes are read from it. It records whether it was read
// at all.
type guardReader struct {
	t     *testing.T
	limit int64
	mu    sync.Mutex
	read  int64
}

func (g *guardReader) Read(p []byte) (int, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.read+int64(len(p)) > g.limit {
		g.t.Errorf("the handler read past %d bytes of the body (asked for %d more after %d)", g.limit, len(p), g.read)
		p = p[:max(0, g.limit-g.read)]
		if len(p) == 0 {
			return 0, io.ErrUnexpectedEOF
		}
	}
	for i := range p {
		p[i] = ' '
	}
	g.read += int64(len(p))
	return len(p), nil
}

func (g *guardReader) total() int64 {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.read
}
