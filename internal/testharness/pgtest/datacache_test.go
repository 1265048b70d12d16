package pgtest

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
)

// TestStartWithDumpCache: StartWithDump gives the dump's database with a
// superuser password of the cluster's own from one cache entry per dump
// file, a new content replaces the old one's entry and a dump that does
// not load fails. A long test: it runs initdb into an empty cache and
// starts three clusters, and the quick run starts clusters on dumps from
// the kept cache in every package with live tests (unleashtest's kept
// databases, Main's reference dump).
func TestStartWithDumpCache(t *testing.T) {
	testutil.SkipUnlessLong(t)
	if _, err := FindBin(); err != nil {
		Need(t, &Env{Reason: err.Error()})
	}
	cache := t.TempDir()
	t.Setenv(CacheEnv, cache)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	dump := filepath.Join(t.TempDir(), "dump.sql")
	passwords := map[string]bool{}
	contents := []int{42, 42, 7}
	for _, want := range contents {
		if err := os.WriteFile(dump, []byte("CREATE TABLE t (x int); INSERT INTO t VALUES ("+strconv.Itoa(want)+");\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		c, err := StartWithDump(ctx, "d", dump)
		if err != nil {
			t.Fatal(err)
		}
		passwords[c.password] = true
		conn, err := pgx.Connect(ctx, c.URL("d"))
		if err != nil {
			c.Stop()
			t.Fatal(err)
		}
		var got int
		err = conn.QueryRow(ctx, "SELECT x FROM t").Scan(&got)
		conn.Close(ctx)
		c.Stop()
		if err != nil || got != want {
			t.Fatalf("SELECT x FROM t = %d, %v; want %d", got, err, want)
		}
		entries, _ := filepath.Glob(filepath.Join(cache, "data-*"))
		if len(entries) != 1 {
			t.Fatalf("cache entries after a start on the dump with %d: %v, want one", want, entries)
		}
	}
	if len(passwords) != len(contents) {
		t.Errorf("%d clusters had %d passwords, want one each", len(contents), len(passwords))
	}
	if err := os.WriteFile(dump, []byte("SELECT no_such_function();\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if c, err := StartWithDump(ctx, "d", dump); err == nil {
		c.Stop()
		t.Fatal("StartWithDump loaded a dump that fails")
	}
}
