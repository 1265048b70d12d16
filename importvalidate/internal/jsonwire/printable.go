package jsonwire

import "unicode/utf8"

// AppendPrintable appends s to dst as text that is valid UTF-8, for a line
// printed to a person: an unpaired surrogate (WTF-8 in s, see
// AppendUnquoted) as the lower-case \udxxx escape JSON.stringify writes for
// it, so that "\ud800" and "\udc00" stay apart as the reference echoes
// them, and every other ill-formed sequence as one U+FFFD per maximal
// subpart, as Node decodes bytes. Valid UTF-8 is copied unchanged.
func AppendPrintable(dst []byte, s string) []byte {
	const hexDigits = "0123456789abcdef"
	last := 0
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r != utf8.RuneError || size > 1 {
			i += size
			continue
		}
		dst = append(dst, s[last:i]...)
		if sr, ok := Surrogate(s[i:]); ok {
			dst = append(dst, '\\', 'u', hexDigits[sr>>12], hexDigits[sr>>8&0xF], hexDigits[sr>>4&0xF], hexDigits[sr&0xF])
			i += 3
		} else {
			dst = append(dst, "\uFFFD"...)
			i += maximalSubpart([]byte(s[i:min(i+4, len(s))]))
		}
		last = i
	}
	return append(dst, s[last:]...)
}

// Printable is AppendPrintable to a new string; s itself when it is valid
// UTF-8.
func Printable(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	return string(AppendPrintable(make([]byte, 0, len(s)+8), s))
}
