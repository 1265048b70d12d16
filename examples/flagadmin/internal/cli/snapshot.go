package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/flagadmin/flagadmin/examples/flagadmin/internal/cmdflag"
	"github.com/flagadmin/flagadmin/internal/safetext"
)

// snapshotTimeout bounds the whole snapshot run.
const snapshotTimeout = time.Minute

const snapshotUsage = `usage: flagadmin snapshot [flags] > state.json

Writes the state of an instance, read from its PostgreSQL database
(-database URL or $DATABASE_URL) or over its admin API (-unleash URL,
without what the API does not show), as a state snapshot (the format of
model.Snapshot), for checking export files offline with
'flagadmin validate -state state.json'. Each API token is written as the
SHA-256 of its secret, never the secret, which is all that checking a
token's permissions needs. The users' e-mail addresses and invitation
links are left out unless -personal-data is given. With -state FILE,
an older snapshot is written anew without its tokens' secrets
(docs/SNAPSHOT.md says what a snapshot holds).

Exit code: 0 on success, 1 when reading the state fails, 2 for a usage
problem.

flags:
`

// Snapshot is the snapshot subcommand.
func Snapshot(ctx context.Context, args []string, env Env) int {
	env = env.safe()
	fs := newFlagSet("flagadmin snapshot", snapshotUsage, env.flagOutput())
	source := registerSource(fs)
	configs := fs.Bool("configs", false, "also write the features' configurations and the projects' defaults (featureConfigs, projectDefaults), which 'flagadmin plan' compares an import with; from -database or -unleash")
	personal := fs.Bool("personal-data", false, "also write the users' e-mail addresses and invitation links (which let whoever holds them set an invited user's password: keep such a snapshot secret)")
	if code, ok := cmdflag.Parse(fs, args); !ok {
		return code
	}
	ctx, cancel := context.WithTimeout(ctx, snapshotTimeout)
	defer cancel()
	src, err := source.Open(ctx, sourceOptions{Getenv: env.Getenv, MaxConns: 2, Note: noteTo(env.Stderr, "flagadmin snapshot"),
		FeatureConfigs: *configs, PersonalData: *personal})
	if err != nil {
		fmt.Fprintln(env.Stderr, "flagadmin snapshot:", err)
		var ue *usageError
		if errors.As(err, &ue) {
			return ExitUsage
		}
		return ExitFindings
	}
	defer src.Close()
	s, err := src.Snapshot(ctx)
	if err != nil {
		fmt.Fprintln(env.Stderr, "flagadmin snapshot:", err)
		return ExitFindings
	}
	if !*personal {
		// A database and a live instance leave it out themselves; a
		// snapshot file (-state) or the demo holds what it holds.
		s.WithoutPersonalData()
	}
	// Written as the digests of the tokens' secrets (model.SnapshotToken).
	b, err := json.MarshalIndent(s, "", " ")
	if err != nil {
		fmt.Fprintln(env.Stderr, "flagadmin snapshot:", err)
		return ExitFindings
	}
	// Under the output rule: its escapes leave the JSON values as they are.
	if _, err := io.WriteString(env.Stdout, safetext.Text(string(b))+"\n"); err != nil {
		fmt.Fprintln(env.Stderr, "flagadmin snapshot: writing:", err)
		return ExitFindings
	}
	return ExitOK
}
