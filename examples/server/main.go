// Command server serves the import validation and the user listing of the
// admin API over HTTP, wire-compatible with the reference server:
//
//	POST /api/admin/features-batch/validate
//	GET  /api/admin/user-admin
//
// Usage:
//
//	go run ./examples/server [flags]
//
// Flags:
//
//	-addr ADDR      listen address (default 127.0.0.1:4242)
//	-state FILE     state snapshot (its format: docs/SNAPSHOT.md); without it the
//	                embedded default state, whose admin token is printed
//	                to stdout at start
//	-max-body N     largest accepted request body in bytes (default 512000,
//	                the reference server's 500 kB); larger bodies get 413
//	-strict         run the extra validation rules and answer with them;
//	                what the reference server accepts after changing it
//	                (a coerced scalar such as "project": 5) is answered 400
//	-database URL   read the state, tokens and users from an Unleash 8.2+
//	                PostgreSQL database (default: $DATABASE_URL when
//	                -state is absent too); see package unleashdb
//	-unleash URL    read the state, the callers' rights and the users from
//	                a live Unleash 8 instance over its admin API; each
//	                incoming token is checked by asking the instance with
//	                it; see package unleashapi
//	-token-file F   file holding the API token for -unleash (default:
//	                $UNLEASH_API_TOKEN)
//	-unleash-url U  public URL of the instance, the base of invitation
//	                links (default: http:// and -addr; with -unleash the
//	                instance's own links are used)
//	-max-inflight N validations that run at once (default: the number of
//	                processors); more wait in line
//	-queue-timeout D how long a validation waits in line before it is
//	                answered 503 with Retry-After (default 2s)
//	-log-causes     write the cause of a 500 to its log line
//
// Unless GOGC or GOMEMLIMIT is set in the environment, the server runs its
// garbage collector at GOGC=400 with a soft memory limit of 192 MiB: a
// clean 489 kB body allocates about 1 MB, and at the runtime's default a
// collection would run during every other request. The limit keeps the
// heap bounded under hostile load.
//
// The server logs one JSON line per request to stderr and shuts down
// gracefully on SIGINT or SIGTERM. All the HTTP behaviour lives in the
// adminhttp package; this command only wires it with flags.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/flagadmin/flagadmin/examples/server/adminhttp"
	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/internal/cmdflag"
	"github.com/flagadmin/flagadmin/internal/gcsetting"
	"github.com/flagadmin/flagadmin/internal/unleashflag"
	"github.com/flagadmin/flagadmin/model"
)

// Timeouts of the server.
const (
	readHeaderTimeout = 5 * time.Second
	readTimeout       = 30 * time.Second
	writeTimeout      = 30 * time.Second
	idleTimeout       = 120 * time.Second
	shutdownTimeout   = 10 * time.Second
	maxHeaderBytes    = 64 << 10
)

// The collector's setting when the environment gives none: GOGC=400,
// measured to roughly halve the latency of a large clean body against
// GOGC=100, with a soft limit far above a server's usual heap (26 MB peak
// resident at GOGC=100, 42 MB at 400) and below the 300 MB that eight
// concurrent worst bodies may take at the peak.
const (
	gcPercent = 400
	gcLimit   = 192 << 20
)

func main() {
	gcsetting.Apply(os.Getenv, gcsetting.Setting{Percent: gcPercent, Limit: gcLimit})
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

// run starts the server and serves until ctx ends. It returns the exit
// code: 0 after a clean shutdown, 1 when serving fails, 2 for bad flags or
// a state that does not load.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	srv, ln, err := setup(args, stdout, stderr)
	if err != nil {
		var done flagsDone
		if errors.As(err, &done) { // the usage or the problem is printed
			return int(done)
		}
		fmt.Fprintln(stderr, "server:", err)
		return 2
	}
	fmt.Fprintf(stdout, "Listening on http://%s\n", ln.Addr())
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		fmt.Fprintln(stderr, "server:", err)
		return 1
	case <-ctx.Done():
	}
	fmt.Fprintln(stdout, "Shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), shutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		fmt.Fprintln(stderr, "server: shutdown:", err)
		return 1
	}
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintln(stderr, "server:", err)
		return 1
	}
	return 0
}

// setup parses the flags, loads the state, builds the handler and binds
// the listen address. Without -state it prints the admin token of the
// embedded default state to stdout.
func setup(args []string, stdout, stderr io.Writer) (*http.Server, net.Listener, error) {
	fs := flag.NewFlagSet("server", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:4242", "listen `address`")
	stateFile := fs.String("state", "", "state snapshot `file` (default: the embedded default state)")
	maxBody := fs.Int64("max-body", adminhttp.DefaultMaxBody, "largest accepted request body in `bytes` (500 kB = 500×1024)")
	strict := fs.Bool("strict", false, "run the extra validation rules and answer with them; answer 400 where the reference server coerces a value")
	logCauses := fs.Bool("log-causes", false, "write the cause of a 500 to its log line (a store's error may quote names from the request)")
	database := databaseFlag(fs)
	unleash := unleashflag.Register(fs)
	maxInFlight := fs.Int("max-inflight", 0, "validations that run at once; 0 means one per processor")
	queueTimeout := fs.Duration("queue-timeout", adminhttp.DefaultQueueTimeout, "how long a validation waits for a free slot before it gets 503")
	if code, ok := cmdflag.Parse(fs, args); !ok {
		return nil, nil, flagsDone(code)
	}
	if *maxBody <= 0 {
		return nil, nil, fmt.Errorf("-max-body must be positive, not %d", *maxBody)
	}
	if *maxInFlight < 0 {
		return nil, nil, fmt.Errorf("-max-inflight must not be negative, not %d", *maxInFlight)
	}
	if *queueTimeout <= 0 {
		return nil, nil, fmt.Errorf("-queue-timeout must be positive, not %v", *queueTimeout)
	}

	var src source
	var err error
	if unleash.Given() {
		src, err = openUnleash(unleash, database, *stateFile, os.Getenv, stdout)
	} else {
		src, err = openSource(database, *stateFile, *addr, os.Getenv, stdout)
	}
	if err != nil {
		return nil, nil, err
	}
	v, err := importvalidate.New(importvalidate.Options{
		State:  src.state,
		Strict: *strict,
	})
	if err != nil {
		return nil, nil, err
	}
	logHandler := slog.NewJSONHandler(stderr, nil)
	h, err := adminhttp.NewHandler(adminhttp.Options{
		Validator: v,
		Tokens:    src.tokens,
		Users:     src.users,
		MaxBody:   *maxBody,
		Logger:    slog.New(logHandler),
		Strict:    *strict,
		LogCauses: *logCauses,

		MaxInFlight:  *maxInFlight,
		QueueTimeout: *queueTimeout,
	})
	if err != nil {
		return nil, nil, err
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		src.close()
		if errors.Is(err, syscall.EADDRINUSE) {
			return nil, nil, fmt.Errorf("the address %s is in use by another program: choose another with -addr (-addr 127.0.0.1:0 picks a free port)", *addr)
		}
		return nil, nil, fmt.Errorf("listening on %s (-addr): %w", *addr, err)
	}
	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: readHeaderTimeout,
		ReadTimeout:       readTimeout,
		WriteTimeout:      writeTimeout,
		IdleTimeout:       idleTimeout,
		MaxHeaderBytes:    maxHeaderBytes,
		ErrorLog:          slog.NewLogLogger(logHandler, slog.LevelWarn),
	}
	srv.RegisterOnShutdown(src.close)
	return srv, ln, nil
}

// flagsDone means that the command line ended the command before it
// started (cmdflag.Parse): -help, or a flag or argument it refused and
// reported. Its value is the exit code.
type flagsDone int

func (c flagsDone) Error() string { return fmt.Sprintf("flags: exit code %d", int(c)) }

// adminToken returns the secret of the first admin token of s, "" when
// there is none.
func adminToken(s *model.Snapshot) string {
	for _, t := range s.Tokens {
		if t.Type == model.TokenAdmin {
			return t.Secret
		}
	}
	return ""
}
