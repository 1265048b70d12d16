package adminhttp

import (
	"testing"

	"github.com/flagadmin/flagadmin/auth"
)

func TestLatin1(t *testing.T) {
	for _, tc := range []struct{ raw, want string }{
		{"", ""},
		{"Bearer abc", "Bearer abc"},
		{"Bearer\xa0abc", "Bearer\u00a0abc"},
		{"Bearer\u00a0abc", "Bearer\u00c2\u00a0abc"}, // UTF-8 bytes C2 A0: two characters
		{"\xff", "\u00ff"},
	} {
		if got := latin1(tc.raw); got != tc.want {
			t.Errorf("latin1(%q) = %q; want %q", tc.raw, got, tc.want)
		}
	}
	// Read as one byte per character, a no-break space byte after the word
	// is white space; its UTF-8 form is not.
	if tok, _ := auth.ParseAuthorization(latin1("Bearer\xa0abc")); tok != "abc" {
		t.Errorf("byte A0: token %q; want abc", tok)
	}
	if tok, _ := auth.ParseAuthorization(latin1("Bearer\u00a0abc")); tok != "Bearer\u00c2\u00a0abc" {
		t.Errorf("UTF-8 no-break space: token %q", tok)
	}
}
