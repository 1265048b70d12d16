package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/flagadmin/flagadmin/internal/conformance"
	"github.com/flagadmin/flagadmin/internal/unleashtest"
)

// TestServerOnUnleash serves every recorded request from -unleash (the
// real Unleash 8.2.0 on the module's dump, with the token in a file) and
// from -state oracle-state.json: the answers must be the same. Then the
// flag's mistakes: no token, a wrong token, and -unleash with -state.
func TestServerOnUnleash(t *testing.T) {
	s := unleashtest.StartForTest(t, unleashtest.Options{PublicURL: "http://127.0.0.1:4242"}, true)
	tokenFile := filepath.Join(t.TempDir(), "token")
	if err := os.WriteFile(tokenFile, []byte(s.AdminToken+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	onAPI := startServer(t, "-unleash", s.URL, "-token-file", tokenFile)
	onSnap := startServer(t, "-state", conformance.StatePath())
	for _, c := range conformance.MustLoad(t, "*") {
		got, want := send(t, onAPI, c.Request), send(t, onSnap, c.Request)
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("%s (-state +unleash):\n%s", c.Name, d)
		}
	}

	wrong := filepath.Join(t.TempDir(), "wrong")
	if err := os.WriteFile(wrong, []byte("*:*.wrong-secret"), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("UNLEASH_API_TOKEN", "")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-unleash", s.URL}, "-unleash needs an API token"},
		{[]string{"-unleash", s.URL, "-token-file", wrong}, "401"},
		{[]string{"-unleash", s.URL, "-token-file", tokenFile, "-state", conformance.StatePath()}, "give one of -state, -database and -unleash"},
		{[]string{"-unleash", "not a url", "-token-file", tokenFile}, "absolute http or https URL"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(context.Background(), append([]string{"-addr", "127.0.0.1:0"}, tc.args...), &stdout, &stderr)
		if code != 2 || !strings.Contains(stderr.String(), tc.want) || strings.Contains(stderr.String(), "wrong-secret") {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tc.args, code, stderr.String(), tc.want)
		}
	}
}
