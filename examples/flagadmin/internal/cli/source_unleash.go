package cli

import (
	"context"
	"fmt"
	"net/url"
	"strings"

	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/unleashapi"
)

// tokenEnv is the environment variable that holds the API token of
// -unleash when -token-file is not given.
const tokenEnv = "UNLEASH_API_TOKEN"

// openUnleash opens the live instance of -unleash over its admin API, with
// the token of -token-file or else of UNLEASH_API_TOKEN, after checking
// that the instance answers to it and is Unleash 5.12 to 8.x. Each caller's token is
// checked by asking the instance with it. A validation reads the import's
// facts too unless -import-facts=false. No error holds the token.
func (f *sourceFlags) openUnleash(ctx context.Context, getenv func(string) string, opts sourceOptions) (*stateSource, error) {
	if err := schemeMissing(f.Unleash); err != nil {
		return nil, err
	}
	token, err := f.unleashToken(ctx, getenv)
	if err != nil {
		return nil, err
	}
	c, err := unleashapi.New(f.Unleash, token, unleashapi.Options{Version: f.Version, ImportFacts: f.ImportFacts})
	if err != nil {
		return nil, &usageError{"-unleash: " + err.Error()}
	}
	v, err := c.Version(ctx)
	if err != nil {
		return nil, err
	}
	snapshot := func(ctx context.Context) (*model.Snapshot, error) {
		return c.SnapshotWith(ctx, unleashapi.SnapshotOptions{FeatureConfigs: opts.FeatureConfigs, PersonalData: opts.PersonalData})
	}
	return &stateSource{Instance: c.Instance(), Unleash: true, Client: c,
		Name:     fmt.Sprintf("the Unleash %s instance at %s", v, c.BaseURL()),
		snapshot: snapshot}, nil
}

// schemeMissing refuses a -unleash value that is a URL but for its
// scheme, such as 127.0.0.1:4242, with the URL meant: http:// before it.
// A value that holds credentials is not echoed.
func schemeMissing(raw string) error {
	if strings.Contains(raw, "://") {
		return nil
	}
	if u, err := url.Parse("http://" + strings.TrimLeft(raw, "/")); err != nil || u.Host == "" {
		return nil // not a URL without its scheme either: unleashapi says what it wants
	}
	if strings.Contains(raw, "@") {
		return &usageError{"-unleash: the instance's base URL needs its scheme, such as http://HOST:PORT or https://HOST"}
	}
	return &usageError{fmt.Sprintf("-unleash %s: the instance's base URL needs its scheme: -unleash http://%s (or https://)",
		raw, strings.TrimLeft(raw, "/"))}
}

// unleashToken reads the token of -token-file, or of the environment.
func (f *sourceFlags) unleashToken(ctx context.Context, getenv func(string) string) (string, error) {
	return readToken(ctx, f.TokenFile, getenv)
}

// readToken reads the API token of the file tokenFile (-token-file), one
// line, or, when tokenFile is "", of the environment variable tokenEnv.
// No error holds the token.
func readToken(ctx context.Context, tokenFile string, getenv func(string) string) (string, error) {
	if tokenFile == "" {
		t := strings.TrimSpace(getenv(tokenEnv))
		if t == "" {
			return "", &usageError{fmt.Sprintf("-unleash needs an API token: give -token-file FILE or set %s", tokenEnv)}
		}
		return t, nil
	}
	return readTokenFile(ctx, "-token-file", tokenFile)
}
