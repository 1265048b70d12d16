// Package cmdflag parses the flags of the module's example commands
// alike: -h writes the help to standard output and exits 0; a bad flag
// or an unexpected argument writes one line saying what is wrong and one
// line of usage to standard error and exits 2.
package cmdflag

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// Output is where a command's flag set writes: its Writer is standard
// error, for the errors; Stdout is standard output, for the help that -h
// asks for.
type Output struct {
	io.Writer
	Stdout io.Writer
}

// New returns the flag set of the command name ("flagadmin plan"), of
// flag.ContinueOnError, whose help is help followed by the flags; help's
// first line is the command's usage ("usage: flagadmin plan [flags]
// FILE..."). w is where it writes: an Output, or one writer for both.
func New(name, help string, w io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(w)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), help)
		fs.PrintDefaults()
	}
	return fs
}

// Parse parses args with fs, a flag set that takes no positional
// argument. When the command is to stop it returns ok false and the exit
// code: 0 after -h (see ParseInterspersed), 2 for a flag fs refused or
// for a positional argument, which Parse reports as "NAME: unexpected
// argument" with a line of usage.
func Parse(fs *flag.FlagSet, args []string) (code int, ok bool) {
	rest, code, ok := parse(fs, args, false)
	if ok && len(rest) > 0 {
		return Fail(fs, fmt.Sprintf("unexpected argument %q", rest[0])), false
	}
	return code, ok
}

// ParseInterspersed parses args with fs, where the positional arguments
// may stand before, between and after the flags, and returns them in
// order. When the command is to stop, ok is false and code is its exit
// code: 0 after -h, whose help goes to standard output; 2 for a flag fs
// refused, said in one line with a line of usage on standard error.
func ParseInterspersed(fs *flag.FlagSet, args []string) (rest []string, code int, ok bool) {
	return parse(fs, args, true)
}

// parse parses args with fs; interspersed reads flags after positional
// arguments too, else the positional arguments are the first and those
// after it.
func parse(fs *flag.FlagSet, args []string, interspersed bool) (rest []string, code int, ok bool) {
	out := fs.Output()
	// The flag package's own report of a refused flag is the whole help;
	// it is written below instead, as the command words it.
	fs.SetOutput(io.Discard)
	defer fs.SetOutput(out)
	for {
		err := fs.Parse(args)
		fs.SetOutput(out)
		switch {
		case errors.Is(err, flag.ErrHelp):
			help(fs)
			return nil, 0, false
		case err != nil:
			return nil, Fail(fs, err.Error()), false
		case fs.NArg() == 0:
			return rest, 0, true
		case !interspersed:
			return fs.Args(), 0, true
		}
		fs.SetOutput(io.Discard)
		rest = append(rest, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

// help writes fs's help to standard output.
func help(fs *flag.FlagSet) {
	out := fs.Output()
	if o, ok := out.(Output); ok {
		fs.SetOutput(o.Stdout)
		defer fs.SetOutput(out)
	}
	fs.Usage()
}

// Fail reports a usage problem of the command of fs, msg, on standard
// error, as "NAME: msg" and a line of usage, and returns the exit code 2.
func Fail(fs *flag.FlagSet, msg string) int {
	fmt.Fprintf(fs.Output(), "%s: %s\n%s\n", fs.Name(), msg, UsageLine(fs))
	return 2
}

// UsageLine is the one line of usage of fs's command: the first line of
// its help, and how to get the rest, such as "usage: flagadmin plan
// [flags] FILE...; 'flagadmin plan -h' for help".
func UsageLine(fs *flag.FlagSet) string {
	var b strings.Builder
	out := fs.Output()
	fs.SetOutput(&b)
	fs.Usage()
	fs.SetOutput(out)
	return Line(fs.Name(), b.String())
}

// Line is the one line of usage of the command name whose help is help,
// as UsageLine words it.
func Line(name, help string) string {
	first, _, _ := strings.Cut(help, "\n")
	if !strings.HasPrefix(first, "usage: ") { // the flag package's default
		first = "usage: " + name + " [flags]"
	}
	return fmt.Sprintf("%s; '%s -h' for help", strings.TrimSpace(first), name)
}
