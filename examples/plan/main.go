// Command plan tells what importing a feature export file will change,
// feature by feature, before the import runs; it is 'flagadmin plan'
// (internal/cli), whose flags it takes:
//
//	go run ./examples/plan -state state.json export.json
package main

import (
	"context"
	"os"

	"github.com/flagadmin/flagadmin/internal/cli"
)

func main() {
	os.Exit(cli.Plan(context.Background(), os.Args[1:],
		cli.Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv}))
}
