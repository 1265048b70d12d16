package validatetest_test

import (
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/importvalidate/validatetest"
	"github.com/flagadmin/flagadmin/internal/testharness/unleashtest"
	"github.com/flagadmin/flagadmin/unleashapi"
)

// The state may be a live instance, by URL and token or as any State: the
// real Unleash 8.2.0 on the module's dump holds existing-flag.
func TestStateFromLiveInstance(t *testing.T) {
	s := unleashtest.StartForTest(t, unleashtest.Options{Dump: true})
	c, err := unleashapi.New(s.URL, s.AdminToken, unleashapi.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("UNLEASH_API_TOKEN", s.AdminToken)
	for name, opts := range map[string]validatetest.Options{
		"url and token":       {UnleashURL: s.URL, Token: s.AdminToken},
		"url and environment": {UnleashURL: s.URL},
		"source":              {Source: c},
	} {
		opts.Permissions = importvalidate.AllPermissions{}
		f := &fakeTB{}
		validatetest.File(f, existing, opts)
		// The file lists existing-flag without its description and its
		// strategy: what the import then resets and deletes comes with
		// the reference's warning, and the admin API cannot tell whether
		// some of those strategies are release-plan ones.
		want := []string{"import-unknown-fact", "import-metadata-reset", "import-strategies-replaced", "feature-exists"}
		if len(f.errors) != len(want) || len(f.fatals) != 0 {
			t.Errorf("%s: errors = %q, fatals = %q; want the warnings %q", name, f.errors, f.fatals, want)
			continue
		}
		for i, code := range want {
			if !strings.Contains(f.errors[i], "warning "+code+":") {
				t.Errorf("%s: line %d = %q, want the warning %s", name, i, f.errors[i], code)
			}
		}
	}
	f := &fakeTB{}
	validatetest.File(f, existing, validatetest.Options{UnleashURL: s.URL, Token: "*:*.wrong", Permissions: importvalidate.AllPermissions{}})
	if len(f.fatals) != 1 || !strings.Contains(f.fatals[0], "401") || strings.Contains(f.fatals[0], "wrong") {
		t.Errorf("a wrong token: fatals = %q", f.fatals)
	}
}
