// Package measureflag parses the flags of the measurement programs
// alike: -h writes the help and asks for exit code 0; a flag the set
// refuses, or a positional argument, asks for 2 after saying why.
package measureflag

import (
	"errors"
	"flag"
	"fmt"
)

// Parse parses args with fs, a flag set of flag.ContinueOnError that
// takes no positional argument. When the program is to stop, ok is false
// and code is its exit code: 0 after -h; 2 for a flag fs refused (fs has
// printed why, with the usage) or for a positional argument, which Parse
// reports to fs's output as "NAME: unexpected argument".
func Parse(fs *flag.FlagSet, args []string) (code int, ok bool) {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0, false
		}
		return 2, false
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(fs.Output(), "%s: unexpected argument %q\n", fs.Name(), fs.Arg(0))
		return 2, false
	}
	return 0, true
}
