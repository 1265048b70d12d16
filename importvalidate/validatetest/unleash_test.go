package validatetest_test

import (
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/importvalidate/validatetest"
	"github.com/flagadmin/flagadmin/internal/testharness/unleashtest"
	"github.com/flagadmin/flagadmin/unleashapi"
)

// The state may be a live instance's: the real Unleash 8.2.0 on the
// module's dump holds existing-flag. A token the instance refuses fails
// the test at once, without the token in the message.
func TestStateFromLiveInstance(t *testing.T) {
	s := unleashtest.StartForTest(t, unleashtest.Options{Dump: true})
	for token, want := range map[string]string{s.AdminToken: "", "*:*.wrong": "401"} {
		c, err := unleashapi.New(s.URL, token, unleashapi.Options{})
		if err != nil {
			t.Fatal(err)
		}
		f := &fakeTB{}
		validatetest.File(f, existing, validatetest.Options{State: c.Instance().State, Permissions: importvalidate.AllPermissions{}})
		switch {
		case want == "" && (len(f.errors) != 1 || !strings.Contains(f.errors[0], "feature-exists") || len(f.fatals) != 0):
			t.Errorf("errors = %q, fatals = %q; want the feature-exists warning", f.errors, f.fatals)
		case want != "" && (len(f.fatals) != 1 || !strings.Contains(f.fatals[0], want) || strings.Contains(f.fatals[0], "wrong")):
			t.Errorf("a wrong token: fatals = %q", f.fatals)
		}
	}
}
