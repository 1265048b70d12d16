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
	"github.com/flagadmin/flagadmin/importvalidate/plan"
	"github.com/flagadmin/flagadmin/internal/unleashtest"
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
	s := unleash.Need(t)
	p := newProxy(t, s.URL)
	c, _ := newClient(t, p.URL, unleashapi.Options{ListTTL: time.Nanosecond})
	ctx := background()
	for range 2 {
		if _, err := c.Strategies(ctx, []string{"default"}); err != nil {
			t.Fatal(err)
		}
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, ua := range p.seen {
		if !strings.HasPrefix(ua, "flagadmin/") {
			t.Errorf("User-Agent %q does not name flagadmin", ua)
		}
	}
	if n := slices.Index(p.statuses, http.StatusNotModified); n < 0 {
		t.Errorf("statuses %v: no 304 on the second read of the lists", p.statuses)
	}
}

// An HTML page instead of JSON, a wrong URL, a closed port and an instance
// of another major version each give one clear error.
func TestWrongInstance(t *testing.T) {
	s := unleash.Need(t)
	ctx := background()
	t.Run("html login page", func(t *testing.T) {
		p := newProxy(t, s.URL)
		p.set(func(w http.ResponseWriter, r *http.Request) bool {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprint(w, "<!DOCTYPE html><html><body><form>Sign in</form></body></html>")
			return true
		})
		c, _ := newClient(t, p.URL, unleashapi.Options{})
		_, err := c.Strategies(ctx, []string{"default"})
		wantErr(t, err, unleashapi.ErrNotJSON, "/api/admin/ui-config", "200", "HTML page", "not JSON")
	})
	t.Run("wrong path", func(t *testing.T) {
		c, _ := newClient(t, s.URL+"/not/the/base", unleashapi.Options{})
		_, err := c.Strategies(ctx, []string{"default"})
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
		_, err = c.Strategies(ctx, []string{"default"})
		wantErr(t, err, unleashapi.ErrUnreachable, "/api/admin/ui-config", "no answer")
	})
	t.Run("another major version", func(t *testing.T) {
		p := newProxy(t, s.URL)
		p.answer("/api/admin/ui-config", http.StatusOK, `{"version":"7.4.1","versionInfo":{"current":{"oss":"7.4.1"}}}`)
		c, _ := newClient(t, p.URL, unleashapi.Options{})
		_, err := c.Features(ctx, []string{"existing-flag"})
		wantErr(t, err, unleashapi.ErrUnsupportedVersion, "/api/admin/ui-config", "7.4.1", "Unleash 8.x")
		// A plan's source is refused alike.
		c, _ = newClient(t, p.URL, unleashapi.Options{})
		_, err = c.Current(ctx, plan.Query{Features: []string{"existing-flag"}, Project: "default", Environment: "development"})
		wantErr(t, err, unleashapi.ErrUnsupportedVersion, "/api/admin/ui-config", "7.4.1", "Unleash 8.x")
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
	s := unleash.Need(t)
	ctx := background()
	t.Run("429 then success", func(t *testing.T) {
		p := newProxy(t, s.URL)
		var hits atomic.Int64
		p.set(func(w http.ResponseWriter, r *http.Request) bool {
			if r.URL.Path != "/api/admin/segments" || hits.Add(1) > 1 {
				return false
			}
			w.Header().Set("Retry-After", "1")
			w.WriteHeader(http.StatusTooManyRequests)
			return true
		})
		c, _ := newClient(t, p.URL, unleashapi.Options{})
		got, err := c.Segments(ctx, []string{"beta-users"})
		if err != nil || len(got) != 1 {
			t.Fatalf("Segments = %v, %v", got, err)
		}
		if hits.Load() != 2 {
			t.Errorf("%d requests to the segments, want 2", hits.Load())
		}
	})
	t.Run("429 beyond the longest wait", func(t *testing.T) {
		p := newProxy(t, s.URL)
		p.answer("/api/admin/segments", http.StatusTooManyRequests, `{"message":"slow down"}`, "Retry-After", "3600")
		c, _ := newClient(t, p.URL, unleashapi.Options{})
		ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
		defer cancel()
		_, err := c.Segments(ctx, []string{"beta-users"})
		wantErr(t, err, unleashapi.ErrRateLimited, "/api/admin/segments", "429", "slow down", "Retry-After")
		if ctx.Err() != nil {
			t.Errorf("the client waited out the deadline")
		}
	})
	t.Run("503 until the retries run out", func(t *testing.T) {
		p := newProxy(t, s.URL)
		var hits atomic.Int64
		p.set(func(w http.ResponseWriter, r *http.Request) bool {
			if r.URL.Path != "/api/admin/tag-types" {
				return false
			}
			hits.Add(1)
			w.WriteHeader(http.StatusServiceUnavailable)
			return true
		})
		c, _ := newClient(t, p.URL, unleashapi.Options{Retries: 2})
		_, err := c.TagTypes(ctx, []string{"team"})
		wantErr(t, err, unleashapi.ErrUnavailable, "/api/admin/tag-types", "503")
		if hits.Load() != 3 {
			t.Errorf("%d requests, want 3 (one and two retries)", hits.Load())
		}
	})
}

// Slow answers end with a timeout error naming the endpoint, within the
// request timeout or the context's deadline.
func TestSlowAnswers(t *testing.T) {
	s := unleash.Need(t)
	p := newProxy(t, s.URL)
	p.set(func(w http.ResponseWriter, r *http.Request) bool {
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
	c, _ := newClient(t, p.URL, unleashapi.Options{RequestTimeout: 300 * time.Millisecond})
	_, _, err := c.Project(ctx, "default")
	wantErr(t, err, unleashapi.ErrUnreachable, "/api/admin/projects/default/overview", "no answer")
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("%v: not a deadline", err)
	}

	c, _ = newClient(t, p.URL, unleashapi.Options{})
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
// is stale.
func TestRevokedToken(t *testing.T) {
	s := unleash.Need(t)
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
	if _, err := c.TagTypes(ctx, []string{"team"}); err != nil {
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
	_, err = c.TagTypes(ctx, []string{"team"})
	// The four lists are read together: the first refused one answers.
	wantErr(t, err, unleashapi.ErrUnauthorized, "/api/admin/", "401")
	if strings.Contains(err.Error(), secret) {
		t.Errorf("%v: holds the token", err)
	}
}

// The caller's rights: admin token, personal tokens, client token,
// unknown token; cached per token, never across tokens.
func TestLookupToken(t *testing.T) {
	s := unleash.Need(t)
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
// within the deadline, and never panic.
func TestInstanceStopped(t *testing.T) {
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
	s := unleash.Need(t)
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
		p := newProxy(t, s.URL)
		p.answer(tc.path, http.StatusOK, tc.body)
		c, _ := newClient(t, p.URL, unleashapi.Options{MaxBody: 8192})
		var err error
		if tc.path == "/api/admin/user-admin" {
			_, err = c.Users(ctx)
		} else {
			_, err = c.TagTypes(ctx, []string{"team"})
		}
		if !errors.Is(err, tc.kind) || !strings.Contains(err.Error(), tc.path) {
			t.Errorf("%s answering %.40s: %v, want %v naming the endpoint", tc.path, tc.body, err, tc.kind)
		}
	}
}

// Concurrent lookups of one token share one request, and every caller gets
// its own copy of the principal.
func TestLookupTokenConcurrent(t *testing.T) {
	s := unleash.Need(t)
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
