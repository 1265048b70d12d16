package auth

import "strings"

// bearerPrefix is the scheme word that may precede the token, compared
// without regard to case.
const bearerPrefix = "bearer"

// ParseAuthorization extracts the token from the value of an authorization
// header. The value is either the token itself or the word "Bearer" (in any
// case) followed by spaces or tabs and the token; spaces and tabs around the
// value and around the token are ignored. ok is false when no token remains,
// for a missing or blank header as well as for "Bearer" followed by nothing.
func ParseAuthorization(header string) (token string, ok bool) {
	v := trimOWS(header)
	if strings.EqualFold(v, bearerPrefix) {
		return "", false
	}
	if len(v) > len(bearerPrefix) && strings.EqualFold(v[:len(bearerPrefix)], bearerPrefix) &&
		isOWS(v[len(bearerPrefix)]) {
		v = trimOWS(v[len(bearerPrefix):])
	}
	if v == "" {
		return "", false
	}
	return v, true
}

// isOWS reports whether c is HTTP optional whitespace (space or tab).
func isOWS(c byte) bool { return c == ' ' || c == '\t' }

// trimOWS removes spaces and tabs at both ends of s.
func trimOWS(s string) string { return strings.Trim(s, " \t") }
