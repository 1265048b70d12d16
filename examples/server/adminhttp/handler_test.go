package adminhttp_test

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	gocmp "github.com/google/go-cmp/cmp"

	"github.com/flagadmin/flagadmin/auth"
	"github.com/flagadmin/flagadmin/examples/server/adminhttp"
	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/instance"
	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/users"
)

const validate = adminhttp.PathValidate

func TestBodyOverCapIsNotReadPastTheCap(t *testing.T) {
	const limit = 1000
	h := newHandler(t, oracleSnapshot(t), setup{maxBody: limit})
	g := &guardReader{t: t, limit: limit + 1}
	rec := postAdmin(h, g, -1)
	if rec.Code != http.StatusRequestEntityTooLarge {
		t.Fatalf("status = %d; want 413 (%s)", rec.Code, rec.Body.Bytes())
	}
	e := errorOf(t, rec)
	if e.Name != namePayloadTooLargeError || !strings.Contains(e.Message, "1000 bytes") {
		t.Errorf("body = %s", rec.Body.Bytes())
	}
	if n := g.total(); n > limit+1 {
		t.Errorf("read %d bytes; at most %d allowed", n, limit+1)
	}
}

func TestDeclaredLengthOverCapIsRefusedUnread(t *testing.T) {
	const limit = 1000
	h := newHandler(t, oracleSnapshot(t), setup{maxBody: limit})
	g := &guardReader{t: t, limit: 0}
	rec := postAdmin(h, g, limit+1)
	if rec.Code != http.StatusRequestEntityTooLarge {
		t.Fatalf("status = %d; want 413", rec.Code)
	}
	if n := g.total(); n != 0 {
		t.Errorf("read %d bytes of a body declared too large", n)
	}
}

func TestBodyAtCapIsAccepted(t *testing.T) {
	size := int64(len(minimalBody) + 100)
	h := newHandler(t, oracleSnapshot(t), setup{maxBody: size})
	body := minimalBody + strings.Repeat(" ", 100)
	rec := do(h, http.MethodPost, validate, adminToken, "application/json", strings.NewReader(body))
	if rec.Code != http.StatusOK {
		t.Fatalf("status = %d; want 200 (%s)", rec.Code, rec.Body.Bytes())
	}
	rec = do(h, http.MethodPost, validate, adminToken, "application/json", strings.NewReader(body+" "))
	if rec.Code != http.StatusRequestEntityTooLarge {
		t.Fatalf("one byte over: status = %d; want 413", rec.Code)
	}
}

func TestDefaultCap(t *testing.T) {
	if adminhttp.DefaultMaxBody != 512000 {
		t.Errorf("DefaultMaxBody = %d; want 512000 (500 kB as the reference counts it)", adminhttp.DefaultMaxBody)
	}
	h := newHandler(t, oracleSnapshot(t), setup{})
	g := &guardReader{t: t, limit: adminhttp.DefaultMaxBody + 1}
	rec := postAdmin(h, g, -1)
	if rec.Code != http.StatusRequestEntityTooLarge {
		t.Fatalf("status = %d; want 413", rec.Code)
	}
}

// TestCredentialsBeforeBody checks that 401 and 403 are answered without
// reading a byte of the body.
func TestCredentialsBeforeBody(t *testing.T) {
	h := newHandler(t, oracleSnapshot(t), setup{})
	for _, tc := range []struct {
		name, token string
		status      int
		errName     string
	}{
		{"no header", "", 401, nameAuthenticationRequired},
		{"blank bearer", "Bearer ", 401, nameAuthenticationRequired},
		{"unknown token", "not-a-real-token", 401, nameAuthenticationRequired},
		{"client token", clientToken, 403, nameNoAccessError},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := &guardReader{t: t, limit: 0}
			r := httptest.NewRequest(http.MethodPost, validate, g)
			r.ContentLength = -1
			if tc.token != "" {
				r.Header.Set("Authorization", tc.token)
			}
			r.Header.Set("Content-Type", "text/plain") // would be a 415
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, r)
			if rec.Code != tc.status {
				t.Fatalf("status = %d; want %d", rec.Code, tc.status)
			}
			if e := errorOf(t, rec); e.Name != tc.errName {
				t.Errorf("name = %s; want %s", e.Name, tc.errName)
			}
			if n := g.total(); n != 0 {
				t.Errorf("read %d bytes of the body before refusing the credentials", n)
			}
		})
	}
}

func TestContentType(t *testing.T) {
	h := newHandler(t, oracleSnapshot(t), setup{})
	for _, tc := range []struct {
		contentType string
		status      int
		inMessage   string
	}{
		{"", 415, "(you didn't provide one)"},
		{"text/plain", 415, "(text/plain)"},
		{"application/x-www-form-urlencoded", 415, "(application/x-www-form-urlencoded)"},
		{"application/json-patch+json", 415, "(application/json-patch+json)"},
		{"application/json; =", 415, "(application/json; =)"},
		{"application/json", 200, ""},
		{"application/json; charset=utf-8", 200, ""},
		{"Application/JSON;charset=UTF-8", 200, ""},
	} {
		t.Run(tc.contentType, func(t *testing.T) {
			rec := do(h, http.MethodPost, validate, adminToken, tc.contentType, strings.NewReader(minimalBody))
			if rec.Code != tc.status {
				t.Fatalf("status = %d; want %d (%s)", rec.Code, tc.status, rec.Body.Bytes())
			}
			if tc.status != 415 {
				return
			}
			e := errorOf(t, rec)
			want := "We do not accept the content-type you provided " + tc.inMessage +
				". Try using one of the content-types we do accept instead (application/json) and make sure the body is in the corresponding format."
			if e.Name != nameContentTypeError || e.Message != want {
				t.Errorf("got %s %q; want ContentTypeError %q", e.Name, e.Message, want)
			}
		})
	}
}

func TestNotFound(t *testing.T) {
	h := newHandler(t, oracleSnapshot(t), setup{})
	for _, path := range []string{"/", "/api/admin/features-batch", "/api/admin/user-admin/x", "/api/admin/user-admin-x", "/api/admin/user%2Dadmin"} {
		for _, token := range []string{adminToken, ""} {
			rec := do(h, http.MethodGet, path, token, "", nil)
			if rec.Code != http.StatusNotFound {
				t.Fatalf("%s: status = %d; want 404", path, rec.Code)
			}
			e := errorOf(t, rec)
			msg := "The path you were looking for (" + strings.ReplaceAll(path, "%2D", "-") + ") is not available."
			if e.Name != nameNotFoundError || e.Message != msg || e.Details[0].Message != msg {
				t.Errorf("%s: body = %s", path, rec.Body.Bytes())
			}
		}
	}
}

func TestMethodNotAllowed(t *testing.T) {
	h := newHandler(t, oracleSnapshot(t), setup{})
	for _, tc := range []struct{ method, path, allow string }{
		{http.MethodGet, validate, "POST"},
		{http.MethodPut, validate, "POST"},
		{http.MethodOptions, validate, "POST"},
		{http.MethodPost, adminhttp.PathUserAdmin, "GET, HEAD"},
		{http.MethodDelete, adminhttp.PathUserAdmin, "GET, HEAD"},
	} {
		rec := do(h, tc.method, tc.path, adminToken, "application/json", strings.NewReader(minimalBody))
		if rec.Code != http.StatusMethodNotAllowed {
			t.Fatalf("%s %s: status = %d; want 405", tc.method, tc.path, rec.Code)
		}
		if got := rec.Header().Get("Allow"); got != tc.allow {
			t.Errorf("%s %s: Allow = %q; want %q", tc.method, tc.path, got, tc.allow)
		}
		if e := errorOf(t, rec); e.Name != nameMethodNotAllowedError || !strings.Contains(e.Message, tc.method) {
			t.Errorf("%s %s: body = %s", tc.method, tc.path, rec.Body.Bytes())
		}
	}
}

func TestHeadUserAdmin(t *testing.T) {
	h := newHandler(t, oracleSnapshot(t), setup{})
	rec := do(h, http.MethodHead, adminhttp.PathUserAdmin, adminToken, "", nil)
	if rec.Code != http.StatusOK {
		t.Fatalf("status = %d; want 200", rec.Code)
	}
}

func TestUserAdminPermissions(t *testing.T) {
	h := newHandler(t, oracleSnapshot(t), setup{})
	for token, status := range map[string]int{adminToken: 200, "Bearer " + adminToken: 200, viewerToken: 403, editorToken: 403, clientToken: 403, "": 401} {
		if rec := do(h, http.MethodGet, adminhttp.PathUserAdmin, token, "", nil); rec.Code != status {
			t.Errorf("token %.12q: status = %d; want %d", token, rec.Code, status)
		}
	}
}

func TestSchemaErrorListsEveryProblem(t *testing.T) {
	h := newHandler(t, oracleSnapshot(t), setup{})
	rec := do(h, http.MethodPost, validate, adminToken, "application/json", strings.NewReader(`{}`))
	if rec.Code != http.StatusBadRequest {
		t.Fatalf("status = %d; want 400", rec.Code)
	}
	e := errorOf(t, rec)
	var paths []string
	for _, d := range e.Details {
		paths = append(paths, d.Path)
	}
	if got := strings.Join(paths, " "); got != "/body/project /body/environment /body/data" {
		t.Errorf("detail paths = %s", got)
	}
}

func TestStrictAnswersWithTheExtraRules(t *testing.T) {
	snap := oracleSnapshot(t)
	// A constraint on a context field that exists nowhere, which the
	// import keeps, and a strategy of a feature that is not imported,
	// which it refuses: the reference says nothing; the strict answer
	// carries the extra rules' findings of both and the import's own
	// refusal of the second (which the report says once, as the
	// import's).
	body := `{"project":"default","environment":"development","data":{"features":[{"name":"f1"}],"featureStrategies":[` +
		`{"name":"default","featureName":"f1","constraints":[{"contextName":"regoin","operator":"IN","values":["eu"]}]},` +
		`{"name":"default","featureName":"ghost"}],"tagTypes":[]}}`
	errorsOf := func(h http.Handler) []model.Issue {
		rec := do(h, http.MethodPost, validate, adminToken, "application/json", strings.NewReader(body))
		if rec.Code != http.StatusOK {
			t.Fatalf("status = %d; want 200 (%s)", rec.Code, rec.Body.Bytes())
		}
		var resp model.ValidateResponse
		if err := json.Unmarshal(rec.Body.Bytes(), &resp); err != nil {
			t.Fatal(err)
		}
		return resp.Errors
	}
	if errs := errorsOf(newHandler(t, snap, setup{})); len(errs) != 0 {
		t.Errorf("reference answer has errors: %v", errs)
	}
	errs := errorsOf(newHandler(t, snap, setup{strict: true}))
	want := []model.Issue{
		{Message: "The following context fields are used in constraints but neither exist nor are imported:", AffectedItems: []string{"regoin"}},
		{Message: `There's no feature named "ghost" in project "default".`, AffectedItems: []string{"ghost"}},
		{Message: "The following features are referenced but not imported in features:", AffectedItems: []string{"ghost"}},
	}
	if d := gocmp.Diff(want, errs); d != "" {
		t.Errorf("strict answer errors (-want +got):\n%s", d)
	}
}

func TestUnreadableBody(t *testing.T) {
	h := newHandler(t, oracleSnapshot(t), setup{})
	rec := postAdmin(h, io.MultiReader(strings.NewReader(`{"pro`), errReader{}), -1)
	if rec.Code != http.StatusBadRequest {
		t.Fatalf("status = %d; want 400", rec.Code)
	}
	if e := errorOf(t, rec); e.Name != nameBadDataError || e.Details[0].Message != "The request body could not be read." {
		t.Errorf("body = %s", rec.Body.Bytes())
	}
}

type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, errors.New("connection reset") }

// TestLogLines checks one structured line per request, with method, path,
// status, duration and bytes, and never the token or the body.
func TestLogLines(t *testing.T) {
	var buf testutil.Buffer
	logger := slog.New(slog.NewJSONHandler(&buf, nil))
	h := newHandler(t, oracleSnapshot(t), setup{logger: logger})
	const marker = "body-marker-7f3a"
	body := strings.Replace(minimalBody, `"f1"`, `"`+marker+`"`, 1)
	const unknown = "user:not-a-real-token-secret-0123"
	requests := []struct {
		method, path, token string
		status              int
	}{
		{http.MethodPost, validate, adminToken, 200},
		{http.MethodPost, validate, "Bearer " + viewerToken, 200},
		{http.MethodPost, validate, unknown, 401},
		{http.MethodPost, validate, clientToken, 403},
		{http.MethodGet, adminhttp.PathUserAdmin, editorToken, 403},
		{http.MethodGet, adminhttp.PathUserAdmin, adminToken, 200},
		{http.MethodGet, "/nowhere", adminToken, 404},
	}
	for _, rq := range requests {
		rec := do(h, rq.method, rq.path, rq.token, "application/json", strings.NewReader(body))
		if rec.Code != rq.status {
			t.Fatalf("%s %s: status %d; want %d", rq.method, rq.path, rec.Code, rq.status)
		}
	}
	lines := buf.Lines()
	if len(lines) != len(requests) {
		t.Fatalf("%d log lines for %d requests:\n%s", len(lines), len(requests), buf.String())
	}
	for _, secret := range []string{adminToken, viewerToken, editorToken, clientToken, unknown, "unleash-insecure", "user:", marker} {
		if strings.Contains(buf.String(), secret) {
			t.Errorf("the log holds %q:\n%s", secret, buf.String())
		}
	}
	for i, line := range lines {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("line %d is not JSON: %s", i, line)
		}
		rq := requests[i]
		if m["method"] != rq.method || m["path"] != rq.path || m["status"] != float64(rq.status) {
			t.Errorf("line %d = %s; want %s %s %d", i, line, rq.method, rq.path, rq.status)
		}
		if b, _ := m["bytes"].(float64); b <= 0 {
			t.Errorf("line %d: bytes = %v", i, m["bytes"])
		}
		if _, ok := m["duration"].(float64); !ok {
			t.Errorf("line %d: no duration: %s", i, line)
		}
	}
}

// failingLookup fails every token lookup with err.
type failingLookup struct{ err error }

func (f failingLookup) LookupToken(context.Context, string) (*auth.Principal, bool, error) {
	return nil, false, f.err
}

// failingStore fails every user listing with err, or panics.
type failingStore struct {
	err    error
	panics bool
}

func (s failingStore) Users(context.Context) ([]model.User, error) {
	if s.panics {
		panic("user store exploded")
	}
	return nil, s.err
}

func (failingStore) Roles(context.Context) ([]model.Role, error) { return nil, nil }

// downError is the error of a store that cannot answer now, as
// unleashdb's *UnavailableError says it.
type downError struct{}

func (downError) Error() string     { return "the database did not answer within 5s" }
func (downError) Unavailable() bool { return true }

// waitError is the error of a store that cannot answer now and knows
// when it may again.
type waitError struct{ wait time.Duration }

func (waitError) Error() string               { return "the instance answered 429" }
func (waitError) Unavailable() bool           { return true }
func (e waitError) RetryAfter() time.Duration { return e.wait }

// hungState waits on every read until its context ends, then reports
// the context's error (or, after a minute, that it was not stopped).
type hungState struct{ importvalidate.State }

func (hungState) Read(ctx context.Context, _ importvalidate.Query) (*importvalidate.Reading, error) {
	select {
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-time.After(time.Minute):
		return nil, errors.New("not stopped by a deadline")
	}
}

// downState fails every read as unavailable.
type downState struct{ importvalidate.State }

func (downState) Read(context.Context, importvalidate.Query) (*importvalidate.Reading, error) {
	return nil, downError{}
}

// TestInternalErrorsHideTheCause: a failing store is a 500 whose body
// keeps the cause to the log.
func TestInternalErrorsHideTheCause(t *testing.T) {
	snap := oracleSnapshot(t)
	errLookup := errors.New("token database at 10.0.0.7 unreachable")
	for _, tc := range []struct {
		name   string
		s      setup
		method string
		path   string
		cause  string
	}{
		{"lookup on validate", setup{tokens: failingLookup{errLookup}}, http.MethodPost, validate, "10.0.0.7"},
		{"lookup on users", setup{tokens: failingLookup{errLookup}}, http.MethodGet, adminhttp.PathUserAdmin, "10.0.0.7"},
		{"store", setup{users: failingStore{err: errors.New("user database at 10.0.0.8 unreachable")}}, http.MethodGet, adminhttp.PathUserAdmin, "10.0.0.8"},
		{"panicking store", setup{users: failingStore{panics: true}}, http.MethodGet, adminhttp.PathUserAdmin, "panic"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf testutil.Buffer
			tc.s.logger = slog.New(slog.NewJSONHandler(&buf, nil))
			tc.s.logCauses = true
			h := newHandler(t, snap, tc.s)
			rec := do(h, tc.method, tc.path, adminToken, "application/json", strings.NewReader(minimalBody))
			if rec.Code != http.StatusInternalServerError {
				t.Fatalf("status = %d; want 500", rec.Code)
			}
			e := errorOf(t, rec)
			if e.Name != nameInternalError || e.Message != msgInternal {
				t.Errorf("body = %s", rec.Body.Bytes())
			}
			if strings.Contains(rec.Body.String(), "10.0.0") || strings.Contains(rec.Body.String(), "exploded") {
				t.Errorf("the body reveals the cause: %s", rec.Body.Bytes())
			}
			log := buf.String()
			if !strings.Contains(log, tc.cause) || !strings.Contains(log, e.ID) || !strings.Contains(log, `"level":"ERROR"`) {
				t.Errorf("the log line lacks the cause or the error id:\n%s", log)
			}
			if strings.Contains(log, "exploded") {
				t.Errorf("the log holds the panic value:\n%s", log)
			}
		})
	}
}

// TestStoreUnavailable: a store that cannot answer now (its error says
// Unavailable) is a 503 with Retry-After, not a 500, on both endpoints,
// whichever lookup failed, and the log line says 503.
func TestStoreUnavailable(t *testing.T) {
	snap := hostileSnapshot(t)
	base, err := importvalidate.NewMemoryState(snap)
	if err != nil {
		t.Fatal(err)
	}
	body := hostileImport(`{"name":"f1"}`)
	downLookup := errors.Join(errors.New("token lookup"), downError{})
	for _, tc := range []struct {
		name   string
		s      setup
		method string
		path   string
		// retryAfter is the Retry-After wanted; "" means "5".
		retryAfter string
	}{
		{"state, validation", setup{state: downState{base}}, http.MethodPost, adminhttp.PathValidate, ""},
		{"tokens, validation", setup{tokens: failingLookup{downLookup}}, http.MethodPost, adminhttp.PathValidate, ""},
		{"tokens, listing", setup{tokens: failingLookup{downLookup}}, http.MethodGet, adminhttp.PathUserAdmin, ""},
		{"users, listing", setup{users: failingStore{err: downError{}}}, http.MethodGet, adminhttp.PathUserAdmin, ""},
		{"the store's own wait", setup{users: failingStore{err: fmt.Errorf("listing: %w", waitError{10 * time.Second})}}, http.MethodGet, adminhttp.PathUserAdmin, "10"},
		{"a wait rounded up", setup{tokens: failingLookup{waitError{1500 * time.Millisecond}}}, http.MethodPost, adminhttp.PathValidate, "2"},
		{"a wait capped", setup{tokens: failingLookup{waitError{48 * time.Hour}}}, http.MethodPost, adminhttp.PathValidate, "3600"},
		{"past the store timeout", setup{state: hungState{base}, storeTimeout: 50 * time.Millisecond}, http.MethodPost, adminhttp.PathValidate, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var log testutil.Buffer
			tc.s.logger = slog.New(slog.NewJSONHandler(&log, nil))
			h := hostileHandler(t, tc.s)
			rec := do(h, tc.method, tc.path, hostileAdmin, "application/json", strings.NewReader(body))
			want := cmp.Or(tc.retryAfter, "5")
			if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") != want {
				t.Fatalf("status %d, Retry-After %q: %s; want 503 with Retry-After %s", rec.Code, rec.Header().Get("Retry-After"), rec.Body.Bytes(), want)
			}
			e := errorOf(t, rec)
			if e.Name != nameServiceUnavailableError || e.Message != msgStoreUnavailable {
				t.Errorf("body %+v", e)
			}
			if !strings.Contains(log.String(), `"status":503`) || !strings.Contains(log.String(), `"error_id":"`+e.ID+`"`) {
				t.Errorf("the log line does not say 503 with the error's id:\n%s", log.String())
			}
		})
	}
}

func TestNewHandlerOptions(t *testing.T) {
	snap, tokens := oracleTokens(t)
	v := newValidator(t, snap, setup{})
	store := users.NewMemoryStore(snap)
	for name, opts := range map[string]adminhttp.Options{
		"no validator":           {Tokens: tokens, Users: store},
		"no tokens":              {Validator: v, Users: store},
		"no users":               {Validator: v, Tokens: tokens},
		"relative prefix":        {Validator: v, Tokens: tokens, Users: store, Prefix: "admin"},
		"negative cap":           {Validator: v, Tokens: tokens, Users: store, MaxBody: -1},
		"negative in flight":     {Validator: v, Tokens: tokens, Users: store, MaxInFlight: -1},
		"negative queue timeout": {Validator: v, Tokens: tokens, Users: store, QueueTimeout: -time.Second},
	} {
		if _, err := adminhttp.NewHandler(opts); err == nil {
			t.Errorf("%s: NewHandler succeeded", name)
		}
	}
	if _, err := adminhttp.NewHandler(adminhttp.Options{Validator: v, Tokens: tokens, Users: store}); err != nil {
		t.Errorf("NewHandler: %v", err)
	}
}

// TestConcurrentRequests serves a mix of requests from many goroutines
// through a real server; run it with -race. The ids come from a reader
// that is not safe for concurrent use, which the handler must serialise.
func TestConcurrentRequests(t *testing.T) {
	var logs testutil.Buffer
	h := newHandler(t, oracleSnapshot(t), setup{
		logger: slog.New(slog.NewJSONHandler(&logs, nil)),
		rand:   &chachaReader{r: rand.NewChaCha8([32]byte{1})},
	})
	srv := httptest.NewServer(h)
	defer srv.Close()

	type call struct {
		method, path, token, body string
		status                    int
	}
	calls := []call{
		{http.MethodPost, validate, adminToken, minimalBody, 200},
		{http.MethodPost, validate, editorToken, minimalBody, 200},
		{http.MethodPost, validate, adminToken, `{"project":`, 400},
		{http.MethodPost, validate, adminToken, `{}`, 400},
		{http.MethodPost, validate, "", minimalBody, 401},
		{http.MethodGet, adminhttp.PathUserAdmin, adminToken, "", 200},
		{http.MethodGet, adminhttp.PathUserAdmin, viewerToken, "", 403},
		{http.MethodGet, validate, adminToken, "", 405},
	}
	const workers, rounds = 8, 25
	ids := make(chan string, workers*rounds)
	testutil.Concurrently(workers, func(w int) {
		for i := range rounds {
			c := calls[(w+i)%len(calls)]
			req, err := http.NewRequest(c.method, srv.URL+c.path, strings.NewReader(c.body))
			if err != nil {
				t.Error(err)
				return
			}
			if c.token != "" {
				req.Header.Set("Authorization", c.token)
			}
			req.Header.Set("Content-Type", "application/json")
			resp, b, err := testutil.Fetch(srv.Client(), req)
			if err != nil {
				t.Error(err)
				return
			}
			if resp.StatusCode != c.status {
				t.Errorf("%s %s: status %d; want %d: %s", c.method, c.path, resp.StatusCode, c.status, b)
			}
			var e struct{ ID string }
			if c.status >= 400 && json.Unmarshal(b, &e) == nil {
				ids <- e.ID
			}
		}
	})
	close(ids)
	seen := map[string]bool{}
	for id := range ids {
		if seen[id] {
			t.Errorf("error id %s used twice", id)
		}
		seen[id] = true
	}
	if n := len(logs.Lines()); n != workers*rounds {
		t.Errorf("%d log lines for %d requests", n, workers*rounds)
	}
}

// chachaReader adapts a ChaCha8 generator, which is not safe for
// concurrent use, to io.Reader.
type chachaReader struct{ r *rand.ChaCha8 }

func (c *chachaReader) Read(p []byte) (int, error) { return c.r.Read(p) }

// ExampleNewHandler shows how a service mounts the handler.
func ExampleNewHandler() {
	snap, err := model.DefaultSnapshot()
	if err != nil {
		panic(err)
	}
	inst, err := instance.FromSnapshot(snap)
	if err != nil {
		panic(err)
	}
	v, err := importvalidate.New(importvalidate.Options{State: inst.State})
	if err != nil {
		panic(err)
	}
	h, err := adminhttp.NewHandler(adminhttp.Options{Validator: v, Tokens: inst.Tokens, Users: inst.Users})
	if err != nil {
		panic(err)
	}
	r := httptest.NewRequest(http.MethodPost, adminhttp.PathValidate, strings.NewReader(
		`{"project":"default","environment":"development","data":{"features":[{"name":"f1"}],"featureStrategies":[],"tagTypes":[]}}`))
	r.Header.Set("Authorization", "*:*.flagadmin-demo-admin-token")
	r.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, r)
	fmt.Println(rec.Code, rec.Body.String())
	// Output: 200 {"errors":[],"warnings":[],"permissions":[]}
}
