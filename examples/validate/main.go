// Command validate checks feature export files the way the admin API's
// import validation does, without a server; it is 'flagadmin validate'
// (internal/cli), whose flags and arguments it takes:
//
//	go run ./examples/validate -state state.json -project default -environment production export.json
//
// docs/CLI.md describes the flags, the formats and the exit codes.
package main

import (
	"context"
	"os"

	"github.com/flagadmin/flagadmin/internal/cli"
)

func main() {
	os.Exit(cli.Validate(context.Background(), os.Args[1:],
		cli.Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv, TuneGC: true}))
}
