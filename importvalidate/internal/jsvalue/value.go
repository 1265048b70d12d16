package jsvalue

import (
	"github.com/flagadmin/flagadmin/internal/jsonwire"

	"encoding/json"
	"errors"
)

// Value decodes data (a JSON text that jsonwire.Scan accepted) as JSON.parse reads
// it, into the types encoding/json gives with UseNumber: map[string]any,
// []any, string, json.Number, bool and nil. Unlike encoding/json it keeps
// unpaired surrogates as values of their own (WTF-8, see jsonwire.AppendUnquoted)
// and has no nesting limit: it keeps its own stack, one frame per open
// container, so deep nesting costs memory in proportion to the input and
// no goroutine stack. A repeated name keeps its last value. A leading byte
// order mark is skipped.
func Parse(data []byte) (any, error) { return value(data, false) }

// ParseUTF8 is Value with every unpaired surrogate read as U+FFFD, so
// that each string is UTF-8 and counts a lone surrogate as one character,
// as JavaScript's string length does (for the schema library, which
// counts runes).
func ParseUTF8(data []byte) (any, error) { return value(data, true) }

func value(data []byte, lossy bool) (any, error) {
	type frame struct {
		obj  map[string]any
		arr  []any
		key  string // the member whose value is being read
		isOb bool
	}
	var (
		stack []frame
		buf   []byte
		d     = data
		i     = jsonwire.SkipWS(d, jsonwire.BOMLen(d))
	)
	// set stores v in the innermost open container, or returns it as the
	// result when none is open.
	var result any
	set := func(v any) {
		if len(stack) == 0 {
			result = v
			return
		}
		f := &stack[len(stack)-1]
		if f.isOb {
			f.obj[f.key] = v
		} else {
			f.arr = append(f.arr, v)
		}
	}
	// pop closes the innermost container and stores it.
	pop := func() {
		f := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if f.isOb {
			set(f.obj)
		} else {
			set(f.arr)
		}
	}
	str := func(i int) (string, int) {
		end := jsonwire.SkipValue(d, i)
		raw := d[i+1 : end-1]
		buf = jsonwire.AppendUnquoted(buf[:0], raw)
		if lossy {
			buf = replaceSurrogates(buf)
		}
		return string(buf), end
	}
	bad := errors.New("jsonwire: not a JSON text the scanner accepted")
	for {
		if i >= len(d) {
			return nil, bad
		}
		// A value starts at i.
		switch c := d[i]; c {
		case '{':
			stack = append(stack, frame{obj: map[string]any{}, isOb: true})
			i = jsonwire.SkipWS(d, i+1)
			if i < len(d) && d[i] == '}' {
				i++
				pop()
				break
			}
			if i >= len(d) || d[i] != '"' {
				return nil, bad
			}
			stack[len(stack)-1].key, i = str(i)
			i = jsonwire.SkipWS(d, jsonwire.SkipWS(d, i)+1) // past ':'
			continue
		case '[':
			stack = append(stack, frame{arr: []any{}})
			i = jsonwire.SkipWS(d, i+1)
			if i < len(d) && d[i] == ']' {
				i++
				pop()
				break
			}
			continue
		case '"':
			var s string
			s, i = str(i)
			set(s)
		case 't':
			set(true)
			i += 4
		case 'f':
			set(false)
			i += 5
		case 'n':
			set(nil)
			i += 4
		default:
			end := jsonwire.SkipValue(d, i)
			set(json.Number(d[i:end]))
			i = end
		}
		// After a value: close containers, move to the next member.
		for {
			i = jsonwire.SkipWS(d, i)
			if len(stack) == 0 {
				return result, nil
			}
			if i >= len(d) {
				return nil, bad
			}
			f := &stack[len(stack)-1]
			if d[i] == ',' {
				i = jsonwire.SkipWS(d, i+1)
				if f.isOb {
					if i >= len(d) || d[i] != '"' {
						return nil, bad
					}
					f.key, i = str(i)
					i = jsonwire.SkipWS(d, jsonwire.SkipWS(d, i)+1)
				}
				break
			}
			// '}' or ']'
			i++
			pop()
		}
	}
}

// replaceSurrogates replaces, in place, every WTF-8 surrogate of b by
// U+FFFD (both are three bytes).
func replaceSurrogates(b []byte) []byte {
	for i := 0; i+2 < len(b); i++ {
		if b[i] == 0xED && b[i+1] >= 0xA0 && b[i+1] <= 0xBF && b[i+2] >= 0x80 && b[i+2] <= 0xBF {
			b[i], b[i+1], b[i+2] = 0xEF, 0xBF, 0xBD
			i += 2
		}
	}
	return b
}
