package plan_test

import (
	"os"
	"slices"
	"testing"

	"github.com/flagadmin/flagadmin/internal/testharness/unleashtest"
)

// unleash holds the real Unleash the live tests share, one per version,
// each on an empty database, started by the first test that needs it:
// the import proofs (TestPlanMatchesRealImport and
// TestValidateMatchesRealImport) give the features of every file names,
// or a project, of its own, and make the fixtures they share (a context
// field, a segment, a tag type) only where missing.
var unleash unleashtest.Envs

func TestMain(m *testing.M) {
	// The proofs run on 8.2.0 when it is among the versions of the tests
	// (proofVersions): it starts while the other tests run.
	if versions, err := unleashtest.TestVersions(); err == nil && slices.Contains(versions, unleashtest.UnleashVersion) {
		unleash.Prestart(unleashtest.UnleashVersion)
	}
	code := m.Run()
	unleash.Stop()
	os.Exit(code)
}
