package cli

import (
	"bufio"
	"context"
	"errors"
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

// errInterrupted is confirm's error when the context ended (Ctrl-C)
// before an answer.
var errInterrupted = errors.New("interrupted")

// confirm asks on env's terminal, as Terraform does, whether to perform
// the actions shown on target (the question names it, with action:
// "import ..."), and
// reports whether the answer was exactly "yes". The question goes to
// standard error, so that standard output holds only the plan. The
// context's end (Ctrl-C) ends the wait at once with errInterrupted; the
// read of the terminal is then left behind, and nothing acts on what it
// reads.
func confirm(ctx context.Context, env Env, target, action string) (bool, error) {
	fmt.Fprintf(env.Stderr, "\nDo you want to perform these actions on %s?\n"+
		"  flagadmin will %s.\n"+
		"  Only 'yes' will be accepted to approve.\n\n"+
		"  Enter a value: ", target, action)
	type read struct {
		line string
		err  error
	}
	answer := make(chan read, 1)
	go func() {
		line, err := bufio.NewReader(io.LimitReader(env.Stdin, 1<<10)).ReadString('\n')
		answer <- read{line, err}
	}()
	select {
	case <-ctx.Done():
		fmt.Fprintln(env.Stderr)
		return false, errInterrupted
	case r := <-answer:
		if r.err != nil && r.line == "" {
			fmt.Fprintln(env.Stderr)
		}
		if ctx.Err() != nil {
			return false, errInterrupted
		}
		return strings.TrimSpace(r.line) == "yes", nil
	}
}
