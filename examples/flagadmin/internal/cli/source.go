package cli

// Where the state of the instance comes from, alike for every subcommand:
// registerSource registers the source flags on a subcommand's flag set
// (-state, -demo, -database, -database-file, -database-limits,
// -database-timeout, -database-max-conns, -unleash with -token-file and
// -import-facts, -public-url, and
// -max-file-size, the bound of every file a command reads) and Open opens
// the instance they name (an instance.Instance), with what the
// subcommands say about it and a snapshot of its state.
//
// A new source adds its flags in registerSource and one case in Open, as
// -unleash does.

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"strings"
	"time"

	"github.com/flagadmin/flagadmin/auth"
	"github.com/flagadmin/flagadmin/examples/flagadmin/internal/dbflag"
	"github.com/flagadmin/flagadmin/instance"
	"github.com/flagadmin/flagadmin/internal/readfile"
	"github.com/flagadmin/flagadmin/internal/safetext"
	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/model/profile"
	"github.com/flagadmin/flagadmin/unleashapi"
	"github.com/flagadmin/flagadmin/unleashdb"
)

// sourceFlags are the values of the source flags of one flag set.
type sourceFlags struct {
	// Version is the instance's Unleash version (-unleash-version),
	// instead of what the source says.
	Version string
	// State is a state snapshot file (-state).
	State string
	// Demo asks for the embedded demo instance (-demo).
	Demo bool
	// Database names the PostgreSQL URL of an Unleash database
	// (-database, -database-file).
	Database *dbflag.Flags
	// DatabaseTimeout is the deadline of each database call
	// (-database-timeout).
	DatabaseTimeout time.Duration
	// DatabaseMaxConns caps the database connections
	// (-database-max-conns); 0 means sourceOptions.MaxConns.
	DatabaseMaxConns int
	// Unleash is the base URL of a live Unleash 8 instance read over its
	// admin API (-unleash), with the token in TokenFile (-token-file) or
	// else in the environment variable UNLEASH_API_TOKEN.
	Unleash   string
	TokenFile string
	// ImportFacts makes a validation over -unleash read what the import's
	// own checks need of the instance (-import-facts, on by default;
	// unleashapi.Options.ImportFacts).
	ImportFacts bool
	// PublicURL is the instance's public URL, the base of invitation
	// links (-public-url); with -unleash the instance's own links are
	// used.
	PublicURL string
	// MaxFileSize bounds the files the command reads, the state file and
	// the files it validates (-max-file-size).
	MaxFileSize *int64
}

// Register registers the source flags on fs and returns where their
// values go.
func registerSource(fs *flag.FlagSet) *sourceFlags {
	f := &sourceFlags{}
	fs.StringVar(&f.State, "state", "", "state snapshot `file` of the instance (flagadmin snapshot writes one)")
	fs.BoolVar(&f.Demo, "demo", false, "use the embedded demo instance (project default, environments development and production)")
	f.Database = dbflag.Register(fs, "to read the state from, when no other source is given")
	fs.DurationVar(&f.DatabaseTimeout, "database-timeout", unleashdb.DefaultQueryTimeout,
		"deadline of each database call; the server answers a call past it 503 with Retry-After")
	fs.IntVar(&f.DatabaseMaxConns, "database-max-conns", 0,
		"largest number of database connections; 0 means the default, and any value is lowered to what the role and the database may open")
	fs.StringVar(&f.Unleash, "unleash", "", "base `URL` of a live Unleash instance (5.12 to 8.x), read over its admin API (token: -token-file or $"+tokenEnv+")")
	fs.StringVar(&f.TokenFile, "token-file", "", "`file` holding the API token for -unleash (default: $"+tokenEnv+")")
	fs.BoolVar(&f.ImportFacts, "import-facts", true, "with -unleash, read what the import's own checks need of the instance "+
		"(up to four more requests a file); false leaves those facts unknown, and the findings that need one say so")
	fs.StringVar(&f.Version, "unleash-version", "", "the instance's Unleash `version` (5.12.0 to 8.x), instead of what the source says (the instance, the database's migrations, the snapshot; else 8.2.0)")
	fs.StringVar(&f.PublicURL, "public-url", "", "public `URL` of the instance, the base of invitation links")
	f.MaxFileSize = readfile.Register(fs)
	return f
}

// sourceOptions say how a subcommand opens its source.
type sourceOptions struct {
	// Getenv reads the environment (DATABASE_URL, UNLEASH_API_TOKEN); nil
	// reads nothing.
	Getenv func(string) string
	// DemoByDefault opens the demo instance when no source is given,
	// instead of failing (the server, which announces it).
	DemoByDefault bool
	// PublicURL is the base of invitation links when -public-url is
	// empty; "" means unleashdb.DefaultUnleashURL.
	PublicURL string
	// MaxConns caps the database connections; 0 means pgxpool's default.
	MaxConns int32
	// FeatureConfigs makes the Snapshot of a database or a live instance
	// write the features' configurations and the projects' defaults too
	// (unleashdb.SnapshotOptions, unleashapi.SnapshotOptions).
	FeatureConfigs bool
	// PersonalData makes the Snapshot of a database or a live instance
	// keep the users' e-mail addresses and invitation links.
	PersonalData bool
	// Note, when not nil, is told the note of the source's version: a
	// version answered by a profile not verified on it
	// (model/profile.Resolved.Note).
	Note func(string)
}

// stateSource is the open instance the source flags name.
type stateSource struct {
	*instance.Instance
	// Name says where the state comes from, for messages: "the embedded
	// demo instance", "state file NAME", "the Unleash database" or "the
	// Unleash VERSION instance at URL".
	Name string
	// Demo reports the embedded demo instance; AdminToken is then its
	// admin token's secret. Database reports an Unleash database, Unleash
	// a live instance read over its admin API, whose client Client is.
	Demo       bool
	AdminToken string
	Database   bool
	Unleash    bool
	Client     *unleashapi.Client

	snapshot func(context.Context) (*model.Snapshot, error)
}

// Snapshot returns the source's state as a state snapshot: from a
// database or a live instance with the tokens' digests, not their
// secrets; from a snapshot file as it is.
func (s *stateSource) Snapshot(ctx context.Context) (*model.Snapshot, error) { return s.snapshot(ctx) }

// Principal resolves secret, a token of the source, to a caller of the
// admin API. The secret is never part of an error.
func (s *stateSource) Principal(ctx context.Context, secret string) (*auth.Principal, error) {
	p, ok, err := s.Tokens.LookupToken(ctx, secret)
	switch {
	case err != nil:
		return nil, fmt.Errorf("-token: looking the token up in %s: %w", s.Name, err)
	case !ok:
		return nil, fmt.Errorf("-token: %s has no such token (or it expired)", s.Name)
	}
	if err := auth.Authorize(ctx, p, auth.Requirement{}); err != nil {
		return nil, fmt.Errorf("-token: a %s token may not use the admin API", p.Kind)
	}
	return p, nil
}

// usageError is an error of the source flags themselves: none given, or
// more than one.
type usageError struct{ Msg string }

func (e *usageError) Error() string { return e.Msg }

// missingSource is the message of a command line that names no source.
const missingSource = "no state to check against: give -state FILE (a snapshot; flagadmin snapshot writes one), " +
	"-database-file FILE or -database URL (or set DATABASE_URL), -unleash URL (a live instance, with its API token), or -demo for the embedded demo instance"

// Open opens the source the flags name: at most one of -state, -demo,
// -database and -unleash; with none, $DATABASE_URL, else the demo instance when
// opts.DemoByDefault, else an error saying which flags to give.
func (f *sourceFlags) Open(ctx context.Context, opts sourceOptions) (*stateSource, error) {
	src, err := f.open(ctx, opts)
	if err != nil {
		return nil, err
	}
	// A snapshot without a version was written for Unleash 8.2, the only
	// version flagadmin read before it recorded one: no note for it.
	if n := src.Version.Note; n != "" && opts.Note != nil && src.Version.Source != profile.FromNothing {
		opts.Note(n)
	}
	return src, nil
}

// open opens the source, as Open says.
func (f *sourceFlags) open(ctx context.Context, opts sourceOptions) (*stateSource, error) {
	if f.Version != "" {
		if _, err := profile.Resolve(f.Version, profile.FromOverride); err != nil {
			return nil, &usageError{"-unleash-version: " + err.Error()}
		}
	}
	var given []string
	for _, g := range []struct {
		name string
		set  bool
	}{{"-state", f.State != ""}, {"-demo", f.Demo}, {"-database", f.Database.Given()}, {"-unleash", f.Unleash != ""}} {
		if g.set {
			given = append(given, g.name)
		}
	}
	if len(given) > 1 {
		return nil, &usageError{"give one of -state, -demo, -database and -unleash, not " + strings.Join(given, " and ")}
	}
	if f.TokenFile != "" && f.Unleash == "" {
		return nil, &usageError{"-token-file is for -unleash, which is missing"}
	}
	getenv := opts.Getenv
	if getenv == nil {
		getenv = func(string) string { return "" }
	}
	limitsMissing := &usageError{"-" + dbflag.LimitsFlag + " is for -database, which is missing"}
	if f.Unleash != "" {
		if f.Database.Limits() != nil {
			return nil, limitsMissing
		}
		return f.openUnleash(ctx, getenv, opts)
	}
	if f.MaxFileSize != nil && *f.MaxFileSize <= 0 {
		return nil, &usageError{fmt.Sprintf("-%s must be positive, not %d", readfile.FlagName, *f.MaxFileSize)}
	}
	url, err := f.Database.URL(ctx, getenv, len(given) == 0)
	if err != nil {
		return nil, &usageError{err.Error()}
	}
	if url == "" && f.Database.Limits() != nil {
		return nil, limitsMissing
	}
	switch {
	case url != "":
		return f.openDatabase(ctx, url, opts)
	case f.State != "":
		snap, err := instance.ReadSnapshot(ctx, f.State, f.Limit())
		if err != nil {
			return nil, err
		}
		if f.Version != "" {
			copied := *snap
			copied.Version = f.Version
			snap = &copied
		}
		return fromSnapshot(snap, "state file "+f.State)
	case f.Demo || opts.DemoByDefault:
		snap, err := model.DefaultSnapshot()
		if err != nil {
			return nil, err
		}
		// The demo instance is an Unleash 8.2.0 instance.
		snap.Version = cmp.Or(f.Version, profile.DefaultVersion)
		src, err := fromSnapshot(snap, "the embedded demo instance")
		if err != nil {
			return nil, err
		}
		src.Demo, src.AdminToken = true, adminToken(snap)
		return src, nil
	}
	return nil, &usageError{missingSource}
}

// Limit is the value of -max-file-size; readfile.DefaultLimit for sourceFlags
// not made by Register.
func (f *sourceFlags) Limit() int64 {
	if f.MaxFileSize == nil {
		return readfile.DefaultLimit
	}
	return *f.MaxFileSize
}

// openDatabase opens the Unleash database at url.
func (f *sourceFlags) openDatabase(ctx context.Context, url string, opts sourceOptions) (*stateSource, error) {
	public := f.PublicURL
	if public == "" {
		public = opts.PublicURL
	}
	maxConns := opts.MaxConns
	if f.DatabaseMaxConns != 0 {
		maxConns = int32(f.DatabaseMaxConns)
	}
	if f.DatabaseTimeout < 0 || f.DatabaseMaxConns < 0 || f.DatabaseMaxConns > math.MaxInt32 {
		return nil, &usageError{fmt.Sprintf("-database-timeout must not be negative and -database-max-conns must be in [0, %d]", math.MaxInt32)}
	}
	db, err := unleashdb.Open(ctx, url, unleashdb.Options{UnleashURL: public, MaxConns: maxConns, QueryTimeout: f.DatabaseTimeout, Version: f.Version,
		LimitOverrides: f.Database.Limits()})
	if err != nil {
		return nil, err
	}
	snapshot := func(ctx context.Context) (*model.Snapshot, error) {
		return db.SnapshotWith(ctx, unleashdb.SnapshotOptions{FeatureConfigs: opts.FeatureConfigs, PersonalData: opts.PersonalData})
	}
	return &stateSource{Instance: db.Instance(), Name: "the Unleash database", Database: true, snapshot: snapshot}, nil
}

// fromSnapshot is the source held in memory from snap.
func fromSnapshot(snap *model.Snapshot, name string) (*stateSource, error) {
	inst, err := instance.FromSnapshot(snap)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return &stateSource{Instance: inst, Name: name,
		snapshot: func(context.Context) (*model.Snapshot, error) { return snap, nil }}, nil
}

// adminToken returns the secret of the first admin token of s, "" when
// there is none.
func adminToken(s *model.Snapshot) string {
	for _, t := range s.Tokens {
		if t.Type == model.TokenAdmin {
			return t.Secret
		}
	}
	return ""
}

// noteTo returns what writes a note of the command to w.
func noteTo(w io.Writer, command string) func(string) {
	return func(msg string) { fmt.Fprintln(w, command+": note: "+safetext.String(msg)) }
}
