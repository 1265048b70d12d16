package unleashapi_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/internal/testharness/statetest"
	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
	"github.com/flagadmin/flagadmin/internal/testharness/unleashtest"
	"github.com/flagadmin/flagadmin/unleashapi"
)

// wantErr checks that err is an *Error of kind at endpoint (or at an
// endpoint under it, when it ends with a slash), whose message holds each
// of words and no token.
func wantErr(t *testing.T, err error, kind error, endpoint string, words ...string) {
	t.Helper()
	var e *unleashapi.Error
	if !errors.As(err, &e) {
		t.Fatalf("got %v (%T), want an *unleashapi.Error", err, err)
	}
	if !errors.Is(err, kind) {
		t.Errorf("%v: not of kind %q", err, kind)
	}
	if e.Endpoint != endpoint && !(strings.HasSuffix(endpoint, "/") && strings.HasPrefix(e.Endpoint, endpoint)) {
		t.Errorf("%v: endpoint %q, want %q", err, e.Endpoint, endpoint)
	}
	for _, w := range words {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("%v: does not say %q", err, w)
		}
	}
	for _, tok := range []string{unleashtest.AdminToken, viewerPAT, editorPAT, "unleash-insecure"} {
		if strings.Contains(err.Error(), tok) {
			t.Errorf("%v: holds a token", err)
		}
	}
}

// The client names itself and reuses the lists with ETags: once their
// time is up it asks again with If-None-Match and gets 304s.
func TestUserAgentAndETags(t *testing.T) {
	s := needInParallel(t)
	p := unleashtest.NewProxy(t, s.URL)
	c, _ := newClient(t, p.URL, unleashapi.Options{ListTTL: time.Nanosecond})
	ctx := background()
	for range 2 {
		if _, err := statetest.Strategies(ctx, c, []string{"default"}); err != nil {
			t.Fatal(err)
		}
	}
	for _, ua := range p.UserAgents() {
		if !strings.HasPrefix(ua, "flagadmin/") {
			t.Errorf("User-Agent %q does not name flagadmin", ua)
		}
	}
	if statuses := p.Statuses(); !slices.Contains(statuses, http.StatusNotModified) {
		t.Errorf("statuses %v: no 304 on the second read of the lists", statuses)
	}
}

// An HTML page instead of JSON, a wrong URL, a closed port and an instance
// of another major version each give one clear error.
func TestWrongInstance(t *testing.T) {
	s := needInParallel(t)
	ctx := background()
	t.Run("html login page", func(t *testing.T) {
		p := faultyProxy(t, s.URL, func(w http.ResponseWriter, r *http.Request) bool {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprint(w, "<!DOCTYPE html><html><body><form>Sign in</form></body></html>")
			return true
		})
		c, _ := newClient(t, p.URL, unleashapi.Options{})
		_, err := statetest.Strategies(ctx, c, []string{"default"})
		wantErr(t, err, unleashapi.ErrNotJSON, "/api/admin/ui-config", "200", "HTML page", "not JSON")
	})
	t.Run("wrong path", func(t *testing.T) {
		c, _ := newClient(t, s.URL+"/not/the/base", unleashapi.Options{})
		_, err := statetest.Strategies(ctx, c, []string{"default"})
		if !errors.Is(err, unleashapi.ErrNotFound) && !errors.Is(err, unleashapi.ErrNotJSON) {
			t.Fatalf("got %v, want a not-found or not-JSON error", err)
		}
		if !strings.Contains(err.Error(), "/not/the/base") {
			t.Errorf("%v: does not name the URL", err)
		}
	})
	t.Run("closed port", func(t *testing.T) {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		addr := l.Addr().String()
		l.Close()
		c, _ := newClient(t, "http://"+addr, unleashapi.Options{})
		_, err = statetest.Strategies(ctx, c, []string{"default"})
		wantErr(t, err, unleashapi.ErrUnreachable, "/api/admin/ui-config", "no answer")
	})
	t.Run("an unsupported version", func(t *testing.T) {
		p := faultyProxy(t, s.URL, unleashtest.Status("/api/admin/ui-config", http.StatusOK, `{"version":"5.11.3","versionInfo":{"current":{"oss":"5.11.3"}}}`))
		c, _ := newClient(t, p.URL, unleashapi.Options{})
		_, err := statetest.Features(ctx, c, []string{"existing-flag"})
		wantErr(t, err, unleashapi.ErrUnsupportedVersion, "/api/admin/ui-config", "5.11.3", "Unleash 5.12.0 to 8.x")
		// A plan's source is refused alike.
		c, _ = newClient(t, p.URL, unleashapi.Options{})
		_, err = statetest.Current(ctx, c, importvalidate.Query{Features: []string{"existing-flag"}, Project: "default", Environment: "development"})
		wantErr(t, err, unleashapi.ErrUnsupportedVersion, "/api/admin/ui-config", "5.11.3", "Unleash 5.12.0 to 8.x")
		p.SetFault(unleashtest.Status("/api/admin/ui-config", http.StatusOK, `{"version":"9.0.0"}`))
		c, _ = newClient(t, p.URL, unleashapi.Options{})
		_, err = statetest.Features(ctx, c, []string{"existing-flag"})
		wantErr(t, err, unleashapi.ErrUnsupportedVersion, "/api/admin/ui-config", "9.0.0", "Unleash 5.12.0 to 8.x")
	})
	t.Run("the reported version chooses the profile", func(t *testing.T) {
		p := unleashtest.NewProxy(t, s.URL)
		for _, tt := range []struct{ answer, override, version, profile, note string }{
			{`{"version":"7.4.1","versionInfo":{"current":{"oss":"7.4.1"}}}`, "", "7.4.1", "7.4", ""},
			{`{"versionInfo":{"current":{"oss":"6.10.1"}}}`, "", "6.10.1", "6.10", ""},
			{`{"version":"8.9.0"}`, "", "8.9.0", "8", "newer than the newest verified 8.2.0"},
			{`{"version":"8.2.0"}`, "5.12.8", "5.12.8", "5.12", ""},
			{`{}`, "7.6.5", "7.6.5", "7.6", ""},
		} {
			p.SetFault(unleashtest.Status("/api/admin/ui-config", http.StatusOK, tt.answer))
			c, _ := newClient(t, p.URL, unleashapi.Options{Version: tt.override})
			r, err := c.Profile(ctx)
			if err != nil || r.Version != tt.version || r.Profile.Name != tt.profile || !strings.Contains(r.Note, tt.note) || (tt.note == "") != (r.Note == "") {
				t.Errorf("%s (override %q): %+v, %v; want %s, profile %s, note %q", tt.answer, tt.override, r, err, tt.version, tt.profile, tt.note)
			}
			if got := c.Instance().Version.Version; got != tt.version {
				t.Errorf("%s: Instance().Version is %q, want %q", tt.answer, got, tt.version)
			}
		}
		p.SetFault(unleashtest.Status("/api/admin/ui-config", http.StatusOK, `{"version":"8.2.0"}`))
		c, _ := newClient(t, p.URL, unleashapi.Options{Version: "4.0.0"})
		_, err := c.Profile(ctx)
		wantErr(t, err, unleashapi.ErrUnsupportedVersion, "/api/admin/ui-config", "Options.Version is Unleash 4.0.0")
	})
	t.Run("wrong token", func(t *testing.T) {
		c, err := unleashapi.New(s.URL, "*:*.not-the-token", unleashapi.Options{})
		if err != nil {
			t.Fatal(err)
		}
		_, err = c.Users(ctx)
		wantErr(t, err, unleashapi.ErrUnauthorized, "/api/admin/ui-config", "401", "refused the token")
		if strings.Contains(err.Error(), "not-the-token") {
			t.Errorf("%v: holds the token", err)
		}
	})
}

// 429 with Retry-After is retried after the wait it asks; a wait beyond
// the longest one ends at once; 503 is retried, then reported.
func TestRetries(t *testing.T) {
	s := needInParallel(t)
	ctx := background()
	t.Run("429 then success", func(t *testing.T) {
		p := unleashtest.NewProxy(t, s.URL)
		var hits atomic.Int64
		p.SetFault(func(w http.ResponseWriter, r *http.Request) bool {
			if r.URL.Path != "/api/admin/segments" || hits.Add(1) > 1 {
				return false
			}
			w.Header().Set("Retry-After", "1")
			w.WriteHeader(http.StatusTooManyRequests)
			return true
		})
		c, _ := newClient(t, p.URL, unleashapi.Options{})
		got, err := statetest.Segments(ctx, c, []string{"beta-users"})
		if err != nil || len(got) != 1 {
			t.Fatalf("Segments = %v, %v", got, err)
		}
		if hits.Load() != 2 {
			t.Errorf("%d requests to the segments, want 2", hits.Load())
		}
	})
	t.Run("429 beyond the longest wait", func(t *testing.T) {
		p := faultyProxy(t, s.URL, unleashtest.Status("/api/admin/segments", http.StatusTooManyRequests, `{"message":"slow down"}`, "Retry-After", "3600"))
		c, _ := newClient(t, p.URL, unleashapi.Options{})
		ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
		defer cancel()
		_, err := statetest.Segments(ctx, c, []string{"beta-users"})
		wantErr(t, err, unleashapi.ErrRateLimited, "/api/admin/segments", "429", "slow down", "Retry-After")
		if ctx.Err() != nil {
			t.Errorf("the client waited out the deadline")
		}
	})
	t.Run("503 until the retries run out", func(t *testing.T) {
		p := unleashtest.NewProxy(t, s.URL)
		var hits atomic.Int64
		p.SetFault(func(w http.ResponseWriter, r *http.Request) bool {
			if r.URL.Path != "/api/admin/tag-types" {
				return false
			}
			hits.Add(1)
			w.WriteHeader(http.StatusServiceUnavailable)
			return true
		})
		c, _ := newClient(t, p.URL, unleashapi.Options{Retries: 2})
		_, err := statetest.TagTypes(ctx, c, []string{"team"})
		wantErr(t, err, unleashapi.ErrUnavailable, "/api/admin/tag-types", "503")
		if hits.Load() != 3 {
			t.Errorf("%d requests, want 3 (one and two retries)", hits.Load())
		}
	})
}

// Slow answers end with a timeout error naming the endpoint, within the
// request timeout or the context's deadline.
func TestSlowAnswers(t *testing.T) {
	s := needInParallel(t)
	p := faultyProxy(t, s.URL, func(w http.ResponseWriter, r *http.Request) bool {
		if !strings.HasPrefix(r.URL.Path, "/api/admin/projects/") {
			return false
		}
		select {
		case <-r.Context().Done():
		case <-time.After(30 * time.Second):
		}
		return true
	})
	ctx := background()
	// The client asks the instance its version first, within the same
	// 300 ms: a machine too busy to answer that in time is tried again.
	var err error
	for try := 0; try < 5; try++ {
		c, _ := newClient(t, p.URL, unleashapi.Options{RequestTimeout: 300 * time.Millisecond})
		if _, _, err = statetest.Project(ctx, c, "default"); err == nil || !strings.Contains(err.Error(), "/api/admin/ui-config") {
			break
		}
	}
	wantErr(t, err, unleashapi.ErrUnreachable, "/api/admin/projects/default/overview", "no answer")
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("%v: not a deadline", err)
	}

	c, _ := newClient(t, p.URL, unleashapi.Options{})
	ctx, cancel := context.WithTimeout(ctx, 500*time.Millisecond)
	defer cancel()
	v, err := importvalidate.New(importvalidate.Options{State: c})
	if err != nil {
		t.Fatal(err)
	}
	_, err = v.Validate(ctx, importBody(3), importvalidate.Target{Permissions: importvalidate.AllPermissions{}})
	if !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "/api/admin/") {
		t.Errorf("a validation past its deadline gave %v", err)
	}
}

// A personal token revoked on the instance is refused: by LookupToken
// (unknown) and as the client's own token (401), once the cached answer
// is stale. It changes the instance, so it is no parallel test: it runs
// before them, alone.
func TestRevokedToken(t *testing.T) {
	s := need(t)
	ctx := background()
	secret, err := s.AdminPersonalToken(ctx)
	if err != nil {
		t.Fatal(err)
	}
	owner, err := unleashapi.New(s.URL, unleashtest.AdminToken, unleashapi.Options{TokenTTL: -1})
	if err != nil {
		t.Fatal(err)
	}
	c, err := unleashapi.New(s.URL, secret, unleashapi.Options{ListTTL: -1})
	if err != nil {
		t.Fatal(err)
	}
	if p, ok, err := owner.LookupToken(ctx, secret); err != nil || !ok || !p.MayUseAdminAPI() {
		t.Fatalf("before revoking: %v %v %v", p, ok, err)
	}
	if _, err := statetest.TagTypes(ctx, c, []string{"team"}); err != nil {
		t.Fatal(err)
	}
	if strings.ContainsAny(secret, "'\\") {
		t.Fatalf("unexpected characters in a personal token")
	}
	if err := s.Cluster.Exec(ctx, s.Database, "DELETE FROM personal_access_tokens WHERE secret = '"+secret+"'"); err != nil {
		t.Fatal(err)
	}
	if p, ok, err := owner.LookupToken(ctx, secret); err != nil || ok || p != nil {
		t.Errorf("after revoking: %v %v %v, want unknown", p, ok, err)
	}
	_, err = statetest.TagTypes(ctx, c, []string{"team"})
	// The four lists are read together: the first refused one answers.
	wantErr(t, err, unleashapi.ErrUnauthorized, "/api/admin/", "401")
	if strings.Contains(err.Error(), secret) {
		t.Errorf("%v: holds the token", err)
	}
}

// The caller's rights: admin token, personal tokens, client token,
// unknown token; cached per token, never across tokens.
func TestLookupToken(t *testing.T) {
	s := needInParallel(t)
	ctx := background()
	c, cnt := newClient(t, s.URL, unleashapi.Options{TokenTTL: time.Minute})
	admin, ok, err := c.LookupToken(ctx, unleashtest.AdminToken)
	if err != nil || !ok || admin.Kind != "admin" {
		t.Fatalf("admin token: %+v %v %v", admin, ok, err)
	}
	editor, ok, err := c.LookupToken(ctx, editorPAT)
	if err != nil || !ok || editor.Kind != "user" || editor.UserID != 3 || len(editor.Grants) == 0 {
		t.Fatalf("editor: %+v %v %v", editor, ok, err)
	}
	if has, _ := editor.HasPermission(ctx, "CREATE_FEATURE", "default", ""); !has {
		t.Error("the editor may not create features in default")
	}
	viewer, ok, err := c.LookupToken(ctx, viewerPAT)
	if err != nil || !ok || viewer.Kind != "user" || viewer.UserID != 2 {
		t.Fatalf("viewer: %+v %v %v", viewer, ok, err)
	}
	if has, _ := viewer.HasPermission(ctx, "CREATE_FEATURE", "default", ""); has {
		t.Error("the viewer may create features")
	}
	client, ok, err := c.LookupToken(ctx, "default:development.unleash-insecure-backend-api-token")
	if err != nil || !ok || client.MayUseAdminAPI() {
		t.Fatalf("backend token: %+v %v %v", client, ok, err)
	}
	for _, bad := range []string{"user:0000", "nope", "", "a\nb", strings.Repeat("x", 4000), strings.Repeat("x", 100000), "\x00", "a\x7fb", "é\xff", "Bearer x"} {
		if p, ok, err := c.LookupToken(ctx, bad); err != nil || ok || p != nil {
			t.Errorf("token %.20q: %+v %v %v", bad, p, ok, err)
		}
	}
	before := cnt.n.Load()
	again, ok, err := c.LookupToken(ctx, editorPAT)
	if err != nil || !ok || again.UserID != 3 {
		t.Fatalf("editor again: %+v %v %v", again, ok, err)
	}
	again.Grants[0].Permission = "changed by the caller"
	if cnt.n.Load() != before {
		t.Error("a cached answer was asked again")
	}
	if third, _, _ := c.LookupToken(ctx, editorPAT); third.Grants[0].Permission == "changed by the caller" {
		t.Error("the cache hands out its own principal")
	}
}

// The instance stopped mid-run: the next lookups fail with a clear error,
// within the deadline, and never panic. A long test (FLAGADMIN_LONG=1,
// .ci/long): it starts a server of its own, on an empty database.
func TestInstanceStopped(t *testing.T) {
	testutil.SkipUnlessLong(t)
	if testing.Short() {
		t.Skip("starts a server of its own")
	}
	s := unleashtest.StartForTest(t, unleashtest.Options{})
	ctx := background()
	c, _ := newClient(t, s.URL, unleashapi.Options{ListTTL: -1, TokenTTL: -1})
	v, err := importvalidate.New(importvalidate.Options{State: c})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := v.Validate(ctx, importBody(3), importvalidate.Target{Permissions: importvalidate.AllPermissions{}}); err != nil {
		t.Fatal(err)
	}
	s.Kill()
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	_, err = v.Validate(ctx, importBody(3), importvalidate.Target{Permissions: importvalidate.AllPermissions{}})
	if !errors.Is(err, unleashapi.ErrUnreachable) || !strings.Contains(err.Error(), "/api/admin/") {
		t.Errorf("validation on a stopped instance: %v", err)
	}
	if _, _, err := c.LookupToken(ctx, unleashtest.AdminToken); !errors.Is(err, unleashapi.ErrUnreachable) {
		t.Errorf("token lookup on a stopped instance: %v", err)
	}
	if _, err := c.Snapshot(ctx); !errors.Is(err, unleashapi.ErrUnreachable) {
		t.Errorf("snapshot of a stopped instance: %v", err)
	}
	if ctx.Err() != nil {
		t.Error("the deadline passed")
	}
}

// New refuses what cannot be an instance's URL or a token, without sending
// anything.
func TestNewRefuses(t *testing.T) {
	for _, tc := range []struct{ url, token string }{
		{"", "t"}, {"unleash.example.com", "t"}, {"ftp://x", "t"}, {"http://", "t"},
		{"http://u:secret@x", "t"}, {"http://x?a=b", "t"}, {"http://x", ""}, {"http://x", "a\nb"}, {"http://%zz", "t"},
	} {
		if _, err := unleashapi.New(tc.url, tc.token, unleashapi.Options{}); err == nil {
			t.Errorf("New(%q, %q) accepted", tc.url, tc.token)
		} else if strings.Contains(err.Error(), "secret") {
			t.Errorf("New(%q): %v holds the password", tc.url, err)
		}
	}
}

// Answers of the wrong shape, truncated or too large, from a proxy in front
// of the instance, give ErrBadAnswer (or ErrNotJSON), never a panic.
func TestHostileAnswers(t *testing.T) {
	s := needInParallel(t)
	ctx := background()
	for _, tc := range []struct {
		path, body string
		kind       error
	}{
		{"/api/admin/strategies", `{"strategies":5}`, unleashapi.ErrBadAnswer},
		{"/api/admin/context", `[`, unleashapi.ErrBadAnswer},
		{"/api/admin/segments", `{"segments":[{"id":"x"}]}`, unleashapi.ErrBadAnswer},
		{"/api/admin/tag-types", `{"tagTypes":[` + strings.Repeat(`{"name":"t"},`, 1000) + `{"name":"t"}]}`, unleashapi.ErrBadAnswer},
		{"/api/admin/ui-config", `{"version":"not a version"}`, unleashapi.ErrUnsupportedVersion},
		{"/api/admin/ui-config", `{}`, unleashapi.ErrBadAnswer},
		{"/api/admin/ui-config", `null`, unleashapi.ErrBadAnswer},
		{"/api/admin/user-admin", `{"users":[{"id":1,"createdAt":"yesterday"}]}`, unleashapi.ErrBadAnswer},
	} {
		p := faultyProxy(t, s.URL, unleashtest.Status(tc.path, http.StatusOK, tc.body))
		c, _ := newClient(t, p.URL, unleashapi.Options{MaxBody: 8192})
		var err error
		if tc.path == "/api/admin/user-admin" {
			_, err = c.Users(ctx)
		} else {
			// A read of every kind of name reads the four lists.
			names := []string{"team"}
			_, err = c.Read(ctx, importvalidate.Query{Strategies: names, ContextFields: names, Segments: names, TagTypes: names})
		}
		if !errors.Is(err, tc.kind) || !strings.Contains(err.Error(), tc.path) {
			t.Errorf("%s answering %.40s: %v, want %v naming the endpoint", tc.path, tc.body, err, tc.kind)
		}
	}
}

// Concurrent lookups of one token share one request, and every caller gets
// its own copy of the principal.
func TestLookupTokenConcurrent(t *testing.T) {
	s := needInParallel(t)
	c, cnt := newClient(t, s.URL, unleashapi.Options{TokenTTL: time.Minute})
	const n = 16
	errs := make(chan error, n)
	start := make(chan struct{})
	for range n {
		go func() {
			<-start
			p, ok, err := c.LookupToken(background(), editorPAT)
			if err == nil && (!ok || p.UserID != 3) {
				err = fmt.Errorf("got %+v %v", p, ok)
			}
			if err == nil {
				p.Grants = nil // a caller may change its copy
			}
			errs <- err
		}()
	}
	close(start)
	for range n {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
	if got := cnt.n.Load(); got != 1 {
		t.Errorf("%d requests for %d concurrent lookups of one token, want 1", got, n)
	}
}

// A redirect to another origin (here another port of the same host) is
// not followed, and no token goes there; one within the instance's origin
// is.
func TestRedirects(t *testing.T) {
	s := needInParallel(t)
	ctx := background()
	var leaked atomic.Int64
	elsewhere := faultyProxy(t, s.URL, func(w http.ResponseWriter, r *http.Request) bool {
		if r.Header.Get("Authorization") != "" {
			leaked.Add(1)
		}
		return false
	})
	p := faultyProxy(t, s.URL, unleashtest.Redirect("", http.StatusTemporaryRedirect, elsewhere.URL))
	c, _ := newClient(t, p.URL, unleashapi.Options{})
	_, err := statetest.Strategies(ctx, c, []string{"default"})
	wantErr(t, err, unleashapi.ErrBadAnswer, "/api/admin/ui-config", "307", "another origin", elsewhere.URL)
	if _, _, err := c.LookupToken(ctx, editorPAT); !errors.Is(err, unleashapi.ErrBadAnswer) {
		t.Errorf("a token lookup redirected elsewhere: %v, want ErrBadAnswer", err)
	}
	if elsewhere.Total() != 0 || leaked.Load() != 0 {
		t.Errorf("the other origin got %d requests, %d with a token", elsewhere.Total(), leaked.Load())
	}

	// Within the origin: the instance moved under /moved.
	p.SetFault(func(w http.ResponseWriter, r *http.Request) bool {
		if rest, ok := strings.CutPrefix(r.URL.Path, "/moved"); ok {
			http.Redirect(w, r, rest, http.StatusTemporaryRedirect)
			return true
		}
		return false
	})
	c, _ = newClient(t, p.URL+"/moved", unleashapi.Options{})
	if got, err := statetest.Strategies(ctx, c, []string{"default"}); err != nil || len(got) != 1 {
		t.Errorf("a redirect within the origin: %v, %v", got, err)
	}
	if pr, ok, err := c.LookupToken(ctx, editorPAT); err != nil || !ok || pr.UserID != 3 {
		t.Errorf("a token lookup redirected within the origin: %+v %v %v", pr, ok, err)
	}
}

// A project named "." or ".." is never put in a path: it would name
// another endpoint. Unleash allows such names, but its API cannot reach
// them; the project is not found.
func TestDotSegmentProjects(t *testing.T) {
	s := needInParallel(t)
	p := unleashtest.NewProxy(t, s.URL)
	c, _ := newClient(t, p.URL, unleashapi.Options{})
	ctx := background()
	for _, id := range []string{".", ".."} {
		if _, ok, err := statetest.Project(ctx, c, id); ok || err != nil {
			t.Errorf("Project(%q) = %v, %v; want not found", id, ok, err)
		}
		if _, err := statetest.Current(ctx, c, importvalidate.Query{Features: []string{"existing-flag"}, Project: id, Environment: "development"}); err != nil {
			t.Errorf("Current in project %q: %v", id, err)
		}
	}
	for _, path := range []string{"/api/admin/projects/../overview", "/api/admin/projects/./overview", "/api/admin/overview", "/api/admin/projects/overview"} {
		if n := p.Requests(path); n != 0 {
			t.Errorf("%d requests to %s", n, path)
		}
	}
	if n := p.Requests("/api/admin/projects/default/overview"); n != 0 {
		t.Errorf("%d requests to another project", n)
	}
}

// The instance is sent the header that makes it read exactly the token it
// is asked about: nothing is trimmed but what its HTTP parser drops, and
// a token that starts with "Bearer " keeps it. Each of these is refused
// by the instance when it arrives in the header as these characters
// (Authorization: Bearer Bearer <token>, or the bytes 0xA0 before it or
// 0x85 after it).
func TestLookupTokenExact(t *testing.T) {
	s := needInParallel(t)
	c, _ := newClient(t, s.URL, unleashapi.Options{})
	ctx := background()
	admin := unleashtest.AdminToken
	if p, ok, err := c.LookupToken(ctx, admin); err != nil || !ok || p.Kind != "admin" {
		t.Fatalf("the admin token: %+v %v %v", p, ok, err)
	}
	for _, secret := range []string{"Bearer " + admin, "bearer\t" + admin, "Bearer\u00a0" + admin,
		"\u00a0" + admin, admin + "\u0085", admin + "\u00a0", "\ufeff" + admin, " " + admin, admin + "\t", admin + "\u2028"} {
		if p, ok, err := c.LookupToken(ctx, secret); err != nil || ok || p != nil {
			t.Errorf("%q: %+v %v %v, want unknown", secret, p, ok, err)
		}
	}
}

// Each failure of the instance is an *Error that says whether a retry
// later may succeed (Unavailable), and when (RetryAfter).
func TestUnavailableKinds(t *testing.T) {
	s := needInParallel(t)
	for _, tc := range []struct {
		name        string
		fault       unleashtest.Fault
		unavailable bool
		wait        time.Duration
	}{
		{"no answer", unleashtest.Drop(""), true, 0},
		{"503", unleashtest.Status("", http.StatusServiceUnavailable, `{}`), true, 0},
		{"429 with Retry-After", unleashtest.Status("", http.StatusTooManyRequests, `{}`, "Retry-After", "30"), true, 30 * time.Second},
		{"hung", unleashtest.Hang(""), true, 0},
		{"500", unleashtest.Status("", http.StatusInternalServerError, `{}`), true, 0},
		{"401", unleashtest.Status("", http.StatusUnauthorized, `{}`), false, 0},
		{"html", unleashtest.Status("", http.StatusOK, `<html></html>`, "Content-Type", "text/html"), false, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := faultyProxy(t, s.URL, tc.fault)
			c, _ := newClient(t, p.URL, unleashapi.Options{Retries: -1, RequestTimeout: 300 * time.Millisecond})
			_, err := statetest.TagTypes(background(), c, []string{"team"})
			var e *unleashapi.Error
			if !errors.As(err, &e) {
				t.Fatalf("got %v, want an *Error", err)
			}
			if e.Unavailable() != tc.unavailable || e.RetryAfter() != tc.wait {
				t.Errorf("%v: Unavailable %v, RetryAfter %v; want %v, %v", err, e.Unavailable(), e.RetryAfter(), tc.unavailable, tc.wait)
			}
		})
	}
}
