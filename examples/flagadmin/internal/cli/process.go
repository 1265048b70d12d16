package cli

import (
	"context"
	"os"
	"os/signal"
	"syscall"
	"time"
)

// signalGrace is how long a command may take to end after SIGINT or
// SIGTERM before the process exits anyway: longer than serve's graceful
// shutdown, far longer than any other command needs, since every read
// and every call watches the context.
const signalGrace = shutdownTimeout + 5*time.Second

// ExitInterrupted is the exit code of a process that a signal ended
// before its command did.
const ExitInterrupted = 130

// Exit runs command (Main, Serve or Snapshot) as a program's main does: with the
// process's arguments, standard streams and environment, and a context
// that SIGINT and SIGTERM end; it exits with the command's code. After
// the first signal a second one ends the process at once, and so does
// the end of signalGrace.
func Exit(command func(ctx context.Context, args []string, env Env) int) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		stop() // the next signal takes its default action
		time.Sleep(signalGrace)
		os.Exit(ExitInterrupted)
	}()
	code := command(ctx, os.Args[1:], Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv, TuneGC: true})
	stop()
	os.Exit(code)
}
