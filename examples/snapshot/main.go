// Command snapshot writes the state of an Unleash 8.2+ instance, read from
// its PostgreSQL database or over its admin API, as a state snapshot (the
// format of model.Snapshot), for checking export files offline, in CI or
// with `validate -state`:
//
//	go run ./examples/snapshot -database URL > state.json
//	UNLEASH_API_TOKEN=... go run ./examples/snapshot -unleash URL > state.json
//
// Flags:
//
//	-database URL      the instance's database (default: $DATABASE_URL)
//	-unleash URL       the instance's base URL, to read it over its admin
//	                   API instead (package unleashapi lists what the API
//	                   does not show: personal tokens, role grants, ...)
//	-token-file FILE   file holding the API token for -unleash (default:
//	                   $UNLEASH_API_TOKEN)
//	-unleash-url URL   the instance's public URL, the base of the
//	                   invitation links (default http://localhost:4242;
//	                   with -unleash the instance's own links are used)
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
	"github.com/flagadmin/flagadmin/internal/unleashflag"
	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/unleashapi"
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
	database := fs.String("database", "", "the instance's PostgreSQL `URL` (default: $DATABASE_URL)")
	unleashURL := fs.String("unleash-url", unleashdb.DefaultUnleashURL, "the instance's public `URL`, the base of invitation links")
	unleash := unleashflag.Register(fs)
	if code, ok := cmdflag.Parse(fs, args); !ok {
		return code
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	if unleash.Given() {
		if *database != "" {
			fmt.Fprintln(stderr, "snapshot: give -database or -unleash, not both")
			return 2
		}
		return write(stdout, stderr, func() (*model.Snapshot, error) {
			c, err := unleash.Open(ctx, getenv, unleashapi.Options{})
			if err != nil {
				return nil, err
			}
			return c.Snapshot(ctx)
		})
	}
	url := *database
	if url == "" {
		url = getenv("DATABASE_URL")
	}
	if url == "" {
		fmt.Fprintln(stderr, "snapshot: no database: give -database URL or set DATABASE_URL")
		return 2
	}
	return write(stdout, stderr, func() (*model.Snapshot, error) {
		db, err := unleashdb.Open(ctx, url, unleashdb.Options{UnleashURL: *unleashURL, MaxConns: 2})
		if err != nil {
			return nil, err
		}
		defer db.Close()
		return db.Snapshot(ctx)
	})
}

// write writes the snapshot that read returns, and returns the exit code.
func write(stdout, stderr io.Writer, read func() (*model.Snapshot, error)) int {
	s, err := read()
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
