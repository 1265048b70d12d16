package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5"

	"github.com/flagadmin/flagadmin/internal/testharness/conformance"
	"github.com/flagadmin/flagadmin/internal/testharness/pgtest"
	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
)

// startServer runs the server with args on a free port until the test
// ends and returns its base URL.
func startServer(t *testing.T, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	var stdout, stderr testutil.Buffer
	done := make(chan int, 1)
	go func() { done <- runServe(ctx, append([]string{"-addr", "127.0.0.1:0"}, args...), &stdout, &stderr) }()
	t.Cleanup(func() {
		cancel()
		select {
		case <-done:
		case <-time.After(15 * time.Second):
			t.Error("the server did not stop")
		}
	})
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		for _, line := range strings.Split(stdout.String(), "\n") {
			if v, ok := strings.CutPrefix(line, "Listening on "); ok {
				return v
			}
		}
		select {
		case code := <-done:
			t.Fatalf("server exited with %d: %s", code, stderr.String())
		case <-time.After(10 * time.Millisecond):
		}
	}
	t.Fatalf("server did not start: %s", stderr.String())
	return ""
}

type replayAnswer struct {
	Status int
	Type   string
	Body   any
}

func send(t *testing.T, base string, rq conformance.Request) replayAnswer {
	t.Helper()
	req, err := http.NewRequest(rq.Method, base+rq.Path, bytes.NewReader(rq.Payload()))
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range rq.Headers {
		req.Header.Set(k, v)
	}
	resp, b, err := testutil.Fetch(http.DefaultClient, req)
	if err != nil {
		t.Fatal(err)
	}
	a := replayAnswer{Status: resp.StatusCode, Type: resp.Header.Get("Content-Type")}
	if len(b) > 0 {
		if err := json.Unmarshal(b, &a.Body); err != nil {
			t.Fatalf("answer is no JSON: %s", b)
		}
		if m, ok := a.Body.(map[string]any); ok {
			delete(m, "id")
		}
	}
	return a
}

// TestServerOnDatabase serves every recorded request from -database and
// from -state oracle-state.json: the answers must be the same.
func TestServerOnDatabase(t *testing.T) {
	c := pg.Need(t)
	onDB := startServer(t, "-database", c.URL(pgtest.SharedDB), "-public-url", "http://127.0.0.1:4242")
	onSnap := startServer(t, "-state", conformance.StatePath())
	for _, c := range conformance.MustLoad(t, "*") {
		got, want := send(t, onDB, c.Request), send(t, onSnap, c.Request)
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("%s (-state +database):\n%s", c.Name, d)
		}
	}
}

// TestDatabaseSource: DATABASE_URL is used when no source flag is given,
// two source flags together are refused, and a wrong password is a clear
// error without the password.
func TestDatabaseSource(t *testing.T) {
	c := pg.Need(t)
	url := c.URL(pgtest.SharedDB)
	getenv := testutil.Env(map[string]string{"DATABASE_URL": url})
	open := func(args ...string) (*stateSource, error) {
		return parseSource(t, args).Open(context.Background(), sourceOptions{Getenv: getenv})
	}
	src, err := open()
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	if !src.Database {
		t.Errorf("DATABASE_URL was not used: %s", src.Name)
	}
	// -state wins over DATABASE_URL.
	src2, err := open("-state", conformance.StatePath())
	if err != nil || src2.Database {
		t.Fatalf("-state with DATABASE_URL: %v, %+v", err, src2)
	}
	src2.Close()
	if _, err := open("-database", url, "-state", conformance.StatePath()); err == nil {
		t.Error("-database and -state together were accepted")
	}
	// -database-file: the URL from a file, its password kept out of the
	// command line and of the error.
	file := testutil.WriteFile(t, t.TempDir(), "url", c.URLAs(pgtest.Superuser, "wrong-s3cret", pgtest.SharedDB)+"\n")
	if _, err := open("-database-file", file); err == nil ||
		strings.Contains(err.Error(), "wrong-s3cret") || !strings.Contains(err.Error(), "password authentication failed") {
		t.Errorf("-database-file with a wrong password: %v", err)
	}
	var stdout, stderr testutil.Buffer
	bad := c.URLAs(pgtest.Superuser, "wrong-s3cret", pgtest.SharedDB)
	if code := runServe(context.Background(), []string{"-database", bad, "-addr", "127.0.0.1:0"}, &stdout, &stderr); code != 2 ||
		strings.Contains(stderr.String(), "wrong-s3cret") || !strings.Contains(stderr.String(), "password authentication failed") {
		t.Errorf("wrong password: exit %d, stderr %q", code, stderr.String())
	}
}

// TestServerDatabaseLocked: while a lock is held on api_tokens, both
// endpoints answer 503 with Retry-After once -database-timeout has passed,
// and serve again when it is released.
func TestServerDatabaseLocked(t *testing.T) {
	c := pg.Need(t)
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, c.URL(pgtest.SharedDB))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	addr := startServer(t, "-database", c.URL(pgtest.SharedDB), "-database-timeout", "300ms")
	if _, err := conn.Exec(ctx, "BEGIN; LOCK TABLE api_tokens IN ACCESS EXCLUSIVE MODE"); err != nil {
		t.Fatal(err)
	}
	client := &http.Client{Timeout: 10 * time.Second}
	ask := func(method, path string) *http.Response {
		t.Helper()
		req, err := http.NewRequest(method, addr+path, strings.NewReader(`{"project":"default","environment":"development","data":{"features":[],"featureStrategies":[],"tagTypes":[]}}`))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Authorization", "*:*.unleash-insecure-admin-api-token")
		req.Header.Set("Content-Type", "application/json")
		resp, err := client.Do(req)
		if err != nil {
			t.Fatalf("%s %s: %v", method, path, err)
		}
		resp.Body.Close()
		return resp
	}
	for _, p := range []struct{ method, path string }{{"POST", "/api/admin/features-batch/validate"}, {"GET", "/api/admin/user-admin"}} {
		if resp := ask(p.method, p.path); resp.StatusCode != 503 || resp.Header.Get("Retry-After") == "" {
			t.Errorf("%s %s under the lock: status %d, Retry-After %q", p.method, p.path, resp.StatusCode, resp.Header.Get("Retry-After"))
		}
	}
	if _, err := conn.Exec(ctx, "ROLLBACK"); err != nil {
		t.Fatal(err)
	}
	// Once the lock is gone the server recovers. On a busy machine a call
	// may still pass the 300 ms deadline, so a 503 with Retry-After is
	// asked again, for a while; any other status fails at once.
	deadline := time.Now().Add(30 * time.Second)
	for {
		resp := ask("GET", "/api/admin/user-admin")
		if resp.StatusCode == 200 {
			break
		}
		if resp.StatusCode != 503 || resp.Header.Get("Retry-After") == "" || time.Now().After(deadline) {
			t.Fatalf("after the lock: status %d, Retry-After %q", resp.StatusCode, resp.Header.Get("Retry-After"))
		}
		time.Sleep(200 * time.Millisecond)
	}
}
