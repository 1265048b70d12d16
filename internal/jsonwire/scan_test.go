package jsonwire

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// syntaxErrorCases are texts with a syntax error: where, and how Scan
// words it.
var syntaxErrorCases = []struct {
	in     string
	off    int
	what   string
	expect string // in the tail
}{
	{"", 0, "Unexpected end of JSON input", "a JSON value"},
	{"   ", 3, "Unexpected end of JSON input", "a JSON value"},
	{"{", 1, "Unexpected end of JSON input", "a double-quoted property name"},
	{"{\"a\"", 4, "Unexpected end of JSON input", "':'"},
	{"{\"a\" 1}", 5, "Unexpected character '1'", "':'"},
	{"{\"a\":1", 6, "Unexpected end of JSON input", "',' or '}'"},
	{"{\"a\":1]", 6, "Unexpected character ']'", "',' or '}'"},
	{"[1,]", 3, "Unexpected character ']'", "a value"},
	{"[1 2]", 3, "Unexpected character '2'", "',' or ']'"},
	{"[", 1, "Unexpected end of JSON input", "a value or ']'"},
	{"{'a':1}", 1, `Unexpected character "'"`, "a double-quoted property name"},
	{"tru", 3, "Unexpected end of JSON input", "the literal true"},
	{"nul!", 3, "Unexpected character '!'", "the literal null"},
	{"-", 1, "Unexpected end of JSON input", "a digit"},
	{"-a", 1, "Unexpected character 'a'", "a digit"},
	{"1.", 2, "Unexpected end of JSON input", "a digit after the decimal point"},
	{"1e+", 3, "Unexpected end of JSON input", "a digit in the exponent"},
	{"01", 1, "Unexpected data after the JSON value", ""},
	{"\"abc", 4, "Unexpected end of JSON input", "a closing '\"' of the string"},
	{"\"a\\", 3, "Unexpected end of JSON input", "an escape sequence"},
	{"\"\\u12\"", 5, "Bad Unicode escape: unexpected character '\"'", "four hexadecimal digits"},
	{"\"\\q\"", 1, "Bad escaped character 'q'", "one of"},
	{"\"a\nb\"", 2, "Bad control character U+000A in string literal", "\\n or \\u000a"},
	{"\xef\xbb\xbf\xef\xbb\xbf{}", 3, "Unexpected character U+FEFF", "a value"},
	{"\xff", 0, "Unexpected byte 0xff", "a value"},
	{"\u00e9", 0, "Unexpected character U+00E9", "a value"},
	{"{}x", 2, "Unexpected data after the JSON value", ""},
}

func TestScanSyntaxErrors(t *testing.T) {
	for _, tt := range syntaxErrorCases {
		issues, fatal := Scan([]byte(tt.in), 1000)
		if !fatal || len(issues) == 0 {
			t.Errorf("%q: not fatal: %+v", tt.in, issues)
			continue
		}
		is := issues[len(issues)-1]
		if is.Kind != KindSyntax || is.Off != tt.off || is.What != tt.what || !strings.Contains(is.Expect, tt.expect) {
			t.Errorf("%q: got %s @%d %q %q, want @%d %q %q", tt.in, is.Kind, is.Off, is.What, is.Expect, tt.off, tt.what, tt.expect)
		}
	}
}

// TestScanByteOrderMark: a leading mark is skipped with a finding at 0,
// as the reference server's body reader drops it before JSON.parse.
func TestScanByteOrderMark(t *testing.T) {
	issues, fatal := Scan([]byte("\xef\xbb\xbf {\"a\":1}"), 10)
	if fatal || len(issues) != 1 || issues[0].Kind != KindByteOrderMark || issues[0].Off != 0 {
		t.Errorf("got %+v, fatal %v", issues, fatal)
	}
	var ptrs []string
	WalkPointers([]byte("\xef\xbb\xbf{\"a\":1}"), func(off int, key bool, ptr []byte) bool {
		ptrs = append(ptrs, strconv.Itoa(off)+string(ptr))
		return true
	})
	if strings.Join(ptrs, " ") != "3 4/a 8/a" {
		t.Errorf("walk %q", ptrs)
	}
	if got := Locate([]byte("\xef\xbb\xbf{\"a\":1}"), []string{"/a"}); got[0] != 8 {
		t.Errorf("Locate /a = %d", got[0])
	}
}

func TestScanValid(t *testing.T) {
	for _, in := range []string{
		`{}`, `[]`, `0`, `-0.5e-7`, `"x"`, `true`, `null`, ` {"a" : [1, {"b":null}, "\u00e9\n"] } `,
		"\"\xe2\x82\xac \xf0\x9f\x98\x80\"", `{"a":{"a":{"a":1}}}`, `[[],[[]],{}]`, `1E400`,
	} {
		if issues, fatal := Scan([]byte(in), 1000); fatal || len(issues) > 0 {
			t.Errorf("%q: %+v", in, issues)
		}
	}
}

func TestScanInvalidUTF8(t *testing.T) {
	// Overlong encodings, surrogates and stray continuation bytes are all
	// invalid; one issue per string, at the first bad byte.
	in := "[\"a\xc0\xafb\xff\", \"\xed\xa0\x80\", \"ok\", \"\x80\"]"
	issues, fatal := Scan([]byte(in), 1000)
	if fatal {
		t.Fatal("fatal")
	}
	wantIssues(t, issues, func(is Issue) string { return fmt.Sprintf("%s@%d(%d)", is.Kind, is.Off, is.At) },
		"invalid-utf8@3(1) invalid-utf8@11(10) invalid-utf8@24(23)")
}

// wantIssues fails t unless the issues, each written by format and joined
// by spaces, read want.
func wantIssues(t *testing.T, issues []Issue, format func(Issue) string, want string) {
	t.Helper()
	got := make([]string, len(issues))
	for i, is := range issues {
		got[i] = format(is)
	}
	if strings.Join(got, " ") != want {
		t.Errorf("got %v, want %s", got, want)
	}
}

func TestScanDepth(t *testing.T) {
	for _, tt := range []struct {
		in    string
		max   int
		fatal bool
		off   int
	}{
		{strings.Repeat("[", 3) + strings.Repeat("]", 3), 3, false, 0},
		{strings.Repeat("[", 4) + strings.Repeat("]", 4), 3, true, 3},
		{`{"a":{"b":{"c":{}}}}`, 3, true, 15},
		{strings.Repeat("[", 100000), 1000, true, 1000},
		{strings.Repeat(`{"a":`, 100000), 1000, true, 5000},
	} {
		issues, fatal := Scan([]byte(tt.in), tt.max)
		if fatal != tt.fatal {
			t.Errorf("%.20q: fatal %v", tt.in, fatal)
			continue
		}
		if fatal && (issues[len(issues)-1].Kind != KindMaxDepth || issues[len(issues)-1].Off != tt.off) {
			t.Errorf("%.20q: %+v", tt.in, issues[len(issues)-1])
		}
	}
}

func TestScanDuplicateKeysEscaped(t *testing.T) {
	in := `{"a\/b":1,"a/b":2,"\u00e9":3,"` + "\u00e9" + `":4,"x":{"a/b":5}}`
	issues, _ := Scan([]byte(in), 1000)
	wantIssues(t, issues, func(is Issue) string { return fmt.Sprintf("%d->%d first=%v", is.Off, is.Other, is.First) },
		"1->10 first=true 10->1 first=false 18->29 first=true 29->18 first=false")
}

func TestWalkPointers(t *testing.T) {
	in := `{"a":[1,{"b/c":true,"m~n":[]},"x"],"\u0064":{},"e":{"":null}}`
	var got []string
	WalkPointers([]byte(in), func(off int, key bool, ptr []byte) bool {
		k := "v"
		if key {
			k = "k"
		}
		got = append(got, fmt.Sprintf("%s%d%s", k, off, ptr))
		return true
	})
	want := []string{"v0", "k1/a", "v5/a", "v6/a/0", "v8/a/1", "k9/a/1/b~1c", "v15/a/1/b~1c",
		"k20/a/1/m~0n", "v26/a/1/m~0n", "v30/a/2", "k35/d", "v44/d", "k47/e", "v51/e", "k52/e/", "v55/e/"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("got  %v\nwant %v", got, want)
	}
	// Stopping early.
	n := 0
	WalkPointers([]byte(in), func(int, bool, []byte) bool { n++; return n < 3 })
	if n != 3 {
		t.Errorf("walk went on after false: %d calls", n)
	}
}

func TestAppendUnquoted(t *testing.T) {
	for in, want := range map[string]string{
		`plain`:              "plain",
		`a\"b\\c\/d`:         `a"b\c/d`,
		`\b\f\n\r\t`:         "\b\f\n\r\t",
		`\u0041\u00e9\u20AC`: "Aé€",
		`\ud83d\ude00`:       "😀",
		`\ud83d`:             "\xed\xa0\xbd", // a lone surrogate stays, as WTF-8
		`\ud83dx`:            "\xed\xa0\xbdx",
		`\ude00\u0041`:       "\xed\xb8\x80A",
		"a\xffb":             "a\ufffdb",
	} {
		if got := string(AppendUnquoted(nil, []byte(in))); got != want {
			t.Errorf("%q: got %q, want %q", in, got, want)
		}
	}
}

// FuzzScan checks the scanner against encoding/json on what is a JSON
// text, and that it never panics. The seeds run with go test.
func FuzzScan(f *testing.F) {
	for _, s := range []string{`{}`, `{"a":[1,2,{"b":null}]}`, `[1,]`, `"\u12"`, `{"a":1,"a":2}`, "\"\xff\"", `1e5`, `-`, `[[[[]]]]`, ` "x" `, `{"a" 1}`, "\x00"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		issues, fatal := Scan(data, 1000)
		if fatal == json.Valid(data) && !(len(data) >= 3 && string(data[:3]) == "\xef\xbb\xbf") {
			if !(fatal && issues[len(issues)-1].Kind == KindMaxDepth) {
				t.Fatalf("%q: scanner fatal=%v, json.Valid=%v (%+v)", data, fatal, json.Valid(data), issues)
			}
		}
		if !fatal {
			WalkPointers(data, func(off int, key bool, ptr []byte) bool {
				if off < 0 || off >= len(data) {
					t.Fatalf("offset %d out of range", off)
				}
				return true
			})
		}
	})
}

// stSampleBody builds a valid import body of about n features.
func stSampleBody(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"project":"default","environment":"development","data":{"features":[`)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"name":"feature-%d","type":"release","description":"A flag with a description that is long enough to matter, number %d","project":"default","stale":false,"impressionData":false,"createdAt":"2024-01-02T03:04:05.678Z","tags":[{"value":"simple","type":"team"}]}`, i, i)
	}
	b.WriteString(`],"featureStrategies":[`)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"id":"6b1b1e5e-8b5e-4a8e-9a8e-%012d","name":"flexibleRollout","featureName":"feature-%d","sortOrder":0,"segments":[],"constraints":[{"contextName":"userId","operator":"IN","values":["a","b","c"],"caseInsensitive":false,"inverted":false}],"parameters":{"rollout":"50","stickiness":"default","groupId":"feature-%d"}}`, i, i, i)
	}
	b.WriteString(`],"featureEnvironments":[`)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"name":"feature-%d","featureName":"feature-%d","environment":"development","enabled":true,"variants":[{"name":"a","weight":500,"weightType":"variable","stickiness":"default","payload":{"type":"json","value":"{\"k\": \"v\"}"}},{"name":"b","weight":500,"weightType":"variable","stickiness":"default"}]}`, i, i)
	}
	b.WriteString(`],"tagTypes":[{"name":"team","description":"Team tag","icon":null}]}}`)
	return []byte(b.String())
}

func TestScanAllocations(t *testing.T) {
	small, big := stSampleBody(10), stSampleBody(1000)
	a := testing.AllocsPerRun(20, func() { Scan(small, 1000) })
	b := testing.AllocsPerRun(5, func() { Scan(big, 1000) })
	// The stacks grow a few times; nothing is allocated per token.
	if a > 10 || b > a+2 {
		t.Errorf("allocations: %v for %d bytes, %v for %d bytes", a, len(small), b, len(big))
	}
}

func BenchmarkScan(b *testing.B) {
	body := stSampleBody(2000)
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		if _, fatal := Scan(body, 1000); fatal {
			b.Fatal("fatal")
		}
	}
}

func BenchmarkJSONValid(b *testing.B) {
	body := stSampleBody(2000)
	b.SetBytes(int64(len(body)))
	for b.Loop() {
		json.Valid(body)
	}
}
