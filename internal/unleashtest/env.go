package unleashtest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/flagadmin/flagadmin/internal/pgtest"
)

// Env is a server shared by the tests of a package, started by the first
// test that needs it. Declare one in the package's tests and stop it in
// TestMain after m.Run:
//
//	var unleash unleashtest.Env
//	func TestMain(m *testing.M) { code := m.Run(); unleash.Stop(); os.Exit(code) }
//
// Its server runs on a cluster of its own, on a copy of the module's dump
// (the state of testdata/conformance) when Dump is set, else on an empty
// database.
type Env struct {
	// Dump starts the server on the module's reference database dump.
	Dump bool
	// PublicURL is the instance's public URL (see Options.PublicURL).
	PublicURL string

	once   sync.Once
	server *Server
	reason string
	failed bool // the reason is an error, not an unavailability
}

// Need returns the shared server, starting it on first use. Where Unleash
// cannot be installed it skips the test with one line, or fails it when
// FLAGADMIN_REQUIRE_UNLEASH=1; where it can but does not start, it fails
// the test.
func (e *Env) Need(tb testing.TB) *Server {
	tb.Helper()
	e.once.Do(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
		defer cancel()
		s, err := StartDump(ctx, Options{PublicURL: e.PublicURL}, e.Dump)
		if err != nil {
			e.reason = err.Error()
			e.failed = !unavailable(err)
			return
		}
		e.server = s
	})
	if e.server == nil {
		if e.failed {
			tb.Fatal(e.reason)
		}
		Skip(tb, errors.New(e.reason))
	}
	return e.server
}

// Stop stops the shared server, if it was started.
func (e *Env) Stop() { e.server.Stop() }

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

// StartDump starts a server on a cluster of its own, on a database loaded
// from the module's reference dump when dump is set, else on an empty one.
// Of opts, only PublicURL is used.
func StartDump(ctx context.Context, opts Options, dump bool) (*Server, error) {
	in, err := EnsureInstalled(ctx)
	if err != nil {
		return nil, err
	}
	c, err := pgtest.Start(ctx)
	if err != nil {
		return nil, err
	}
	opts = Options{Cluster: c, Install: in, PublicURL: opts.PublicURL}
	if dump {
		opts.Database = "unleash"
		if err := c.LoadDump(ctx, opts.Database, pgtest.DumpFile()); err != nil {
			c.Stop()
			return nil, err
		}
	}
	s, err := Start(ctx, opts)
	if err != nil {
		c.Stop()
		return nil, err
	}
	s.ownCluster = true
	return s, nil
}

// StartForTest starts a server of the test's own (see StartDump) and stops
// it when the test ends; it skips or fails the test as Need does.
func StartForTest(tb testing.TB, opts Options, dump bool) *Server {
	tb.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
	defer cancel()
	s, err := StartDump(ctx, opts, dump)
	if err != nil {
		if unavailable(err) {
			Skip(tb, err)
		}
		tb.Fatal(fmt.Sprint(err))
	}
	tb.Cleanup(s.Stop)
	return s
}
