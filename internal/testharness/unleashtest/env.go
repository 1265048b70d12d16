package unleashtest

import (
	"context"
	"errors"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/flagadmin/flagadmin/internal/testharness/pgtest"
	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
)

// Env is a server shared by the tests of a package, started by the first
// test that needs it. Declare one in the package's tests and stop it in
// TestMain after m.Run:
//
//	var unleash unleashtest.Env
//	func TestMain(m *testing.M) { code := m.Run(); unleash.Stop(); os.Exit(code) }
//
// Its server runs on a cluster of its own, on a copy of the module's dump
// (the state of testdata/conformance) when Dump is set, seeded to that
// state when Seed is set (any Version), else on an empty database.
type Env struct {
	// Version is the version of Unleash to run; "" means UnleashVersion.
	Version string
	// Dump starts the server on the module's reference database dump.
	Dump bool
	// Seed seeds the server to the state of the recorded cases.
	Seed bool
	// PublicURL is the instance's public URL (see Options.PublicURL).
	PublicURL string

	shared testutil.Shared[*Server]
}

// Need returns the shared server, starting it on first use. Where Unleash
// cannot be installed it skips the test with one line, or fails it when
// FLAGADMIN_REQUIRE_UNLEASH=1; where it can but does not start, it fails
// the test.
func (e *Env) Need(tb testing.TB) *Server {
	tb.Helper()
	s, err := e.shared.Get(e.start)
	if err != nil {
		skipOrFail(tb, err)
	}
	return s
}

// Prestart starts the shared server in the background when
// testutil.EarlyStarts, so that it gets ready while the package's other
// tests run; Need waits for it. Call it in TestMain before m.Run.
func (e *Env) Prestart() { e.shared.Prestart(e.start) }

// start starts the server of e's options.
func (e *Env) start() (*Server, error) {
	return startWithin(Options{Version: e.Version, Dump: e.Dump, Seed: e.Seed, PublicURL: e.PublicURL})
}

// startWithin starts a server with opts (see Start), giving it 15 minutes.
func startWithin(opts Options) (*Server, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
	defer cancel()
	return Start(ctx, opts)
}

// Stop stops the shared server, if it was started, once a start under
// way ends.
func (e *Env) Stop() { e.shared.Stop((*Server).Stop) }

// StartEarlyAfter is StartEarly for a server of one test besides e's,
// started once e's start (begun by Prestart) has ended, so that the two
// starts do not share the processors while the package's tests wait for
// e's.
func (e *Env) StartEarlyAfter(opts Options) *testutil.Early[*Server] {
	return testutil.StartEarly(func() (*Server, error) {
		if testutil.EarlyStarts() {
			_, _ = e.shared.Get(e.start)
		}
		return startWithin(opts)
	}, (*Server).Stop)
}

// Envs are servers shared by the tests of a package, one per version,
// each an Env of the version with Options (whose Version is not used).
// Declare one in the package's tests and stop it in TestMain after m.Run,
// as an Env.
type Envs struct {
	Options Options

	mu   sync.Mutex
	envs map[string]*Env
}

// Need returns the shared server of version ("" means UnleashVersion),
// starting it on first use; it skips or fails the test as Env.Need does.
func (es *Envs) Need(tb testing.TB, version string) *Server {
	tb.Helper()
	return es.env(version).Need(tb)
}

// env returns the Env of version, made on first use.
func (es *Envs) env(version string) *Env {
	if r, err := ReleaseOf(version); err == nil {
		version = r.Version
	}
	es.mu.Lock()
	defer es.mu.Unlock()
	if es.envs == nil {
		es.envs = map[string]*Env{}
	}
	e := es.envs[version]
	if e == nil {
		o := es.Options
		e = &Env{Version: version, Dump: o.Dump, Seed: o.Seed, PublicURL: o.PublicURL}
		es.envs[version] = e
	}
	return e
}

// Prestart starts the shared server of version in the background (see
// Env.Prestart).
func (es *Envs) Prestart(version string) { es.env(version).Prestart() }

// Stop stops the servers that were started.
func (es *Envs) Stop() {
	es.mu.Lock()
	defer es.mu.Unlock()
	for _, e := range es.envs {
		e.Stop()
	}
}

// unavailable reports whether err means that Unleash or PostgreSQL cannot
// be had here, rather than that something broke.
func unavailable(err error) bool {
	return errors.Is(err, ErrUnavailable) || errors.Is(err, pgtest.ErrNoServer)
}

// Skip skips tb because err says Unleash cannot be had, in one line, or
// fails it when FLAGADMIN_REQUIRE_UNLEASH=1.
func Skip(tb testing.TB, err error) {
	tb.Helper()
	if os.Getenv(RequireEnv) == "1" {
		tb.Fatalf("Unleash is required (%s=1): %v", RequireEnv, err)
	}
	tb.Skip("Unleash tests skipped: " + err.Error())
}

// StartForTest starts a server of the test's own (see Start) and stops it
// when the test ends; it skips or fails the test as Need does.
func StartForTest(tb testing.TB, opts Options) *Server {
	tb.Helper()
	s, err := startWithin(opts)
	if err != nil {
		skipOrFail(tb, err)
	}
	tb.Cleanup(s.Stop)
	return s
}

// StartEarly starts a server with opts in the background from TestMain
// (see testutil.Early), for the one test that takes it with TakeForTest.
func StartEarly(opts Options) *testutil.Early[*Server] {
	return testutil.StartEarly(func() (*Server, error) { return startWithin(opts) }, (*Server).Stop)
}

// TakeForTest is StartForTest for the server e started early: it waits for
// it, and stops it when the test ends.
func TakeForTest(tb testing.TB, e *testutil.Early[*Server]) *Server {
	tb.Helper()
	return e.TakeForTest(tb, skipOrFail)
}

// skipOrFail skips tb (see Skip) when err says that Unleash or PostgreSQL
// cannot be had here, and fails it otherwise.
func skipOrFail(tb testing.TB, err error) {
	tb.Helper()
	if unavailable(err) {
		Skip(tb, err)
	}
	tb.Fatal(err.Error())
}
