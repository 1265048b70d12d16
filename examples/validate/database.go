package main

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/flagadmin/flagadmin/auth"
	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/unleashdb"
)

// databaseTimeout bounds a validation against a database, connecting
// included.
const databaseTimeout = time.Minute

// databaseURL returns the database to validate against: -database, or
// else DATABASE_URL when -state is absent too; "" means a snapshot.
func databaseURL(cfg config) (string, error) {
	switch {
	case cfg.database != "" && cfg.stateFile != "":
		return "", &usageError{"give -database or -state, not both"}
	case cfg.database != "":
		return cfg.database, nil
	case cfg.stateFile == "":
		return os.Getenv("DATABASE_URL"), nil
	}
	return "", nil
}

// validateOnDatabase validates body against the Unleash database at url,
// with the permissions of cfg.token, a token of that database.
func validateOnDatabase(cfg config, url string, body []byte) (*importvalidate.Report, error) {
	ctx, cancel := context.WithTimeout(context.Background(), databaseTimeout)
	defer cancel()
	db, err := unleashdb.Open(ctx, url, unleashdb.Options{MaxConns: 2})
	if err != nil {
		return nil, err
	}
	defer db.Close()
	return validateOnLive(ctx, cfg, db, db, "the database", body)
}

// validateOnLive validates body against st, with the permissions of
// cfg.token as tokens, the tokens of the instance (where names), resolve
// it.
func validateOnLive(ctx context.Context, cfg config, st importvalidate.State, tokens auth.TokenLookup, where string, body []byte) (*importvalidate.Report, error) {
	t := importvalidate.Target{Project: cfg.project, Environment: cfg.environment}
	if cfg.token != "" {
		p, ok, err := tokens.LookupToken(ctx, cfg.token)
		switch {
		case err != nil:
			return nil, err
		case !ok:
			return nil, fmt.Errorf("-token: %s has no such token (or it expired)", where)
		}
		if err := auth.Authorize(ctx, nil, p, auth.Requirement{}); err != nil {
			return nil, fmt.Errorf("-token: a %s token may not use the admin API", p.Kind)
		}
		t.Permissions = p
	}
	v, err := importvalidate.New(importvalidate.Options{State: st, Strict: cfg.strict})
	if err != nil {
		return nil, err
	}
	return v.Validate(ctx, body, t)
}
