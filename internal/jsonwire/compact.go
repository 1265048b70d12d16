package jsonwire

import "bytes"

// CompactLen is the length of data, a JSON text, once the white space
// outside its strings is removed: the length json.Compact writes, counted
// without a copy. For bytes that are not JSON it counts the same way. A
// string is skipped to its closing quote with bytes.IndexByte, so that
// the count runs at about the speed of a search for quotes.
func CompactLen(data []byte) int64 {
	n := int64(len(data))
	for i := 0; i < len(data); {
		q := bytes.IndexByte(data[i:], '"')
		end := len(data)
		if q >= 0 {
			end = i + q
		}
		for _, c := range data[i:end] {
			if c == ' ' || c == '\t' || c == '\n' || c == '\r' {
				n--
			}
		}
		if q < 0 {
			break
		}
		i = stringEnd(data, end+1)
	}
	return n
}

// stringEnd is the index just past the closing quote of the string whose
// contents start at i, or len(data) when it is not closed: a quote closes
// it unless an odd number of backslashes comes before it.
func stringEnd(data []byte, i int) int {
	for {
		q := bytes.IndexByte(data[i:], '"')
		if q < 0 {
			return len(data)
		}
		j := i + q
		k := j
		for k > i && data[k-1] == '\\' {
			k--
		}
		if (j-k)%2 == 0 {
			return j + 1
		}
		i = j + 1
	}
}
