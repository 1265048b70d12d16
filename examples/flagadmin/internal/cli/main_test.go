package cli

import (
	"context"
	"fmt"
	"os"
	"testing"

	"github.com/flagadmin/flagadmin/internal/testharness/pgtest"
	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
	"github.com/flagadmin/flagadmin/internal/testharness/unleashtest"
)

// The servers the tests of the package share, started by TestMain in the
// background (or by the first test that needs them): a PostgreSQL
// cluster with the reference dump, and the real Unleash 8.2.0 on a copy
// of the dump (public URL that of the recorded cases). Tests that change
// them put them back, or run after the others (TestExportApply). And
// unleashBeside, a second Unleash 8.2.0 on the dump, started early (once
// the shared one is up) for the apply tests that run beside those on the
// shared one.
var (
	pg            pgtest.Shared
	unleash       = unleashtest.Env{Dump: true, PublicURL: "http://127.0.0.1:4242"}
	unleashBeside *testutil.Early[*unleashtest.Server]
)

// TestMain runs the program itself when reenterEnv is set, so that a test
// can send it signals; else it runs the tests and stops the shared
// servers.
func TestMain(m *testing.M) {
	if os.Getenv(reenterEnv) == "1" {
		Exit(func(ctx context.Context, args []string, env Env) int {
			fmt.Fprintln(env.Stderr, readyLine)
			return Main(ctx, args, env)
		})
	}
	// Three parallel tests: the two groups of TestExportApply, which
	// mostly wait on their servers, and TestCleanExport.
	testutil.ParallelAtLeast(3)
	pg.Prestart()
	unleash.Prestart()
	unleashBeside = unleash.StartEarlyAfter(unleashtest.Options{Dump: true})
	code := m.Run()
	unleashBeside.Stop()
	unleash.Stop()
	pg.Stop()
	os.Exit(code)
}

const (
	reenterEnv = "FLAGADMIN_CLI_TEST_PROGRAM"
	readyLine  = "test program ready"
)
