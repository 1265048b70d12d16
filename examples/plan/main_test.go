package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/flagadmin/flagadmin/internal/pgtest"
	"github.com/flagadmin/flagadmin/internal/unleashtest"
	"github.com/flagadmin/flagadmin/unleashdb"
)

var update = flag.Bool("update", false, "rewrite the golden files")

func runIt(env map[string]string, args ...string) (int, string, string) {
	var stdout, stderr bytes.Buffer
	code := run(args, strings.NewReader(""), &stdout, &stderr, func(k string) string { return env[k] })
	return code, stdout.String(), stderr.String()
}

// Each invocation's exit code, output and errors, against
// testdata/NAME.golden.
func TestGolden(t *testing.T) {
	stdinBody, err := os.ReadFile("testdata/import.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		args []string
	}{
		{"text", []string{"-state", "testdata/state.json", "testdata/import.json"}},
		{"json", []string{"testdata/import.json", "-format", "json", "-state", "testdata/state.json"}},
		{"bare-export", []string{"-state", "testdata/state.json", "-project", "default", "-environment", "development", "testdata/bare-export.json"}},
		{"bare-export-no-target", []string{"-state", "testdata/state.json", "testdata/bare-export.json"}},
		{"other-environment", []string{"-state", "testdata/state.json", "-environment", "production", "testdata/import.json"}},
		{"refused", []string{"-state", "testdata/state.json", "../../testdata/exports/recorded-many-problems-admin.json"}},
		{"default-state", []string{"../../testdata/exports/recorded-existing-state-ok.json"}},
		{"no-file", []string{"-state", "testdata/state.json"}},
		{"bad-format", []string{"-format", "yaml", "testdata/import.json"}},
		{"two-states", []string{"-state", "testdata/state.json", "-database", "postgres://x", "testdata/import.json"}},
		{"unleash-without-token", []string{"-unleash", "http://127.0.0.1:1", "testdata/import.json"}},
		{"stdin", []string{"-state", "testdata/state.json", "-"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run(c.args, bytes.NewReader(stdinBody), &stdout, &stderr, func(string) string { return "" })
			got := "exit " + itoa(code) + "\n-- stdout --\n" + stdout.String() + "-- stderr --\n" + stderr.String()
			golden := filepath.Join("testdata", c.name+".golden")
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(string(want), got); d != "" {
				t.Errorf("%v (-want +got):\n%s", c.args, d)
			}
		})
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// Against the reference database and against its snapshot with the
// features' configurations, the plans are the same.
func TestDatabaseEqualsSnapshot(t *testing.T) {
	c := pgtest.StartForTest(t)
	url := c.URL(pgtest.SharedDB)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	db, err := unleashdb.Open(ctx, url, unleashdb.Options{})
	if err != nil {
		t.Fatal(err)
	}
	snap, err := db.SnapshotWith(ctx, unleashdb.SnapshotOptions{FeatureConfigs: true})
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	state := filepath.Join(t.TempDir(), "state.json")
	raw, _ := json.Marshal(snap)
	if err := os.WriteFile(state, raw, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"../../testdata/exports/recorded-existing-state-ok.json", "../../testdata/exports/recorded-minimal.json",
		"../../testdata/exports/recorded-many-problems-admin.json", "testdata/import.json"} {
		for _, format := range []string{"text", "json"} {
			wc, wo, we := runIt(nil, "-format", format, "-state", state, f)
			gc, gout, ge := runIt(nil, "-format", format, "-database", url, f)
			if gc != wc || gout != wo || ge != we {
				t.Errorf("%s %s: database exit %d\n%s%s\nwant (snapshot) exit %d\n%s%s", f, format, gc, gout, ge, wc, wo, we)
			}
		}
	}
}

// Against a running Unleash's admin API and against its database, the
// plans of a valid file are the same.
func TestUnleashEqualsDatabase(t *testing.T) {
	s := unleashtest.StartForTest(t, unleashtest.Options{}, true)
	url := s.Cluster.URL(s.Database)
	for _, f := range []string{"../../testdata/exports/recorded-existing-state-ok.json", "../../testdata/exports/recorded-minimal.json"} {
		wc, wo, we := runIt(nil, "-format", "json", "-database", url, f)
		gc, gout, ge := runIt(map[string]string{"UNLEASH_TOKEN": s.AdminToken}, "-format", "json", "-unleash", s.URL, f)
		if gc != wc || gout != wo || ge != we {
			t.Errorf("%s: admin API exit %d\n%s%s\nwant (database) exit %d\n%s%s", f, gc, gout, ge, wc, wo, we)
		}
	}
}
