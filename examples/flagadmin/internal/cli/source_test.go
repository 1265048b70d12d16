package cli

import (
	"context"
	"errors"
	"flag"
	"io"
	"strings"
	"testing"
)

func TestOpen(t *testing.T) {
	const state = "testdata/state.json"
	for _, tc := range []struct {
		name    string
		args    []string
		opts    sourceOptions
		want    string // the source's Name, or a substring of the error
		usage   bool
		isDemo  bool
		noError bool
	}{
		{name: "state", args: []string{"-state", state}, want: "state file " + state, noError: true},
		{name: "demo", args: []string{"-demo"}, want: "the embedded demo instance", isDemo: true, noError: true},
		{name: "demo by default", opts: sourceOptions{DemoByDefault: true}, want: "the embedded demo instance", isDemo: true, noError: true},
		{name: "none", want: "give -state FILE", usage: true},
		{name: "two", args: []string{"-demo", "-state", state}, want: "not -state and -demo", usage: true},
		{name: "missing state", args: []string{"-state", "nope.json"}, want: "nope.json"},
		{name: "state wins over DATABASE_URL", args: []string{"-state", state},
			opts: sourceOptions{Getenv: func(string) string { return "postgres://nowhere.invalid/db" }}, want: "state file " + state, noError: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := parseSource(t, tc.args)
			src, err := f.Open(context.Background(), tc.opts)
			if tc.noError {
				if err != nil {
					t.Fatal(err)
				}
				defer src.Close()
				if src.Name != tc.want || src.Demo != tc.isDemo || src.State == nil || src.Tokens == nil || src.Users == nil {
					t.Errorf("source %+v", src)
				}
				if tc.isDemo && src.AdminToken == "" {
					t.Error("the demo has no admin token")
				}
				if snap, err := src.Snapshot(context.Background()); err != nil || len(snap.Projects) == 0 {
					t.Errorf("snapshot: %v, %v", snap, err)
				}
				return
			}
			var ue *usageError
			if err == nil || !strings.Contains(err.Error(), tc.want) || errors.As(err, &ue) != tc.usage {
				t.Errorf("error %v; want one with %q (usage %v)", err, tc.want, tc.usage)
			}
		})
	}
}

// TestPrincipal: a token of the source resolves; an unknown one and a
// client token are refused without the secret in the message.
func TestPrincipal(t *testing.T) {
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	f := registerSource(fs)
	f.State = "testdata/state.json"
	src, err := f.Open(context.Background(), sourceOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if p, err := src.Principal(context.Background(), "user:test-viewer-token"); err != nil || p == nil {
		t.Errorf("viewer: %v, %v", p, err)
	}
	for secret, want := range map[string]string{
		"user:secret-nobody-has":                "no such token",
		"default:development.test-client-token": "may not use the admin API",
	} {
		if _, err := src.Principal(context.Background(), secret); err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), secret) {
			t.Errorf("%s: %v; want %q without the secret", secret, err, want)
		}
	}
}

// TestOpenVersion: the source's version comes from -unleash-version, else
// the snapshot, else the default with a note; an unsupported one is a
// usage error.
func TestOpenVersion(t *testing.T) {
	const state = "testdata/state.json" // no version
	for _, tc := range []struct {
		name          string
		args          []string
		version, line string // the version and profile line; "" for an error
		note, err     string
	}{
		{name: "snapshot without version", args: []string{"-state", state}, version: "8.2.0", line: "8"},
		{name: "unverified line", args: []string{"-state", state, "-unleash-version", "7.2.0"}, version: "7.2.0", line: "7.0", note: "Unleash 7.2.0 was not verified"},
		{name: "override", args: []string{"-state", state, "-unleash-version", "5.12.8"}, version: "5.12.8", line: "5.12"},
		{name: "newer 8.x", args: []string{"-state", state, "-unleash-version", "8.5.0"}, version: "8.5.0", line: "8", note: "newer than the newest verified 8.2.0"},
		{name: "demo", args: []string{"-demo", "-unleash-version", "6.10.1"}, version: "6.10.1", line: "6.10"},
		{name: "demo without version says nothing", args: []string{"-demo"}, version: "8.2.0", line: "8"},
		{name: "too old", args: []string{"-state", state, "-unleash-version", "5.11.0"}, err: "-unleash-version: Unleash version \"5.11.0\": older than Unleash 5.12.0"},
		{name: "no version", args: []string{"-demo", "-unleash-version", "latest"}, err: "not a version number"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := parseSource(t, tc.args)
			var notes []string
			src, err := f.Open(context.Background(), sourceOptions{Note: func(s string) { notes = append(notes, s) }})
			if tc.err != "" {
				var ue *usageError
				if err == nil || !strings.Contains(err.Error(), tc.err) || !errors.As(err, &ue) {
					t.Fatalf("error %v; want a usage error with %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			defer src.Close()
			if src.Version.Version != tc.version || src.Profile().Name != tc.line {
				t.Errorf("version %q, profile %q; want %q, %q", src.Version.Version, src.Profile().Name, tc.version, tc.line)
			}
			if want := []string{tc.note}; (tc.note == "" && len(notes) != 0) || (tc.note != "" && (len(notes) != 1 || !strings.Contains(notes[0], tc.note))) {
				t.Errorf("notes %q; want %q", notes, want)
			}
		})
	}
}

// parseSource returns the source flags of args.
func parseSource(t *testing.T, args []string) *sourceFlags {
	t.Helper()
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	f := registerSource(fs)
	if err := fs.Parse(args); err != nil {
		t.Fatal(err)
	}
	return f
}
