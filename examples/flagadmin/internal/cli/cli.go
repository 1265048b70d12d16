// Package cli is the flagadmin command: its subcommands (validate,
// export, plan, apply, snapshot, serve, version) and their flags.
// Package main of examples/flagadmin calls Main.
//
// A subcommand is a function of the command line and an Env, listed by
// commands; the instance's state comes from the source flags of
// source.go, which validate, plan, snapshot and serve take alike (export
// and apply name one live instance: instance.go).
package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/flagadmin/flagadmin/examples/flagadmin/internal/cmdflag"
	"github.com/flagadmin/flagadmin/examples/flagadmin/internal/gcsetting"
	"github.com/flagadmin/flagadmin/internal/safetext"
)

// Exit codes of every subcommand.
const (
	ExitOK       = 0
	ExitFindings = 1 // validate: a file fails the exit policy; plan, apply, export: refused; serve, snapshot: the work failed
	ExitUsage    = 2 // a usage problem, a file or state that cannot be read (plan -detailed-exitcode: changes)
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
	// errTerminal: standard error is a terminal, as safe found it before
	// wrapping it.
	errTerminal bool
}

// safe returns e with its standard error written under the output rule
// of package safetext, so that no message quoting a name, a file name or
// an error of the input carries a raw control character: every
// subcommand starts with it.
func (e Env) safe() Env {
	if _, ok := e.Stderr.(*safetext.Writer); !ok && e.Stderr != nil {
		e.errTerminal = isTerminal(e.Stderr)
		e.Stderr = safetext.NewWriter(e.Stderr)
	}
	return e
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
		{"export", "write an instance's export of features, in a stable order for git", Export},
		{"plan", "tell what importing a file will change, feature by feature, before the import", Plan},
		{"apply", "import a saved plan (or a file, planned first) after checking that it still holds", Apply},
		{"snapshot", "write the state of an instance as a state snapshot, for offline checks", Snapshot},
		{"serve", "serve the import validation and the user listing of the admin API over HTTP", Serve},
		{"version", "write the version of flagadmin and of the Go that built it", Version},
	}
}

// Main runs the subcommand args[0] with the rest of args and returns the
// exit code.
func Main(ctx context.Context, args []string, env Env) int {
	env = env.safe()
	if len(args) == 0 {
		usage(env.Stderr)
		return ExitUsage
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		usage(env.Stdout)
		return ExitOK
	case "-version", "--version":
		return Version(ctx, args[1:], env)
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

// parsed is the parsed command line of a subcommand, which runs it.
type parsed interface {
	run(ctx context.Context, env Env) int
}

// start runs a subcommand: with env made safe, it parses args with parse,
// which prints why when the command is to stop (to env.flagOutput), and
// runs the parsed command line.
func start[C parsed](ctx context.Context, args []string, env Env, parse func([]string, io.Writer) (C, int, bool)) int {
	env = env.safe()
	cfg, code, ok := parse(args, env.flagOutput())
	if !ok {
		return code
	}
	return cfg.run(ctx, env)
}

// sayTo returns what writes a message of the subcommand command
// ("flagadmin apply") to w, on a line of its own.
func sayTo(w io.Writer, command string) func(format string, a ...any) {
	return func(format string, a ...any) { fmt.Fprintf(w, command+": "+format+"\n", a...) }
}

// failTo returns what reports the error that ends the subcommand command:
// it writes err to w as sayTo does and returns code, the exit code.
func failTo(w io.Writer, command string) func(code int, err error) int {
	say := sayTo(w, command)
	return func(code int, err error) int {
		say("%v", err)
		return code
	}
}

// newFlagSet is the flag set of the subcommand name ("flagadmin plan"),
// whose help is usage followed by the flags (cmdflag.New): w is
// env.flagOutput(), or a writer for both help and errors.
func newFlagSet(name, usage string, w io.Writer) *flag.FlagSet { return cmdflag.New(name, usage, w) }

// flagOutput is where a subcommand's flags are reported: errors to
// standard error, the help of -h to standard output.
func (e Env) flagOutput() cmdflag.Output { return cmdflag.Output{Writer: e.Stderr, Stdout: e.Stdout} }

// parseInterspersed parses args with fs, where the positional arguments
// may stand before, between and after the flags (cmdflag.ParseInterspersed).
func parseInterspersed(fs *flag.FlagSet, args []string) (rest []string, code int, ok bool) {
	return cmdflag.ParseInterspersed(fs, args)
}
