package jsregex

import (
	"fmt"
	"os/exec"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
)

// nodeScript reads [{source, input}] (input as code units) on stdin and
// writes, for each, {match} or {error} as new RegExp(source).test(input)
// answers in JavaScript.
const nodeScript = `
let data = '';
process.stdin.on('data', c => data += c);
process.stdin.on('end', () => {
  const out = JSON.parse(data).map(c => {
    const input = String.fromCharCode(...(c.input || []));
    try {
      return {match: new RegExp(String.fromCharCode(...(c.sourceUnits || []))).test(input)};
    } catch (e) {
      const m = /^Invalid regular expression: \/[\s\S]*\/[a-z]*: ([^\n]*)$/.exec(e.message);
      return {error: m ? m[1] : e.message};
    }
  });
  process.stdout.write(JSON.stringify(out));
});`

// nodeCase is one question put to node.
type nodeCase struct {
	Source      string   `json:"source"`
	SourceUnits []uint16 `json:"sourceUnits,omitempty"` // Source as node reads it
	Input       []uint16 `json:"input"`
}

// nodeAnswer is node's answer: whether the source matches the input, or
// why the source is refused.
type nodeAnswer struct {
	Match bool   `json:"match"`
	Error string `json:"error,omitempty"`
}

// askNode runs node on cases; ok is false when node is not installed.
func askNode(t testing.TB, cases []nodeCase) (answers []nodeAnswer, ok bool) {
	t.Helper()
	for i := range cases {
		cases[i].SourceUnits = units(nil, cases[i].Source)
	}
	ok = testutil.Node(t, nodeScript, cases, &answers)
	for i := range cases {
		cases[i].SourceUnits = nil
	}
	if !ok {
		return nil, false
	}
	if len(answers) != len(cases) {
		t.Fatalf("node answered %d of %d cases", len(answers), len(cases))
	}
	return answers, true
}

// ours answers a case with this package.
func ours(c nodeCase) (nodeAnswer, error) {
	re, err := compileUnits(c.Source)
	if err != nil {
		se, ok := err.(*SyntaxError)
		if !ok {
			return nodeAnswer{}, err
		}
		return nodeAnswer{Error: se.Reason}, nil
	}
	m, err := re.MatchUTF16(c.Input)
	return nodeAnswer{Match: m}, err
}

// compileUnits compiles a source given with \uXXXX escapes already
// decoded (sources in tests are valid UTF-8).
func compileUnits(src string) (*Regexp, error) { return Compile(src) }

// describe writes a case for a failure message.
func describe(c nodeCase) string {
	return fmt.Sprintf("new RegExp(%q).test(%q)", c.Source, string(utf16.Decode(c.Input)))
}

func TestDifferentialNode(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed; the recorded table (TestRecorded) covers the same cases")
	}
	cases := tableCases()
	cases = append(cases, generatedCases(20000)...)
	answers, _ := askNode(t, cases)
	bad := 0
	for i, c := range cases {
		got, err := ours(c)
		if err != nil {
			t.Errorf("%s: %v", describe(c), err)
			continue
		}
		if got != answers[i] {
			bad++
			if bad <= 40 {
				t.Errorf("%s = %+v, node says %+v", describe(c), got, answers[i])
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d cases disagree with node", bad, len(cases))
	}
}

// generatedCases builds n cases from a deterministic stream of tricky
// pattern pieces and inputs.
func generatedCases(n int) []nodeCase {
	pieces := []string{"a", "b", "ab", "|", "(", ")", "(?:", "(?=", "(?!", "(?<=", "(?<!", "(?<n>", "\\k<n>",
		"[", "]", "[^", "-", "^", "$", "*", "+", "?", "{", "}", "{1}", "{0,2}", "{2,}", "{,2}", ".", "\\",
		"\\1", "\\2", "\\0", "\\8", "\\d", "\\W", "\\s", "\\S", "\\b", "\\B", "\\u0061", "\\x62", "\\c", "\\cA",
		"\\p{L}", "\\-", "\\/", "\u00a0", "😀", "\ufeff", "\\ud83d", "\xed\xa0\xbd", "\u2028", "_", "0", "9",
		"(?<m>", "\\k<m>", "\\k", "\\10", "\\u{41}", "[\\c1]", "(?i)", "[a-", "\\c_", "|a", "\\n", "{1,", "2}", "\\x4"}
	inputs := []string{"", "a", "b", "ab", "aab", "ba", "abab", "a b", "a\u00a0b", "😀", "a😀", "\ufeff",
		"p", "pL", "p{L}", "-", "aa", "bb", "a\nb", "\u2028", "0", "_", "\\", "a{", "k<n>", "\x01", "u0061"}
	next := testutil.NewXorshift(14).Intn
	var out []nodeCase
	for len(out) < n {
		var b strings.Builder
		for k := 1 + next(8); k > 0; k-- {
			b.WriteString(pieces[next(len(pieces))])
		}
		src := b.String()
		if next(2) == 0 {
			src = "^" + src + "$"
		}
		for k := 0; k < 3; k++ {
			out = append(out, nodeCase{Source: src, Input: units(nil, inputs[next(len(inputs))])})
		}
	}
	return out
}
