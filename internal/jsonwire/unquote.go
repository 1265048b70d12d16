package jsonwire

import (
	"unicode/utf16"
	"unicode/utf8"
)

// AppendUnquoted appends the decoded text of the raw string content b
// (between the quotes, escapes not yet decoded) to dst, as JSON.parse
// reads it: an escaped surrogate pair is its character, and an unpaired
// surrogate stays a value of its own, written as WTF-8 (the three-byte
// encoding of the surrogate's code point: "\ud800" and "\udc00" differ),
// which AppendJSString writes back as the same escape. Invalid UTF-8
// becomes U+FFFD, one for each byte (the structural tier has replaced
// ill-formed sequences as Node does before any value is decoded).
func AppendUnquoted(dst, b []byte) []byte {
	for i := 0; i < len(b); {
		c := b[i]
		switch {
		case c == '\\' && i+1 < len(b):
			e := b[i+1]
			switch e {
			case 'b':
				dst = append(dst, '\b')
			case 'f':
				dst = append(dst, '\f')
			case 'n':
				dst = append(dst, '\n')
			case 'r':
				dst = append(dst, '\r')
			case 't':
				dst = append(dst, '\t')
			case 'u':
				r, ok := hexRune(b, i+2)
				if !ok {
					dst = append(dst, e)
					i += 2
					continue
				}
				i += 6
				if utf16.IsSurrogate(r) {
					if r2, ok2 := hexRune(b, i+2); ok2 && i+1 < len(b) && b[i] == '\\' && b[i+1] == 'u' {
						if dec := utf16.DecodeRune(r, r2); dec != utf8.RuneError {
							dst = utf8.AppendRune(dst, dec)
							i += 6
							continue
						}
					}
					dst = AppendSurrogate(dst, r)
					continue
				}
				dst = utf8.AppendRune(dst, r)
				continue
			default: // '"', '\\', '/'
				dst = append(dst, e)
			}
			i += 2
		case c < utf8.RuneSelf:
			dst = append(dst, c)
			i++
		default:
			r, size := utf8.DecodeRune(b[i:])
			if r == utf8.RuneError && size <= 1 {
				dst = utf8.AppendRune(dst, utf8.RuneError)
				i++
				continue
			}
			dst = append(dst, b[i:i+size]...)
			i += size
		}
	}
	return dst
}

// hexRune reads four hexadecimal digits at b[i:].
func hexRune(b []byte, i int) (rune, bool) {
	if i+4 > len(b) {
		return 0, false
	}
	var r rune
	for _, c := range b[i : i+4] {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			c = c - 'A' + 10
		default:
			return 0, false
		}
		r = r*16 + rune(c)
	}
	return r, true
}

// AppendSurrogate appends the surrogate code point r (U+D800 to U+DFFF) as
// WTF-8: the three bytes UTF-8 would give it, were it a character.
func AppendSurrogate(dst []byte, r rune) []byte {
	return append(dst, 0xE0|byte(r>>12), 0x80|byte(r>>6)&0x3F, 0x80|byte(r)&0x3F)
}

// AppendEscapedSurrogate appends the surrogate code point r as the
// lower-case \udxxx escape JSON.stringify writes for an unpaired one.
func AppendEscapedSurrogate(dst []byte, r rune) []byte {
	const hexDigits = "0123456789abcdef"
	return append(dst, '\\', 'u', hexDigits[r>>12], hexDigits[r>>8&0xF], hexDigits[r>>4&0xF], hexDigits[r&0xF])
}

// Surrogate returns the surrogate code point that s starts with in WTF-8,
// and ok false when s does not start with one.
func Surrogate(s string) (r rune, ok bool) {
	if len(s) < 3 || s[0] != 0xED || s[1] < 0xA0 || s[1] > 0xBF || s[2] < 0x80 || s[2] > 0xBF {
		return 0, false
	}
	return rune(s[0]&0x0F)<<12 | rune(s[1]&0x3F)<<6 | rune(s[2]&0x3F), true
}

// CodePoints returns the number of code points of s, as ajv counts a
// string's length: an unpaired surrogate (WTF-8) is one, as is each byte
// that is not UTF-8.
func CodePoints(s string) int {
	n := utf8.RuneCountInString(s)
	for i := 0; i+2 < len(s); i++ {
		if _, ok := Surrogate(s[i:]); ok {
			n -= 2 // three bytes that are not UTF-8, one code point
			i += 2
		}
	}
	return n
}
