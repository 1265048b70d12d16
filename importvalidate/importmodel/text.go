package importmodel

import (
	"unicode/utf8"

	"github.com/flagadmin/flagadmin/internal/jsonwire"
)

// The import runs in JavaScript: its lengths count UTF-16 code units, its
// \s and trim() know JavaScript's white space, and its names pass
// encodeURIComponent. These helpers read the model's strings (UTF-8, an
// unpaired surrogate as WTF-8) the way it does.

// utf16Len is JavaScript's String.length of s: one unit per character
// of the Basic Multilingual Plane and per unpaired surrogate, two per
// character beyond it. A byte that is not UTF-8 (read as U+FFFD) is one.
func utf16Len(s string) int {
	n := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			n++
			i++
			continue
		}
		if _, ok := jsonwire.Surrogate(s[i:]); ok {
			n++
			i += 3
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
		i += size
	}
	return n
}

// hasSurrogate reports whether s holds an unpaired surrogate, on
// which encodeURIComponent throws "URI malformed".
func hasSurrogate(s string) bool {
	for i := 0; i+2 < len(s); i++ {
		if s[i] == 0xED {
			if _, ok := jsonwire.Surrogate(s[i:]); ok {
				return true
			}
		}
	}
	return false
}

// urlFriendly reports whether encodeURIComponent(s) === s, that is
// whether s holds only A-Z a-z 0-9 - _ . ! ~ * ' ( ), and s is neither "."
// nor "..": Unleash's isUrlFriendly (routes/util.js).
func urlFriendly(s string) bool {
	if s == "." || s == ".." {
		return false
	}
	set := [2]uint64{urlFriendlyLow, urlFriendlyHigh}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 128 || set[c>>6]&(1<<(c&63)) == 0 {
			return false
		}
	}
	return true
}

// The bytes of a URL-friendly name, A-Z a-z 0-9 and -_.!~*'(), as masks
// of bytes 0 to 63 and 64 to 127.
const (
	urlFriendlyLow  uint64 = 1<<'!' | 1<<'\'' | 1<<'(' | 1<<')' | 1<<'*' | 1<<'-' | 1<<'.' | (1<<10-1)<<'0'
	urlFriendlyHigh uint64 = (1<<26-1)<<('A'-64) | 1<<('_'-64) | (1<<26-1)<<('a'-64) | 1<<('~'-64)
)

// isSpace reports whether r is white space to JavaScript (\s in a
// regular expression, what trim() removes): WhiteSpace and LineTerminator.
func isSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0xA0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF:
		return true
	}
	return 0x2000 <= r && r <= 0x200A
}

// trim is JavaScript's String.prototype.trim.
func trim(s string) string {
	// ASCII white space is at most ' ': a string that starts and ends
	// with another ASCII character is its own trim.
	if n := len(s); n > 0 && ' ' < s[0] && s[0] < utf8.RuneSelf && ' ' < s[n-1] && s[n-1] < utf8.RuneSelf {
		return s
	}
	start := 0
	for start < len(s) {
		r, size := utf8.DecodeRuneInString(s[start:])
		if !isSpace(r) {
			break
		}
		start += size
	}
	end := len(s)
	for end > start {
		r, size := utf8.DecodeLastRuneInString(s[start:end])
		if !isSpace(r) {
			break
		}
		end -= size
	}
	return s[start:end]
}
