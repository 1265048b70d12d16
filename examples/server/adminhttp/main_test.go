package adminhttp_test

import (
	"os"
	"testing"

	"github.com/flagadmin/flagadmin/internal/testharness/pgtest"
	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
	"github.com/flagadmin/flagadmin/internal/testharness/unleashtest"
)

// The servers of TestOnUnleash (Unleash 8.2.0 on the module's dump) and
// TestOnDatabase (a cluster with the reference dump), each a test's own
// (both stop theirs), started by TestMain in the background so that they
// get ready while the other tests run.
var (
	unleashEarly *testutil.Early[*unleashtest.Server]
	pgEarly      *testutil.Early[*pgtest.Cluster]
)

func TestMain(m *testing.M) {
	unleashEarly = unleashtest.StartEarly(unleashtest.Options{Dump: true, PublicURL: dbOracleURL})
	pgEarly = pgtest.StartEarly()
	code := m.Run()
	unleashEarly.Stop()
	pgEarly.Stop()
	os.Exit(code)
}
