// Package pgtest starts throwaway PostgreSQL clusters for tests: a data
// directory in a temporary directory, a server on a free port of
// 127.0.0.1 with password authentication, and a teardown that removes
// everything. The data directory is a copy of one that initdb made (with a
// dump loaded, for StartWithDump and the reference dump of Main), kept in
// a cache that outlives the test run ($FLAGADMIN_PG_CACHE, else
// flagadmin/postgres under os.UserCacheDir; see datacache.go), so that a
// start costs neither initdb nor the load.
//
// The binaries are looked up on PATH (pg_ctl) and then under
// /usr/lib/postgresql/*/bin, newest version first. PostgreSQL refuses to
// run as root, so when the tests run as root the server runs as the OS user
// postgres (through runuser), in a directory owned by that user.
//
// A test package starts one cluster in its TestMain with Main, which loads
// the reference database dump into a template database once; tests then
// call Need for the cluster and CloneDB for a private copy of the database
// when they mutate it. Without PostgreSQL the tests skip with one line,
// unless FLAGADMIN_REQUIRE_POSTGRES=1, which turns that into a failure.
package pgtest

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// RequireEnv is the environment variable that turns a missing PostgreSQL
// into a test failure instead of a skip.
const RequireEnv = "FLAGADMIN_REQUIRE_POSTGRES"

// Superuser is the name of the cluster's superuser.
const Superuser = "postgres"

// ErrNoServer is returned by Start when no PostgreSQL server binaries are
// installed.
var ErrNoServer = errors.New("no PostgreSQL server found")

// Cluster is a running throwaway PostgreSQL cluster.
type Cluster struct {
	bin      string // directory of pg_ctl, initdb and postgres
	dir      string // temporary directory holding data, socket and log
	port     int
	password string // the superuser's password
	asUser   string // OS user the server runs as; "" for the current one
	stopped  bool
	// noStrategy says that CREATE DATABASE knows no STRATEGY here.
	noStrategy atomic.Bool
	adminMu    sync.Mutex
	admin      *pgxpool.Pool // connections to adminDB, for Exec; nil until used
	watchdog   *exec.Cmd     // stops the server should this process die first
}

// BinEnv is the environment variable that names the directory of the
// PostgreSQL binaries to use instead of searching for them (for example
// /usr/lib/postgresql/16/bin).
const BinEnv = "FLAGADMIN_PG_BIN"

// FindBin returns the directory holding pg_ctl, initdb and postgres: the
// one of FLAGADMIN_PG_BIN when it is set, else the first found on PATH or
// under /usr/lib/postgresql/*/bin.
func FindBin() (string, error) {
	if dir := os.Getenv(BinEnv); dir != "" {
		for _, prog := range []string{"pg_ctl", "initdb", "postgres"} {
			if _, err := os.Stat(filepath.Join(dir, prog)); err != nil {
				return "", fmt.Errorf("%w: %s=%s holds no %s", ErrNoServer, BinEnv, dir, prog)
			}
		}
		return dir, nil
	}
	if p, err := exec.LookPath("pg_ctl"); err == nil {
		if real, err := filepath.EvalSymlinks(p); err == nil {
			p = real
		}
		dir := filepath.Dir(p)
		if _, err := os.Stat(filepath.Join(dir, "initdb")); err == nil {
			return dir, nil
		}
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool { return versionOf(dirs[i]) > versionOf(dirs[j]) })
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "pg_ctl")); err == nil {
			return d, nil
		}
	}
	return "", fmt.Errorf("%w: pg_ctl is neither on PATH nor under /usr/lib/postgresql/*/bin", ErrNoServer)
}

func versionOf(binDir string) float64 {
	v, _ := strconv.ParseFloat(filepath.Base(filepath.Dir(binDir)), 64)
	return v
}

// Start creates and starts a cluster. The caller must call Stop. Its data
// directory is a copy of a freshly initialized one kept in the cache (see
// datacache.go), made with initdb on first use.
func Start(ctx context.Context) (*Cluster, error) {
	return start(ctx, &prepared{id: "initdb"})
}

// start starts a cluster on a copy of the data directory that p makes,
// kept in the cache; without p, or when the cache cannot be had, on a
// data directory of its own that initdb makes (and then p.build).
func start(ctx context.Context, p *prepared) (*Cluster, error) {
	bin, err := FindBin()
	if err != nil {
		return nil, err
	}
	c := &Cluster{bin: bin, password: rand.Text()}
	if os.Geteuid() == 0 {
		c.asUser = "postgres"
	}
	c.dir, err = os.MkdirTemp("", "flagadmin-pg-")
	if err != nil {
		return nil, fmt.Errorf("pgtest: %w", err)
	}
	ok := false
	defer func() {
		if !ok {
			c.Stop()
		}
	}()
	if c.asUser != "" {
		u, err := user.Lookup(c.asUser)
		if err != nil {
			return nil, fmt.Errorf("pgtest: running as root needs the OS user %s: %w", c.asUser, err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		if err := os.Chown(c.dir, uid, gid); err != nil {
			return nil, fmt.Errorf("pgtest: %w", err)
		}
	}
	data := filepath.Join(c.dir, "data")
	copied := p != nil && copyCached(ctx, bin, p, data)
	if !copied {
		if err := c.initdb(ctx, data); err != nil {
			return nil, err
		}
	}
	if c.port, err = FreePort(); err != nil {
		return nil, fmt.Errorf("pgtest: %w", err)
	}
	opts := fmt.Sprintf("-p %d -k %s -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c min_wal_size=2MB -c max_connections=60 -c shared_buffers=32MB",
		c.port, c.dir)
	if err := c.run(ctx, "pg_ctl", "-D", data, "-o", opts, "-l", filepath.Join(c.dir, "log"), "-w", "-t", "60", "start"); err != nil {
		return nil, err
	}
	c.startWatchdog(data)
	switch {
	case copied:
		// The copy has the password of the cluster that made it.
		if err := c.setPassword(ctx); err != nil {
			return nil, err
		}
	case p != nil && p.build != nil:
		if err := p.build(ctx, c); err != nil {
			return nil, err
		}
	}
	ok = true
	return c, nil
}

// initdbArgs are the options of initdb besides the data directory and the
// password file. WAL segments of 1 MB (with min_wal_size at 2 MB) keep
// the data directories that a start copies small.
var initdbArgs = []string{"-U", Superuser, "--auth-local=trust", "--auth-host=scram-sha-256", "-E", "UTF8", "--locale=C", "--no-sync", "--wal-segsize=1"}

// initdb makes the data directory data, with c's password.
func (c *Cluster) initdb(ctx context.Context, data string) error {
	pwfile := filepath.Join(c.dir, "pw")
	if err := os.WriteFile(pwfile, []byte(c.password+"\n"), 0o644); err != nil {
		return fmt.Errorf("pgtest: %w", err)
	}
	defer os.Remove(pwfile)
	return c.run(ctx, "initdb", append([]string{"-D", data, "--pwfile", pwfile}, initdbArgs...)...)
}

// startWatchdog starts a shell that waits for this process to end and
// then stops the server and removes its directory, so that a test binary
// that crashes or times out leaves no server behind. Stop ends it.
func (c *Cluster) startWatchdog(data string) {
	stop := fmt.Sprintf("%q -D %q -m immediate -w stop", filepath.Join(c.bin, "pg_ctl"), data)
	if c.asUser != "" {
		stop = "runuser -u " + c.asUser + " -- " + stop
	}
	c.watchdog = Watchdog(stop, c.dir)
}

// Watchdog starts a shell that waits for this process to end, then runs
// the shell command cleanup and removes dir; nil when it cannot start.
// Whoever cleans up first kills it and waits for it.
func Watchdog(cleanup, dir string) *exec.Cmd {
	script := fmt.Sprintf("while kill -0 %d 2>/dev/null; do sleep 1; done; %s; rm -rf %q", os.Getpid(), cleanup, dir)
	cmd := exec.Command("sh", "-c", script)
	if cmd.Start() != nil {
		return nil
	}
	return cmd
}

// run runs one of the PostgreSQL programs, as the server's OS user.
func (c *Cluster) run(ctx context.Context, prog string, args ...string) error {
	path := filepath.Join(c.bin, prog)
	var cmd *exec.Cmd
	if c.asUser != "" {
		cmd = exec.CommandContext(ctx, "runuser", append([]string{"-u", c.asUser, "--", path}, args...)...)
	} else {
		cmd = exec.CommandContext(ctx, path, args...)
	}
	cmd.Dir = c.dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("pgtest: %s: %w: %s", prog, err, strings.TrimSpace(LastLines(string(out), 5)))
	}
	return nil
}

// Stop stops the server at once and removes the cluster's directory. It
// may be called more than once.
func (c *Cluster) Stop() {
	if c == nil || c.dir == "" {
		return
	}
	c.closeAdmin()
	if !c.stopped {
		c.stopped = true
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		data := filepath.Join(c.dir, "data")
		if _, err := os.Stat(filepath.Join(data, "postmaster.pid")); err == nil {
			if err := c.run(ctx, "pg_ctl", "-D", data, "-m", "immediate", "-w", "stop"); err != nil {
				fmt.Fprintln(os.Stderr, err)
			}
		}
	}
	os.RemoveAll(c.dir)
	c.dir = ""
	if c.watchdog != nil {
		c.watchdog.Process.Kill()
		c.watchdog.Wait()
		c.watchdog = nil
	}
}

// Kill stops the server at once but keeps the cluster's directory, to
// simulate a database going away while a client uses it. Stop still
// cleans up afterwards.
func (c *Cluster) Kill() error {
	if c.stopped {
		return nil
	}
	c.stopped = true
	c.closeAdmin()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	return c.run(ctx, "pg_ctl", "-D", filepath.Join(c.dir, "data"), "-m", "immediate", "-w", "stop")
}

// Port returns the TCP port of the server.
func (c *Cluster) Port() int { return c.port }

// URL returns a connection URL for database db as the superuser.
func (c *Cluster) URL(db string) string { return c.URLAs(Superuser, c.password, db) }

// URLAs returns a connection URL for database db as role with password.
func (c *Cluster) URLAs(role, password, db string) string {
	u := url.URL{
		Scheme:   "postgres",
		User:     url.UserPassword(role, password),
		Host:     net.JoinHostPort("127.0.0.1", strconv.Itoa(c.port)),
		Path:     "/" + db,
		RawQuery: "sslmode=disable",
	}
	return u.String()
}

// Exec runs sql (one or more statements, simple protocol) in database db
// as the superuser: in database postgres (CREATE DATABASE, DROP DATABASE,
// roles) on a connection of the cluster's pool, elsewhere on a connection
// of its own.
func (c *Cluster) Exec(ctx context.Context, db, sql string) error {
	if db == adminDB {
		return c.execAdmin(ctx, sql)
	}
	conn, err := pgx.Connect(ctx, c.URL(db))
	if err != nil {
		return fmt.Errorf("pgtest: connecting to %s: %w", db, err)
	}
	defer conn.Close(context.Background())
	if _, err := conn.PgConn().Exec(ctx, sql).ReadAll(); err != nil {
		return fmt.Errorf("pgtest: in %s: %w", db, err)
	}
	return nil
}

// adminDB is the database of the cluster's pool, where databases and
// roles are created and dropped.
const adminDB = "postgres"

// execAdmin runs sql in adminDB on a connection of the cluster's pool,
// opened on first use: a new connection costs the server some 50 ms of
// processor time (a fork, and OpenSSL's set-up and clean-up for SCRAM),
// and the tests that clone a database per test make two each.
func (c *Cluster) execAdmin(ctx context.Context, sql string) error {
	c.adminMu.Lock()
	if c.admin == nil {
		pool, err := pgxpool.New(ctx, c.URL(adminDB))
		if err != nil {
			c.adminMu.Unlock()
			return fmt.Errorf("pgtest: connecting to %s: %w", adminDB, err)
		}
		c.admin = pool
	}
	pool := c.admin
	c.adminMu.Unlock()
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("pgtest: connecting to %s: %w", adminDB, err)
	}
	defer conn.Release()
	if _, err := conn.Conn().PgConn().Exec(ctx, sql).ReadAll(); err != nil {
		return fmt.Errorf("pgtest: in %s: %w", adminDB, err)
	}
	return nil
}

// closeAdmin closes the cluster's pool, before the server stops.
func (c *Cluster) closeAdmin() {
	c.adminMu.Lock()
	pool := c.admin
	c.admin = nil
	c.adminMu.Unlock()
	if pool != nil {
		pool.Close()
	}
}

// CreateDB creates database name, a copy of template when template is not
// "". The copy is made with STRATEGY FILE_COPY where the server knows it
// (PostgreSQL 15 and later): a copy of the files and a checkpoint, three
// to four times faster for the reference database than the default
// WAL_LOG, which writes every page of it to the WAL.
func (c *Cluster) CreateDB(ctx context.Context, name, template string) error {
	sql := "CREATE DATABASE " + pgx.Identifier{name}.Sanitize()
	if template == "" {
		return c.Exec(ctx, adminDB, sql)
	}
	sql += " TEMPLATE " + pgx.Identifier{template}.Sanitize()
	if !c.noStrategy.Load() {
		err := c.Exec(ctx, adminDB, sql+" STRATEGY FILE_COPY")
		if err == nil || !strings.Contains(err.Error(), `"strategy"`) {
			return err
		}
		c.noStrategy.Store(true) // before PostgreSQL 15: option "strategy" not recognized
	}
	return c.Exec(ctx, adminDB, sql)
}

// LoadDump creates database name and loads the plain-SQL dump in file
// into it.
func (c *Cluster) LoadDump(ctx context.Context, name, file string) error {
	b, err := os.ReadFile(file)
	if err != nil {
		return fmt.Errorf("pgtest: %w", err)
	}
	if err := c.CreateDB(ctx, name, ""); err != nil {
		return err
	}
	return c.Exec(ctx, name, string(b))
}

// Ports FreePort picks from: below Linux's ephemeral range (32768-60999),
// whose ports the TIME-WAIT sockets of busy local clients can hold, so
// that a server told to bind one does not fail for that.
const (
	minPort = 20000
	maxPort = 32767
)

// FreePort returns a TCP port of 127.0.0.1 below the ephemeral range that
// is free now, for a server the tests start.
func FreePort() (int, error) {
	var b [2]byte
	for range 64 {
		if _, err := rand.Read(b[:]); err != nil {
			return 0, err
		}
		port := minPort + (int(b[0])<<8|int(b[1]))%(maxPort-minPort+1)
		l, err := net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(port)))
		if err != nil {
			continue
		}
		l.Close()
		return port, nil
	}
	return 0, fmt.Errorf("pgtest: no free port between %d and %d after 64 tries", minPort, maxPort)
}

// LastLines returns the last n lines of s, trimmed, for an error that
// quotes the output of a failed program.
func LastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
