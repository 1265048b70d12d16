package cmdflag

import (
	"flag"
	"slices"
	"strings"
	"testing"
)

// TestParse: -h writes the help to standard output; a refused flag or an
// argument is one line and a line of usage on standard error, never the
// help.
func TestParse(t *testing.T) {
	for _, tc := range []struct {
		name           string
		args           []string
		interspersed   bool
		code           int
		ok             bool
		rest           []string
		stdout, stderr string // what is printed, exactly
	}{
		{name: "no flags", ok: true},
		{name: "a flag", args: []string{"-n", "3"}, ok: true},
		{name: "help", args: []string{"-h"}, stdout: "usage: demo [flags] FILE\n\nflags:\n  -n int\n    \ta number\n"},
		{name: "help, long", args: []string{"--help"}, interspersed: true, stdout: "usage: demo [flags] FILE\n\nflags:\n  -n int\n    \ta number\n"},
		{name: "unknown flag", args: []string{"-x"}, code: 2,
			stderr: "demo: flag provided but not defined: -x\nusage: demo [flags] FILE; 'demo -h' for help\n"},
		{name: "bad value", args: []string{"a.json", "-n", "three"}, interspersed: true, code: 2,
			stderr: "demo: invalid value \"three\" for flag -n: parse error\nusage: demo [flags] FILE; 'demo -h' for help\n"},
		{name: "positional", args: []string{"-n", "3", "extra"}, code: 2,
			stderr: "demo: unexpected argument \"extra\"\nusage: demo [flags] FILE; 'demo -h' for help\n"},
		{name: "interspersed", args: []string{"a", "-n", "3", "b"}, interspersed: true, ok: true, rest: []string{"a", "b"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr strings.Builder
			fs := New("demo", "usage: demo [flags] FILE\n\nflags:\n", Output{Writer: &stderr, Stdout: &stdout})
			fs.Int("n", 0, "a number")
			var code int
			var ok bool
			var rest []string
			if tc.interspersed {
				rest, code, ok = ParseInterspersed(fs, tc.args)
			} else {
				code, ok = Parse(fs, tc.args)
			}
			if code != tc.code || ok != tc.ok || !slices.Equal(rest, tc.rest) {
				t.Errorf("Parse = %d, %v, %q; want %d, %v, %q", code, ok, rest, tc.code, tc.ok, tc.rest)
			}
			if stdout.String() != tc.stdout || stderr.String() != tc.stderr {
				t.Errorf("stdout %q, stderr %q; want %q, %q", stdout.String(), stderr.String(), tc.stdout, tc.stderr)
			}
		})
	}
}

// TestOneWriter: a flag set given one writer writes everything there, and
// one without a help of its own gets a usage line all the same.
func TestOneWriter(t *testing.T) {
	var out strings.Builder
	fs := flag.NewFlagSet("demo", flag.ContinueOnError)
	fs.SetOutput(&out)
	if code, ok := Parse(fs, []string{"-h"}); code != 0 || ok || !strings.HasPrefix(out.String(), "Usage of demo:\n") {
		t.Errorf("-h: %d, %v, %q", code, ok, out.String())
	}
	out.Reset()
	if code, _ := Parse(fs, []string{"-x"}); code != 2 || out.String() != "demo: flag provided but not defined: -x\nusage: demo [flags]; 'demo -h' for help\n" {
		t.Errorf("-x: %d, %q", code, out.String())
	}
}
