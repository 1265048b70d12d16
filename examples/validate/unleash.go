package main

import (
	"context"
	"os"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/unleashapi"
)

// validateOnUnleash validates body against the live instance of -unleash,
// read over its admin API, with the permissions that instance gives
// cfg.token.
func validateOnUnleash(cfg config, body []byte) (*importvalidate.Report, error) {
	if cfg.database != "" || cfg.stateFile != "" {
		return nil, &usageError{"give one of -state, -database and -unleash"}
	}
	ctx, cancel := context.WithTimeout(context.Background(), databaseTimeout)
	defer cancel()
	c, err := cfg.unleash.Open(ctx, os.Getenv, unleashapi.Options{})
	if err != nil {
		return nil, err
	}
	return validateOnLive(ctx, cfg, c, c, "the instance", body)
}
