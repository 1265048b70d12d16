package unleashtest

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/flagadmin/flagadmin/internal/testharness/pgtest"
)

// A seeded database is kept in the version's cache directory as a
// plain-SQL dump (seeded-KEY.sql, KEY from seedKey), written by the first
// seeded start of that version and loaded by the later ones instead of
// seeding again: loading takes about a second, where the migrations from
// empty and the seed (API calls, two password hashes and logins) take
// tens of seconds on a busy machine. A change to the seed changes KEY, so
// a stale dump is never loaded. The database of a start on an empty
// database, just migrated, with the admin user and token that the start
// creates, is kept the same way (migrated-KEY.sql, KEY from migratedKey),
// so that later starts on an empty database do not run Unleash's
// migrations again. Without pg_dump nothing is kept and every start
// seeds or migrates.

// seededDumpPath returns where the seeded database of in's version is
// kept.
func seededDumpPath(in *Install) string {
	return filepath.Join(in.Dir, "seeded-"+seedKey()+".sql")
}

// migratedDumpPath returns where the just-migrated database of in's
// version is kept.
func migratedDumpPath(in *Install) string {
	return filepath.Join(in.Dir, "migrated-"+migratedKey()+".sql")
}

// migratedKey identifies what a start on an empty database makes besides
// the migrations, which the version decides: the admin user and token
// that server.mjs creates.
func migratedKey() string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\n%s\n%s\n%s", serverScript, AdminToken, AdminUser, AdminPassword)
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// kept returns path, and whether there is a kept database there.
func kept(path string) (string, bool) {
	_, err := os.Stat(path)
	return path, err == nil
}

// cachedSeed returns the path of the kept seeded database of in's
// version, and whether there is one.
func cachedSeed(in *Install) (string, bool) { return kept(seededDumpPath(in)) }

// saveDump dumps s's database (just seeded or migrated) into path, through a
// temporary file renamed into place so that a reader never sees half a
// dump and concurrent writers do no harm. The dump is pg_dump's plain SQL
// with INSERT statements and without psql meta-commands, which
// pgtest.Cluster.LoadDump loads.
func (s *Server) saveDump(ctx context.Context, path string) error {
	bin, err := pgtest.FindBin()
	if err != nil {
		return err
	}
	dump := filepath.Join(bin, "pg_dump")
	if _, err := os.Stat(dump); err != nil {
		return fmt.Errorf("unleashtest: no pg_dump beside pg_ctl: %w", err)
	}
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, dump, "--no-owner", "--no-privileges", "--inserts", "--dbname="+s.Cluster.URL(s.Database))
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("unleashtest: pg_dump: %v: %s", err, oneLine(pgtest.LastLines(stderr.String(), 3)))
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".kept-*.tmp")
	if err != nil {
		return fmt.Errorf("unleashtest: %w", err)
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.WriteString(withoutMetaCommands(string(out))); err != nil {
		tmp.Close()
		return fmt.Errorf("unleashtest: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("unleashtest: %w", err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("unleashtest: %w", err)
	}
	// The dumps of an earlier seed or server script are of no further
	// use.
	kind, _, _ := strings.Cut(filepath.Base(path), "-")
	old, _ := filepath.Glob(filepath.Join(filepath.Dir(path), kind+"-*.sql"))
	for _, o := range old {
		if o != path {
			os.Remove(o)
		}
	}
	return nil
}

// withoutMetaCommands drops the psql meta-commands of a plain dump that
// recent pg_dump releases write (\restrict and \unrestrict lines), which
// a simple-protocol Exec cannot run.
func withoutMetaCommands(dump string) string {
	lines := strings.SplitAfter(dump, "\n")
	out := lines[:0]
	for _, l := range lines {
		if !strings.HasPrefix(l, `\restrict `) && !strings.HasPrefix(l, `\unrestrict `) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "")
}
