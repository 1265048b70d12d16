package jsonwire

// EachMember calls fn with each member of the object whose '{' is at i
// in d, a JSON text known to be valid: its key as written between the
// quotes (escapes left in) and the offset of its value. It does nothing
// when no object starts at i. Values are skipped, not read.
func EachMember(d []byte, i int, fn func(key []byte, value int)) {
	if i >= len(d) || d[i] != '{' {
		return
	}
	for j := SkipWS(d, i+1); j < len(d) && d[j] == '"'; {
		end := skipString(d, j)
		key := d[j+1 : end-1]
		v := SkipWS(d, SkipWS(d, end)+1) // past the ':'
		fn(key, v)
		j = SkipWS(d, SkipValue(d, v))
		if j >= len(d) || d[j] != ',' {
			return
		}
		j = SkipWS(d, j+1)
	}
}

// EachElement calls fn with the offset of each element of the array
// whose '[' is at i in d, a JSON text known to be valid. It does nothing
// when no array starts at i.
func EachElement(d []byte, i int, fn func(value int)) {
	if i >= len(d) || d[i] != '[' {
		return
	}
	j := SkipWS(d, i+1)
	if j < len(d) && d[j] == ']' {
		return
	}
	for j < len(d) {
		fn(j)
		j = SkipWS(d, SkipValue(d, j))
		if j >= len(d) || d[j] != ',' {
			return
		}
		j = SkipWS(d, j+1)
	}
}

// KeyIs reports whether key, a member's key as written between its
// quotes, is name once its escapes are read.
func KeyIs(key []byte, name string) bool {
	for _, c := range key {
		if c == '\\' {
			return string(AppendUnquoted(nil, key)) == name
		}
	}
	return string(key) == name
}
