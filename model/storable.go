package model

import (
	"strings"
	"unicode/utf8"
)

// Storable reports whether a name can be held by the text columns of the
// reference server's database (PostgreSQL): it is valid UTF-8 and holds no
// U+0000. A name decoded from JSON that escapes an unpaired surrogate
// ("\ud800", kept as WTF-8) or NUL ("\u0000") is not storable, so no
// instance can hold it: a store is never asked about it, and it is simply
// absent.
func Storable(name string) bool {
	return utf8.ValidString(name) && strings.IndexByte(name, 0) < 0
}

// StorableOnly returns the storable names among names, in their order. It
// returns names itself when all of them are storable.
func StorableOnly(names []string) []string {
	for i, n := range names {
		if !Storable(n) {
			out := append(make([]string, 0, len(names)-1), names[:i]...)
			for _, m := range names[i+1:] {
				if Storable(m) {
					out = append(out, m)
				}
			}
			return out
		}
	}
	return names
}
