package pgtest

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// A cluster's data directory is a copy of one kept in a cache that
// outlives the test run, instead of initdb's work (most of the CPU of a
// start) and the load of a dump (most of the rest): one freshly
// initialized for Start, one with a dump loaded for StartWithDump and the
// clusters of Main, StartForTest and Shared. The first start that needs
// one makes it, by initdb (and the load) on a cluster of its own that it
// then stops cleanly and copies into the cache; later starts copy it
// (cp -a, which keeps its owner, the OS user postgres when the tests run
// as root) and give the superuser a password of their own. An entry's
// name says what it holds, from a hash of the PostgreSQL binaries
// (directory, size and time of postgres), initdb's options, and the
// dump's path, database and content; a new entry removes those it
// replaces (the same dump's earlier contents). Where the cache cannot be
// had, a start runs initdb (and the load) itself.

// CacheEnv names the directory that keeps the data directories instead
// of flagadmin/postgres under os.UserCacheDir.
const CacheEnv = "FLAGADMIN_PG_CACHE"

// prepared is a data directory kept in the cache: a fresh one, then what
// build does on a cluster started on it, which depends only on the content
// of file ("" for none) and on id.
type prepared struct {
	id    string
	file  string
	build func(ctx context.Context, c *Cluster) error
}

// cacheDir returns the directory of the cache; "" when there is none.
func cacheDir() string {
	if dir := os.Getenv(CacheEnv); dir != "" {
		return dir
	}
	user, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(user, "flagadmin", "postgres")
}

// entryName returns the name of p's entry made with the binaries in bin,
// and the prefix of every entry it replaces; ok is false when it cannot be
// known.
func entryName(bin string, p *prepared) (name, prefix string, ok bool) {
	st, err := os.Stat(filepath.Join(bin, "postgres"))
	if err != nil {
		return "", "", false
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%s", bin, p.id, p.file)
	prefix = "data-" + hex.EncodeToString(h.Sum(nil))[:8] + "-"
	fmt.Fprintf(h, "\x00%d\x00%d\x00%q", st.Size(), st.ModTime().UnixNano(), initdbArgs)
	if p.file != "" {
		f, err := os.Open(p.file)
		if err != nil {
			return "", "", false
		}
		defer f.Close()
		if _, err := io.Copy(h, f); err != nil {
			return "", "", false
		}
	}
	return prefix + hex.EncodeToString(h.Sum(nil))[:16], prefix, true
}

// copyCached copies p's data directory, made with the binaries in bin,
// from the cache to data, making it first if need be; false when it
// could not (the caller then runs initdb).
func copyCached(ctx context.Context, bin string, p *prepared, data string) bool {
	base := cacheDir()
	name, prefix, ok := entryName(bin, p)
	if base == "" || !ok {
		return false
	}
	entry := filepath.Join(base, name)
	if _, err := os.Stat(entry); err != nil && !makeEntry(ctx, p, base, entry, prefix) {
		return false
	}
	if err := exec.CommandContext(ctx, "cp", "-a", filepath.Join(entry, "data"), data).Run(); err != nil {
		os.RemoveAll(data)
		return false
	}
	return true
}

// makeEntry makes p's data directory on a cluster started by initdb,
// stops it cleanly and copies its data directory into the cache as entry,
// through a temporary directory renamed into place so that a start never
// copies half an entry and concurrent makers do no harm.
func makeEntry(ctx context.Context, p *prepared, base, entry, prefix string) bool {
	c, err := start(ctx, nil)
	if err != nil {
		return false
	}
	defer c.Stop()
	if p.build != nil && p.build(ctx, c) != nil {
		return false
	}
	data := filepath.Join(c.dir, "data")
	c.closeAdmin()
	if c.run(ctx, "pg_ctl", "-D", data, "-m", "fast", "-w", "stop") != nil {
		return false
	}
	c.stopped = true
	if os.MkdirAll(base, 0o755) != nil {
		return false
	}
	// What a maker that died left behind.
	left, _ := filepath.Glob(filepath.Join(base, ".making-*"))
	for _, l := range left {
		if st, err := os.Stat(l); err == nil && time.Since(st.ModTime()) > time.Hour {
			os.RemoveAll(l)
		}
	}
	tmp, err := os.MkdirTemp(base, ".making-")
	if err != nil {
		return false
	}
	defer os.RemoveAll(tmp)
	if exec.CommandContext(ctx, "cp", "-a", data, filepath.Join(tmp, "data")).Run() != nil {
		return false
	}
	if err := os.Rename(tmp, entry); err != nil {
		// Made by another start meanwhile.
		_, err := os.Stat(entry)
		return err == nil
	}
	// The entries this one replaces are of no further use.
	old, _ := filepath.Glob(filepath.Join(base, prefix+"*"))
	for _, o := range old {
		if o != entry {
			os.RemoveAll(o)
		}
	}
	return true
}

// setPassword gives the superuser c's password, connecting through the
// Unix socket, which needs none.
func (c *Cluster) setPassword(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, fmt.Sprintf("host=%s port=%d user=%s dbname=postgres sslmode=disable", c.dir, c.port, Superuser))
	if err != nil {
		return fmt.Errorf("pgtest: connecting through the socket: %w", err)
	}
	defer conn.Close(context.Background())
	// The password is rand.Text's: letters and digits only.
	sql := "ALTER ROLE " + pgx.Identifier{Superuser}.Sanitize() + " PASSWORD '" + strings.ReplaceAll(c.password, "'", "''") + "'"
	if _, err := conn.Exec(ctx, sql); err != nil {
		return fmt.Errorf("pgtest: setting the superuser's password: %w", err)
	}
	return nil
}
