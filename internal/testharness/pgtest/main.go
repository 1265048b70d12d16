package pgtest

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
)

// Databases of the cluster that Main starts.
const (
	// TemplateDB holds the reference dump; nothing connects to it, so that
	// CloneDB can copy it.
	TemplateDB = "unleash_template"
	// SharedDB is a copy of TemplateDB for the tests that only read.
	SharedDB = "unleash"
)

// Env is the cluster of a test package, started by Main.
type Env struct {
	// Cluster is nil when no cluster could be started; Reason says why.
	Cluster *Cluster
	Reason  string
}

// DumpFile returns the path of the reference database dump of the module,
// testdata/unleash-db/unleash-8.2.0.sql, found from this source file.
func DumpFile() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..", "testdata", "unleash-db", "unleash-8.2.0.sql")
}

// Main starts a cluster, loads the reference dump into TemplateDB, runs
// the tests and stops the cluster; it returns the exit code for os.Exit.
// Without PostgreSQL it prints one line saying why the database tests
// skip, and env.Cluster stays nil. Use it in TestMain:
//
//	var env pgtest.Env
//	func TestMain(m *testing.M) { os.Exit(pgtest.Main(m, &env)) }
func Main(m *testing.M, env *Env) int {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	c, err := startWithDump(ctx)
	cancel()
	if err != nil {
		env.Reason = err.Error()
		if errors.Is(err, ErrNoServer) && os.Getenv(RequireEnv) != "1" {
			fmt.Fprintln(os.Stderr, "PostgreSQL tests skipped:", env.Reason)
		}
	}
	env.Cluster = c
	defer c.Stop()
	return m.Run()
}

// startWithDump starts a cluster with the reference dump loaded into
// TemplateDB and copied into SharedDB; nil and why when it cannot.
func startWithDump(ctx context.Context) (*Cluster, error) {
	file := DumpFile()
	return start(ctx, &prepared{id: "reference", file: file, build: func(ctx context.Context, c *Cluster) error {
		if err := c.LoadDump(ctx, TemplateDB, file); err != nil {
			return err
		}
		return c.CreateDB(ctx, SharedDB, TemplateDB)
	}})
}

// StartWithDump starts a cluster, as Start does, whose database name
// holds the plain-SQL dump in file, as LoadDump loads it: its data
// directory is a copy of one kept in the cache for that content of file,
// which the first start makes. The caller must call Stop.
func StartWithDump(ctx context.Context, name, file string) (*Cluster, error) {
	return start(ctx, &prepared{id: "dump " + name, file: file, build: func(ctx context.Context, c *Cluster) error {
		return c.LoadDump(ctx, name, file)
	}})
}

// Need returns the package's cluster. When there is none it skips the
// test, or fails it when FLAGADMIN_REQUIRE_POSTGRES=1.
func Need(tb testing.TB, env *Env) *Cluster {
	tb.Helper()
	if env.Cluster == nil {
		reason := env.Reason
		if reason == "" {
			reason = "no cluster (TestMain does not call pgtest.Main)"
		}
		if os.Getenv(RequireEnv) == "1" {
			tb.Fatalf("PostgreSQL is required (%s=1): %s", RequireEnv, reason)
		}
		tb.Skip("PostgreSQL tests skipped: " + reason)
	}
	return env.Cluster
}

// CloneDB creates a fresh copy of TemplateDB for the test and returns its
// name; it is dropped when the test ends. Tests that each work on their
// own copy can run in parallel.
func CloneDB(tb testing.TB, env *Env) string {
	tb.Helper()
	c := Need(tb, env)
	name := "t_" + strings.ToLower(rand.Text()) // distinct for tests in parallel
	ctx := context.Background()
	if err := c.CreateDB(ctx, name, TemplateDB); err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() {
		if err := c.Exec(context.Background(), adminDB, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)"); err != nil && !c.stopped {
			tb.Errorf("dropping %s: %v", name, err)
		}
	})
	return name
}

// StartForTest starts a cluster for one test, with the reference dump in
// TemplateDB and SharedDB, and stops it when the test ends. It is for
// packages where a single test needs PostgreSQL, so that they need no
// TestMain. Without PostgreSQL it skips the test, or fails it when
// FLAGADMIN_REQUIRE_POSTGRES=1.
func StartForTest(tb testing.TB) *Cluster {
	tb.Helper()
	c, err := startForTests()
	need(tb, err)
	tb.Cleanup(c.Stop)
	return c
}

// StartEarly starts a cluster as StartForTest does, in the background
// from TestMain (see testutil.Early), for the one test that takes it with
// TakeForTest.
func StartEarly() *testutil.Early[*Cluster] {
	return testutil.StartEarly(startForTests, (*Cluster).Stop)
}

// TakeForTest is StartForTest for the cluster e started early: it waits
// for it, and stops it when the test ends.
func TakeForTest(tb testing.TB, e *testutil.Early[*Cluster]) *Cluster {
	tb.Helper()
	return e.TakeForTest(tb, need)
}

// startForTests starts a cluster with the reference dump in TemplateDB
// and SharedDB.
func startForTests() (*Cluster, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	return startWithDump(ctx)
}

// need skips tb when err says that there is no PostgreSQL here, or fails
// it when FLAGADMIN_REQUIRE_POSTGRES=1 (see Need); it fails tb on any
// other err.
func need(tb testing.TB, err error) {
	tb.Helper()
	if errors.Is(err, ErrNoServer) {
		Need(tb, &Env{Reason: err.Error()})
	}
	if err != nil {
		tb.Fatal(err)
	}
}

// Shared is a cluster shared by the tests of a package that starts none
// in TestMain, with the reference dump in TemplateDB and SharedDB: the
// first test that calls Need starts it, and TestMain stops it after
// m.Run:
//
//	var pg pgtest.Shared
//	func TestMain(m *testing.M) { code := m.Run(); pg.Stop(); os.Exit(code) }
//
// A test that changes SharedDB puts it back before it ends; one that
// stops its cluster takes its own (StartForTest).
type Shared struct {
	shared testutil.Shared[*Cluster]
}

// Need returns the shared cluster, starting it on first use. Without
// PostgreSQL it skips the test, or fails it when
// FLAGADMIN_REQUIRE_POSTGRES=1, as StartForTest does.
func (s *Shared) Need(tb testing.TB) *Cluster {
	tb.Helper()
	c, err := s.shared.Get(startForTests)
	need(tb, err)
	return c
}

// Prestart starts the shared cluster in the background when
// testutil.EarlyStarts, so that it gets ready while the package's other
// tests run; Need waits for it. Call it in TestMain before m.Run.
func (s *Shared) Prestart() { s.shared.Prestart(startForTests) }

// Stop stops the shared cluster, if it was started, once a start under
// way ends.
func (s *Shared) Stop() { s.shared.Stop((*Cluster).Stop) }
