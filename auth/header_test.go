package auth

import "testing"

func TestParseAuthorization(t *testing.T) {
	tests := []struct {
		name, header, token string
		ok                  bool
	}{
		{"missing", "", "", false},
		{"blank", "   \t ", "", false},
		{"bare", "abc", "abc", true},
		{"bare with surrounding spaces", "  abc \t", "abc", true},
		{"Bearer", "Bearer abc", "abc", true},
		{"bearer lower case", "bearer abc", "abc", true},
		{"BEARER upper case", "BEARER abc", "abc", true},
		{"bEaReR mixed case", "bEaReR abc", "abc", true},
		{"Bearer with several spaces", "Bearer    abc  ", "abc", true},
		{"Bearer with tab", "Bearer\tabc", "abc", true},
		{"Bearer with surrounding spaces", "  Bearer abc  ", "abc", true},
		{"Bearer alone is a token", "Bearer", "Bearer", true},
		{"Bearer and spaces is a token", "Bearer   ", "Bearer", true},
		{"Bearer and JS white space only", "Bearer \u00a0\ufeff", "", false},
		{"Bearer glued to token is a token", "Bearerabc", "Bearerabc", true},
		{"only the first Bearer is stripped", "Bearer Bearer abc", "Bearer abc", true},
		{"colons and stars kept", "*:*.admin-token", "*:*.admin-token", true},
		{"inner spaces kept", "Bearer a b", "a b", true},
		// JavaScript's \s after the word.
		{"no-break space", "Bearer\u00a0abc", "abc", true},
		{"byte order mark", "Bearer\ufeffabc", "abc", true},
		{"line separator", "Bearer\u2028abc", "abc", true},
		{"paragraph separator", "Bearer\u2029abc", "abc", true},
		{"line feed", "Bearer\nabc", "abc", true},
		{"carriage return", "Bearer\rabc", "abc", true},
		{"vertical tab", "Bearer\vabc", "abc", true},
		{"form feed", "Bearer\fabc", "abc", true},
		{"ogham space mark", "Bearer\u1680abc", "abc", true},
		{"en quad", "Bearer\u2000abc", "abc", true},
		{"hair space", "Bearer\u200aabc", "abc", true},
		{"narrow no-break space", "Bearer\u202fabc", "abc", true},
		{"medium mathematical space", "Bearer\u205fabc", "abc", true},
		{"ideographic space", "Bearer\u3000abc", "abc", true},
		{"mixed white space", "Bearer \u00a0\t\u3000abc", "abc", true},
		// Not \s in JavaScript.
		{"next line is no space", "Bearer\u0085abc", "Bearer\u0085abc", true},
		{"zero width space is no space", "Bearer\u200babc", "Bearer\u200babc", true},
		{"mongolian vowel separator is no space", "Bearer\u180eabc", "Bearer\u180eabc", true},
		{"invalid UTF-8 is no space", "Bearer\xa0abc", "Bearer\xa0abc", true},
		// Trailing JavaScript white space other than spaces and tabs stays.
		{"trailing no-break space kept", "Bearer abc\u00a0", "abc\u00a0", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			token, ok := ParseAuthorization(tt.header)
			if token != tt.token || ok != tt.ok {
				t.Errorf("ParseAuthorization(%q) = %q, %v; want %q, %v", tt.header, token, ok, tt.token, tt.ok)
			}
		})
	}
}

func TestIsJSSpace(t *testing.T) {
	// The white space and line terminators of ECMAScript, which \s matches.
	want := map[rune]bool{
		'\t': true, '\n': true, '\v': true, '\f': true, '\r': true, ' ': true,
		0xa0: true, 0x1680: true, 0x2028: true, 0x2029: true, 0x202f: true,
		0x205f: true, 0x3000: true, 0xfeff: true,
	}
	for r := rune(0x2000); r <= 0x200a; r++ {
		want[r] = true
	}
	for r := rune(0); r <= 0x10000; r++ {
		if got := IsJSSpace(r); got != want[r] {
			t.Errorf("IsJSSpace(%U) = %v; want %v", r, got, want[r])
		}
	}
}
