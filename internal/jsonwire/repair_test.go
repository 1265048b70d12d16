package jsonwire

import (
	"testing"
	"unicode/utf8"
)

// TestRepair holds both repairs of ill-formed UTF-8. replaced is what
// AppendReplacingInvalid gives, recorded from node's answer for
// Buffer.from(bytes).toString() (node 22, and node 20 for the rows that
// came from the printing test): one U+FFFD per maximal subpart. printable
// is what Printable gives: the same, but for an unpaired surrogate, which
// prints as the escape JSON.stringify writes for it; it is always valid
// UTF-8.
func TestRepair(t *testing.T) {
	const r = "\ufffd"
	for _, tt := range []struct{ in, replaced, printable string }{
		{"", "", ""},
		{"abc", "abc", "abc"},
		{"plain", "plain", "plain"},
		{"é😀", "é😀", "é😀"},
		{"\xff", r, r},             // a byte never in UTF-8
		{"\xff\xff", r + r, r + r}, // two bytes, two U+FFFD
		{"\xe2\x82", r, r},         // a truncated sequence is one U+FFFD
		{"\xe2\x82a", r + "a", r + "a"},
		{"\xe2\x82\xac", "€", "€"},
		{"\xc3\x28", r + "(", r + "("},                     // a lead byte before ASCII
		{"\xf4\x90\x80\x80", r + r + r + r, r + r + r + r}, // above U+10FFFF
		{"\xf0\x9f\x98", r, r},                             // a cut four-byte sequence
		{"\xf0\x9f\x98\x80", "😀", "😀"},
		{"\xe0\x80\x80", r + r + r, r + r + r},   // overlong
		{"\xc0\xaf", r + r, r + r},               // overlong
		{"a\x80b", "a" + r + "b", "a" + r + "b"}, // a continuation byte alone
		{"\xf1\x80\x80", r, r},
		{"n\xc3", "n" + r, "n" + r},           // cut at the end
		{"\xed\xa0", r + r, r + r},            // half a surrogate: ED allows no A0
		{"\xed\xa0\x80", r + r + r, `\ud800`}, // lone high surrogate
		{"a\xed\xa0\x80b", "a" + r + r + r + "b", `a\ud800b`},
		{"\xed\xb0\x80", r + r + r, `\udc00`},                                 // lone low surrogate
		{"\xed\xa0\x80\xed\xb0\x80", r + r + r + r + r + r, `\ud800\udc00`},   // a pair written apart stays two escapes
		{"x\xed\xbf\xbf", "x" + r + r + r, `x\udfff`},                         // the last surrogate
		{"\xed\xa0\x80\xff\xc3\xa9", r + r + r + r + "é", `\ud800` + r + "é"}, // mixed
	} {
		if got := string(AppendReplacingInvalid(nil, []byte(tt.in))); got != tt.replaced {
			t.Errorf("AppendReplacingInvalid(%q) = %q, want %q", tt.in, got, tt.replaced)
		}
		got := Printable(tt.in)
		if got != tt.printable {
			t.Errorf("Printable(%q) = %q, want %q", tt.in, got, tt.printable)
		}
		if !utf8.ValidString(got) {
			t.Errorf("Printable(%q) = %q is not UTF-8", tt.in, got)
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
