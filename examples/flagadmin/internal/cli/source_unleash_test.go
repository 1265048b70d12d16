package cli

import (
	"context"
	"flag"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
)

// The mistakes of -unleash and its token are refused before anything is
// sent, and no error holds the token.
func TestUnleashMistakes(t *testing.T) {
	dir := t.TempDir()
	const url = "http://127.0.0.1:1"
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-unleash", url}, "UNLEASH_API_TOKEN"},
		{[]string{"-unleash", url, "-token-file", testutil.WriteFile(t, dir, "empty", " \n")}, "is empty"},
		{[]string{"-unleash", url, "-token-file", testutil.WriteFile(t, dir, "two", "secret-one\nsecret-two\n")}, "more than one line"},
		{[]string{"-unleash", url, "-token-file", testutil.WriteFile(t, dir, "big", strings.Repeat("x", maxTokenFile+1))}, "larger than"},
		{[]string{"-unleash", url, "-token-file", filepath.Join(dir, "none")}, "-token-file"},
		{[]string{"-token-file", testutil.WriteFile(t, dir, "ok", "secret-one")}, "-unleash, which is missing"},
		{[]string{"-unleash", "ftp://x", "-token-file", testutil.WriteFile(t, dir, "ok2", "secret-one")}, "-unleash: "},
		{[]string{"-unleash", url, "-demo"}, "not -demo and -unleash"},
		{[]string{"-unleash", "127.0.0.1:4242"}, "-unleash 127.0.0.1:4242: the instance's base URL needs its scheme: -unleash http://127.0.0.1:4242 (or https://)"},
		{[]string{"-unleash", "unleash.example.com/base"}, "-unleash http://unleash.example.com/base"},
		{[]string{"-unleash", "admin:secret-pw@host:4242"}, "needs its scheme, such as http://HOST:PORT"},
		{[]string{"-unleash", url, "-token-file", testutil.WriteFile(t, dir, "ok3", "secret-one")}, "no answer"},
	} {
		fs := flag.NewFlagSet("x", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		f := registerSource(fs)
		if err := fs.Parse(tc.args); err != nil {
			t.Fatal(err)
		}
		_, err := f.Open(context.Background(), sourceOptions{Getenv: func(string) string { return "" }})
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "secret-") {
			t.Errorf("%v: %v, want an error saying %q without the token", tc.args, err, tc.want)
		}
	}
}
