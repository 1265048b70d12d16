package jsonwire

import (
	"bytes"
	"strconv"
	"unicode/utf8"
)

// NameBuf decodes the content of JSON strings, member names above all, as
// the reference reads them, into buffers it reuses.
type NameBuf struct{ valid, name []byte }

// Decode returns the text of the raw string content (between the quotes)
// as the reference reads the body: ill-formed sequences replaced first
// (one U+FFFD per maximal subpart), then escapes decoded. The result is
// raw itself or one of b's buffers, valid until the next call.
func (b *NameBuf) Decode(raw []byte) []byte {
	if !utf8.Valid(raw) {
		b.valid = AppendReplacingInvalid(b.valid[:0], raw)
		raw = b.valid
	}
	if bytes.IndexByte(raw, '\\') >= 0 {
		b.name = AppendUnquoted(b.name[:0], raw)
		raw = b.name
	}
	return raw
}

// AppendPointerToken appends the decoded key to a JSON pointer, escaping
// "~" and "/".
func AppendPointerToken(dst, key []byte) []byte {
	for _, c := range key {
		switch c {
		case '~':
			dst = append(dst, '~', '0')
		case '/':
			dst = append(dst, '~', '1')
		default:
			dst = append(dst, c)
		}
	}
	return dst
}

// walkFrame is an open container of WalkPointers.
type walkFrame struct {
	obj    bool
	ptrLen int // length of the container's own pointer
	index  int // next array index
}

// WalkPointers walks a JSON text that Scan accepted and calls fn with the
// JSON pointer of every value (at the offset of its first byte) and of every
// object member (at the offset of its key's opening quote, key true). ptr is
// only valid during the call. fn returns false to stop the walk. The walk
// keeps its own stack, bounded by the nesting of data. A leading byte
// order mark is skipped.
func WalkPointers(data []byte, fn func(off int, key bool, ptr []byte) bool) {
	var (
		stack []walkFrame
		ptr   []byte
		names NameBuf
		d     = data
		i     = SkipWS(d, BOMLen(d))
	)
	for i < len(d) {
		// A value starts at i.
		if !fn(i, false, ptr) {
			return
		}
		c := d[i]
		switch {
		case c == '{' || c == '[':
			stack = append(stack, walkFrame{obj: c == '{', ptrLen: len(ptr)})
			i = SkipWS(d, i+1)
			if i < len(d) && (d[i] == '}' || d[i] == ']') {
				i++
				stack = stack[:len(stack)-1]
				break
			}
			if c == '{' {
				var ok bool
				if i, ptr, ok = walkKey(d, i, stack[len(stack)-1], ptr, &names, fn); !ok {
					return
				}
			} else {
				ptr = append(ptr, '/', '0')
				stack[len(stack)-1].index = 1
			}
			continue
		case c == '"':
			i = skipString(d, i)
		default:
			i = skipScalar(d, i)
		}
		// After a value: close containers and move to the next member.
		for {
			i = SkipWS(d, i)
			if len(stack) == 0 || i >= len(d) {
				return
			}
			f := &stack[len(stack)-1]
			if d[i] == ',' {
				i = SkipWS(d, i+1)
				ptr = ptr[:f.ptrLen]
				if f.obj {
					var ok bool
					if i, ptr, ok = walkKey(d, i, *f, ptr, &names, fn); !ok {
						return
					}
				} else {
					ptr = append(ptr, '/')
					ptr = strconv.AppendInt(ptr, int64(f.index), 10)
					f.index++
				}
				break
			}
			// '}' or ']'
			ptr = ptr[:f.ptrLen]
			stack = stack[:len(stack)-1]
			i++
		}
	}
}

// walkKey reads the key at i, sets ptr to the member's pointer, reports the
// member to fn and returns the offset of the member's value.
func walkKey(d []byte, i int, f walkFrame, ptr []byte, names *NameBuf, fn func(int, bool, []byte) bool) (int, []byte, bool) {
	if i >= len(d) || d[i] != '"' {
		return i, ptr, false
	}
	end := skipString(d, i)
	ptr = append(ptr[:f.ptrLen], '/')
	ptr = AppendPointerToken(ptr, names.Decode(d[i+1:end-1]))
	if !fn(i, true, ptr) {
		return i, ptr, false
	}
	j := SkipWS(d, end)
	if j < len(d) && d[j] == ':' {
		j++
	}
	return SkipWS(d, j), ptr, true
}

// skipString returns the offset just past the string whose opening quote is
// at i (input known to be valid).
func skipString(d []byte, i int) int {
	j := i + 1
	for {
		j = plainRun(d, j)
		if j >= len(d) {
			return len(d)
		}
		switch d[j] {
		case '"':
			return j + 1
		case '\\':
			j += 2
		default:
			j++
		}
	}
}

// skipScalar returns the offset just past the number or literal at i.
func skipScalar(d []byte, i int) int {
	j := i + 1
	for j < len(d) {
		c := d[j]
		if c == ',' || c == '}' || c == ']' || c == ' ' || c == '\n' || c == '\r' || c == '\t' {
			break
		}
		j++
	}
	return j
}

// SkipValue returns the offset just past the value that starts at i (input
// known to be valid).
func SkipValue(d []byte, i int) int {
	if i >= len(d) {
		return i
	}
	switch d[i] {
	case '"':
		return skipString(d, i)
	case '{', '[':
	default:
		return skipScalar(d, i)
	}
	depth := 0
	for j := i; j < len(d); j = NextBracket(d, j+1) {
		if d[j] == '{' || d[j] == '[' {
			depth++
		} else if depth--; depth == 0 {
			return j + 1
		}
	}
	return len(d)
}

// NextBracket returns the offset of the first '{', '[', '}' or ']' at or
// after j that is not inside a string, or len(d) when there is none.
func NextBracket(d []byte, j int) int {
	for j < len(d) {
		switch d[j] {
		case '"':
			j = skipString(d, j)
			continue
		case '{', '[', '}', ']':
			return j
		}
		j++
	}
	return len(d)
}
