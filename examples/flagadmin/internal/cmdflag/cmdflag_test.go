package cmdflag

import (
	"flag"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		name   string
		args   []string
		code   int
		ok     bool
		output string // a substring of what is printed; "" for nothing
	}{
		{"no flags", nil, 0, true, ""},
		{"a flag", []string{"-n", "3"}, 0, true, ""},
		{"help", []string{"-help"}, 0, false, "Usage of demo"},
		{"unknown flag", []string{"-x"}, 2, false, "flag provided but not defined: -x"},
		{"bad value", []string{"-n", "three"}, 2, false, "invalid value"},
		{"positional", []string{"-n", "3", "extra"}, 2, false, `demo: unexpected argument "extra"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out strings.Builder
			fs := flag.NewFlagSet("demo", flag.ContinueOnError)
			fs.SetOutput(&out)
			fs.Int("n", 0, "a number")
			code, ok := Parse(fs, tc.args)
			if code != tc.code || ok != tc.ok {
				t.Errorf("Parse = %d, %v; want %d, %v", code, ok, tc.code, tc.ok)
			}
			if tc.output == "" && out.Len() > 0 || !strings.Contains(out.String(), tc.output) {
				t.Errorf("output %q; want %q", out.String(), tc.output)
			}
		})
	}
}
