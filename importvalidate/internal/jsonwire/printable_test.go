package jsonwire

import (
	"testing"
	"unicode/utf8"
)

// TestPrintable: unpaired surrogates print as JSON.stringify escapes
// them, other ill-formed bytes as U+FFFD per maximal subpart, and the
// result is always valid UTF-8.
func TestPrintable(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"plain", "plain"},
		{"é😀", "é😀"},
		{"a\xed\xa0\x80b", `a\ud800b`},                     // lone high surrogate
		{"\xed\xb0\x80", `\udc00`},                         // lone low surrogate
		{"\xed\xa0\x80\xed\xb0\x80", `\ud800\udc00`},       // a pair written apart stays two escapes
		{"x\xed\xbf\xbf", `x\udfff`},                       // the last surrogate
		{"\xff", "\uFFFD"},                                 // a byte never in UTF-8
		{"\xe2\x82a", "\uFFFDa"},                           // a truncated sequence is one U+FFFD
		{"\xff\xff", "\uFFFD\uFFFD"},                       // two bytes, two U+FFFD
		{"\xed\xa0", "\uFFFD\uFFFD"},                       // half a surrogate: ED allows no A0
		{"n\xc3", "n\uFFFD"},                               // cut at the end
		{"\xf0\x9f\x98", "\uFFFD"},                         // a cut four-byte sequence
		{"\xed\xa0\x80\xff\xc3\xa9", `\ud800` + "\uFFFDé"}, // mixed
	}
	for _, tt := range tests {
		got := Printable(tt.in)
		if got != tt.want {
			t.Errorf("Printable(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if !utf8.ValidString(got) {
			t.Errorf("Printable(%q) = %q is not UTF-8", tt.in, got)
		}
	}
}

// TestPrintableMatchesStringify: for a string of surrogates and valid
// text, the printed form is the inside of AppendJSString's quoting.
func TestPrintableMatchesStringify(t *testing.T) {
	for _, s := range []string{"a\xed\xa0\x80", "\xed\xb3\xbfé", "ok"} {
		q := string(AppendJSString(nil, s))
		if got := Printable(s); got != q[1:len(q)-1] {
			t.Errorf("Printable(%q) = %q, JSON.stringify inside quotes %q", s, got, q[1:len(q)-1])
		}
	}
}

func FuzzPrintable(f *testing.F) {
	for _, s := range []string{"", "a", "\xed\xa0\x80", "\xff\xfe", "\xe2\x82"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := Printable(s)
		if !utf8.ValidString(got) {
			t.Fatalf("Printable(%q) = %q is not UTF-8", s, got)
		}
		if utf8.ValidString(s) && got != s {
			t.Fatalf("Printable changed valid UTF-8 %q to %q", s, got)
		}
	})
}
