package auth

import "testing"

func TestParseAuthorization(t *testing.T) {
	tests := []struct {
		name   string
		header string
		token  string
		ok     bool
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
		{"Bearer alone", "Bearer", "", false},
		{"Bearer and spaces", "Bearer   ", "", false},
		{"Bearer glued to token is a token", "Bearerabc", "Bearerabc", true},
		{"only the first Bearer is stripped", "Bearer Bearer abc", "Bearer abc", true},
		{"colons and stars kept", "*:*.admin-token", "*:*.admin-token", true},
		{"inner spaces kept", "Bearer a b", "a b", true},
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
