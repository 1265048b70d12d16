package jsregex

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "record testdata/node.json from node")

// table lists sources and the inputs to test each against. The naming
// pattern of a project is used as "^" + pattern + "$", so most sources
// here have that shape.
var table = []struct {
	source string
	inputs []string
}{
	// Alternation binds more loosely than the anchors.
	{`^a|b$`, []string{"a", "ab", "xb", "b", "ba", "xa"}},
	{`^(a|b)$`, []string{"a", "b", "ab"}},
	{`^abc|def$`, []string{"abcx", "xdef", "abdef"}},
	// Quantifiers, greedy and lazy.
	{`^a*?b$`, []string{"b", "aab", "aa"}},
	{`^a{2,3}$`, []string{"a", "aa", "aaa", "aaaa"}},
	{`^a{2,}$`, []string{"a", "aa", "aaaaa"}},
	{`^(?:ab)+$`, []string{"", "ab", "abab", "aba"}},
	{`^(a*)*$`, []string{"", "aaa", "aab"}},
	{`^(a*)+b$`, []string{"b", "aab"}},
	// Braces that start no quantifier are literals.
	{`^a{$`, []string{"a{", "a"}},
	{`^a{1$`, []string{"a{1"}},
	{`^a{,5}$`, []string{"a{,5}", "aaa"}},
	{`^}$`, []string{"}"}},
	{`^]$`, []string{"]"}},
	{`^x{2,1}$`, nil},
	{`^{1}$`, nil},
	{`^a**$`, nil},
	{`^*$`, nil},
	{`^a{1}{2}$`, nil},
	// Look-ahead and look-behind.
	{`^(?=.*-)[a-z-]+$`, []string{"a-b", "ab"}},
	{`^(?!test)[a-z]+$`, []string{"testing", "prod"}},
	{`^(?=a)*b$`, []string{"b"}},
	{`^(?=(a))a\1$`, []string{"aa", "a"}},
	{`^(?!(a))\1b$`, []string{"b"}},
	{`^.*(?<=-x)$`, []string{"a-x", "ax"}},
	{`^.*(?<!-x)$`, []string{"a-x", "ax"}},
	{`^(?<=a)*$`, nil},
	{`^.*(?<=(a+))b\1$`, []string{"aabaa", "aaba"}},
	{`^.*(?<=(a+?))b\1$`, []string{"aabaa", "aaba"}},
	{`^(a)b(?<=\1b)$`, []string{"ab"}},
	{`^.*(?<=(\w)\1)$`, []string{"xaa", "xab"}},
	{`^.*(?<=(?=a)\w{2})b$`, []string{"xab", "abb"}},
	{`^(?:(?<!x)y|x)+$`, []string{"yxy", "xy", "yy"}},
	// Back references, numbered and named, forward and unset.
	{`^(a)\1$`, []string{"aa", "ab"}},
	{`^\1(a)$`, []string{"a", "aa"}},
	{`^(a)|\1b$`, []string{"b", "xb"}},
	{`^(?<x>[a-z])-\k<x>$`, []string{"a-a", "a-b"}},
	{`^\k<x>(?<x>a)$`, []string{"a"}},
	{`^(?<x>a)\k<y>$`, nil},
	{`^(?<x>a)\k$`, nil},
	{`^(?<x>a)(?<x>b)$`, nil},
	{`^\k<x>$`, []string{"k<x>"}},
	{`^(?<\u0061>x)\k<a>$`, []string{"xx"}},
	{`^(?<1a>x)$`, nil},
	// Captures inside a quantified group are reset at each iteration.
	{`^(?:(a)|b)+\1$`, []string{"aba", "ab", "abb"}},
	{`^(z)((a+)?(b+)?(c))*\3$`, []string{"zaacbbbcac", "zaacbbbcacaa"}},
	// Empty iterations beyond the minimum fail.
	{`^(?:a?)*?b$`, []string{"b", "ab"}},
	{`^(a?)*$`, []string{"", "a"}},
	// Decimal escapes: back references when the group exists, octal or
	// literal otherwise.
	{`^\8$`, []string{"8"}},
	{`^\10$`, []string{"\b"}},
	{`^(a)\10$`, []string{"a\b", "aa0"}},
	{`^(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)\10$`, []string{"abcdefghijj", "abcdefghija0"}},
	{`^\400$`, []string{" 0"}},
	{`^\0$`, []string{"\x00"}},
	{`^\01$`, []string{"\x01"}},
	{`^[\1]$`, []string{"\x01", "1"}},
	{`^[\8]$`, []string{"8"}},
	// Classes.
	{`^[^]$`, []string{"a", "\n", "", "ab"}},
	{`^[]$`, []string{"", "a"}},
	{`^[^]*$`, []string{"a\nb"}},
	{`^[b-a]$`, nil},
	{`^[\d-z]$`, []string{"5", "-", "z", "y"}},
	{`^[a-\d]$`, []string{"a", "-", "5", "b"}},
	{`^[a-]$`, []string{"a", "-"}},
	{`^[\b]$`, []string{"\b", "b"}},
	{`^[\B]$`, []string{"B"}},
	{`^[\-]$`, []string{"-"}},
	{`^[^a-z]+$`, []string{"ABC", "aBC"}},
	{`^[\s\S]$`, []string{"x", "\n"}},
	{`^[\W\d]+$`, []string{"-1", "a"}},
	{`^[a`, nil},
	// Control escapes.
	{`^\cA$`, []string{"\x01"}},
	{`^\ca$`, []string{"\x01"}},
	{`^\c1$`, []string{`\c1`}},
	{`^\c$`, []string{`\c`}},
	{`^[\c]$`, []string{`\`, "c"}},
	{`^[\c1]$`, []string{"\x11"}},
	{`^[\c_]$`, []string{"\x1f"}},
	// \u and \x escapes, \p without the u flag.
	{`^\u0061$`, []string{"a"}},
	{`^\u{41}$`, []string{"A", "uuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuu"}},
	{`^\x4$`, []string{"x4"}},
	{`^\x41$`, []string{"A"}},
	{`^\p{L}$`, []string{"p{L}", "a"}},
	{`^\p{L}+$`, []string{"p{L}"}},
	{`^\P{Lu}$`, []string{"P{Lu}"}},
	{`^\e$`, []string{"e"}},
	{`^\/$`, []string{"/"}},
	// . and \s and \S as JavaScript defines them.
	{`^.$`, []string{"a", "\n", "\r", "\u2028", "\u2029", "\u0085", "\u00a0"}},
	{`^\s$`, []string{" ", "\u00a0", "\ufeff", "\u1680", "\u2000", "\u200a", "\u200b", "\u202f", "\u205f", "\u3000", "\u0085", "\u180e", "\v", "\f"}},
	{`^\S$`, []string{"\u00a0", "\u0085", "x"}},
	{`^\w+$`, []string{"abc_09", "é"}},
	{`^\bfoo\b.*$`, []string{"foo bar", "foobar"}},
	{`^.*\B-$`, []string{"a-", "a -"}},
	// UTF-16 code units.
	{`^.$`, []string{"😀", "é"}},
	{`^..$`, []string{"😀"}},
	{`^😀+$`, []string{"😀😀", "😀\xed\xb8\x80"}},
	{`^[😀]$`, []string{"😀", "\xed\xa0\xbd"}},
	{`^[😀]{2}$`, []string{"😀"}},
	{`^\ud83d\ude00$`, []string{"😀"}},
	{`^[\ud800-\udbff][\udc00-\udfff]$`, []string{"😀", "ab"}},
	// Go-only syntax that JavaScript refuses.
	{`^(?i)abc$`, nil},
	{`^(?i:abc)$`, nil},
	{`^(?P<n>a)$`, nil},
	{`^(?s).$`, nil},
	{`^[[:alpha:]]+$`, []string{"a:]", "aa]"}},
	{`^\Qa.b\E$`, []string{"Qa.bE", "Qa-bE"}},
	{`^\pL$`, []string{"pL"}},
	{`^\z$`, []string{"z"}},
	{`^\A$`, []string{"A"}},
	// Other refusals.
	{`^a)$`, nil},
	{`^(a$`, nil},
	{`^(?$`, nil},
	{`^(?<$`, nil},
	{`^(?:$`, nil},
	{`^\B*$`, nil},
	{`^^*$`, nil},
	{`^$*$`, nil},
	{`^\b+$`, nil},
	{`^(?<n>a)[\k]$`, nil},
	// A backslash before the appended $ escapes it.
	{`^a\$`, []string{"a$", "a"}},
	// Patterns seen in naming conventions.
	{`^[a-z]+(-[a-z]+)*$`, []string{"new-checkout", "new--checkout", "New"}},
	{`^(feat|fix)\.[a-z0-9_-]{3,40}$`, []string{"feat.abc", "fix.a", "chore.abcd"}},
	{`^testpattern.+$`, []string{"testpattern", "testpattern1"}},
	{`^^[a-z]+$$`, []string{"abc"}},
	{`^[A-Z]{2,4}-\d+$`, []string{"PAY-12", "P-1"}},
}

// tableCases is the table as node cases, in order.
func tableCases() []nodeCase {
	var out []nodeCase
	for _, row := range table {
		inputs := row.inputs
		if inputs == nil {
			inputs = []string{""}
		}
		for _, in := range inputs {
			out = append(out, nodeCase{Source: row.source, Input: units(nil, in)})
		}
	}
	return out
}

// recorded is one case of testdata/node.json.
type recorded struct {
	nodeCase
	Want nodeAnswer `json:"want"`
}

const recordedFile = "testdata/node.json"

// TestRecorded holds the matcher to node's answers recorded in
// testdata/node.json; go test -update records them again (needs node).
func TestRecorded(t *testing.T) {
	cases := tableCases()
	if *update {
		answers, ok := askNode(t, cases)
		if !ok {
			t.Fatal("-update needs node")
		}
		rec := make([]recorded, len(cases))
		for i := range cases {
			rec[i] = recorded{cases[i], answers[i]}
		}
		b, err := json.MarshalIndent(rec, "", " ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.FromSlash(recordedFile), append(b, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	b, err := os.ReadFile(filepath.FromSlash(recordedFile))
	if err != nil {
		t.Fatal(err)
	}
	var rec []recorded
	if err := json.Unmarshal(b, &rec); err != nil {
		t.Fatalf("%s: %v", recordedFile, err)
	}
	if len(rec) != len(cases) {
		t.Fatalf("%s holds %d cases, the table %d: run go test -update", recordedFile, len(rec), len(cases))
	}
	for i, r := range rec {
		if r.Source != cases[i].Source || !slicesEqual(r.Input, cases[i].Input) {
			t.Fatalf("%s case %d is %s, the table has %s: run go test -update", recordedFile, i, describe(r.nodeCase), describe(cases[i]))
		}
		got, err := ours(r.nodeCase)
		if err != nil {
			t.Errorf("%s: %v", describe(r.nodeCase), err)
			continue
		}
		if got != r.Want {
			t.Errorf("%s = %+v, recorded from node: %+v", describe(r.nodeCase), got, r.Want)
		}
	}
}

func slicesEqual(a, b []uint16) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
