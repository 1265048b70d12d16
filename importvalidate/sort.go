package importvalidate

import (
	"sort"
	"strconv"
	"unicode/utf8"
)

func itoa(i int) string { return strconv.Itoa(i) }

// sortBy sorts s stably by less.
func sortBy[T any](s []T, less func(a, b T) bool) {
	sort.SliceStable(s, func(i, j int) bool { return less(s[i], s[j]) })
}

// lessUTF16 orders strings by their UTF-16 code units, as JavaScript's
// default sort does. It differs from Go's byte order only where a
// character above U+FFFF meets one in U+E000..U+FFFF.
func lessUTF16(a, b string) bool {
	for a != "" && b != "" {
		ra, na := utf8.DecodeRuneInString(a)
		rb, nb := utf8.DecodeRuneInString(b)
		if ra != rb {
			return utf16First(ra) < utf16First(rb) ||
				(utf16First(ra) == utf16First(rb) && utf16Second(ra) < utf16Second(rb))
		}
		a, b = a[na:], b[nb:]
	}
	return len(a) < len(b) && a == ""
}

// utf16First is the first UTF-16 code unit of r.
func utf16First(r rune) rune {
	if r >= 0x10000 {
		return 0xD800 + ((r - 0x10000) >> 10)
	}
	return r
}

// utf16Second is the second UTF-16 code unit of r, or -1 for one unit.
func utf16Second(r rune) rune {
	if r >= 0x10000 {
		return 0xDC00 + ((r - 0x10000) & 0x3FF)
	}
	return -1
}
