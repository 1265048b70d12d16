package ajvformat

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
)

// dateTimeCases are strings with the verdict of ajv-formats 2.1.1's full
// date-time format, as node gave it (TestDateTimeAgainstNode recomputes
// them where node and the package are at hand).
var dateTimeCases = []struct {
	s    string
	want bool
}{
	{"2024-01-01T00:00:00Z", true},
	{"2024-01-01t00:00:00z", true},
	{"2024-01-01 00:00:00", true},
	{"2024-01-01T00:00:00", true},
	{"2024-02-29T12:00:00Z", true},
	{"2023-02-29T12:00:00Z", false},
	{"1900-02-29T00:00:00Z", false},
	{"2000-02-29T00:00:00Z", true},
	{"2024-04-31T00:00:00Z", false},
	{"2024-00-10T00:00:00Z", false},
	{"2024-13-10T00:00:00Z", false},
	{"2024-01-00T00:00:00Z", false},
	{"2024-01-01T24:00:00Z", false},
	{"2024-01-01T23:59:60Z", true},
	{"2024-01-01T22:59:60Z", false},
	{"2024-01-01T23:60:00Z", false},
	{"2024-01-01T23:59:59.123456789Z", true},
	{"2024-01-01T23:59:59.Z", false},
	{"2024-01-01T10:00:00+01", true},
	{"2024-01-01T10:00:00+0100", true},
	{"2024-01-01T10:00:00+01:00", true},
	{"2024-01-01T10:00:00+99:99", true},
	{"2024-01-01T10:00:00+1:00", false},
	{"2024-01-01T10:00:00+01:0", false},
	{"2024-01-01T10:00:00 +01:00", false},
	{"2024-01-01\u00a010:00:00Z", true},
	{"2024-01-01\u200310:00:00Z", true},
	{"2024-01-01\ufeff10:00:00Z", true},
	{"2024-01-01\u201010:00:00Z", false},
	{"2024-01-01\u000b10:00:00Z", true},
	{"2024-01-01\n10:00:00Z", true},
	{"2024-01-01TT10:00:00Z", false},
	{"2024-01-01T10:00:00Zt", false},
	{"T2024-01-01", false},
	{"2024-01-01T", false},
	{"", false},
	{"2024-1-01T10:00:00Z", false},
	{"02024-01-01T10:00:00Z", false},
	{"2024-01-01T10:00:00ZZ", false},
	{"2024-01-01T10:00:00.5+01:00", true},
	{"2024-01-01T10:00Z", false},
	{"2024-01-01T1:00:00Z", false},
	{"\u0662\u0660\u0662\u0664-01-01T10:00:00Z", false},
	{"2024-01-01T10:00:00-00", true},
	{"0000-02-29T00:00:00Z", true},
	{"9999-12-31T23:59:59Z", true},
	{"2024-01-01T10:00:00+01:00:00", false},
	{"2024-01-01\u300010:00:00z", true},
	{"2024-01-01\u205f10:00:00Z", true},
	{"2024-01-01\u180e10:00:00Z", false},
	{"2024-01-01\u008510:00:00Z", false},
	{"2024-01-01\u202810:00:00Z", true},
}

func TestDateTime(t *testing.T) {
	for _, tt := range dateTimeCases {
		if got := DateTime(tt.s); got != tt.want {
			t.Errorf("DateTime(%q) = %v, want %v", tt.s, got, tt.want)
		}
	}
}

// nodeModulesEnv names a node_modules folder holding ajv-formats 2.1.1;
// with it, the cases are checked against the package itself.
const nodeModulesEnv = "FLAGADMIN_AJV_NODE_MODULES"

func TestDateTimeAgainstNode(t *testing.T) {
	const skip = "set %s to a node_modules folder with ajv-formats@2.1.1 (and have node on PATH) to compare with it"
	dir := os.Getenv(nodeModulesEnv)
	if dir == "" {
		t.Skipf(skip, nodeModulesEnv)
	}
	in := make([]string, len(dateTimeCases))
	for i, c := range dateTimeCases {
		in[i] = c.s
	}
	script := `const dt = require(process.argv[1] + "/ajv-formats/dist/formats").fullFormats["date-time"].validate;
const cases = JSON.parse(require("fs").readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify(cases.map((c) => dt(c))));`
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []bool
	if !testutil.Node(t, script, in, &got, abs) {
		t.Skipf(skip, nodeModulesEnv)
	}
	if len(got) != len(in) {
		t.Fatalf("node answered %d values for %d cases", len(got), len(in))
	}
	for i, c := range dateTimeCases {
		if got[i] != c.want || DateTime(c.s) != got[i] {
			t.Errorf("%q: ajv-formats %v, table %v, DateTime %v", c.s, got[i], c.want, DateTime(c.s))
		}
	}
}

func FuzzDateTime(f *testing.F) {
	for _, c := range dateTimeCases {
		f.Add(c.s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !DateTime(s) {
			return
		}
		// An accepted date-time starts with a real calendar day, as Go's
		// time package reads it, and its clock has two-digit fields.
		if len(s) < 19 {
			t.Fatalf("%q accepted but too short", s)
		}
		if _, err := time.Parse("2006-01-02", s[:10]); err != nil {
			t.Errorf("%q accepted, but its date: %v", s, err)
		}
		if c := s[10:]; !strings.ContainsAny(c, ":") {
			t.Errorf("%q accepted without a clock", s)
		}
	})
}
