package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"syscall"
	"time"

	"github.com/flagadmin/flagadmin/examples/flagadmin/internal/cmdflag"
	"github.com/flagadmin/flagadmin/examples/flagadmin/internal/gcsetting"
	"github.com/flagadmin/flagadmin/examples/server/adminhttp"
	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/importvalidate/plan"
)

// Timeouts of the server.
const (
	readHeaderTimeout = 5 * time.Second
	readTimeout       = 30 * time.Second
	writeTimeout      = 30 * time.Second
	idleTimeout       = 120 * time.Second
	shutdownTimeout   = 10 * time.Second
	maxHeaderBytes    = 64 << 10
	// openTimeout bounds connecting to the database and checking its
	// schema.
	openTimeout = 15 * time.Second
)

// The collector's setting of the server when the environment gives none:
// GOGC=400, measured to roughly halve the latency of a large clean body
// against GOGC=100, with a soft limit far above a server's usual heap (26
// MB peak resident at GOGC=100, 42 MB at 400) and below the 300 MB that
// eight concurrent worst bodies may take at the peak.
const (
	gcPercent = 400
	gcLimit   = 192 << 20
)

const serveUsage = `usage: flagadmin serve [flags]

Serves the import validation and the user listing of the admin API over
HTTP, wire-compatible with the reference server:

	POST /api/admin/features-batch/validate
	GET  /api/admin/user-admin

The state comes from -state FILE, -database URL (or $DATABASE_URL),
-unleash URL (a live instance over its admin API, which then checks each
caller's token), or, without any, the embedded demo instance, whose admin
token is printed at start. One JSON log line per request goes to stderr; SIGINT or SIGTERM
shut the server down gracefully.

Exit code: 0 after a clean shutdown, 1 when serving fails, 2 for bad flags
or a state that does not load.

flags:
`

// Serve is the serve subcommand: it serves until ctx ends.
func Serve(ctx context.Context, args []string, env Env) int {
	env = env.safe()
	tuneGC(env, gcsetting.Setting{Percent: gcPercent, Limit: gcLimit})
	srv, ln, err := setupServer(args, env)
	if err != nil {
		var done flagsDone
		if errors.As(err, &done) { // the usage or the problem is printed
			return int(done)
		}
		fmt.Fprintln(env.Stderr, "flagadmin serve:", err)
		return ExitUsage
	}
	fmt.Fprintf(env.Stdout, "Listening on http://%s\n", ln.Addr())
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		fmt.Fprintln(env.Stderr, "flagadmin serve:", err)
		return ExitFindings
	case <-ctx.Done():
	}
	fmt.Fprintln(env.Stdout, "Shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), shutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		fmt.Fprintln(env.Stderr, "flagadmin serve: shutdown:", err)
		return ExitFindings
	}
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintln(env.Stderr, "flagadmin serve:", err)
		return ExitFindings
	}
	return ExitOK
}

// setupServer parses the flags, opens the state source, builds the
// handler and binds the listen address. With the demo instance it prints
// the demo's admin token to stdout.
func setupServer(args []string, env Env) (*http.Server, net.Listener, error) {
	fs := newFlagSet("flagadmin serve", serveUsage, env.flagOutput())
	addr := fs.String("addr", "127.0.0.1:4242", "listen `address`")
	source := registerSource(fs)
	maxBody := fs.Int64("max-body", adminhttp.DefaultMaxBody, "largest accepted request body in `bytes` (500 kB = 500×1024)")
	strict := fs.Bool("strict", false, "run the extra validation rules and answer with them; answer 400 where the reference server coerces a value")
	logCauses := fs.Bool("log-causes", false, "write the cause of a 500 to its log line (a store's error may quote names from the request)")
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
	// The default answer, the reference's, reads none of the import's
	// facts: over -unleash they would cost requests for nothing.
	source.ImportFacts = source.ImportFacts && *strict
	octx, cancel := context.WithTimeout(context.Background(), openTimeout)
	defer cancel()
	src, err := source.Open(octx, sourceOptions{Getenv: env.Getenv, DemoByDefault: true, Note: noteTo(env.Stderr, "flagadmin serve"), PublicURL: "http://" + *addr})
	if err != nil {
		return nil, nil, err
	}
	announce(env.Stdout, src)
	prof := src.Profile()
	v, err := importvalidate.New(importvalidate.Options{State: src.State, Strict: *strict, Profile: &prof})
	if err != nil {
		src.Close()
		return nil, nil, err
	}
	logHandler := slog.NewJSONHandler(env.Stderr, nil)
	planner, err := plan.New(plan.Options{Source: src.State, Profile: &prof})
	if err != nil {
		src.Close()
		return nil, nil, err
	}
	h, err := adminhttp.NewHandler(adminhttp.Options{
		Planner:   planner,
		Validator: v,
		Tokens:    src.Tokens,
		Users:     src.Users,
		Profile:   &prof,
		MaxBody:   *maxBody,
		Logger:    slog.New(logHandler),
		Strict:    *strict,
		LogCauses: *logCauses,

		MaxInFlight:  *maxInFlight,
		QueueTimeout: *queueTimeout,
	})
	if err != nil {
		src.Close()
		return nil, nil, err
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		src.Close()
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
	srv.RegisterOnShutdown(src.Close)
	return srv, ln, nil
}

// announce says at start where the state comes from: the database, or
// the demo instance with its admin token.
func announce(w io.Writer, src *stateSource) {
	switch {
	case src.Demo && src.AdminToken != "":
		fmt.Fprintf(w, "Using the embedded default state. Admin token: %s\n", src.AdminToken)
	case src.Demo:
		fmt.Fprintln(w, "Using the embedded default state.")
	case src.Database:
		fmt.Fprintln(w, "Using the Unleash database.")
	case src.Unleash:
		fmt.Fprintf(w, "Using %s.\n", src.Name)
	}
}

// flagsDone means that the command line ended the command before it
// started (cmdflag.Parse): -help, or a flag or argument it refused and
// reported. Its value is the exit code.
type flagsDone int

func (c flagsDone) Error() string { return fmt.Sprintf("flags: exit code %d", int(c)) }
