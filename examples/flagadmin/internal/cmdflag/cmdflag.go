// Package cmdflag parses the flags of the module's example commands
// alike: -help exits 0, a bad flag or a positional argument exits 2.
package cmdflag

import (
	"errors"
	"flag"
	"fmt"
)

// Parse parses args with fs, a flag set of flag.ContinueOnError that
// takes no positional argument. When the command is to stop it returns
// ok false and the exit code: 0 after -help (the usage is printed), 2
// for a flag fs refused (it has printed why, with the usage) or for a
// positional argument, which Parse reports on fs.Output() as
// "NAME: unexpected argument".
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
