// Command server serves the import validation, the import plan and the
// user listing of the admin API over HTTP, wire-compatible with the
// reference server, on the embedded default state:
//
//	go run ./examples/server [-addr 127.0.0.1:4242]
//
// It prints the state's admin token, to send as the Authorization header.
// It is the smallest wiring of the adminhttp package; 'flagadmin serve'
// (examples/flagadmin) serves any state (a snapshot file, an Unleash
// database, a live instance) with every setting of docs/CLI.md.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/flagadmin/flagadmin/examples/server/adminhttp"
	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/importvalidate/plan"
	"github.com/flagadmin/flagadmin/instance"
	"github.com/flagadmin/flagadmin/model"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:4242", "listen `address`")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := serve(ctx, *addr); err != nil {
		log.Fatal(err)
	}
}

// serve serves the endpoints on the embedded default state until ctx ends.
func serve(ctx context.Context, addr string) error {
	snap, err := model.DefaultSnapshot()
	if err != nil {
		return err
	}
	inst, err := instance.FromSnapshot(snap)
	if err != nil {
		return err
	}
	validator, err := importvalidate.New(importvalidate.Options{State: inst.State})
	if err != nil {
		return err
	}
	prof := inst.Profile()
	planner, err := plan.New(plan.Options{Source: inst.State, Profile: &prof})
	if err != nil {
		return err
	}
	h, err := adminhttp.NewHandler(adminhttp.Options{
		Validator: validator,
		Planner:   planner,
		Tokens:    inst.Tokens,
		Users:     inst.Users,
		Logger:    slog.New(slog.NewJSONHandler(os.Stderr, nil)),
	})
	if err != nil {
		return err
	}
	for _, t := range snap.Tokens {
		if t.Type == model.TokenAdmin {
			fmt.Printf("Using the embedded default state. Admin token: %s\n", t.Secret)
			break
		}
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	fmt.Printf("Listening on http://%s\n", ln.Addr())
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return srv.Shutdown(shutdown)
}
