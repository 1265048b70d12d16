package validatetest_test

import (
	"testing"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/importvalidate/validatetest"
)

// TestFlags is the check that README.md and docs/CLI.md show, word for
// word (a test of the command holds them to it), on an export of flags
// the state has: it passes.
func TestFlags(t *testing.T) {
	validatetest.File(t, "testdata/flags.json", validatetest.Options{
		State:       validatetest.StateFile(t, "testdata/state.json"), // flagadmin snapshot writes one
		Permissions: importvalidate.AllPermissions{},
		// The target is the file's: the project and the environment it was
		// exported from (set Project and Environment to choose another).
		// Its flags exist, and importing it overwrites them, as intended.
		Accept: []string{"feature-exists"},
	})
}
