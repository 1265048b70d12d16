package cli

import (
	"context"
	"flag"
	"fmt"

	"github.com/flagadmin/flagadmin/internal/readfile"
	"github.com/flagadmin/flagadmin/unleashapi"
)

// instanceFlags are the flags of export and apply that name one live
// instance and its token: each command has its own pair, so that an
// export from one instance piped into an apply into another reads two
// tokens (-token-file, or UNLEASH_API_TOKEN for one of them).
type instanceFlags struct {
	url, tokenFile string
	maxFileSize    *int64
}

func registerInstance(fs *flag.FlagSet, what string) *instanceFlags {
	f := &instanceFlags{}
	fs.StringVar(&f.url, "unleash", "", "base `URL` of the Unleash instance "+what)
	fs.StringVar(&f.tokenFile, "token-file", "", "`file` holding its token (default: $"+tokenEnv+")")
	f.maxFileSize = readfile.Register(fs)
	return f
}

// token reads the token of -token-file or of the environment.
func (f *instanceFlags) token(ctx context.Context, env Env) (string, error) {
	return readToken(ctx, f.tokenFile, env.Getenv)
}

// client opens a reading client of the instance, with no answer reused
// (what export and apply read must be the instance's state now), after
// checking that it answers and is Unleash 8. It reads the import's facts,
// as plan does by default, so that apply plans and checks a saved plan
// with them.
func (f *instanceFlags) client(ctx context.Context, token string) (*unleashapi.Client, string, error) {
	c, err := unleashapi.New(f.url, token, unleashapi.Options{ListTTL: -1, TokenTTL: -1, ImportFacts: true})
	if err != nil {
		return nil, "", fmt.Errorf("-unleash: %w", err)
	}
	v, err := c.Version(ctx)
	if err != nil {
		return nil, "", err
	}
	return c, v, nil
}

func (f *instanceFlags) limit() int64 {
	if f.maxFileSize == nil {
		return readfile.DefaultLimit
	}
	return *f.maxFileSize
}
