package cli

import (
	"bytes"
	"context"
	"runtime"
	"runtime/debug"
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
		{[]string{"validate", "-h"}, 0, "-fail-on", ""},
		{[]string{"snapshot", "-h"}, 0, "-public-url", ""},
		{[]string{"serve", "-h"}, 0, "-addr", ""},
		{[]string{"plan", "--help"}, 0, "-detailed-exitcode", ""},
		{[]string{"export", "-h"}, 0, "-tag", ""},
		{[]string{"apply", "-h"}, 0, "-auto-approve", ""},
		{[]string{"version"}, 0, "flagadmin ", ""},
		{[]string{"-version"}, 0, "flagadmin ", ""},
		{[]string{"validate", "-demo", "examples/flagadmin/internal/cli/testdata/clean.json"}, 2, "", "no such file"},
	} {
		code, stdout, stderr := runMain(tc.args...)
		if code != tc.code || !strings.Contains(stdout, tc.stdout) || !strings.Contains(stderr, tc.errs) ||
			tc.stdout == "" && stdout != "" || tc.errs == "" && stderr != "" {
			t.Errorf("%q: exit %d; want %d\nstdout:\n%s\nstderr:\n%s", tc.args, code, tc.code, stdout, stderr)
		}
	}
}

// TestUnknownFlag: a flag no subcommand has is said in one line, with one
// line of usage, and exits 2; the help is for -h.
func TestUnknownFlag(t *testing.T) {
	for _, tc := range []struct{ args []string }{
		{[]string{"validate", "-nope", "x.json"}},
		{[]string{"plan", "x.json", "-nope"}},
		{[]string{"apply", "-nope"}},
		{[]string{"export", "-nope"}},
		{[]string{"snapshot", "-nope"}},
		{[]string{"serve", "-nope"}},
		{[]string{"version", "-nope"}},
	} {
		code, stdout, stderr := runMain(tc.args...)
		want := "flagadmin " + tc.args[0] + ": flag provided but not defined: -nope\nusage: flagadmin " + tc.args[0]
		if code != ExitUsage || stdout != "" || !strings.HasPrefix(stderr, want) ||
			!strings.HasSuffix(stderr, "; 'flagadmin "+tc.args[0]+" -h' for help\n") || strings.Count(stderr, "\n") != 2 {
			t.Errorf("%q: exit %d\nstdout:\n%s\nstderr:\n%s", tc.args, code, stdout, stderr)
		}
	}
}

// TestVersion: the version line names the module's version, the commit
// and whether the tree was modified, when the build says them, the Go
// version and the platform.
func TestVersion(t *testing.T) {
	for _, tc := range []struct {
		info *debug.BuildInfo
		want string
	}{
		{&debug.BuildInfo{GoVersion: "go1.24.2", Main: debug.Module{Version: "v1.4.0"}}, "flagadmin v1.4.0 (go1.24.2, "},
		{&debug.BuildInfo{GoVersion: "go1.24.2", Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "12a17b1c4e0f5d6e7f8091a2b3c4d5e6f7081920"}, {Key: "vcs.modified", Value: "true"}}},
			"flagadmin (devel) commit 12a17b1c4e0f, modified (go1.24.2, "},
		{nil, "flagadmin (unknown) (" + runtime.Version() + ", "},
	} {
		var b strings.Builder
		writeVersion(&b, func() (*debug.BuildInfo, bool) { return tc.info, tc.info != nil })
		if !strings.HasPrefix(b.String(), tc.want) || !strings.HasSuffix(b.String(), runtime.GOOS+"/"+runtime.GOARCH+")\n") {
			t.Errorf("version %q; want it to start %q", b.String(), tc.want)
		}
	}
}
