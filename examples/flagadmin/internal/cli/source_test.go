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
			fs := flag.NewFlagSet("x", flag.ContinueOnError)
			fs.SetOutput(io.Discard)
			f := registerSource(fs)
			if err := fs.Parse(tc.args); err != nil {
				t.Fatal(err)
			}
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
