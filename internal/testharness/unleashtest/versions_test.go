package unleashtest

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestParseVersions(t *testing.T) {
	tests := []struct {
		in   string
		want []string
		err  string
	}{
		{"", []string{UnleashVersion}, ""},
		{" ", []string{UnleashVersion}, ""},
		{"all", Versions(), ""},
		{"8.2.0,5.12.8", []string{"5.12.8", "8.2.0"}, ""},
		{"6.10.1, 6.10.1,", []string{"6.10.1"}, ""},
		{"7.6.5,4.0.0", nil, `"4.0.0" is not one the harness runs`},
		{"ALL", nil, `"ALL"`},
	}
	for _, tt := range tests {
		got, err := ParseVersions(tt.in)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) || !strings.Contains(err.Error(), VersionsEnv) {
				t.Errorf("ParseVersions(%q) = %v, %v; want an error naming %s and %s", tt.in, got, err, VersionsEnv, tt.err)
			}
			continue
		}
		if err != nil || !slices.Equal(got, tt.want) {
			t.Errorf("ParseVersions(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
}

// Every release runs on the node its engines accept, and the client
// token type is the one it knows.
func TestReleases(t *testing.T) {
	if got := Versions(); !slices.Equal(got, []string{"5.12.8", "6.10.1", "7.6.5", "8.2.0"}) {
		t.Fatalf("Versions() = %v", got)
	}
	for _, r := range Releases() {
		major := r.Version[:strings.Index(r.Version, ".")]
		old := major == "5" || major == "6"
		if node := map[bool]string{true: Node20Version, false: NodeVersion}[old]; r.Node != node {
			t.Errorf("%s runs on node %s, want %s", r.Version, r.Node, node)
		}
		if typ := map[bool]string{true: "client", false: "backend"}[old]; r.ClientTokenType != typ {
			t.Errorf("%s: client token type %s, want %s", r.Version, r.ClientTokenType, typ)
		}
		if r.DefaultEnvironment != old || r.UserWithID != old {
			t.Errorf("%s: default environment %v, userWithId %v", r.Version, r.DefaultEnvironment, r.UserWithID)
		}
	}
	if r, err := ReleaseOf(""); err != nil || r.Version != UnleashVersion {
		t.Errorf("ReleaseOf(\"\") = %+v, %v", r, err)
	}
	if _, err := ReleaseOf("8.1.0"); err == nil {
		t.Error("ReleaseOf(8.1.0) succeeded")
	}
}

// Each version has a cache directory of its own under FLAGADMIN_UNLEASH_CACHE,
// and the default version's is the one CacheDir names.
func TestVersionCacheDir(t *testing.T) {
	base := t.TempDir()
	t.Setenv(CacheEnv, base)
	seen := map[string]bool{}
	for _, v := range Versions() {
		dir, err := VersionCacheDir(v)
		if err != nil {
			t.Fatal(err)
		}
		if filepath.Dir(dir) != base || !strings.Contains(filepath.Base(dir), v) || seen[dir] {
			t.Errorf("VersionCacheDir(%s) = %s", v, dir)
		}
		seen[dir] = true
		if _, ok := VersionInstalled(v); ok {
			t.Errorf("%s is installed in an empty cache", v)
		}
	}
	if d, _ := CacheDir(); d != filepath.Join(base, "unleash-"+UnleashVersion+"-node-"+NodeVersion) {
		t.Errorf("CacheDir() = %s", d)
	}
	if _, err := VersionCacheDir("1.0.0"); err == nil {
		t.Error("VersionCacheDir(1.0.0) succeeded")
	}
}

// Start refuses options that cannot go together before installing
// anything.
func TestStartRefusesOptions(t *testing.T) {
	t.Setenv(CacheEnv, t.TempDir())
	for _, o := range []Options{{Dump: true, Seed: true}, {Version: "5.12.8", Dump: true}, {Version: "9.9.9"}} {
		if s, err := Start(context.Background(), o); err == nil || unavailable(err) {
			s.Stop()
			t.Errorf("Start(%+v) = %v, want a refusal", o, err)
		}
	}
}

func TestWithoutMetaCommands(t *testing.T) {
	in := "\\restrict abc\nSET x = 1;\nINSERT INTO t VALUES ('a\n\\n b');\n\\unrestrict abc\n"
	want := "SET x = 1;\nINSERT INTO t VALUES ('a\n\\n b');\n"
	if got := withoutMetaCommands(in); got != want {
		t.Errorf("withoutMetaCommands = %q, want %q", got, want)
	}
}

// The seed's key is the same from one call to the next, and its pins are
// well-formed statements.
func TestSeedKey(t *testing.T) {
	k := seedKey()
	if len(k) != 16 || k != seedKey() {
		t.Fatalf("seedKey() = %q, then %q", k, seedKey())
	}
	for _, p := range seedPins() {
		if strings.Count(p, "'")%2 != 0 {
			t.Errorf("unbalanced quotes in %s", p)
		}
	}
}
