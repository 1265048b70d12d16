package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/flagadmin/flagadmin/auth"
	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/importvalidate/plan"
	"github.com/flagadmin/flagadmin/internal/statefile"
	"github.com/flagadmin/flagadmin/unleashdb"
	"github.com/flagadmin/flagadmin/users"
)

// openTimeout bounds connecting to the database and checking its schema.
const openTimeout = 15 * time.Second

// source is where the server reads the instance's state, tokens and users.
type source struct {
	state  importvalidate.State
	tokens auth.TokenLookup
	users  users.Store
	// plan is the current configuration, for the plan endpoint.
	plan plan.Source
	// close releases the database connections; it does nothing for a
	// snapshot.
	close func()
}

// databaseFlags are the flags of the database.
type databaseFlags struct {
	url        *string
	unleashURL *string
}

// databaseFlag registers -database and -unleash-url on fs.
func databaseFlag(fs *flag.FlagSet) databaseFlags {
	return databaseFlags{
		url:        fs.String("database", "", "PostgreSQL `URL` of an Unleash 8.2+ database to read the state from (default: $DATABASE_URL when -state is absent too)"),
		unleashURL: fs.String("unleash-url", "", "public `URL` of the instance, the base of invitation links in the user listing (default: http:// and -addr)"),
	}
}

// openSource reads the state from the database of -database, or else from
// DATABASE_URL when stateFile is "" too, or else from the snapshot in
// stateFile or the embedded default state (whose admin token it prints to
// stdout). Without -unleash-url, addr, the listen address, makes the public
// URL of invitation links.
func openSource(df databaseFlags, stateFile, addr string, getenv func(string) string, stdout io.Writer) (source, error) {
	dbURL := *df.url
	if dbURL != "" && stateFile != "" {
		return source{}, errors.New("give -database or -state, not both")
	}
	if dbURL == "" && stateFile == "" {
		dbURL = getenv("DATABASE_URL")
	}
	if dbURL != "" {
		ctx, cancel := context.WithTimeout(context.Background(), openTimeout)
		defer cancel()
		public := *df.unleashURL
		if public == "" {
			public = "http://" + addr
		}
		db, err := unleashdb.Open(ctx, dbURL, unleashdb.Options{UnleashURL: public})
		if err != nil {
			return source{}, err
		}
		fmt.Fprintln(stdout, "Using the Unleash database.")
		return source{state: db, tokens: db, users: db, plan: db, close: db.Close}, nil
	}
	snap, err := statefile.Load(stateFile)
	if err != nil {
		return source{}, err
	}
	if stateFile == "" {
		if tok := adminToken(snap); tok != "" {
			fmt.Fprintf(stdout, "Using the embedded default state. Admin token: %s\n", tok)
		}
	}
	st, err := importvalidate.NewMemoryState(snap)
	if err != nil {
		return source{}, fmt.Errorf("state: %w", err)
	}
	tokens, err := auth.NewMemoryLookup(snap)
	if err != nil {
		return source{}, fmt.Errorf("state: %w", err)
	}
	configs, err := plan.NewMemorySource(snap)
	if err != nil {
		return source{}, fmt.Errorf("state: %w", err)
	}
	return source{state: st, tokens: tokens, users: users.NewMemoryStore(snap), plan: configs, close: func() {}}, nil
}
