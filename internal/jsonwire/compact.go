package jsonwire

// CompactLen is the length of data, a JSON text, once the white space
// outside its strings is removed: the length json.Compact writes, counted
// without a copy. For bytes that are not JSON it counts the same way.
func CompactLen(data []byte) int64 {
	var n int64
	inString, escaped := false, false
	for _, c := range data {
		switch {
		case inString:
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
		case c == '"':
			inString = true
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			continue
		}
		n++
	}
	return n
}
