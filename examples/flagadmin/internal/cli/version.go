package cli

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"

	"github.com/flagadmin/flagadmin/examples/flagadmin/internal/cmdflag"
)

const versionUsage = `usage: flagadmin version

Writes the version of flagadmin (the module's version the binary was
built from, with its commit when built from a clone), the Go version that
built it, and the platform. 'flagadmin -version' writes the same.

flags:
`

// Version is the version subcommand.
func Version(_ context.Context, args []string, env Env) int {
	env = env.safe()
	fs := newFlagSet("flagadmin version", versionUsage, env.flagOutput())
	if code, ok := cmdflag.Parse(fs, args); !ok {
		return code
	}
	writeVersion(env.Stdout, debug.ReadBuildInfo)
	return ExitOK
}

// writeVersion writes the version line of the build that readBuildInfo
// describes, such as "flagadmin v1.4.0 (go1.24.2, linux/amd64)" or
// "flagadmin (devel) commit 12a17b1c4e0f, modified (go1.24.2,
// linux/amd64)".
func writeVersion(w io.Writer, readBuildInfo func() (*debug.BuildInfo, bool)) {
	version, goVersion := "(unknown)", runtime.Version()
	var commit, modified string
	if bi, ok := readBuildInfo(); ok {
		goVersion = bi.GoVersion
		if bi.Main.Version != "" {
			version = bi.Main.Version
		}
		for _, s := range bi.Settings {
			switch {
			case s.Key == "vcs.revision" && len(s.Value) > 12:
				commit = s.Value[:12]
			case s.Key == "vcs.revision":
				commit = s.Value
			case s.Key == "vcs.modified" && s.Value == "true":
				modified = ", modified"
			}
		}
	}
	line := "flagadmin " + version
	if commit != "" {
		line += " commit " + commit + modified
	}
	fmt.Fprintf(w, "%s (%s, %s/%s)\n", line, goVersion, runtime.GOOS, runtime.GOARCH)
}
