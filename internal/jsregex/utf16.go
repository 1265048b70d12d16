package jsregex

import "unicode/utf8"

// UTF16 returns the UTF-16 code units of the JavaScript string that s
// stands for, as units encodes them.
func UTF16(s string) []uint16 { return units(nil, s) }

// units appends the UTF-16 code units of s to dst. Valid UTF-8 is encoded
// as UTF-16 (characters above U+FFFF become surrogate pairs); a WTF-8
// encoded surrogate (ED A0..BF 80..BF) is that code unit; every other
// invalid byte is U+FFFD.
func units(dst []uint16, s string) []uint16 {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			dst = append(dst, uint16(c))
			i++
			continue
		}
		if c == 0xED && i+2 < len(s) && s[i+1] >= 0xA0 && s[i+1] <= 0xBF && s[i+2] >= 0x80 && s[i+2] <= 0xBF {
			dst = append(dst, 0xD000|uint16(s[i+1]&0x3F)<<6|uint16(s[i+2]&0x3F))
			i += 3
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		if r >= 0x10000 {
			r -= 0x10000
			dst = append(dst, 0xD800+uint16(r>>10), 0xDC00+uint16(r&0x3FF))
			continue
		}
		dst = append(dst, uint16(r))
	}
	return dst
}
