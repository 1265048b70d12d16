package cli

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

// Exit runs command (Main, Serve or Snapshot) as a program's main does: with the
// process's arguments, standard streams and environment, and a context
// that SIGINT and SIGTERM end; it exits with the command's code.
func Exit(command func(ctx context.Context, args []string, env Env) int) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	code := command(ctx, os.Args[1:], Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv, TuneGC: true})
	stop()
	os.Exit(code)
}
