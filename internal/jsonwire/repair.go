package jsonwire

import (
	"math/bits"
	"unicode/utf8"
)

// This file holds the two repairs of ill-formed UTF-8: as the reference
// server's body reader decodes bytes, and for a line printed to a person.

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
			dst = AppendEscapedSurrogate(dst, sr)
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
