package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/internal/conformance"
	"github.com/flagadmin/flagadmin/internal/unleashtest"
)

// TestUnleash validates the recorded export files against the real
// Unleash 8.2.0 on the module's dump, over its admin API, as against
// oracle-state.json; -token is resolved by the instance. Then the flag's
// mistakes.
func TestUnleash(t *testing.T) {
	s := unleashtest.StartForTest(t, unleashtest.Options{}, true)
	tokenFile := filepath.Join(t.TempDir(), "token")
	if err := os.WriteFile(tokenFile, []byte(s.AdminToken), 0o600); err != nil {
		t.Fatal(err)
	}
	sameAsSnapshot(t, "unleash", "-unleash", s.URL, "-token-file", tokenFile)

	t.Setenv("UNLEASH_API_TOKEN", s.AdminToken)
	files := []string{"../../testdata/exports/recorded-many-problems-admin.json"}
	if code, out, errOut := runIt("-unleash", s.URL, files[0]); code != exitErrors || !strings.Contains(out, "error unknown-strategy") {
		t.Errorf("UNLEASH_API_TOKEN: exit %d\n%s%s", code, out, errOut)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-unleash", s.URL, "-state", conformance.StatePath(), files[0]}, "give one of -state, -database and -unleash"},
		{[]string{"-unleash", s.URL, "-token", "user:nope-secret", files[0]}, "the instance has no such token"},
		{[]string{"-unleash", s.URL, "-token-file", filepath.Join(t.TempDir(), "none"), files[0]}, "-token-file"},
	} {
		code, _, errOut := runIt(tc.args...)
		if code == exitOK || code == exitErrors || !strings.Contains(errOut, tc.want) || strings.Contains(errOut, "nope-secret") {
			t.Errorf("%v: exit %d, stderr %q; want %q", tc.args, code, errOut, tc.want)
		}
	}
	t.Setenv("UNLEASH_API_TOKEN", "*:*.bad-secret")
	if code, _, errOut := runIt("-unleash", s.URL, files[0]); code == exitOK || !strings.Contains(errOut, "401") || strings.Contains(errOut, "bad-secret") {
		t.Errorf("a wrong token: exit %d, stderr %q", code, errOut)
	}
}
