package unleashtest

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
)

var shared = Env{Dump: true, PublicURL: "http://127.0.0.1:4242"}

func TestMain(m *testing.M) {
	code := m.Run()
	shared.Stop()
	os.Exit(code)
}

// Concurrent installs share one cache directory and agree on it.
func TestEnsureInstalledConcurrent(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
	defer cancel()
	var wg sync.WaitGroup
	ins := make([]*Install, 3)
	errs := make([]error, 3)
	for i := range ins {
		wg.Add(1)
		go func() { defer wg.Done(); ins[i], errs[i] = EnsureInstalled(ctx) }()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			if errors.Is(err, ErrUnavailable) {
				Skip(t, err)
			}
			t.Fatal(err)
		}
		if *ins[i] != *ins[0] {
			t.Fatalf("install %d = %+v, install 0 = %+v", i, ins[i], ins[0])
		}
	}
	if _, ok := Installed(); !ok {
		t.Fatal("Installed reports no complete installation after EnsureInstalled")
	}
}

// The server on the module's dump answers with the dump's state to its
// tokens, and PersonalToken makes a token that works. A long test: the
// quick run starts this server (Env with Dump) in the packages whose
// tests read it (cli, unleashapi, adminhttp), which list its users and
// make personal tokens on it.
func TestServerOnDump(t *testing.T) {
	testutil.SkipUnlessLong(t)
	s := shared.Need(t)
	ctx := context.Background()
	body, err := s.Do(ctx, "GET", "/api/admin/user-admin", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	var listing struct {
		Users []struct {
			Email string `json:"email"`
		} `json:"users"`
	}
	if err := json.Unmarshal(body, &listing); err != nil {
		t.Fatal(err)
	}
	var emails []string
	for _, u := range listing.Users {
		emails = append(emails, u.Email)
	}
	if !strings.Contains(strings.Join(emails, ","), "viewer@example.com") {
		t.Fatalf("users of the dump = %v, want viewer@example.com among them", emails)
	}
	if !strings.Contains(string(body), `"inviteLink":"http://127.0.0.1:4242/new-user?token=`) {
		t.Fatalf("invitation links do not start with the PublicURL: %s", body)
	}
	pat, err := s.AdminPersonalToken(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(pat, "user:") {
		t.Fatalf("personal token %q does not start with user:", pat)
	}
	if _, err := s.Do(ctx, "GET", "/api/admin/user", pat, nil); err != nil {
		t.Fatalf("the new personal token does not work: %v", err)
	}
	if _, err := s.Do(ctx, "GET", "/api/admin/user", "user:not-a-token", nil); err == nil || !strings.Contains(err.Error(), "401") {
		t.Fatalf("an unknown token gave %v, want a 401", err)
	}
}

// A server on an empty database migrates it (or loads the kept migrated
// database) and answers; Kill makes it unreachable. A long test: it starts
// a second server, and the quick run starts servers on an empty database
// elsewhere (the plan and cli tests) and kills one (adminhttp).
func TestServerEmptyAndKill(t *testing.T) {
	testutil.SkipUnlessLong(t)
	s := StartForTest(t, Options{})
	ctx := context.Background()
	if _, err := s.Do(ctx, "GET", "/api/admin/projects", "", nil); err != nil {
		t.Fatal(err)
	}
	s.Kill()
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if _, err := s.Do(ctx, "GET", "/api/admin/projects", "", nil); err == nil {
		t.Fatal("a killed server still answers")
	}
}

// A seeded server answers with the recorded state's tokens, and a kept
// seeded database that does not load is made again by seeding (a long
// test: it seeds from empty).
func TestSeedAndBrokenKeptDump(t *testing.T) {
	if !testutil.Long() {
		t.Skip("a long test: " + testutil.LongEnv + "=1 (.ci/long) runs it")
	}
	installed, err := EnsureInstalled(context.Background())
	if err != nil {
		if errors.Is(err, ErrUnavailable) {
			Skip(t, err)
		}
		t.Fatal(err)
	}
	// A cache of the test's own, holding the same installation, so that
	// the broken dump disturbs no other test binary.
	t.Setenv(CacheEnv, t.TempDir())
	dir, err := CacheDir()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, part := range []string{"node", "app"} {
		if err := os.Symlink(filepath.Join(installed.Dir, part), filepath.Join(dir, part)); err != nil {
			t.Fatal(err)
		}
	}
	in, ok := Installed()
	if !ok {
		t.Fatal("the linked installation is not complete")
	}
	path := seededDumpPath(in)
	if err := os.WriteFile(path, []byte("this is no SQL;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := StartForTest(t, Options{Seed: true, PublicURL: "http://127.0.0.1:4242"})
	ctx := context.Background()
	for _, tok := range []string{ViewerToken, EditorToken} {
		if _, err := s.Do(ctx, "GET", "/api/admin/user", tok, nil); err != nil {
			t.Errorf("the seeded personal token does not work: %v", err)
		}
	}
	if _, err := s.Do(ctx, "GET", "/api/admin/user-admin", ClientToken, nil); err == nil || !strings.Contains(err.Error(), "403") {
		t.Errorf("the client token on the user listing: %v, want a 403", err)
	}
	b, err := os.ReadFile(path)
	if err != nil || !strings.Contains(string(b), "INSERT INTO public.personal_access_tokens") {
		t.Errorf("the broken kept dump was not made again (%v): %.80s", err, b)
	}
}
