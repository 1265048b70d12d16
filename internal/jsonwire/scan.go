package jsonwire

import (
	"bytes"
	"encoding/binary"
	"math"
	"math/bits"
	"strconv"
	"unicode/utf8"
)

// This file holds the byte-level JSON scanner of the structural tier. It
// makes one pass over the input without recursion (the nesting is kept on
// an explicit stack bounded by the depth limit) and allocates nothing per
// token in the common case. It finds what a JSON decoder does not report or
// reports badly: the first syntax error, invalid UTF-8 inside strings,
// duplicate object keys and nesting deeper than a limit. A second, slower
// walk (WalkPointers) maps byte offsets to JSON pointers and back; it runs
// only when there is something to locate.

// Kind is the kind of a scanner finding.
type Kind int

// The kinds of findings.
const (
	// KindSyntax: the text is not JSON; What says why, Expect (possibly
	// empty) what was expected.
	KindSyntax Kind = iota + 1
	// KindInvalidUTF8: a string holds a byte sequence that is not UTF-8.
	KindInvalidUTF8
	// KindDuplicateKey: an object has the same key twice, compared after
	// decoding escapes.
	KindDuplicateKey
	// KindMaxDepth: objects and arrays nest deeper than the limit.
	KindMaxDepth
	// KindByteOrderMark: the text starts with a UTF-8 byte order mark,
	// which JSON.parse never sees (the reference server's body reader
	// drops it) and the scan skips.
	KindByteOrderMark
)

// Issue is one finding of the scanner, before it is located and worded.
type Issue struct {
	Kind Kind
	// Off is the offset the problem is reported at: the offending byte for
	// syntax, UTF-8 and depth issues, the opening quote of the key for a
	// duplicate key.
	Off int
	// At is the offset used to find the JSON pointer: the opening quote of
	// the string holding an invalid byte, or of the duplicate key; -1 when
	// the issue has no pointer.
	At int
	// Other is, for a duplicate key, the offset of the other occurrence's
	// opening quote.
	Other int
	// What is the reason of a syntax error, such as "Unexpected end of JSON
	// input"; Expect, possibly empty, is what was expected there (such as
	// "a value"). For a duplicate key, What is the raw key (between the
	// quotes).
	What, Expect string
	// First marks the first occurrence of a duplicated key.
	First bool
	// Byte is the invalid byte of an invalid-utf8 issue.
	Byte byte
}

// keySpan is a key of an object that is still open: the offsets of its
// opening and closing quotes.
type keySpan struct {
	start, end int
	// fp is a fingerprint of the raw key: equal keys without escapes have
	// equal fingerprints. It is 0 for a key with escapes.
	fp       uint64
	esc      bool // the key holds a backslash escape
	reported bool // a duplicate of it was reported already
}

// fingerprint is a cheap digest of a key without escapes: its length and
// its first and last eight bytes.
func fingerprint(b []byte) uint64 {
	n := len(b)
	if n >= 8 {
		lo := binary.LittleEndian.Uint64(b)
		hi := binary.LittleEndian.Uint64(b[n-8:])
		return (lo ^ hi*0x9E3779B97F4A7C15 ^ uint64(n)) | 1
	}
	var x uint64
	for i := n - 1; i >= 0; i-- {
		x = x<<8 | uint64(b[i])
	}
	return (x ^ uint64(n)<<56) | 1
}

// scanFrame is an open container.
type scanFrame struct {
	obj       bool
	hasEsc    bool           // some key of the object has an escape
	keysStart int            // index of the object's first key in scanner.keys
	mask      uint64         // one bit per key fingerprint: a key whose bit is clear is new
	set       map[uint64]int // hash of a decoded key -> index in keys, for big objects
}

// bigObject is the number of keys from which an object's duplicate check
// switches from a linear search to a hash set.
const bigObject = 16

// scanner holds the state of one Scan. It is not safe for concurrent use;
// each Check uses its own.
type scanner struct {
	data     []byte
	maxDepth int
	// frames are the open objects, innermost last; arrays take no frame.
	frames []scanFrame
	// open0 and open hold one bit per open container (the first 64 in
	// open0), innermost last: set for an object. depth is the number of
	// open containers. An array nested in an array thus costs one bit, so
	// that deep nesting costs little.
	open0  uint64
	open   []uint64
	depth  int
	keys   []keySpan
	issues []Issue
	fatal  bool
	bufA   []byte
	bufB   []byte
	// syntaxOnly looks for the syntax error only: no depth limit, and
	// neither keys, frames nor reading issues are kept.
	syntaxOnly bool
}

// Scan checks data and returns the issues it finds, in input order. fatal
// reports that data is not a JSON text the scanner could read to its end (a
// syntax error or too deep a nesting); the issue that stopped it is the last
// one. An empty data is a syntax error.
func Scan(data []byte, maxDepth int) (issues []Issue, fatal bool) {
	s := scanner{data: data, maxDepth: maxDepth}
	s.run()
	return s.issues, s.fatal
}

// Syntax reports whether data is a JSON text and, when it is not, the
// syntax issue that Scan would end with (the same offset and words). It
// looks for nothing else: no depth limit, no duplicate keys, no invalid
// UTF-8. It keeps no tree and no key, only one bit per open container, so
// that its time and memory are those of one pass over data (a body nested
// 250 000 deep costs 31 kB of bits). An empty data is a syntax error; a
// leading byte order mark is skipped.
func Syntax(data []byte) (issue Issue, ok bool) {
	s := scanner{data: data, maxDepth: math.MaxInt, syntaxOnly: true}
	s.run()
	if !s.fatal {
		return Issue{}, true
	}
	return s.issues[len(s.issues)-1], false
}

// fail records a syntax error at off; expect, when not empty, says what
// was expected there.
func (s *scanner) fail(off int, what, expect string) {
	s.issues = append(s.issues, Issue{Kind: KindSyntax, Off: off, At: -1, Other: -1, What: what, Expect: expect})
	s.fatal = true
}

// failAt reports the byte at i as unexpected, or the end of the input when
// i is past it.
func (s *scanner) failAt(i int, expect string) {
	if i >= len(s.data) {
		s.fail(len(s.data), "Unexpected end of JSON input", expect)
		return
	}
	s.fail(i, "Unexpected "+describeByte(s.data, i), expect)
}

// describeByte names the byte at i for a syntax message.
func describeByte(data []byte, i int) string {
	c := data[i]
	switch {
	case c >= 0x20 && c < 0x7f:
		if c == '\'' {
			return `character "'"`
		}
		return "character '" + string(rune(c)) + "'"
	case c < 0x80:
		return "control character U+" + hex4(rune(c))
	}
	r, size := utf8.DecodeRune(data[i:])
	if r == utf8.RuneError && size <= 1 {
		return "byte 0x" + strconv.FormatUint(uint64(c), 16)
	}
	return "character U+" + hex4(r)
}

func hex4(r rune) string {
	const digits = "0123456789ABCDEF"
	if r > 0xFFFF {
		return strconv.FormatInt(int64(r), 16)
	}
	return string([]byte{digits[r>>12&0xF], digits[r>>8&0xF], digits[r>>4&0xF], digits[r&0xF]})
}

// BOMLen returns 3 when d starts with the UTF-8 byte order mark EF BB BF,
// else 0. The reference server's body reader drops a leading mark before
// JSON.parse sees the text, so every reading of a body starts after it.
func BOMLen(d []byte) int {
	if len(d) >= 3 && d[0] == 0xEF && d[1] == 0xBB && d[2] == 0xBF {
		return 3
	}
	return 0
}

// SkipWS returns the offset of the first non-whitespace byte at or after i.
func SkipWS(d []byte, i int) int {
	for i < len(d) {
		c := d[i]
		if c > ' ' || (c != ' ' && c != '\n' && c != '\r' && c != '\t') {
			return i
		}
		i++
	}
	return i
}

// SWAR constants: one bit or byte value in every byte of a uint64.
const (
	lsb = 0x0101010101010101
	msb = 0x8080808080808080
)

// SpecialBytes returns, for eight string bytes read little-endian, a mask
// with the high bit set in every byte that needs a closer look: a quote, a
// backslash, a control character or a non-ASCII byte. Borrows may flag a
// byte above a flagged one, never one below, so the lowest flagged byte is
// always a real one.
func SpecialBytes(x uint64) uint64 {
	return ((x - 0x20*lsb) | ((x ^ '"'*lsb) - lsb) | ((x ^ '\\'*lsb) - lsb) | x) & msb
}

// plainRun returns the offset of the first byte at or after i that needs a
// closer look inside a string: a quote, a backslash, a control character or
// a non-ASCII byte. It reads eight bytes at a time.
func plainRun(d []byte, i int) int {
	for i+8 <= len(d) {
		if t := SpecialBytes(binary.LittleEndian.Uint64(d[i:])); t != 0 {
			return i + bits.TrailingZeros64(t)>>3
		}
		i += 8
	}
	for i < len(d) {
		c := d[i]
		if c < 0x20 || c == '"' || c == '\\' || c >= 0x80 {
			return i
		}
		i++
	}
	return i
}

// str scans the string whose opening quote is at i and returns the offset
// just past its closing quote and whether it holds an escape. It records an
// invalid-utf8 issue for the first invalid byte of the string, and fails on
// a syntax error (ok false).
func (s *scanner) str(i int) (next int, esc, ok bool) {
	d := s.data
	j := i + 1
	badUTF8 := false
	for {
		j = plainRun(d, j)
		if j >= len(d) {
			s.fail(len(d), "Unexpected end of JSON input", "a closing '\"' of the string")
			return 0, esc, false
		}
		c := d[j]
		switch {
		case c == '"':
			return j + 1, esc, true
		case c == '\\':
			esc = true
			if j+1 >= len(d) {
				s.fail(len(d), "Unexpected end of JSON input", "an escape sequence")
				return 0, esc, false
			}
			switch d[j+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				j += 2
			case 'u':
				for k := j + 2; k < j+6; k++ {
					if k >= len(d) {
						s.fail(len(d), "Unexpected end of JSON input", "four hexadecimal digits after \\u")
						return 0, esc, false
					}
					if !isHex(d[k]) {
						s.fail(k, "Bad Unicode escape: unexpected "+describeByte(d, k), "four hexadecimal digits after \\u")
						return 0, esc, false
					}
				}
				j += 6
			default:
				s.fail(j, "Bad escaped "+describeByte(d, j+1), `one of \" \\ \/ \b \f \n \r \t \uXXXX`)
				return 0, esc, false
			}
		case c < 0x20:
			s.fail(j, "Bad control character U+"+hex4(rune(c))+" in string literal", "an escape such as \\n or \\u00"+strconv.FormatUint(uint64(c)>>4, 16)+strconv.FormatUint(uint64(c)&0xF, 16))
			return 0, esc, false
		default: // c >= 0x80
			r, size := utf8.DecodeRune(d[j:])
			if r == utf8.RuneError && size <= 1 {
				if !badUTF8 && !s.syntaxOnly {
					badUTF8 = true
					s.issues = append(s.issues, Issue{Kind: KindInvalidUTF8, Off: j, At: i, Other: -1, Byte: c})
				}
				size = 1
			}
			j += size
		}
	}
}

func isHex(c byte) bool {
	return (c >= '0' && c <= '9') || (c|0x20 >= 'a' && c|0x20 <= 'f')
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// number scans the number starting at i and returns the offset just past
// it.
func (s *scanner) number(i int) (int, bool) {
	d := s.data
	j := i
	if d[j] == '-' {
		j++
	}
	switch {
	case j >= len(d):
		s.failAt(j, "a digit")
		return 0, false
	case d[j] == '0':
		j++
	case d[j] >= '1' && d[j] <= '9':
		j = skipDigits(d, j+1)
	default:
		s.failAt(j, "a digit")
		return 0, false
	}
	var ok bool
	if j < len(d) && d[j] == '.' {
		if j, ok = s.digits(j+1, "a digit after the decimal point"); !ok {
			return 0, false
		}
	}
	if j < len(d) && d[j]|0x20 == 'e' {
		j++
		if j < len(d) && (d[j] == '+' || d[j] == '-') {
			j++
		}
		if j, ok = s.digits(j, "a digit in the exponent"); !ok {
			return 0, false
		}
	}
	return j, true
}

// digits scans the one digit or more a number has at j and returns the
// offset just past them; expect says what is missing when there is none.
func (s *scanner) digits(j int, expect string) (int, bool) {
	k := skipDigits(s.data, j)
	if k == j {
		s.failAt(j, expect)
		return 0, false
	}
	return k, true
}

// skipDigits returns the offset of the first byte at or after j that is
// not a digit.
func skipDigits(d []byte, j int) int {
	for j < len(d) && isDigit(d[j]) {
		j++
	}
	return j
}

// literal scans true, false or null at i.
func (s *scanner) literal(i int, word string) (int, bool) {
	d := s.data
	for k := 0; k < len(word); k++ {
		if i+k >= len(d) || d[i+k] != word[k] {
			s.failAt(i+k, "the literal "+word)
			return 0, false
		}
	}
	return i + len(word), true
}

// push opens a container at offset i; it fails when the nesting would
// exceed the limit.
func (s *scanner) push(i int, obj bool) bool {
	if s.depth >= s.maxDepth {
		s.issues = append(s.issues, Issue{Kind: KindMaxDepth, Off: i, At: -1, Other: -1})
		s.fatal = true
		return false
	}
	w := &s.open0
	if s.depth >= 64 {
		if k := s.depth/64 - 1; k < len(s.open) {
			w = &s.open[k]
		} else {
			s.open = append(s.open, 0)
			w = &s.open[k]
		}
	}
	bit := uint64(1) << (s.depth % 64)
	if obj {
		*w |= bit
		if !s.syntaxOnly {
			s.frames = append(s.frames, scanFrame{obj: true, keysStart: len(s.keys)})
		}
	} else {
		*w &^= bit
	}
	s.depth++
	return true
}

func (s *scanner) pop() {
	if !s.syntaxOnly && s.inObject() {
		f := &s.frames[len(s.frames)-1]
		s.keys = s.keys[:f.keysStart]
		f.set = nil
		s.frames = s.frames[:len(s.frames)-1]
	}
	s.depth--
}

// inObject reports whether the innermost open container is an object.
func (s *scanner) inObject() bool {
	d := s.depth - 1
	w := s.open0
	if d >= 64 {
		w = s.open[d/64-1]
	}
	return w&(uint64(1)<<(d%64)) != 0
}

// key scans an object key at i (which must be a quote), checks it for a
// duplicate, then the colon; it returns the offset of the member's value.
func (s *scanner) key(i int) (int, bool) {
	d := s.data
	if i >= len(d) || d[i] != '"' {
		s.failAt(i, "a double-quoted property name")
		return 0, false
	}
	next, esc, ok := s.str(i)
	if !ok {
		return 0, false
	}
	if !s.syntaxOnly {
		k := keySpan{start: i, end: next - 1, esc: esc}
		if !esc {
			k.fp = fingerprint(d[i+1 : next-1])
		}
		s.addKey(k)
	}
	j := SkipWS(d, next)
	if j >= len(d) || d[j] != ':' {
		s.failAt(j, "':' after a property name")
		return 0, false
	}
	j = SkipWS(d, j+1)
	if j >= len(d) {
		s.failAt(j, "a value")
		return 0, false
	}
	return j, true
}

// addKey records k in the innermost object and reports it when the object
// has the same key already.
func (s *scanner) addKey(k keySpan) {
	f := &s.frames[len(s.frames)-1]
	n := len(s.keys) - f.keysStart
	dup := -1
	if f.set == nil && n < bigObject {
		if !k.esc && !f.hasEsc {
			bit := uint64(1) << ((k.fp * 0x9E3779B97F4A7C15) >> 58)
			if f.mask&bit == 0 {
				f.mask |= bit
				s.keys = append(s.keys, k)
				return
			}
		}
		f.hasEsc = f.hasEsc || k.esc
		keys := s.keys[f.keysStart:]
		if k.esc {
			for x := range keys {
				if s.sameKey(keys[x], k) {
					dup = f.keysStart + x
					break
				}
			}
		} else {
			for x := range keys {
				if (keys[x].fp == k.fp || keys[x].esc) && s.sameKey(keys[x], k) {
					dup = f.keysStart + x
					break
				}
			}
		}
	} else {
		if f.set == nil {
			f.set = make(map[uint64]int, 2*n)
			for x := f.keysStart; x < len(s.keys); x++ {
				h := s.keyHash(s.keys[x])
				if _, taken := f.set[h]; !taken {
					f.set[h] = x
				}
			}
		}
		h := s.keyHash(k)
		if x, taken := f.set[h]; taken {
			if s.sameKey(s.keys[x], k) {
				dup = x
			} else { // a hash collision: look at every key
				for x := f.keysStart; x < len(s.keys); x++ {
					if s.sameKey(s.keys[x], k) {
						dup = x
						break
					}
				}
			}
		} else {
			f.set[h] = len(s.keys)
		}
	}
	if dup >= 0 {
		first := &s.keys[dup]
		raw := string(s.data[k.start+1 : k.end])
		if !first.reported {
			first.reported = true
			s.issues = append(s.issues, Issue{Kind: KindDuplicateKey, Off: first.start, At: first.start, Other: k.start, What: raw, First: true})
		}
		s.issues = append(s.issues, Issue{Kind: KindDuplicateKey, Off: k.start, At: k.start, Other: first.start, What: raw})
		return // the first occurrence stays the one compared against
	}
	s.keys = append(s.keys, k)
}

// sameKey compares two keys by their decoded text.
func (s *scanner) sameKey(a, b keySpan) bool {
	ra, rb := s.data[a.start+1:a.end], s.data[b.start+1:b.end]
	if !a.esc && !b.esc {
		return bytes.Equal(ra, rb)
	}
	s.bufA = AppendUnquoted(s.bufA[:0], ra)
	s.bufB = AppendUnquoted(s.bufB[:0], rb)
	return bytes.Equal(s.bufA, s.bufB)
}

// keyHash is FNV-1a of the decoded key.
func (s *scanner) keyHash(k keySpan) uint64 {
	b := s.data[k.start+1 : k.end]
	if k.esc {
		s.bufA = AppendUnquoted(s.bufA[:0], b)
		b = s.bufA
	}
	h := uint64(14695981039346656037)
	for _, c := range b {
		h ^= uint64(c)
		h *= 1099511628211
	}
	return h
}

// run scans the whole input.
func (s *scanner) run() {
	d := s.data
	bom := BOMLen(d)
	if bom > 0 && !s.syntaxOnly {
		s.issues = append(s.issues, Issue{Kind: KindByteOrderMark, Off: 0, At: -1, Other: -1})
	}
	i := SkipWS(d, bom)
	if i >= len(d) {
		s.failAt(i, "a JSON value")
		return
	}
	var ok bool
value:
	for {
		// A value starts at i (i < len(d)).
		switch c := d[i]; c {
		case '{':
			if !s.push(i, true) {
				return
			}
			i = SkipWS(d, i+1)
			if i < len(d) && d[i] == '}' {
				i++
				s.pop()
				break
			}
			if i, ok = s.key(i); !ok {
				return
			}
			continue value
		case '[':
			if !s.push(i, false) {
				return
			}
			i = SkipWS(d, i+1)
			if i >= len(d) {
				s.failAt(i, "a value or ']'")
				return
			}
			if d[i] == ']' {
				i++
				s.pop()
				break
			}
			continue value
		case '"':
			if i, _, ok = s.str(i); !ok {
				return
			}
		case 't':
			if i, ok = s.literal(i, "true"); !ok {
				return
			}
		case 'f':
			if i, ok = s.literal(i, "false"); !ok {
				return
			}
		case 'n':
			if i, ok = s.literal(i, "null"); !ok {
				return
			}
		default:
			if c == '-' || isDigit(c) {
				if i, ok = s.number(i); !ok {
					return
				}
				break
			}
			s.failAt(i, "a value")
			return
		}
		// After a value.
		for {
			i = SkipWS(d, i)
			if s.depth == 0 {
				if i < len(d) {
					s.fail(i, "Unexpected data after the JSON value", "")
				}
				return
			}
			inObject := s.inObject()
			if i < len(d) && d[i] == ',' {
				i = SkipWS(d, i+1)
				if inObject {
					if i, ok = s.key(i); !ok {
						return
					}
				} else if i >= len(d) {
					s.failAt(i, "a value")
					return
				}
				continue value
			}
			closing, expect := byte(']'), "',' or ']' after an array element"
			if inObject {
				closing, expect = '}', "',' or '}' after a property value"
			}
			if i < len(d) && d[i] == closing {
				i++
				s.pop()
				continue
			}
			s.failAt(i, expect)
			return
		}
	}
}

// String names the kind as the structural tier's problem codes do.
func (k Kind) String() string {
	switch k {
	case KindSyntax:
		return "syntax"
	case KindInvalidUTF8:
		return "invalid-utf8"
	case KindDuplicateKey:
		return "duplicate-key"
	case KindMaxDepth:
		return "max-depth"
	case KindByteOrderMark:
		return "byte-order-mark"
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}
