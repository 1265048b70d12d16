// Package unleashflag gives the commands their flags for a live Unleash
// instance read over its admin API: -unleash URL, the instance's base URL,
// and -token-file FILE, a file holding the API token (else the
// environment variable UNLEASH_API_TOKEN).
package unleashflag

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/flagadmin/flagadmin/unleashapi"
)

// TokenEnv is the environment variable that holds the API token when
// -token-file is not given.
const TokenEnv = "UNLEASH_API_TOKEN"

// maxTokenFile bounds the size of a token file.
const maxTokenFile = 64 << 10

// Flags are the registered flags.
type Flags struct {
	url, tokenFile *string
}

// Register registers -unleash and -token-file on fs.
func Register(fs *flag.FlagSet) Flags {
	return Flags{
		url:       fs.String("unleash", "", "base `URL` of a live Unleash 8 instance to read the state from over its admin API (token: -token-file or $"+TokenEnv+")"),
		tokenFile: fs.String("token-file", "", "`file` holding the API token for -unleash (default: $"+TokenEnv+")"),
	}
}

// Given reports whether -unleash was given.
func (f Flags) Given() bool { return *f.url != "" }

// URL returns the value of -unleash.
func (f Flags) URL() string { return *f.url }

// Open returns a client of the instance of -unleash with the token of
// -token-file, or else of the environment variable UNLEASH_API_TOKEN
// (read with getenv), after checking, within ctx, that the instance
// answers to it and is Unleash 8. Its errors never hold the token.
func (f Flags) Open(ctx context.Context, getenv func(string) string, opts unleashapi.Options) (*unleashapi.Client, error) {
	if *f.tokenFile != "" && !f.Given() {
		return nil, errors.New("-token-file is for -unleash, which is missing")
	}
	token, err := f.token(getenv)
	if err != nil {
		return nil, err
	}
	c, err := unleashapi.New(*f.url, token, opts)
	if err != nil {
		return nil, fmt.Errorf("-unleash: %w", err)
	}
	if _, err := c.Version(ctx); err != nil {
		return nil, err
	}
	return c, nil
}

// token reads the token of -token-file or of the environment.
func (f Flags) token(getenv func(string) string) (string, error) {
	if *f.tokenFile == "" {
		t := strings.TrimSpace(getenv(TokenEnv))
		if t == "" {
			return "", fmt.Errorf("-unleash needs an API token: give -token-file FILE or set %s", TokenEnv)
		}
		return t, nil
	}
	file, err := os.Open(*f.tokenFile)
	if err != nil {
		return "", fmt.Errorf("-token-file: %w", err)
	}
	defer file.Close()
	b, err := io.ReadAll(io.LimitReader(file, maxTokenFile+1))
	if err != nil {
		return "", fmt.Errorf("-token-file: reading %s: %w", *f.tokenFile, err)
	}
	if len(b) > maxTokenFile {
		return "", fmt.Errorf("-token-file: %s is larger than %d bytes: not a token", *f.tokenFile, maxTokenFile)
	}
	t := strings.TrimSpace(string(b))
	if t == "" {
		return "", fmt.Errorf("-token-file: %s is empty", *f.tokenFile)
	}
	if strings.ContainsAny(t, "\r\n") {
		return "", fmt.Errorf("-token-file: %s holds more than one line", *f.tokenFile)
	}
	return t, nil
}
