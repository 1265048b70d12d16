package fastpath

import (
	"encoding/binary"
	"math/bits"
	"strconv"
	"unicode/utf8"
	"unsafe"

	"github.com/flagadmin/flagadmin/internal/jsonwire"
)

// This file holds the byte-level reading of the fast path (decode.go):
// whitespace, object and array punctuation, strings, numbers and literals,
// and the check of values whose content the schema leaves open. Every
// method expects d.pos at the first byte of what it reads and leaves it
// just past it; a false result means the body is not one the fast path
// accepts, and d is then abandoned.

// ws skips JSON whitespace (space, tab, line feed, carriage return).
func (d *decoder) ws() { d.pos = jsonwire.SkipWS(d.data, d.pos) }

// openObject reads '{' and the whitespace after it, entering one nesting
// level. When the object is empty it reads the '}' too, leaves the level
// and reports empty.
func (d *decoder) openObject() (empty, ok bool) { return d.open('{', '}') }

// openArray reads '[' and the whitespace after it, entering one nesting
// level. When the array is empty it reads the ']' too, leaves the level and
// reports empty.
func (d *decoder) openArray() (empty, ok bool) { return d.open('[', ']') }

// open reads a container's opening byte and the whitespace after it,
// entering one nesting level. When the container is empty it reads the
// closing byte too, leaves the level and reports empty.
func (d *decoder) open(opening, closing byte) (empty, ok bool) {
	if d.pos >= len(d.data) || d.data[d.pos] != opening {
		return false, false
	}
	d.depth++
	if d.depth > d.limit {
		return false, false
	}
	d.pos++
	d.ws()
	if d.pos < len(d.data) && d.data[d.pos] == closing {
		d.pos++
		d.depth--
		return true, true
	}
	return false, true
}

// member reads a member name, the colon and the whitespace around it,
// leaving d.pos at the member's value.
func (d *decoder) member() (string, bool) {
	name, ok := d.key()
	if !ok {
		return "", false
	}
	if d.pos < len(d.data) && d.data[d.pos] == ':' {
		d.pos++
	} else {
		d.ws()
		if d.pos >= len(d.data) || d.data[d.pos] != ':' {
			return "", false
		}
		d.pos++
	}
	d.ws()
	if d.depth == 2 {
		d.dataMember = name
	}
	return name, true
}

// cancelEvery is the number of members and items read between two looks at
// the context: a few microseconds of work.
const cancelEvery = 1 << 10

// going counts one more member or item and, every cancelEvery of them,
// reports whether the context is still live; a cancelled decoding ends as
// a refused body.
func (d *decoder) going() bool {
	d.steps++
	return d.steps%cancelEvery != 0 || d.ctx.Err() == nil
}

// nextMember reads what follows a member's value: ',' (more is true, and
// d.pos is at the next name) or '}' (the object ends and its level is left).
func (d *decoder) nextMember() (more, ok bool) { return d.next('}') }

// next reads what follows a member's value or an array item: ',' (more is
// true, and d.pos is at what comes next) or the container's closing byte
// (the container ends and its level is left).
func (d *decoder) next(closing byte) (more, ok bool) {
	d.ws()
	if d.pos >= len(d.data) {
		return false, false
	}
	switch d.data[d.pos] {
	case ',':
		d.pos++
		d.ws()
		if !d.going() {
			return false, false
		}
		return true, true
	case closing:
		d.pos++
		d.depth--
		return false, true
	}
	return false, false
}

// nextItem reads what follows an array item: ',' (more is true, and d.pos
// is at the next item) or ']' (the array ends and its level is left).
func (d *decoder) nextItem() (more, ok bool) { return d.next(']') }

// scanString reads the string whose opening quote is at d.pos. It returns
// the offset of the first content byte and of the closing quote, and
// whether the string holds an escape. Plain ASCII runs are crossed eight
// bytes at a time; other bytes must form valid UTF-8.
func (d *decoder) scanString() (start, end int, esc, ok bool) {
	data := d.data
	i := d.pos
	if i >= len(data) || data[i] != '"' {
		return 0, 0, false, false
	}
	i++
	start = i
	for {
		for i+8 <= len(data) {
			if m := jsonwire.SpecialBytes(binary.LittleEndian.Uint64(data[i:])); m != 0 {
				i += bits.TrailingZeros64(m) >> 3
				break
			}
			i += 8
		}
		if i >= len(data) {
			return 0, 0, false, false
		}
		c := data[i]
		switch {
		case c == '"':
			d.pos = i + 1
			return start, i, esc, true
		case c == '\\':
			esc = true
			if i+1 >= len(data) {
				return 0, 0, false, false
			}
			switch data[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				if i+6 > len(data) || !hex4(data[i+2:i+6]) {
					return 0, 0, false, false
				}
				i += 6
			default:
				return 0, 0, false, false
			}
		case c < 0x20:
			return 0, 0, false, false
		case c < utf8.RuneSelf:
			i++
		default:
			r, size := utf8.DecodeRune(data[i:])
			if r == utf8.RuneError && size <= 1 {
				return 0, 0, false, false
			}
			i += size
		}
	}
}

// hex4 reports whether b holds four hexadecimal digits.
func hex4(b []byte) bool {
	for _, c := range b {
		if !('0' <= c && c <= '9' || 'a' <= c|0x20 && c|0x20 <= 'f') {
			return false
		}
	}
	return true
}

// str reads a string value the result keeps: its text is copied into the
// string arena (see keep).
func (d *decoder) str() (string, bool) {
	b, ok := d.text()
	if !ok {
		return "", false
	}
	return d.keep(b), true
}

// strView reads a string the result does not keep, such as an enumeration
// value or a date-time: the string shares memory with the input or with
// d.buf and is valid only until the next read.
func (d *decoder) strView() (string, bool) {
	b, ok := d.text()
	return viewString(b), ok
}

// text reads a string and returns its decoded text: the input's bytes
// when it has no escape, else d.buf, valid only until the next read.
func (d *decoder) text() ([]byte, bool) {
	start, end, esc, ok := d.scanString()
	if !ok {
		return nil, false
	}
	if !esc {
		return d.data[start:end], true
	}
	d.buf = jsonwire.AppendUnquoted(d.buf[:0], d.data[start:end])
	return d.buf, true
}

// key reads a member name, with the whitespace after it. A name without
// escapes shares memory with the input and is valid during the Decode
// call only; whoever keeps a name copies it (keep).
func (d *decoder) key() (string, bool) {
	start, end, esc, ok := d.scanString()
	if !ok {
		return "", false
	}
	d.ws()
	if !esc {
		return viewString(d.data[start:end]), true
	}
	return string(jsonwire.AppendUnquoted(nil, d.data[start:end])), true
}

// viewString returns a string sharing b's memory, for text that is only
// looked at during the Decode call (member names, enumeration values,
// numbers, date-times), so that looking costs no copy. b must not change
// while the string is in use, and the string must not outlive the call.
func viewString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

// viewBytes returns the bytes of s without copying them, for keep:
// they must not be written.
func viewBytes(s string) []byte {
	return unsafe.Slice(unsafe.StringData(s), len(s))
}

// arenaChunk is the size of the string arena's chunks, the largest
// size class of small objects.
const arenaChunk = 32 << 10

// keep returns a string holding a copy of b: one handed out before for
// a text of at most sharedMaxLen bytes met again (keepShort), else a new
// one. Short strings are copied to the current chunk of the string arena,
// whose bytes are never written again once handed out; only the text the
// result keeps is copied, in a few allocations.
func (d *decoder) keep(b []byte) string {
	if len(b) <= sharedMaxLen {
		return d.keepShort(b)
	}
	return d.copyKept(b)
}

// keepShort is keep for a text of at most sharedMaxLen bytes. One kept
// before is most often a value that many items repeat (a strategy's name,
// a parameter's name, a stickiness, a context name): it is handed out
// again. The result then holds it once, and comparing two of its copies
// needs no read of their bytes.
func (d *decoder) keepShort(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	slot := &d.shared[(uint(len(b))*131+uint(b[0])*31+uint(b[len(b)-1]))%sharedSlots]
	if *slot == viewString(b) {
		return *slot
	}
	s := d.copyKept(b)
	*slot = s
	return s
}

// sharedSlots is the number of short strings keep hands out again, and
// sharedMaxLen the length of the longest.
const (
	sharedSlots  = 64
	sharedMaxLen = 16
)

// copyKept returns a string holding a copy of b (see keep).
func (d *decoder) copyKept(b []byte) string {
	if len(b) > len(d.arena)-d.arenaUsed {
		if len(b) > arenaChunk/8 {
			return string(b)
		}
		d.arena, d.arenaUsed = make([]byte, arenaChunk), 0
	}
	start := d.arenaUsed
	d.arenaUsed += copy(d.arena[start:], b)
	return unsafe.String(&d.arena[start], len(b))
}

// number reads a number and returns its literal text, valid during the
// Decode call only (see viewString); plain reports that it has neither a
// fraction nor an exponent.
func (d *decoder) number() (lit string, plain, ok bool) {
	data := d.data
	start := d.pos
	i := start
	if i < len(data) && data[i] == '-' {
		i++
	}
	switch {
	case i >= len(data):
		return "", false, false
	case data[i] == '0':
		i++
	case '1' <= data[i] && data[i] <= '9':
		i++
		for i < len(data) && '0' <= data[i] && data[i] <= '9' {
			i++
		}
	default:
		return "", false, false
	}
	plain = true
	if i < len(data) && data[i] == '.' {
		plain = false
		i++
		if i >= len(data) || data[i] < '0' || data[i] > '9' {
			return "", false, false
		}
		for i < len(data) && '0' <= data[i] && data[i] <= '9' {
			i++
		}
	}
	if i < len(data) && data[i]|0x20 == 'e' {
		plain = false
		i++
		if i < len(data) && (data[i] == '+' || data[i] == '-') {
			i++
		}
		if i >= len(data) || data[i] < '0' || data[i] > '9' {
			return "", false, false
		}
		for i < len(data) && '0' <= data[i] && data[i] <= '9' {
			i++
		}
	}
	d.pos = i
	return viewString(data[start:i]), plain, true
}

// float reads a number as encoding/json decodes it into a float64; a
// number out of the float64 range makes encoding/json fail, and so the
// fast path.
func (d *decoder) float() (float64, bool) {
	lit, plain, ok := d.number()
	if !ok {
		return 0, false
	}
	return parseFloat(lit, plain)
}

// parseFloat is strconv.ParseFloat(lit, 64), with a shortcut for
// integers of up to 15 digits, which float64 holds exactly.
func parseFloat(lit string, plain bool) (float64, bool) {
	if plain && len(lit) <= 15 {
		if lit[0] == '-' {
			return -float64(smallInt(lit[1:])), true
		}
		return float64(smallInt(lit)), true
	}
	f, err := strconv.ParseFloat(lit, 64)
	return f, err == nil
}

// integer reads a number as encoding/json decodes it into an int64: only
// a literal without fraction or exponent that fits. jsonschema/v5 also
// takes 5.0 or 1e2 for a JSON Schema integer, but encoding/json cannot
// decode those into the model, so they leave the fast path.
func (d *decoder) integer() (int64, bool) {
	lit, plain, ok := d.number()
	if !ok || !plain {
		return 0, false
	}
	if len(lit) > 18 {
		n, err := strconv.ParseInt(lit, 10, 64)
		return n, err == nil
	}
	if lit[0] == '-' {
		return -smallInt(lit[1:]), true
	}
	return smallInt(lit), true
}

// smallInt is the value of a run of at most 18 decimal digits, which an
// int64 holds.
func smallInt(digits string) int64 {
	var n int64
	for i := 0; i < len(digits); i++ {
		n = n*10 + int64(digits[i]-'0')
	}
	return n
}

// boolean reads true or false.
func (d *decoder) boolean() (bool, bool) {
	data := d.data
	i := d.pos
	if i+4 <= len(data) && string(data[i:i+4]) == "true" {
		d.pos = i + 4
		return true, true
	}
	if i+5 <= len(data) && string(data[i:i+5]) == "false" {
		d.pos = i + 5
		return false, true
	}
	return false, false
}

// null reads null when it is there; it reports false, and reads nothing,
// when the value is something else.
func (d *decoder) null() bool {
	i := d.pos
	if i+4 <= len(d.data) && string(d.data[i:i+4]) == "null" {
		d.pos = i + 4
		return true
	}
	return false
}

// skip checks one value of any JSON type without keeping it: syntax,
// UTF-8, nesting depth and, in every object, distinct member names. It
// keeps the open containers on d.skips, not on the goroutine's stack, so
// that nesting as deep as the input allows costs a small frame per level.
func (d *decoder) skip() bool {
	stack := d.skips[:0]
	defer func() {
		clear(stack[:cap(stack)]) // the sets hold names that view the input
		d.skips = stack[:0]
	}()
	for {
		// A value starts at d.pos.
		if d.pos >= len(d.data) {
			return false
		}
		switch d.data[d.pos] {
		case '{':
			empty, ok := d.openObject()
			if !ok {
				return false
			}
			if !empty {
				stack = append(stack, skipFrame{obj: true, base: len(d.names)})
				if !d.skipName(&stack[len(stack)-1]) {
					return false
				}
				continue
			}
		case '[':
			empty, ok := d.openArray()
			if !ok {
				return false
			}
			if !empty {
				stack = append(stack, skipFrame{})
				continue
			}
		case '"':
			if _, _, _, ok := d.scanString(); !ok {
				return false
			}
		case 't', 'f':
			if _, ok := d.boolean(); !ok {
				return false
			}
		case 'n':
			if !d.null() {
				return false
			}
		default:
			if _, _, ok := d.number(); !ok {
				return false
			}
		}
		// After a value: close the containers it ends.
		for {
			if len(stack) == 0 {
				return true
			}
			f := &stack[len(stack)-1]
			if f.obj {
				more, ok := d.nextMember()
				if !ok {
					return false
				}
				if more {
					if !d.skipName(f) {
						return false
					}
					break
				}
				clear(d.names[f.base:])
				d.names = d.names[:f.base]
			} else {
				more, ok := d.nextItem()
				if !ok {
					return false
				}
				if more {
					break
				}
			}
			stack = stack[:len(stack)-1]
		}
	}
}

// skipFrame is an open container of skip.
type skipFrame struct {
	obj  bool
	base int                 // index in d.names of the object's first name
	set  map[string]struct{} // the names, once there are linearKeys of them
}

// linearKeys is the number of member names from which skip looks for
// duplicates in a map rather than in a list.
const linearKeys = 32

// skipName reads a member name of the object f and refuses one the object
// has already. The names of the objects being checked are kept on
// d.names, innermost last.
func (d *decoder) skipName(f *skipFrame) bool {
	name, ok := d.member()
	if !ok {
		return false
	}
	if f.set != nil {
		if _, dup := f.set[name]; dup {
			return false
		}
		f.set[name] = struct{}{}
		return true
	}
	for _, seen := range d.names[f.base:] {
		if seen == name {
			return false
		}
	}
	d.names = append(d.names, name)
	if len(d.names)-f.base >= linearKeys {
		f.set = make(map[string]struct{}, 2*linearKeys)
		for _, seen := range d.names[f.base:] {
			f.set[seen] = struct{}{}
		}
	}
	return true
}

// raw checks a value of any content (see skip) and returns a copy of its
// bytes, as encoding/json fills a json.RawMessage.
func (d *decoder) raw() ([]byte, bool) {
	start := d.pos
	if !d.skip() {
		return nil, false
	}
	return append([]byte(nil), d.data[start:d.pos]...), true
}

// rawObject is raw for a value that must be an object.
func (d *decoder) rawObject() ([]byte, bool) {
	if d.pos >= len(d.data) || d.data[d.pos] != '{' {
		return nil, false
	}
	return d.raw()
}
