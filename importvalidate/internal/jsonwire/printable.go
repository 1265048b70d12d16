package jsonwire

import "unicode/utf8"

// AppendPrintable appends s to dst as text that is valid UTF-8, for a line
// printed to a person: an unpaired surrogate (WTF-8 in s, see
// AppendUnquoted) as the lower-case \udxxx escape JSON.stringify writes for
// it, so that "\ud800" and "\udc00" stay apart as the reference echoes
// them, and every other ill-formed sequence as one U+FFFD per maximal
// subpart, as Node decodes bytes. Valid UTF-8 is copied unchanged.
func AppendPrintable(dst []byte, s string) []byte {
	return appendRepaired(dst, s, true)
}

// Printable is AppendPrintable to a new string; s itself when it is valid
// UTF-8.
func Printable(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	return string(AppendPrintable(make([]byte, 0, len(s)+8), s))
}
