// Command snapshot writes the state of an Unleash 8.2+ instance, read from
// its PostgreSQL database, as a state snapshot (the format of
// model.Snapshot), for checking export files offline, in CI or with
// `validate -state`:
//
//	go run ./examples/snapshot -database URL > state.json
//
// Flags:
//
//	-database URL      the instance's database (default: $DATABASE_URL);
//	                   the URL shows in the process list: prefer
//	                   DATABASE_URL or
//	-database-file F   a file holding the URL
//	-unleash-url URL   the instance's public URL, the base of the
//	                   invitation links (default http://localhost:4242)
//
// The snapshot holds the instance's API token secrets: keep it as secret
// as the database. The exit code is 0 on success, 1 when reading the
// database fails, 2 for a usage problem.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"time"

	"github.com/flagadmin/flagadmin/internal/cmdflag"
	"github.com/flagadmin/flagadmin/internal/dbflag"
	"github.com/flagadmin/flagadmin/unleashdb"
)

// timeout bounds the whole run.
const timeout = time.Minute

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr))
}

// run is the command; getenv reads the environment.
func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("snapshot", flag.ContinueOnError)
	fs.SetOutput(stderr)
	database := dbflag.Register(fs, "to read")
	unleashURL := fs.String("unleash-url", unleashdb.DefaultUnleashURL, "the instance's public `URL`, the base of invitation links")
	if code, ok := cmdflag.Parse(fs, args); !ok {
		return code
	}
	url, err := database.URL(getenv, true)
	if err != nil {
		fmt.Fprintln(stderr, "snapshot:", err)
		return 2
	}
	if url == "" {
		fmt.Fprintln(stderr, "snapshot: no database: give -database URL or -database-file FILE, or set DATABASE_URL")
		return 2
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	db, err := unleashdb.Open(ctx, url, unleashdb.Options{UnleashURL: *unleashURL, MaxConns: 2})
	if err != nil {
		fmt.Fprintln(stderr, "snapshot:", err)
		return 1
	}
	defer db.Close()
	s, err := db.Snapshot(ctx)
	if err != nil {
		fmt.Fprintln(stderr, "snapshot:", err)
		return 1
	}
	b, err := json.MarshalIndent(s, "", " ")
	if err != nil {
		fmt.Fprintln(stderr, "snapshot:", err)
		return 1
	}
	if _, err := stdout.Write(append(b, '\n')); err != nil {
		fmt.Fprintln(stderr, "snapshot: writing:", err)
		return 1
	}
	return 0
}
