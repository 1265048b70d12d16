package model

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
)

// pointerOffset returns the byte offset in the JSON document b of the
// value at the JSON pointer ptr, or of the member's key when the pointer's
// last token names an object member, or -1 when b has no such place. For a
// member the key is the more useful place: an unknown member is a problem
// of its name, not of its value. b is assumed to be valid JSON.
func pointerOffset(b []byte, ptr string) int64 {
	if ptr == "" {
		return firstByte(b, 0)
	}
	if ptr[0] != '/' {
		return -1
	}
	want := strings.Split(ptr[1:], "/")
	for i, t := range want {
		want[i] = strings.NewReplacer("~1", "/", "~0", "~").Replace(t)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	// Descend one token of want at a time: at each level skip siblings
	// until the wanted key or index, whose start is then the answer or the
	// next level's container.
	for depth, tok := range want {
		open, err := dec.Token()
		if err != nil {
			return -1
		}
		d, ok := open.(json.Delim)
		if !ok || (d != '{' && d != '[') {
			return -1
		}
		last := depth == len(want)-1
		if d == '[' {
			idx, err := strconv.Atoi(tok)
			if err != nil || idx < 0 {
				return -1
			}
			for i := 0; ; i++ {
				if !dec.More() {
					return -1
				}
				if i == idx {
					if last {
						return firstByte(b, dec.InputOffset())
					}
					break
				}
				if !skipValue(dec) {
					return -1
				}
			}
			continue
		}
		for {
			if !dec.More() {
				return -1
			}
			start := firstByte(b, dec.InputOffset())
			key, err := dec.Token()
			if err != nil {
				return -1
			}
			if key == tok {
				if last {
					return start
				}
				break
			}
			if !skipValue(dec) {
				return -1
			}
		}
	}
	return -1
}

// skipValue reads one whole value from dec.
func skipValue(dec *json.Decoder) bool {
	var raw json.RawMessage
	return dec.Decode(&raw) == nil
}

// firstByte returns the offset of the first byte at or after off that is
// not white space or a separator (',' or ':').
func firstByte(b []byte, off int64) int64 {
	for off < int64(len(b)) {
		switch b[off] {
		case ' ', '\t', '\r', '\n', ',', ':':
			off++
		default:
			return off
		}
	}
	return off
}
