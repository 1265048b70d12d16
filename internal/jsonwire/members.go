package jsonwire

// EachMember calls fn with each member of the object whose '{' is at i
// in d: its name decoded as the reference reads it (NameBuf; valid until
// the next call) and the offset of its value, until fn returns false.
// Values are skipped, not read. It does nothing when no object starts at
// i, and stops where a broken text gives no next member name; members are
// read on past a missing comma.
func EachMember(d []byte, i int, fn func(name []byte, value int) bool) {
	if i >= len(d) || d[i] != '{' {
		return
	}
	var names NameBuf
	for i = SkipWS(d, i+1); i < len(d) && d[i] == '"'; {
		end := skipString(d, i)
		if end >= len(d) {
			return // the text ends in the name
		}
		v := SkipWS(d, SkipWS(d, end)+1) // past the ':'
		if !fn(names.Decode(d[i+1:end-1]), v) {
			return
		}
		if i = SkipWS(d, SkipValue(d, v)); i < len(d) && d[i] == ',' {
			i = SkipWS(d, i+1)
		}
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
