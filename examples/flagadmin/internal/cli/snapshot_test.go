package cli

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/flagadmin/flagadmin/internal/testharness/conformance"
	"github.com/flagadmin/flagadmin/internal/testharness/pgtest"
	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
	"github.com/flagadmin/flagadmin/model"
)

func noEnv(string) string { return "" }

// runSnapshot runs the snapshot subcommand.
func runSnapshot(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) int {
	return Snapshot(ctx, args, Env{Getenv: getenv, Stdout: stdout, Stderr: stderr})
}

// TestSnapshotOfTheFixture: the snapshot of the reference database equals
// oracle-state.json, with the database's version, through -database and
// through DATABASE_URL.
func TestSnapshotOfTheFixture(t *testing.T) {
	c := pg.Need(t)
	want := conformance.MustState(t)
	want.Version = "8.2.0"
	url := c.URL(pgtest.SharedDB)
	env := testutil.Env(map[string]string{"DATABASE_URL": url})
	for name, tc := range map[string]struct {
		args   []string
		getenv func(string) string
	}{
		"flag": {[]string{"-database", url, "-public-url", "http://127.0.0.1:4242/"}, noEnv},
		"env":  {[]string{"-public-url", "http://127.0.0.1:4242"}, env},
	} {
		t.Run(name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if code := runSnapshot(context.Background(), tc.args, tc.getenv, &stdout, &stderr); code != 0 {
				t.Fatalf("exit %d: %s", code, stderr.String())
			}
			got, err := model.DecodeSnapshot(stdout.Bytes())
			if err != nil {
				t.Fatalf("output does not decode: %v", err)
			}
			if d := cmp.Diff(want, got, cmpopts.EquateEmpty()); d != "" {
				t.Errorf("snapshot (-oracle-state.json +command):\n%s", d)
			}
		})
	}

	// A wrong password: exit 1, a clear message, no password.
	var stdout, stderr bytes.Buffer
	bad := c.URLAs(pgtest.Superuser, "wrong-s3cret", pgtest.SharedDB)
	if code := runSnapshot(context.Background(), []string{"-database", bad}, noEnv, &stdout, &stderr); code != 1 ||
		strings.Contains(stderr.String(), "wrong-s3cret") || !strings.Contains(stderr.String(), "password authentication failed") || stdout.Len() > 0 {
		t.Errorf("wrong password: exit %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
	}
}

func TestSnapshotUsage(t *testing.T) {
	for _, args := range [][]string{nil, {"extra"}, {"-nope"}} {
		var stdout, stderr bytes.Buffer
		if code := runSnapshot(context.Background(), args, noEnv, &stdout, &stderr); code != 2 || stderr.Len() == 0 || stdout.Len() > 0 {
			t.Errorf("%q: exit %d, stderr %q", args, code, stderr.String())
		}
	}
}
