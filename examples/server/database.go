package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"time"

	"github.com/flagadmin/flagadmin/auth"
	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/internal/dbflag"
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
	// close releases the database connections; it does nothing for a
	// snapshot.
	close func()
}

// databaseFlags are the flags of the database.
type databaseFlags struct {
	db         *dbflag.Flags
	unleashURL *string
	timeout    *time.Duration
	maxConns   *int
}

// databaseFlag registers -database, -database-file and -unleash-url on fs.
func databaseFlag(fs *flag.FlagSet) databaseFlags {
	return databaseFlags{
		db:         dbflag.Register(fs, "to read the state from, when -state is absent"),
		unleashURL: fs.String("unleash-url", "", "public `URL` of the instance, the base of invitation links in the user listing (default: http:// and -addr)"),
		timeout: fs.Duration("database-timeout", unleashdb.DefaultQueryTimeout,
			"deadline of each database call; a call past it is answered 503 with Retry-After"),
		maxConns: fs.Int("database-max-conns", 0,
			"largest number of database connections; 0 means 4 or one per CPU, at most what the role and the database may open"),
	}
}

// openSource reads the state from the database of -database (or
// -database-file), or else from DATABASE_URL when stateFile is "" too, or
// else from the snapshot in
// stateFile or the embedded default state (whose admin token it prints to
// stdout). Without -unleash-url, addr, the listen address, makes the public
// URL of invitation links.
func openSource(df databaseFlags, stateFile, addr string, getenv func(string) string, stdout io.Writer) (source, error) {
	if df.db.Given() && stateFile != "" {
		return source{}, errors.New("give -database (or -database-file) or -state, not both")
	}
	dbURL, err := df.db.URL(getenv, stateFile == "")
	if err != nil {
		return source{}, err
	}
	if dbURL != "" {
		ctx, cancel := context.WithTimeout(context.Background(), openTimeout)
		defer cancel()
		public := *df.unleashURL
		if public == "" {
			public = "http://" + addr
		}
		if *df.timeout <= 0 || *df.maxConns < 0 || *df.maxConns > math.MaxInt32 {
			return source{}, fmt.Errorf("-database-timeout must be positive and -database-max-conns in [0, %d]", math.MaxInt32)
		}
		db, err := unleashdb.Open(ctx, dbURL, unleashdb.Options{UnleashURL: public,
			QueryTimeout: *df.timeout, MaxConns: int32(*df.maxConns)})
		if err != nil {
			return source{}, err
		}
		fmt.Fprintln(stdout, "Using the Unleash database.")
		return source{state: db, tokens: db, users: db, close: db.Close}, nil
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
	return source{state: st, tokens: tokens, users: users.NewMemoryStore(snap), close: func() {}}, nil
}
