package adminhttp

import (
	"net/http"
	"strings"
	"unicode/utf8"
)

// authorization returns the text of the request's authorization header
// ("" when it has none) as the reference server reads it: each byte is one
// character (ISO 8859-1), so the byte 0xA0 is U+00A0, which counts as
// white space after "Bearer", while the UTF-8 bytes of U+00A0 are two
// characters, which do not. A value of ASCII bytes is returned as it is.
func authorization(r *http.Request) string {
	return latin1(r.Header.Get("Authorization"))
}

// latin1 returns the characters of the bytes of raw read as ISO 8859-1,
// in UTF-8.
func latin1(raw string) string {
	i := 0
	for i < len(raw) && raw[i] < utf8.RuneSelf {
		i++
	}
	if i == len(raw) {
		return raw
	}
	var b strings.Builder
	b.Grow(len(raw) + (len(raw) - i))
	b.WriteString(raw[:i])
	for _, c := range []byte(raw[i:]) {
		b.WriteRune(rune(c))
	}
	return b.String()
}
