package auth

import "strings"

// bearerPrefix is the scheme word that may precede the token, compared
// without regard to case.
const bearerPrefix = "bearer"

// ParseAuthorization extracts the token from the value of an authorization
// header, as the reference server does. Spaces and tabs around the value
// are ignored (HTTP parsers drop them). The value is then the token itself,
// unless it starts with the word "Bearer" (in any case) followed by at least
// one white-space character in the sense of JavaScript's \s (see
// IsJSSpace: besides spaces and tabs also line terminators, U+00A0, U+FEFF
// and the other Unicode spaces); the word and all the white space after it
// are dropped. "Bearer" with nothing after it is therefore the token
// "Bearer". ok is false when no token remains, for a missing or blank header
// as well as for "Bearer" followed by white space only.
func ParseAuthorization(header string) (token string, ok bool) {
	v := trimOWS(header)
	if len(v) > len(bearerPrefix) && strings.EqualFold(v[:len(bearerPrefix)], bearerPrefix) {
		rest := v[len(bearerPrefix):]
		if trimmed := strings.TrimLeftFunc(rest, IsJSSpace); len(trimmed) < len(rest) {
			v = trimmed
		}
	}
	if v == "" {
		return "", false
	}
	return v, true
}

// IsJSSpace reports whether r matches JavaScript's \s: the white space
// and line terminators of ECMAScript (tab, line feed, vertical tab, form
// feed, carriage return, space, U+00A0, U+1680, U+2000 to U+200A, U+2028,
// U+2029, U+202F, U+205F, U+3000 and U+FEFF).
func IsJSSpace(r rune) bool {
	switch {
	case r >= '\t' && r <= '\r', r == ' ', r == 0xa0, r == 0x1680,
		r >= 0x2000 && r <= 0x200a, r == 0x2028, r == 0x2029,
		r == 0x202f, r == 0x205f, r == 0x3000, r == 0xfeff:
		return true
	}
	return false
}

// trimOWS removes spaces and tabs at both ends of s.
func trimOWS(s string) string { return strings.Trim(s, " \t") }
