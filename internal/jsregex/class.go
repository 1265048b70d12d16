package jsregex

import "slices"

// span is an inclusive range of UTF-16 code units.
type span struct{ lo, hi uint16 }

// charSet is a set of code units: sorted, non-overlapping, non-adjacent
// spans.
type charSet []span

// has reports whether u is in the set.
func (s charSet) has(u uint16) bool {
	lo, hi := 0, len(s)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		switch {
		case u < s[m].lo:
			hi = m
		case u > s[m].hi:
			lo = m + 1
		default:
			return true
		}
	}
	return false
}

// normalize sorts and merges spans.
func normalize(spans []span) charSet {
	slices.SortFunc(spans, func(a, b span) int { return int(a.lo) - int(b.lo) })
	out := spans[:0]
	for _, sp := range spans {
		if n := len(out); n > 0 && uint32(sp.lo) <= uint32(out[n-1].hi)+1 {
			out[n-1].hi = max(out[n-1].hi, sp.hi)
			continue
		}
		out = append(out, sp)
	}
	return charSet(out)
}

// complement returns the code units not in s (s normalized).
func complement(s charSet) charSet {
	var out []span
	next := uint32(0)
	for _, sp := range s {
		if uint32(sp.lo) > next {
			out = append(out, span{uint16(next), sp.lo - 1})
		}
		next = uint32(sp.hi) + 1
	}
	if next <= 0xFFFF {
		out = append(out, span{uint16(next), 0xFFFF})
	}
	return charSet(out)
}

// The class escapes of JavaScript: \d, \w and \s (WhiteSpace and
// LineTerminator of ECMAScript: the Zs category, tab, vertical tab, form
// feed, no-break space, byte order mark, LF, CR, LS and PS).
var (
	digitSpans = []span{{'0', '9'}}
	wordSpans  = []span{{'0', '9'}, {'A', 'Z'}, {'_', '_'}, {'a', 'z'}}
	spaceSpans = []span{{0x09, 0x0D}, {0x20, 0x20}, {0xA0, 0xA0}, {0x1680, 0x1680},
		{0x2000, 0x200A}, {0x2028, 0x2029}, {0x202F, 0x202F}, {0x205F, 0x205F},
		{0x3000, 0x3000}, {0xFEFF, 0xFEFF}}
)

// escapeSet returns the set of the class escape \c (c one of dDwWsS).
func escapeSet(c uint16) charSet {
	var base []span
	switch c | 0x20 {
	case 'd':
		base = digitSpans
	case 'w':
		base = wordSpans
	default:
		base = spaceSpans
	}
	s := normalize(slices.Clone(base))
	if c < 'a' {
		return complement(s)
	}
	return s
}

// isWord reports whether u is a word character of \b and \w.
func isWord(u uint16) bool {
	return u == '_' || u >= '0' && u <= '9' || u >= 'A' && u <= 'Z' || u >= 'a' && u <= 'z'
}

// isLineTerminator reports whether u is one of LF, CR, LS, PS, which .
// does not match.
func isLineTerminator(u uint16) bool {
	return u == '\n' || u == '\r' || u == 0x2028 || u == 0x2029
}
