package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/flagadmin/flagadmin/internal/unleashflag"
	"github.com/flagadmin/flagadmin/unleashapi"
)

// openUnleash reads the state, the callers' rights and the users from the
// live instance of -unleash over its admin API: each incoming token is
// checked by asking the instance with that same token. It refuses to be
// combined with -state or -database.
func openUnleash(uf unleashflag.Flags, df databaseFlags, stateFile string, getenv func(string) string, stdout io.Writer) (source, error) {
	if *df.url != "" || stateFile != "" {
		return source{}, errors.New("give one of -state, -database and -unleash")
	}
	ctx, cancel := context.WithTimeout(context.Background(), openTimeout)
	defer cancel()
	c, err := uf.Open(ctx, getenv, unleashapi.Options{})
	if err != nil {
		return source{}, err
	}
	v, _ := c.Version(ctx)
	fmt.Fprintf(stdout, "Using the Unleash %s instance at %s.\n", v, c.BaseURL())
	return source{state: c, tokens: c, users: c, close: func() {}}, nil
}
