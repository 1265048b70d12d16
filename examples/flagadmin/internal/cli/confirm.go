package cli

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"

	"golang.org/x/term"
)

// stdinTerminal reports whether env's standard input is a terminal that
// a person can answer on: the TCGETS test (TIOCGETA on BSD and macOS,
// GetConsoleMode on Windows) of golang.org/x/term. A mode check alone
// would take /dev/null, a common standard input of cron and CI, for one.
func stdinTerminal(env Env) bool {
	f, ok := env.Stdin.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// confirm asks on env's terminal, as Terraform does, whether to perform
// the actions shown, and reports whether the answer was exactly "yes".
// The question goes to standard error, so that standard output holds
// only the plan.
func confirm(env Env, target string) bool {
	fmt.Fprintf(env.Stderr, "\nDo you want to perform these actions on %s?\n"+
		"  flagadmin will import the changes described above.\n"+
		"  Only 'yes' will be accepted to approve.\n\n"+
		"  Enter a value: ", target)
	line, err := bufio.NewReader(io.LimitReader(env.Stdin, 1<<10)).ReadString('\n')
	if err != nil && line == "" {
		fmt.Fprintln(env.Stderr)
	}
	return strings.TrimSpace(line) == "yes"
}
