package jsonwire

import "testing"

func TestLastToken(t *testing.T) {
	want := map[string]string{
		"":                    "",
		"/":                   "",
		"/data":               "data",
		"/data/features/12":   "12",
		"/data/a~1b":          "a~1b", // still escaped
		"/data/features/3/":   "",
		"/data/tagTypes/0/~0": "~0",
	}
	for ptr, w := range want {
		if got := LastToken(ptr); got != w {
			t.Errorf("LastToken(%q) = %q, want %q", ptr, got, w)
		}
	}
}

func TestTokenEscapingRoundTrips(t *testing.T) {
	for _, s := range []string{"", "plain", "a/b", "a~b", "~1", "~0/~", "/~/"} {
		esc := EscapeToken(s)
		if LastToken("/x/"+esc) != esc {
			t.Errorf("EscapeToken(%q) = %q holds a '/'", s, esc)
		}
		if got := UnescapeToken(esc); got != s {
			t.Errorf("UnescapeToken(EscapeToken(%q)) = %q", s, got)
		}
	}
}
