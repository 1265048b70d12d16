package jsonwire

// CompactLenUpTo is the length of data, a JSON text, once the white space
// outside its strings is removed (the length json.Compact writes), when
// that is at most max; past max it stops counting and returns a number
// above max. It reads data in place. For bytes that are not JSON it
// counts the same way.
func CompactLenUpTo(data []byte, max int64) int64 {
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
		if n++; n > max {
			return n
		}
	}
	return n
}
