// Command record records what each Unleash version answers to the
// module's recorded requests and to a generated set of requests that
// probe what differs between versions, and writes the answers under
// testdata/versions/VERSION/ with the state they were given from.
//
// Usage:
//
//	go run ./internal/measure/record [-versions LIST] [-out DIR]
//	go run ./internal/measure/record -check [-versions LIST]
//	go run ./internal/measure/record -summary [-out DIR]
//	go run ./internal/measure/record -install [-versions LIST]
//
// Flags:
//
//	-versions LIST  all (the default), or versions separated by commas,
//	                such as 5.12.8,8.2.0 (those of unleashtest.Versions)
//	-out DIR        the directory of the recordings (default the module's
//	                testdata/versions)
//	-check          send the recorded requests again and report every
//	                answer that differs from the recorded one (error ids
//	                aside); write nothing; exit 1 when one differs
//	-summary        compare the recordings of every version with 8.2.0's,
//	                without a server: how many cases differ, and where
//	-install        install the versions into unleashtest's cache and
//	                report how long each took; nothing else
//
// Recording a version starts it with unleashtest (installing it first when
// it is not in the cache), seeds it to the state of testdata/conformance
// (unleashtest.Options.Seed: SQL and the admin API, the recorded tokens),
// sends every request of testdata/conformance/recorded and then the
// generated ones (generate.go) one after the other, reads the database as
// a state snapshot (unleashdb, on a copy of the database), and replaces
// DIR/VERSION: recorded/NAME.request.json and NAME.response.json in the
// format of testdata/conformance, state.json, and server.json (the version
// the server reported and its node). The answers do not depend on the
// time or the run: the seed pins the users' times and invitation tokens,
// and only the random ids of error bodies change between runs (-check and
// the tests compare without them).
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"time"

	"github.com/flagadmin/flagadmin/internal/measure/measureflag"
	"github.com/flagadmin/flagadmin/internal/testharness/conformance"
	"github.com/flagadmin/flagadmin/internal/testharness/unleashtest"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run parses the flags and does what they say; it returns the exit code:
// 0 when done, 1 when a server failed or (with -check) answered otherwise,
// 2 for bad flags.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("record", flag.ContinueOnError)
	fs.SetOutput(stderr)
	list := fs.String("versions", "all", "the versions: all, or a comma-separated `list`")
	out := fs.String("out", conformance.VersionsDir(), "the `directory` of the recordings")
	check := fs.Bool("check", false, "compare the live answers with the recorded ones; write nothing")
	summary := fs.Bool("summary", false, "compare the recordings with 8.2.0's, without a server")
	install := fs.Bool("install", false, "only install the versions into the cache")
	if code, ok := measureflag.Parse(fs, args); !ok {
		return code
	}
	if n := btoi(*check) + btoi(*summary) + btoi(*install); n > 1 {
		fmt.Fprintln(stderr, "record: -check, -summary and -install exclude each other")
		return 2
	}
	versions, err := unleashtest.ParseVersions(*list)
	if err != nil {
		fmt.Fprintf(stderr, "record: -versions: %v\n", err)
		return 2
	}
	switch {
	case *summary:
		if err := summarize(*out, stdout); err != nil {
			fmt.Fprintf(stderr, "record: %v\n", err)
			return 1
		}
		return 0
	case *install:
		for _, v := range versions {
			start := time.Now()
			in, err := unleashtest.EnsureVersionInstalled(ctx, v)
			if err != nil {
				fmt.Fprintf(stderr, "record: installing %s: %v\n", v, err)
				return 1
			}
			fmt.Fprintf(stdout, "%s: %s (%.1f s)\n", v, in.Dir, time.Since(start).Seconds())
		}
		return 0
	}
	failed := false
	for _, v := range versions {
		var err error
		if *check {
			var diffs []string
			diffs, err = checkVersion(ctx, v, *out, stdout)
			for _, d := range diffs {
				fmt.Fprintf(stdout, "%s: %s\n", v, d)
			}
			if err == nil && len(diffs) > 0 {
				failed = true
			}
		} else {
			err = recordVersion(ctx, v, *out, stdout)
		}
		if err != nil {
			fmt.Fprintf(stderr, "record: %s: %v\n", v, err)
			return 1
		}
	}
	if failed {
		return 1
	}
	return 0
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
