package measureflag

import (
	"bytes"
	"flag"
	"strings"
	"testing"
)

// TestParse: flags parse; -h stops with 0; a bad flag and an argument
// stop with 2, the argument named.
func TestParse(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		ok   bool
		out  string
	}{
		{[]string{"-n", "3"}, 0, true, ""},
		{[]string{"-h"}, 0, false, "-n"},
		{[]string{"-x"}, 2, false, "flag provided but not defined: -x"},
		{[]string{"-n", "3", "extra"}, 2, false, `m: unexpected argument "extra"`},
	} {
		var out bytes.Buffer
		fs := flag.NewFlagSet("m", flag.ContinueOnError)
		fs.SetOutput(&out)
		fs.Int("n", 1, "a number")
		code, ok := Parse(fs, tc.args)
		if code != tc.code || ok != tc.ok || !strings.Contains(out.String(), tc.out) {
			t.Errorf("Parse(%q) = %d, %v, output %q; want %d, %v, output with %q", tc.args, code, ok, out.String(), tc.code, tc.ok, tc.out)
		}
	}
}
