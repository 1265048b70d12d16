// Command flagadmin checks feature export files against the state of an
// Unleash instance, writes that state as a snapshot for offline checks,
// and serves the admin API's import validation and user listing:
//
//	go install github.com/flagadmin/flagadmin/examples/flagadmin@latest
//	flagadmin validate -state state.json -project default -environment production export.json
//	flagadmin snapshot -database "$DATABASE_URL" > state.json
//	flagadmin serve -demo
//
// 'flagadmin COMMAND -h' lists the flags of a command; docs/CLI.md
// describes them, the output formats and the exit codes.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"github.com/flagadmin/flagadmin/internal/cli"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	code := cli.Main(ctx, os.Args[1:], cli.Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv, TuneGC: true})
	stop()
	os.Exit(code)
}
