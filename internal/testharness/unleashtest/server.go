package unleashtest

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/flagadmin/flagadmin/internal/testharness/pgtest"
)

//go:embed server.mjs
var serverScript []byte

// resolveHook is loaded before serverScript (node --import): a cache of
// module resolutions that makes the start of 7.x and 8.x cheaper (see its
// comment).
//
//go:embed resolvecache.mjs
var resolveHook []byte

// Credentials of every server Start runs. On a database that already has
// API tokens or users (such as the module's dump), Unleash keeps its own
// and creates none: the dump's admin token and admin user are these same
// ones.
const (
	// AdminToken is an admin API token with every right.
	AdminToken = "*:*.unleash-insecure-admin-api-token"
	// AdminUser and AdminPassword log in the admin user.
	AdminUser     = "admin"
	AdminPassword = "unleash4all"
)

// Options configure Start. The zero value runs Unleash 8.2.0 on an empty
// database, which it migrates: the first such start of a version keeps
// the migrated database in the version's cache directory and later ones
// load it (see seedcache.go).
type Options struct {
	// Version is the version of unleash-server to run, one of Versions;
	// "" means UnleashVersion.
	Version string
	// Dump runs Unleash on a copy of the module's reference database dump
	// (the state of testdata/conformance) instead. The dump is Unleash
	// 8.2.0's: Start refuses Dump with another Version (use Seed).
	Dump bool
	// Seed brings the server, started on an empty database, to the state
	// of testdata/conformance through SQL and its admin API (any
	// version; a few seconds): the projects, environments, context
	// fields, segment, tag types, strategy, features and users of the
	// recorded state, with its tokens ClientToken, ViewerToken and
	// EditorToken besides AdminToken. The first seeded start of a
	// version keeps the seeded database in the version's cache directory
	// and later ones load it (see seedcache.go). Start refuses Seed with
	// Dump.
	Seed bool
	// PublicURL is the instance's public URL, the base of its invitation
	// links; "" means URL.
	PublicURL string
}

// Server is a running unleash-server.
type Server struct {
	// Release is the version it runs.
	Release Release
	// URL is the base URL, http://127.0.0.1:<port>, without a final slash.
	URL string
	// AdminToken is an admin API token of the server.
	AdminToken string
	// Database is the name of the database it runs on, in Cluster.
	Database string
	// Cluster is the PostgreSQL cluster it runs on, its own, which Stop
	// stops.
	Cluster *pgtest.Cluster

	dir      string
	cmd      *exec.Cmd
	exited   chan struct{}
	watchdog *exec.Cmd
	mu       sync.Mutex
	stopped  bool
}

// Start installs what is missing (see EnsureInstalled) and starts a server
// on a PostgreSQL cluster of its own and a free port of 127.0.0.1, waiting
// until its /health answers, then seeds it when opts.Seed. The caller must
// call Stop. It takes a few seconds once the installation is cached (a
// database migration from empty adds 4 to 20, depending on the version
// and the machine's load; the seed one or two).
func Start(ctx context.Context, opts Options) (*Server, error) {
	r, err := ReleaseOf(opts.Version)
	if err != nil {
		return nil, err
	}
	switch {
	case opts.Dump && opts.Seed:
		return nil, errors.New("unleashtest: Options.Dump and Options.Seed exclude each other")
	case opts.Dump && r.Version != UnleashVersion:
		return nil, fmt.Errorf("unleashtest: the module's dump is Unleash %s's database, not %s's: use Options.Seed", UnleashVersion, r.Version)
	}
	in, err := EnsureVersionInstalled(ctx, r.Version)
	if err != nil {
		return nil, err
	}
	s := &Server{Release: r, AdminToken: AdminToken}
	ok := false
	defer func() {
		if !ok {
			s.Stop()
		}
	}()
	// A kept database (seedcache.go): the seeded one for Seed, the
	// just-migrated one for an empty database.
	keptDump, loaded := "", false
	switch {
	case opts.Seed:
		keptDump, loaded = cachedSeed(in)
	case !opts.Dump:
		keptDump, loaded = kept(migratedDumpPath(in))
	}
	// The cluster starts with the database loaded (pgtest keeps the
	// loaded data directory in its cache).
	s.Database = "unleash"
	switch {
	case opts.Dump:
		s.Cluster, err = pgtest.StartWithDump(ctx, s.Database, pgtest.DumpFile())
	case loaded:
		s.Cluster, err = pgtest.StartWithDump(ctx, s.Database, keptDump)
		if err != nil && !errors.Is(err, pgtest.ErrNoServer) {
			// A kept dump that does not load is made again, by seeding
			// or migrating.
			os.Remove(keptDump)
			loaded = false
		}
	}
	if !opts.Dump && !loaded {
		s.Database = fmt.Sprintf("unleash_%d", time.Now().UnixNano())
		if s.Cluster, err = pgtest.Start(ctx); err == nil {
			err = s.Cluster.CreateDB(ctx, s.Database, "")
		}
	}
	if err != nil {
		return nil, err
	}
	dbURL, err := url.Parse(s.Cluster.URL(s.Database))
	if err != nil {
		return nil, fmt.Errorf("unleashtest: %w", err)
	}
	password, _ := dbURL.User.Password()
	if s.dir, err = os.MkdirTemp("", "flagadmin-unleash-"); err != nil {
		return nil, fmt.Errorf("unleashtest: %w", err)
	}
	script := filepath.Join(s.dir, "server.mjs")
	hook := filepath.Join(s.dir, "resolvecache.mjs")
	for path, b := range map[string][]byte{script: serverScript, hook: resolveHook} {
		if err := os.WriteFile(path, b, 0o644); err != nil {
			return nil, fmt.Errorf("unleashtest: %w", err)
		}
	}
	// A free port can be taken by another process before node listens on
	// it: try a few.
	for attempt := 0; ; attempt++ {
		port, err := pgtest.FreePort()
		if err != nil {
			return nil, fmt.Errorf("unleashtest: %w", err)
		}
		err = s.run(ctx, in, hook, script, port, opts, dbURL.User.Username(), password)
		if err == nil {
			break
		}
		if attempt == 2 || !strings.Contains(err.Error(), "EADDRINUSE") {
			return nil, err
		}
	}
	if keptDump != "" && !loaded {
		if opts.Seed {
			if err := s.seed(ctx); err != nil {
				return nil, err
			}
		}
		// Kept for the next start; without it, that one seeds or
		// migrates again.
		_ = s.saveDump(ctx, keptDump)
	}
	ok = true
	return s, nil
}

// run starts node on port and waits for /health.
func (s *Server) run(ctx context.Context, in *Install, hook, script string, port int, opts Options, dbUser, dbPassword string) error {
	logPath := filepath.Join(s.dir, "unleash.log")
	logFile, err := os.OpenFile(logPath, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o644)
	if err != nil {
		return fmt.Errorf("unleashtest: %w", err)
	}
	defer logFile.Close()
	args := []string{script}
	if major, _, _ := strings.Cut(in.Release.Node, "."); atLeast(major, 22) {
		// Node 20 has no module.registerHooks, and its unleash-server
		// releases are CommonJS.
		args = []string{"--import", (&url.URL{Scheme: "file", Path: hook}).String(), script}
	}
	cmd := exec.Command(in.Node, args...)
	cmd.Dir = s.dir
	cmd.Env = append(in.env(),
		"TZ=UTC", "NODE_ENV=production", "SEND_TELEMETRY=false", "CHECK_VERSION=false",
		"FA_APP_DIR="+in.App, "FA_PORT="+strconv.Itoa(port),
		"FA_DB_PORT="+strconv.Itoa(s.Cluster.Port()), "FA_DB_USER="+dbUser, "FA_DB_PASSWORD="+dbPassword,
		"FA_DB_NAME="+s.Database, "FA_ADMIN_TOKEN="+s.AdminToken,
		"FA_ADMIN_USER="+AdminUser, "FA_PUBLIC_URL="+opts.PublicURL, "FA_ADMIN_PASSWORD="+AdminPassword,
		// Node 22 keeps the compiled code of unleash-server's modules
		// there, so that later starts do not compile them again (a third
		// of a start's CPU); node 20 ignores it.
		"NODE_COMPILE_CACHE="+filepath.Join(in.Dir, "compile-cache"))
	if opts.Seed {
		cmd.Env = append(cmd.Env, "FA_CLIENT_TOKEN="+ClientToken, "FA_CLIENT_TOKEN_TYPE="+in.Release.ClientTokenType)
	}
	cmd.Stdout, cmd.Stderr = logFile, logFile
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("unleashtest: starting node: %w", err)
	}
	s.cmd = cmd
	s.exited = make(chan struct{})
	go func() { cmd.Wait(); close(s.exited) }()
	s.startWatchdog()
	s.URL = "http://127.0.0.1:" + strconv.Itoa(port)

	deadline := time.NewTimer(2 * time.Minute)
	defer deadline.Stop()
	client := &http.Client{Timeout: 2 * time.Second}
	for {
		resp, err := client.Get(s.URL + "/health")
		if err == nil {
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		select {
		case <-s.exited:
			s.cmd = nil
			return fmt.Errorf("unleashtest: unleash-server exited while starting: %s", oneLine(pgtest.LastLines(readFile(logPath), 6)))
		case <-ctx.Done():
			s.kill()
			return fmt.Errorf("unleashtest: waiting for unleash-server: %w: %s", ctx.Err(), oneLine(pgtest.LastLines(readFile(logPath), 6)))
		case <-deadline.C:
			s.kill()
			return fmt.Errorf("unleashtest: unleash-server not healthy after 2m: %s", oneLine(pgtest.LastLines(readFile(logPath), 6)))
		case <-time.After(200 * time.Millisecond):
		}
	}
}

// atLeast reports whether the decimal number n is at least min.
func atLeast(n string, min int) bool {
	v, err := strconv.Atoi(n)
	return err == nil && v >= min
}

func readFile(path string) string {
	b, _ := os.ReadFile(path)
	return string(b)
}

// startWatchdog starts a shell that kills the server and removes its
// files should this process die first, so that a crashed or timed-out test
// binary leaves nothing behind.
func (s *Server) startWatchdog() {
	s.watchdog = pgtest.Watchdog(fmt.Sprintf("kill -9 -%d 2>/dev/null", s.cmd.Process.Pid), s.dir)
}

// kill ends the node process group at once and waits for it.
func (s *Server) kill() {
	if s.cmd == nil {
		return
	}
	syscall.Kill(-s.cmd.Process.Pid, syscall.SIGKILL)
	<-s.exited
}

// Kill stops the server at once, as a crash would, keeping its database;
// requests to URL then fail to connect. Stop still cleans up.
func (s *Server) Kill() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.kill()
}

// Stop stops the server (and the cluster Start started) and removes its
// files. It may be called more than once.
func (s *Server) Stop() {
	if s == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.stopped {
		return
	}
	s.stopped = true
	if s.cmd != nil {
		select {
		case <-s.exited:
		default:
			syscall.Kill(-s.cmd.Process.Pid, syscall.SIGTERM)
			select {
			case <-s.exited:
			case <-time.After(10 * time.Second):
				s.kill()
			}
		}
	}
	if s.watchdog != nil {
		s.watchdog.Process.Kill()
		s.watchdog.Wait()
	}
	if s.Cluster != nil {
		s.Cluster.Stop()
	}
	if s.dir != "" {
		os.RemoveAll(s.dir)
	}
}

// PersonalToken logs user in with password (POST /auth/simple/login) and
// creates a personal access token for that user (POST
// /api/admin/user/tokens), expiring in 2099; it returns its secret.
func (s *Server) PersonalToken(ctx context.Context, user, password string) (string, error) {
	jar, _ := cookiejar.New(nil)
	client := &http.Client{Jar: jar, Timeout: 30 * time.Second}
	login, _ := json.Marshal(map[string]string{"username": user, "password": password})
	if _, err := s.post(ctx, client, "/auth/simple/login", "", login); err != nil {
		return "", err
	}
	body, _ := json.Marshal(map[string]string{
		"description": fmt.Sprintf("flagadmin tests %d", time.Now().UnixNano()),
		"expiresAt":   "2099-01-01T00:00:00.000Z",
	})
	out, err := s.post(ctx, client, "/api/admin/user/tokens", "", body)
	if err != nil {
		return "", err
	}
	var tok struct {
		Secret string `json:"secret"`
	}
	if err := json.Unmarshal(out, &tok); err != nil || tok.Secret == "" {
		return "", errors.New("unleashtest: POST /api/admin/user/tokens: no secret in the answer")
	}
	return tok.Secret, nil
}

// AdminPersonalToken is PersonalToken for the admin user: the token that
// imports need, since 8.2.0 refuses admin API tokens there.
func (s *Server) AdminPersonalToken(ctx context.Context) (string, error) {
	return s.PersonalToken(ctx, AdminUser, AdminPassword)
}

// Do sends a request with a JSON body (nil for none) to path with token
// (AdminToken when ""), and returns the body of a 2xx answer.
func (s *Server) Do(ctx context.Context, method, path, token string, body []byte) ([]byte, error) {
	if token == "" {
		token = s.AdminToken
	}
	return s.send(ctx, http.DefaultClient, method, path, token, body)
}

func (s *Server) post(ctx context.Context, client *http.Client, path, token string, body []byte) ([]byte, error) {
	return s.send(ctx, client, http.MethodPost, path, token, body)
}

func (s *Server) send(ctx context.Context, client *http.Client, method, path, token string, body []byte) ([]byte, error) {
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, s.URL+path, rd)
	if err != nil {
		return nil, fmt.Errorf("unleashtest: %w", err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", token)
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("unleashtest: %s %s: %w", method, path, err)
	}
	defer resp.Body.Close()
	out, _ := io.ReadAll(io.LimitReader(resp.Body, 16<<20))
	if resp.StatusCode/100 != 2 {
		return nil, fmt.Errorf("unleashtest: %s %s: %s: %s", method, path, resp.Status, oneLine(string(out[:min(len(out), 300)])))
	}
	return out, nil
}
