package importmodel

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
)

// unleashNodeModulesEnv names a node_modules folder holding the packages
// unleash-server 8.2.0 checks values with (joi 18.3.2, semver 7.7.4,
// re2js 2.3.2, normalize-url 9.0.1), such as the app/node_modules of the
// install internal/testharness/unleashtest makes; with it and node on
// PATH, the value checks are compared with the packages themselves.
const unleashNodeModulesEnv = "FLAGADMIN_UNLEASH_NODE_MODULES"

// nodeModules returns the folder, or skips.
func nodeModules(t *testing.T) string {
	t.Helper()
	dir := os.Getenv(unleashNodeModulesEnv)
	if dir == "" {
		t.Skipf("set %s to a node_modules folder of unleash-server 8.2.0's dependencies (and have node on PATH) to compare with them", unleashNodeModulesEnv)
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	return abs
}

// verdict is an input of a value check and what the check tells of
// it.
type verdict[V comparable] struct {
	in   string
	want V
}

// checkRefusalVerdicts fails for each case on which check does not tell
// the case's verdict.
func checkRefusalVerdicts[V comparable](t *testing.T, cases []verdict[V], check func(string) V) {
	t.Helper()
	for _, c := range cases {
		if got := check(c.in); got != c.want {
			t.Errorf("%q: got %v, want %v", c.in, got, c.want)
		}
	}
}

// inputs are the cases' inputs.
func inputs[V comparable](cases []verdict[V]) []string {
	in := make([]string, len(cases))
	for i, c := range cases {
		in[i] = c.in
	}
	return in
}

// generated are n strings made by a generator of seed, each of a
// piece of every part in turn.
func generated(seed uint64, n int, parts [][]string) []string {
	var in []string
	rng := testutil.NewXorshift(seed)
	for range n {
		var b strings.Builder
		for _, p := range parts {
			b.WriteString(p[rng.Intn(len(p))])
		}
		in = append(in, b.String())
	}
	return in
}

// node is node's answer to script, given in as JSON on its standard
// input and args after it; without node on PATH the test is skipped.
func node[V any](t *testing.T, script string, in []string, args ...string) []V {
	t.Helper()
	var out []V
	if !testutil.Node(t, script, in, &out, args...) {
		t.Skip("node is not on PATH")
	}
	return out
}

// numberCases are joi number() verdicts on strings: "" passes,
// else the message.
var numberCases = []verdict[string]{
	{"1", ""}, {"-1", ""}, {"+1", ""}, {" 1 ", ""}, {"1.5", ""}, {".5", ""}, {"5.", ""}, {"-.5", ""},
	{"1e3", ""}, {"1E3", ""}, {"1.50", ""}, {"007", ""}, {"0.000", ""}, {"-0", ""}, {"\u00a012\u2028", ""},
	{"9007199254740991", ""}, {"-9007199254740991", ""}, {"1e-7", ""}, {"123456789012345", ""},
	{"abc", `"value" must be a number. You provided "abc".`},
	{"", `"value" must be a number.`},
	{"0x10", `"value" must be a number. You provided "0x10".`},
	{"Infinity", `"value" must be a number. You provided "Infinity".`},
	{"1_000", `"value" must be a number. You provided "1_000".`},
	{"1e", `"value" must be a number. You provided "1e".`},
	{".", `"value" must be a number. You provided ".".`},
	{"+-1", `"value" must be a number. You provided "+-1".`},
	{"１", `"value" must be a number. You provided "１".`},
	{"12345678901234567890", `"value" must be a safe number. You provided "12345678901234567890".`},
	{"9007199254740993", `"value" must be a safe number. You provided "9007199254740993".`},
	{"0.1234567890123456789", `"value" must be a safe number. You provided "0.1234567890123456789".`},
	{"1e400", `"value" must be a safe number. You provided "1e400".`},
	{"9007199254740992", `"value" must be a safe number. You provided 9007199254740992.`},
	{"1e16", `"value" must be a safe number. You provided 10000000000000000.`},
	{"1000000000000000000000", `"value" must be a safe number. You provided 1e+21.`},
}

func TestNumber(t *testing.T) {
	checkRefusalVerdicts(t, numberCases, func(in string) string {
		if kind, v := checkNumber(in); kind != 0 {
			return joi{label: "value", kind: kind, value: v}.String()
		}
		return ""
	})
}

// TestNumberAgainstJoi compares the cases with joi itself.
func TestNumberAgainstJoi(t *testing.T) {
	script := `const joi = require(process.argv[1] + "/joi");
const cases = JSON.parse(require("fs").readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify(cases.map((c) => {
  const r = joi.number().validate(c);
  if (!r.error) return "";
  const d = r.error.details[0];
  return d.message + (d.context && d.context.value ? ". You provided " + JSON.stringify(d.context.value) + "." : ".");
})));`
	got := node[string](t, script, inputs(numberCases), nodeModules(t))
	for i, c := range numberCases {
		if got[i] != c.want {
			t.Errorf("%q: joi says %q, the table %q", c.in, got[i], c.want)
		}
	}
}

// dateCases are dates and what can be told of them.
var dateCases = []verdict[dateVerdict]{
	{"2024-01-01", dateValid}, {"2024-01", dateValid}, {"2024", dateValid}, {"0000", dateValid},
	{"2024-01-01T10:00Z", dateValid}, {"2024-01-01T10:00", dateValid}, {"2024-01-01T10:00:00.1Z", dateValid},
	{"2024-01-01T10:00:00.123456789Z", dateValid}, {"2024-01-01T10:00:00+01:00", dateValid},
	{"2024-02-31", dateValid}, {"2023-02-29T00:00Z", dateValid}, {"2024-01-01T24:00Z", dateValid},
	{"2024-01-01T24:00:00.000Z", dateValid}, {"2024-01-01T24:00:00.0001Z", dateInvalid}, {"+002024-01-01", dateValid},
	{"-000001-01-01", dateValid}, {"+000000-01-01", dateValid}, {"+275760-09-13T00:00:00.000Z", dateValid},
	{"-271821-04-20", dateValid}, {"-271821-04-19T23:00:00.000-01:00", dateValid},
	{"12", dateValid}, {"-12.5", dateValid}, {"8640000000000000", dateValid}, {"-8640000000000000", dateValid},
	{"8640000000000001", dateInvalid}, {"99999999999999999999", dateInvalid},
	{"not a date", dateInvalid}, {"", dateInvalid}, {"   ", dateInvalid}, {"\u2028", dateInvalid}, {"March", dateInvalid},
	{"Tue GMT", dateInvalid},
	{"2024-13-01", dateInvalid}, {"2024-00-01", dateInvalid}, {"2024-01-00", dateInvalid}, {"2024-01-32", dateInvalid},
	{"2024-01-01T25:00Z", dateInvalid}, {"2024-01-01T24:00:01Z", dateInvalid}, {"2024-01-01T23:60Z", dateInvalid},
	{"2024-01-01T23:59:60Z", dateInvalid}, {"2024-01-01T10:00+24:00", dateInvalid}, {"2024-01-01T10:00+23:60", dateInvalid},
	{"+275760-09-13T00:00:00.001Z", dateInvalid}, {"+275760-09-14", dateInvalid}, {"-271821-04-19", dateInvalid},
	{"March 7 2024", dateLenient}, {"2024-01-01 10:00", dateLenient}, {"2024-1-1", dateLenient}, {"foo 1", dateLenient},
	{"2024-01-01t10:00:00z", dateLenient}, {" 2024-01-01", dateLenient}, {"2024-01-01T10:00:00+0100", dateLenient},
	{"-000000-01-01", dateLenient}, {"2024-01-01T10:00:00.Z", dateLenient}, {"2024-01-01T10", dateLenient},
	{"1.", dateLenient}, {"Tue, 01 Jan 2024 00:00:00 GMT", dateLenient},
}

func TestDate(t *testing.T) {
	checkRefusalVerdicts(t, dateCases, date)
}

// TestDateAgainstNode compares the verdicts that can be told with
// joi's conversion on node's Date (a time zone of UTC, as the reference
// runs), for the cases and for generated date-times around the ranges.
func TestDateAgainstNode(t *testing.T) {
	t.Setenv("TZ", "UTC")
	in := append(inputs(dateCases), generated(7, 3000, [][]string{
		{"2024", "1970", "0000", "9999", "+275760", "-271821", "+000000", "-000000", "+002024", "-000100"},
		{"", "-01", "-02", "-04", "-09", "-12", "-13", "-00", "-1"},
		{"", "-01", "-13", "-19", "-20", "-28", "-29", "-30", "-31", "-32", "-00"},
		{"", "T00:00", "T23:59", "T24:00", "T24:00:00.000", "T24:00:00.5", "T10:00:00", "T10:00:59.999", "T10:60", "T1:00", "T10:00:00."},
		{"", "Z", "+00:00", "-00:00", "+23:59", "-23:59", "+24:00", "+01", "z"},
	})...)
	script := `const cases = JSON.parse(require("fs").readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify(cases.map((v) => {
  if (/^\s*$/.test(v)) return false;
  if (/^[+-]?\d+(\.\d+)?$/.test(v)) v = parseFloat(v);
  return !isNaN(new Date(v).getTime());
})));`
	valid := node[bool](t, script, in)
	told := 0
	for i, s := range in {
		switch date(s) {
		case dateValid:
			told++
			if !valid[i] {
				t.Errorf("%q: valid here, node's Date refuses it", s)
			}
		case dateInvalid:
			told++
			if valid[i] {
				t.Errorf("%q: invalid here, node's Date accepts it", s)
			}
		}
	}
	if told < len(in)/3 {
		t.Errorf("only %d of %d dates told", told, len(in))
	}
}

// semverCases are strict semantic versions and others.
var semverCases = []verdict[bool]{
	{"1.0.0", true}, {"0.0.0", true}, {"1.2.3-alpha.1", true}, {"1.2.3-0", true}, {"1.2.3-0a", true},
	{"1.2.3+build.5", true}, {"1.2.3-rc.1+b-1", true}, {"1.2.3--", true}, {"9007199254740991.0.0", true},
	{"1.2.3-999999999999999999999", true}, {"1.2.3-x.7.z.92", true},
	{"1.0", false}, {"v1.0.0", false}, {"=1.0.0", false}, {" 1.0.0", false}, {"1.0.0 ", false}, {"01.0.0", false},
	{"1.02.0", false}, {"1.2.3-01", false}, {"1.2.3-", false}, {"1.2.3+", false}, {"1.2.3-a..b", false},
	{"1.2.3+a+b", false}, {"9007199254740992.0.0", false}, {"1.2.3-é", false}, {"1.2.3.4", false},
	{"1.2.3-" + strings.Repeat("a", 251), false}, {"1.2.3-" + strings.Repeat("a", 250), true}, {"", false},
}

func TestSemver(t *testing.T) {
	checkRefusalVerdicts(t, semverCases, semver)
}

// TestSemverAgainstSemver compares with Unleash's parseStrictSemVer
// on npm semver.
func TestSemverAgainstSemver(t *testing.T) {
	script := `const semver = require(process.argv[1] + "/semver");
const canonical = (p) => p.build.length > 0 ? p.version + "+" + p.build.join(".") : p.version;
const cases = JSON.parse(require("fs").readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify(cases.map((v) => {
  let p; try { p = semver.parse(v, { loose: false }); } catch { return false; }
  return !!p && canonical(p) === v;
})));`
	got := node[bool](t, script, inputs(semverCases), nodeModules(t))
	for i, c := range semverCases {
		if got[i] != c.want {
			t.Errorf("%q: semver says %v, the table %v", c.in, got[i], c.want)
		}
	}
}

// regexCases are expressions RE2 refuses or accepts.
var regexCases = []string{"^a", "(", "(?=a)", "(?!a)", "(?<=a)", "a++", `\C`, "a{1001}", "a{1000}", `\8`, `\1`,
	"[a", "a)", "(?i)abc", `\pL`, `\p{Greek}`, `\Q.*\E`, "x*?", "(?P<n>a)", "(?<n>a)", "[[:alpha:]]", `\z`, `\Z`, "a**"}

// TestRegexAgainstRE2JS compares Go's verdicts and messages with
// RE2JS's, which the import uses.
func TestRegexAgainstRE2JS(t *testing.T) {
	script := `const { RE2JS } = require(process.argv[1] + "/re2js");
const cases = JSON.parse(require("fs").readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify(cases.map((v) => { try { RE2JS.compile(v); return ""; } catch (e) { return e.message; } })));`
	got := node[string](t, script, regexCases, nodeModules(t))
	for i, c := range regexCases {
		want := ""
		if _, err := regexp.Compile(c); err != nil {
			want = err.Error()
		}
		if got[i] != want {
			t.Errorf("%q: RE2JS says %q, Go's regexp %q", c, got[i], want)
		}
	}
}

func TestText(t *testing.T) {
	for _, c := range []struct {
		in       string
		length   int
		friendly bool
	}{
		{"abc", 3, true}, {"a-b_c.d!e~f*g'h(i)", 18, true}, {".", 1, false}, {"..", 2, false}, {"...", 3, true},
		{"a b", 3, false}, {"café", 4, false}, {"😀", 2, false}, {"a\xed\xa0\x80", 2, false}, {"", 0, true}, {"a/b", 3, false},
	} {
		if got := utf16Len(c.in); got != c.length {
			t.Errorf("utf16Len(%q) = %d, want %d", c.in, got, c.length)
		}
		if got := urlFriendly(c.in); got != c.friendly {
			t.Errorf("urlFriendly(%q) = %v, want %v", c.in, got, c.friendly)
		}
	}
	if msg := nameType("name", "a\xed\xa0\x80", 1, 100); msg != uriMalformed {
		t.Errorf("a lone surrogate: %q", msg)
	}
	if msg := nameType("name", strings.Repeat("😀", 0)+strings.Repeat("a", 101), 1, 100); !strings.Contains(msg, "less than or equal to 100") {
		t.Errorf("101 characters: %q", msg)
	}
	if got, want := trim("\u00a0\ufeff x \u2029\t"), "x"; got != want {
		t.Errorf("trim: %q", got)
	}
}
