package validatetest_test

import (
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/importvalidate/validatetest"
	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
	"github.com/flagadmin/flagadmin/internal/testharness/unleashtest"
	"github.com/flagadmin/flagadmin/unleashapi"
)

// The state may be a live instance's: the real Unleash 8.2.0 on the
// module's dump holds existing-flag. A token the instance refuses fails
// the test at once, without the token in the message. A long test
// (FLAGADMIN_LONG=1, .ci/long): it starts a server of its own, and the
// quick suite checks the same validation over the same state on
// unleashapi's shared server (unleashapi.TestImportFactsOnDump), and the
// refused token there too.
func TestStateFromLiveInstance(t *testing.T) {
	testutil.SkipUnlessLong(t)
	s := unleashtest.StartForTest(t, unleashtest.Options{Dump: true})
	for token, want := range map[string]string{s.AdminToken: "", "*:*.wrong": "401"} {
		c, err := unleashapi.New(s.URL, token, unleashapi.Options{ImportFacts: true})
		if err != nil {
			t.Fatal(err)
		}
		f := &fakeTB{}
		validatetest.File(f, existing, validatetest.Options{State: c.Instance().State, Permissions: importvalidate.AllPermissions{}})
		if want != "" {
			if len(f.fatals) != 1 || !strings.Contains(f.fatals[0], want) || strings.Contains(f.fatals[0], "wrong") {
				t.Errorf("a wrong token: fatals = %q", f.fatals)
			}
			continue
		}
		// The file lists existing-flag without its description and its
		// strategy: what the import then resets and deletes comes with
		// the reference's warning. The instance is open source, which
		// has no release plans: nothing is left unknown.
		codes := []string{"import-metadata-reset", "import-strategies-replaced", "feature-exists"}
		if len(f.errors) != len(codes) || len(f.fatals) != 0 {
			t.Errorf("errors = %q, fatals = %q; want the warnings %q", f.errors, f.fatals, codes)
			continue
		}
		for i, code := range codes {
			if !strings.Contains(f.errors[i], "warning "+code+":") {
				t.Errorf("line %d = %q, want the warning %s", i, f.errors[i], code)
			}
		}
	}
}
