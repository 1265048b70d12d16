// Package dbflag gives the module's example commands one way to name the
// Unleash database they read: -database URL, -database-file FILE (a file
// holding the URL), or the environment variable DATABASE_URL, in that
// order of precedence.
//
// A URL on the command line, password included, is visible to every user
// of the machine in the process list (ps); a file, or DATABASE_URL, keeps
// it out of there. The help of -database says so.
//
// The database does not hold the instance's resource limits, which its
// configuration sets: the state is read with the defaults of the
// database's version, and -database-limits gives those an instance
// started with other settings changes.
package dbflag

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/flagadmin/flagadmin/internal/readfile"
	"github.com/flagadmin/flagadmin/model"
)

// EnvVar is the environment variable read when no flag names a database.
const EnvVar = "DATABASE_URL"

// Flags are the values of -database, -database-file and -database-limits
// of one flag set.
type Flags struct {
	url, file string
	limits    *model.SnapshotResourceLimits
}

// Register adds -database, -database-file and -database-limits to fs
// (the limits: limits.go). purpose completes
// their help: "PostgreSQL URL of an Unleash database (5.12 to 8.x) " + purpose,
// e.g. "to read the state from".
func Register(fs *flag.FlagSet, purpose string) *Flags {
	f := &Flags{}
	fs.StringVar(&f.url, "database", "", "PostgreSQL `URL` of an Unleash database (5.12 to 8.x) "+purpose+
		"; the URL, password included, shows in the process list: prefer -database-file or $"+EnvVar+
		" (default: $"+EnvVar+")")
	fs.StringVar(&f.file, "database-file", "", "`file` holding the PostgreSQL URL of -database (white space around it is dropped), "+
		"which keeps the password out of the process list")
	fs.Func(LimitsFlag, limitsHelp, f.setLimits)
	return f
}

// Given reports whether -database or -database-file was given.
func (f *Flags) Given() bool { return f.url != "" || f.file != "" }

// maxURLFile bounds the size of a -database-file.
const maxURLFile = 64 << 10

// URL returns the database's URL: -database, else the contents of
// -database-file without the white space around them, else, when env is
// true, getenv(EnvVar). "" means no database. A file that cannot be read
// (it must be a regular file of at most 64 KiB) or holds nothing is an
// error naming the file, never its contents.
func (f *Flags) URL(ctx context.Context, getenv func(string) string, env bool) (string, error) {
	switch {
	case f.url != "":
		return f.url, nil
	case f.file != "":
		b, err := readfile.File(ctx, f.file, maxURLFile)
		var tl *readfile.TooLargeError
		if errors.As(err, &tl) {
			return "", fmt.Errorf("-database-file %s is larger than %d bytes: not a URL", f.file, maxURLFile)
		}
		if err != nil {
			return "", fmt.Errorf("-database-file %w", err)
		}
		url := strings.TrimSpace(string(b))
		if url == "" {
			return "", fmt.Errorf("-database-file %s: the file is empty", f.file)
		}
		return url, nil
	case env:
		return getenv(EnvVar), nil
	}
	return "", nil
}
