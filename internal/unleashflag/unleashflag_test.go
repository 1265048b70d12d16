package unleashflag

import (
	"context"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/unleashapi"
)

func parse(t *testing.T, args ...string) Flags {
	t.Helper()
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	f := Register(fs)
	if err := fs.Parse(args); err != nil {
		t.Fatal(err)
	}
	return f
}

// The token's mistakes are refused before anything is sent, and no error
// holds the token.
func TestTokenMistakes(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	noEnv := func(string) string { return "" }
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-unleash", "http://127.0.0.1:1"}, "UNLEASH_API_TOKEN"},
		{[]string{"-unleash", "http://127.0.0.1:1", "-token-file", write("empty", " \n")}, "is empty"},
		{[]string{"-unleash", "http://127.0.0.1:1", "-token-file", write("two", "secret-one\nsecret-two\n")}, "more than one line"},
		{[]string{"-unleash", "http://127.0.0.1:1", "-token-file", write("big", strings.Repeat("x", maxTokenFile+1))}, "larger than"},
		{[]string{"-unleash", "http://127.0.0.1:1", "-token-file", filepath.Join(dir, "none")}, "-token-file"},
		{[]string{"-token-file", write("ok", "secret-one")}, "-unleash, which is missing"},
		{[]string{"-unleash", "ftp://x", "-token-file", write("ok2", "secret-one")}, "-unleash: "},
	} {
		f := parse(t, tc.args...)
		_, err := f.Open(context.Background(), noEnv, unleashapi.Options{})
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "secret-") {
			t.Errorf("%v: %v, want an error saying %q without the token", tc.args, err, tc.want)
		}
	}
	if f := parse(t); f.Given() || f.URL() != "" {
		t.Error("no -unleash, yet Given")
	}
}
