package safetext

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

// Hostile are the texts every format is tested with: each would drive a
// terminal, reorder what is shown, break a line or forge a GitHub
// Actions workflow command if it were written raw.
var hostile = []string{
	"a\n::error file=ci.yml,line=1::forged",
	"x\r\n::add-mask::secret",
	"::warning::at the start",
	"  ::notice::after blanks",
	"mid ##[error]legacy command",
	"\x1bc reset",
	"\x1b[2J\x1b[H cleared",
	"\x1b]8;;https://evil.example\x1b\\link\x1b]8;;\x1b\\",
	"\x1b]0;window title\x07",
	"back\bspace\b\b",
	"del\x7f",
	"c1 \u009b2J csi",
	"rtl \u202eevil\u202c",
	"isolate \u2066x\u2069 \u200e\u200f\u061c",
	"line\u2028sep\u2029para",
	"bad \xff\xfe utf-8 \xed\xa0\x80",
	"nonchar \ufffe\uffff",
	"tab\there",
}

func TestString(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"plain-name_1.2~x", "plain-name_1.2~x"},
		{"é ü 日本 🚀", "é ü 日本 🚀"},
		{"a\n::error::x", `a\n::error::x`},
		{"::error::x", `\u003a:error::x`},
		{" \t::x", ` \t\u003a:x`},
		{"a ##[error]b", `a ##\u005berror]b`},
		{"\x1b[2J", `\u001b[2J`},
		{"\b\t\n\f\r\x00\x7f\u0085\u009b", `\b\t\n\f\r\u0000\u007f\u0085\u009b`},
		{"\u202ex\u202c", `\u202ex\u202c`},
		{"\u2028\u2029", `\u2028\u2029`},
		{"\u061c\u200e\u200f\u2066\u2067\u2068\u2069\u202a\u202b\u202d", `\u061c\u200e\u200f\u2066\u2067\u2068\u2069\u202a\u202b\u202d`},
		{"\ufffe\uffff\ufffd", `\ufffe\uffff` + "\ufffd"},
		{"a\xffb", "a\ufffdb"},
		{"\xed\xa0\x80", `\ud800`},
		{"a:b::c", "a:b::c"},
	} {
		if got := String(tt.in); got != tt.want {
			t.Errorf("String(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestText(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"one\ntwo\n", "one\ntwo\n"},
		{"a\tb\n", "a\tb\n"},
		{"ok\n::error::forged\n", "ok\n\\u003a:error::forged\n"},
		{"ok\n  ::x\n", "ok\n  \\u003a:x\n"},
		{"a\r\n::x", `a\r` + "\n\\u003a:x"},
		{"\x1b[31mred\n", "\\u001b[31mred\n"},
	} {
		if got := Text(tt.in); got != tt.want {
			t.Errorf("Text(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestHostile checks the rule on every hostile text: String leaves
// nothing Check refuses and no line break; Text leaves nothing either.
func TestHostile(t *testing.T) {
	for _, h := range hostile {
		s := String(h)
		if c := Check(s); c != "" || strings.ContainsAny(s, "\n\t") {
			t.Errorf("String(%q) = %q: %s", h, s, c)
		}
		if c := Check(h); c == "" && h != Text(h) {
			t.Errorf("Check(%q) finds nothing, yet Text changes it", h)
		}
		if c := Check(Text(h)); c != "" {
			t.Errorf("Text(%q) = %q: %s", h, Text(h), c)
		}
		if String(s) != s || Text(Text(h)) != Text(h) {
			t.Errorf("%q: the rule is not idempotent", h)
		}
	}
}

// TestTextKeepsJSONValues checks that the rule applied to a JSON document
// leaves its values as they were (valid UTF-8 ones; encoding/json
// replaces the rest).
func TestTextKeepsJSONValues(t *testing.T) {
	var valid []string
	for _, h := range hostile {
		if utf8.ValidString(h) {
			valid = append(valid, h)
		}
	}
	doc := map[string]any{"names": valid, "keys": map[string]string{"##[error]x": "::y", "\u202e": "\u2028"}}
	for _, indent := range []string{"", "  "} {
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", indent)
		if err := enc.Encode(doc); err != nil {
			t.Fatal(err)
		}
		out := Text(b.String())
		if c := Check(out); c != "" {
			t.Fatalf("Text of the JSON: %s\n%s", c, out)
		}
		var back map[string]any
		if err := json.Unmarshal([]byte(out), &back); err != nil {
			t.Fatalf("Text of the JSON does not parse: %v\n%s", err, out)
		}
		want, _ := json.Marshal(doc)
		got, _ := json.Marshal(back)
		if !bytes.Equal(got, want) {
			t.Errorf("values changed:\n got %s\nwant %s", got, want)
		}
	}
}

func TestWriter(t *testing.T) {
	var b bytes.Buffer
	w := NewWriter(&b)
	for _, s := range []string{"flagadmin: ", "::error::not at a line start\n", "::error::at one\n", "x\x1b[2J\n"} {
		if n, err := w.Write([]byte(s)); n != len(s) || err != nil {
			t.Fatalf("Write(%q) = %d, %v", s, n, err)
		}
	}
	want := "flagadmin: ::error::not at a line start\n\\u003a:error::at one\nx\\u001b[2J\n"
	if b.String() != want {
		t.Errorf("wrote %q, want %q", b.String(), want)
	}
}

func FuzzText(f *testing.F) {
	for _, h := range hostile {
		f.Add(h)
	}
	f.Fuzz(func(t *testing.T, s string) {
		str, text := String(s), Text(s)
		if c := Check(str); c != "" || strings.ContainsAny(str, "\n\t") {
			t.Fatalf("String(%q) = %q: %s", s, str, c)
		}
		if c := Check(text); c != "" {
			t.Fatalf("Text(%q) = %q: %s", s, text, c)
		}
		if String(str) != str || Text(text) != text {
			t.Fatalf("%q: not idempotent", s)
		}
		if Check(s) == "" && text != s {
			t.Fatalf("Text(%q) = %q changed a text Check accepts", s, text)
		}
	})
}
