package cli

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// TestMain dispatches to the subcommands; each has -h.
func TestMainDispatch(t *testing.T) {
	for _, tc := range []struct {
		args         []string
		code         int
		stdout, errs string
	}{
		{nil, 2, "", "usage: flagadmin COMMAND"},
		{[]string{"-h"}, 0, "validate", ""},
		{[]string{"help"}, 0, "serve", ""},
		{[]string{"lint"}, 2, "", `unknown command "lint"`},
		{[]string{"validate", "-h"}, 0, "", "-fail-on"},
		{[]string{"snapshot", "-h"}, 0, "", "-public-url"},
		{[]string{"serve", "-h"}, 0, "", "-addr"},
		{[]string{"validate", "-demo", "internal/cli/testdata/clean.json"}, 2, "", "no such file"},
	} {
		var stdout, stderr bytes.Buffer
		code := Main(context.Background(), tc.args, Env{Stdin: strings.NewReader(""), Stdout: &stdout, Stderr: &stderr})
		if code != tc.code || !strings.Contains(stdout.String(), tc.stdout) || !strings.Contains(stderr.String(), tc.errs) {
			t.Errorf("%q: exit %d; want %d\nstdout:\n%s\nstderr:\n%s", tc.args, code, tc.code, stdout.String(), stderr.String())
		}
	}
}
