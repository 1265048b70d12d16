package main

import (
	"context"
	"errors"
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

// databaseURL returns the database to validate against: -database or
// -database-file, or else DATABASE_URL when -state is absent too; ""
// means a snapshot.
func databaseURL(cfg config) (string, error) {
	if cfg.database.Given() && cfg.stateFile != "" {
		return "", &usageError{"give -database (or -database-file) or -state, not both"}
	}
	url, err := cfg.database.URL(os.Getenv, cfg.stateFile == "")
	if err != nil {
		return "", &usageError{err.Error()}
	}
	return url, nil
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
	t := importvalidate.Target{Project: cfg.project, Environment: cfg.environment}
	if cfg.token != "" {
		p, ok, err := db.LookupToken(ctx, cfg.token)
		switch {
		case err != nil:
			return nil, err
		case !ok:
			return nil, errors.New("-token: the database has no such token (or it expired)")
		}
		if err := auth.Authorize(ctx, nil, p, auth.Requirement{}); err != nil {
			return nil, fmt.Errorf("-token: a %s token may not use the admin API", p.Kind)
		}
		t.Permissions = p
	}
	v, err := importvalidate.New(importvalidate.Options{State: db, Strict: cfg.strict})
	if err != nil {
		return nil, err
	}
	return v.Validate(ctx, body, t)
}
