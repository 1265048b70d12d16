package jsonwire

import (
	_ "embed"
	"strconv"
	"strings"
)

// EscapeToken escapes a JSON pointer token.
func EscapeToken(s string) string {
	if !strings.ContainsAny(s, "~/") {
		return s
	}
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(s)
}

// UnescapeToken decodes a JSON pointer token.
func UnescapeToken(s string) string {
	if !strings.Contains(s, "~") {
		return s
	}
	return strings.NewReplacer("~1", "/", "~0", "~").Replace(s)
}

// LastToken returns the last token of a JSON pointer, still escaped: ""
// for the root and for a pointer that ends in "/".
func LastToken(ptr string) string {
	return ptr[strings.LastIndexByte(ptr, '/')+1:]
}

// PercentDecode decodes %XX sequences; malformed ones are kept as they are.
func PercentDecode(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			v, _ := strconv.ParseUint(s[i+1:i+3], 16, 8)
			b.WriteByte(byte(v))
			i += 2
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// PointerOf builds the JSON pointer of the decoded tokens path.
func PointerOf(path []string) string {
	var b strings.Builder
	for _, t := range path {
		b.WriteByte('/')
		b.WriteString(EscapeToken(t))
	}
	return b.String()
}
