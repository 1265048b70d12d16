// Package cli is the flagadmin command: its subcommands (validate,
// snapshot, serve) and their flags. Package main of examples/flagadmin
// calls Main; examples/server, examples/validate and examples/snapshot call
// one subcommand each.
//
// A subcommand is a function of the command line and an Env, listed by
// commands; the source of the instance's state comes from package
// statesource, so that every subcommand takes the same source flags.
package cli

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/flagadmin/flagadmin/internal/gcsetting"
)

// Exit codes of every subcommand.
const (
	ExitOK       = 0
	ExitFindings = 1 // validate: a file fails the exit policy; serve, snapshot: the work failed
	ExitUsage    = 2 // a usage problem, a file or state that cannot be read
)

// Env is what a subcommand may use of the world.
type Env struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	// Getenv reads the environment; nil reads nothing.
	Getenv func(string) string
	// TuneGC lets a subcommand set the garbage collector for its work
	// (unless GOGC or GOMEMLIMIT is set): the programs set it, tests do
	// not.
	TuneGC bool
}

// getenv reads the environment variable name, "" without Getenv.
func (e Env) getenv(name string) string {
	if e.Getenv == nil {
		return ""
	}
	return e.Getenv(name)
}

// command is a subcommand.
type command struct {
	name, summary string
	run           func(ctx context.Context, args []string, env Env) int
}

// commands lists the subcommands, in the order the usage lists them.
func commands() []command {
	return []command{
		{"validate", "check export files (or import request bodies) against the state of an instance", Validate},
		{"snapshot", "write the state of an instance as a state snapshot, for offline checks", Snapshot},
		{"serve", "serve the import validation and the user listing of the admin API over HTTP", Serve},
	}
}

// Main runs the subcommand args[0] with the rest of args and returns the
// exit code.
func Main(ctx context.Context, args []string, env Env) int {
	if len(args) == 0 {
		usage(env.Stderr)
		return ExitUsage
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		usage(env.Stdout)
		return ExitOK
	}
	for _, c := range commands() {
		if c.name == args[0] {
			return c.run(ctx, args[1:], env)
		}
	}
	fmt.Fprintf(env.Stderr, "flagadmin: unknown command %q\n", args[0])
	usage(env.Stderr)
	return ExitUsage
}

// usage writes the command's usage.
func usage(w io.Writer) {
	var b strings.Builder
	b.WriteString("usage: flagadmin COMMAND [flags] [args]\n\ncommands:\n")
	for _, c := range commands() {
		fmt.Fprintf(&b, "  %-9s %s\n", c.name, c.summary)
	}
	b.WriteString("\n'flagadmin COMMAND -h' lists the flags of a command.\n")
	_, _ = io.WriteString(w, b.String())
}

// tuneGC applies setting unless env says not to.
func tuneGC(env Env, setting gcsetting.Setting) {
	if env.TuneGC {
		gcsetting.Apply(env.getenv, setting)
	}
}
