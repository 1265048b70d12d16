package cli

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// runMain runs flagadmin with args, without stdin or environment
// variables, and returns its exit code, stdout and stderr.
func runMain(args ...string) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	code = Main(context.Background(), args, Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut})
	return code, out.String(), errOut.String()
}

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
		{[]string{"validate", "-demo", "examples/flagadmin/internal/cli/testdata/clean.json"}, 2, "", "no such file"},
	} {
		code, stdout, stderr := runMain(tc.args...)
		if code != tc.code || !strings.Contains(stdout, tc.stdout) || !strings.Contains(stderr, tc.errs) {
			t.Errorf("%q: exit %d; want %d\nstdout:\n%s\nstderr:\n%s", tc.args, code, tc.code, stdout, stderr)
		}
	}
}
