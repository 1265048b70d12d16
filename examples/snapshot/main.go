// Command snapshot writes the state of an Unleash 8.2+ instance, read from
// its PostgreSQL database, as a state snapshot; it is 'flagadmin
// snapshot' (internal/cli), whose flags it takes:
//
//	go run ./examples/snapshot -database-file db.url > state.json
package main

import (
	"context"
	"os"
	"os/signal"

	"github.com/flagadmin/flagadmin/internal/cli"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	code := cli.Snapshot(ctx, os.Args[1:], cli.Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv})
	stop()
	os.Exit(code)
}
