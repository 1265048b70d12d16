package jsonwire

import (
	"math/bits"
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

// AppendReplacingInvalid appends b to dst with every ill-formed UTF-8
// sequence replaced by U+FFFD, one for each maximal subpart as the WHATWG
// Encoding Standard's decoder (and so Node's Buffer#toString, which the
// reference server's body reader uses) replaces them: "\xe2\x82" followed
// by an ASCII byte is one U+FFFD, "\xff\xff" two.
func AppendReplacingInvalid(dst, b []byte) []byte {
	return appendRepaired(dst, b, false)
}

// appendRepaired appends s to dst with every ill-formed UTF-8 sequence
// replaced by U+FFFD, one for each maximal subpart; with escapeSurrogates,
// an unpaired surrogate (WTF-8) is written instead as the lower-case
// \udxxx escape JSON.stringify writes for it. Valid UTF-8 is copied
// unchanged.
func appendRepaired[T string | []byte](dst []byte, s T, escapeSurrogates bool) []byte {
	last := 0
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf {
			i++
			continue
		}
		head := string(s[i:min(i+utf8.UTFMax, len(s))])
		r, size := utf8.DecodeRuneInString(head)
		if r != utf8.RuneError || size > 1 {
			i += size
			continue
		}
		dst = append(dst, s[last:i]...)
		if sr, ok := Surrogate(head); escapeSurrogates && ok {
			dst = appendEscapedSurrogate(dst, sr)
			i += 3
		} else {
			dst = append(dst, "\uFFFD"...)
			i += maximalSubpart(head)
		}
		last = i
	}
	return append(dst, s[last:]...)
}

// maximalSubpart returns the length of the maximal subpart of the
// ill-formed sequence at the start of s: its lead byte and the
// continuation bytes that could still have completed it.
func maximalSubpart(s string) int {
	lead := s[0]
	if lead < 0xC2 || lead > 0xF4 {
		return 1 // a continuation byte alone, C0, C1, F5-FF
	}
	need := bits.LeadingZeros8(^lead) - 1 // the continuation bytes the lead asks for
	lo, hi := byte(0x80), byte(0xBF)
	// After four leads the next byte's range is narrower: no overlong
	// form (E0, F0), no surrogate (ED), nothing above U+10FFFF (F4).
	for _, n := range [...]struct{ lead, lo, hi byte }{{0xE0, 0xA0, 0xBF}, {0xED, 0x80, 0x9F}, {0xF0, 0x90, 0xBF}, {0xF4, 0x80, 0x8F}} {
		if lead == n.lead {
			lo, hi = n.lo, n.hi
		}
	}
	n := 1
	for k := 1; k <= need && k < len(s); k++ {
		if s[k] < lo || s[k] > hi {
			break
		}
		n++
		lo, hi = 0x80, 0xBF
	}
	return n
}

// AppendSurrogate appends the surrogate code point r (U+D800 to U+DFFF) as
// WTF-8: the three bytes UTF-8 would give it, were it a character.
func AppendSurrogate(dst []byte, r rune) []byte {
	return append(dst, 0xE0|byte(r>>12), 0x80|byte(r>>6)&0x3F, 0x80|byte(r)&0x3F)
}

// appendEscapedSurrogate appends the surrogate code point r as the
// lower-case \udxxx escape JSON.stringify writes for an unpaired one.
func appendEscapedSurrogate(dst []byte, r rune) []byte {
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
