package dbflag

import (
	"bytes"
	"context"
	"flag"
	"path/filepath"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
)

func TestURL(t *testing.T) {
	dir := t.TempDir()
	file := testutil.WriteFile(t, dir, "url", "  postgres://u:s3cret@db/x\n")
	empty := testutil.WriteFile(t, dir, "empty", " \n")
	getenv := func(k string) string {
		if k == EnvVar {
			return "postgres://env"
		}
		return ""
	}
	for _, tt := range []struct {
		args    []string
		env     bool
		want    string
		wantErr string
		given   bool
	}{
		{nil, true, "postgres://env", "", false},
		{nil, false, "", "", false},
		{[]string{"-database", "postgres://flag"}, true, "postgres://flag", "", true},
		{[]string{"-database-file", file}, true, "postgres://u:s3cret@db/x", "", true},
		{[]string{"-database-file", file, "-database", "postgres://flag"}, true, "postgres://flag", "", true},
		{[]string{"-database-file", empty}, true, "", "-database-file " + empty + ": the file is empty", true},
		{[]string{"-database-file", filepath.Join(dir, "none")}, true, "", "no such file or directory", true},
	} {
		fs := flag.NewFlagSet("x", flag.ContinueOnError)
		f := Register(fs, "to read")
		if err := fs.Parse(tt.args); err != nil {
			t.Fatal(err)
		}
		got, err := f.URL(context.Background(), getenv, tt.env)
		if got != tt.want || (err == nil) != (tt.wantErr == "") || (err != nil && !strings.Contains(err.Error(), tt.wantErr)) {
			t.Errorf("%q env %v: %q, %v; want %q, %q", tt.args, tt.env, got, err, tt.want, tt.wantErr)
		}
		if f.Given() != tt.given {
			t.Errorf("%q: Given %v", tt.args, f.Given())
		}
	}
}

// TestHelp: the help says how to keep the password out of the process
// list.
func TestHelp(t *testing.T) {
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	var out bytes.Buffer
	fs.SetOutput(&out)
	Register(fs, "to read the state from")
	fs.PrintDefaults()
	for _, want := range []string{"-database URL", "-database-file file", "process list", "$DATABASE_URL"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("help does not say %q:\n%s", want, out.String())
		}
	}
}
