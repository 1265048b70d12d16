package jsvalue

import (
	"github.com/flagadmin/flagadmin/internal/jsonwire"

	"encoding/json"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The reference server is written in JavaScript: the values it quotes in
// its messages are JSON.stringify or String() of the parsed value, and the
// scalars it coerces are converted the JavaScript way. This file reproduces
// those conversions.

// FormatFloat formats f as JavaScript's Number.prototype.toString does.
func FormatFloat(f float64) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	case f == 0:
		return "0" // also -0
	}
	var b []byte
	if f < 0 {
		b = append(b, '-')
		f = -f
	}
	// Shortest digits that round-trip, as JavaScript chooses them.
	e := strconv.FormatFloat(f, 'e', -1, 64) // d.dddde±XX
	mant, expText, _ := strings.Cut(e, "e")
	digits := strings.Replace(mant, ".", "", 1)
	exp, _ := strconv.Atoi(expText)
	k := len(digits)
	n := exp + 1 // position of the decimal point
	switch {
	case k <= n && n <= 21:
		b = append(b, digits...)
		for i := k; i < n; i++ {
			b = append(b, '0')
		}
	case 0 < n && n <= 21:
		b = append(b, digits[:n]...)
		b = append(b, '.')
		b = append(b, digits[n:]...)
	case -6 < n && n <= 0:
		b = append(b, '0', '.')
		for i := 0; i < -n; i++ {
			b = append(b, '0')
		}
		b = append(b, digits...)
	default:
		b = append(b, digits[0])
		if k > 1 {
			b = append(b, '.')
			b = append(b, digits[1:]...)
		}
		b = append(b, 'e')
		if n-1 >= 0 {
			b = append(b, '+')
		}
		b = strconv.AppendInt(b, int64(n-1), 10)
	}
	return string(b)
}

// NumberText returns the JavaScript text of the JSON number text num (as
// JSON.parse then String() would give it): "1.0" -> "1", "1E3" -> "1000".
// Numbers beyond float64 become Infinity as in JavaScript.
func NumberText(num string) string {
	f, err := strconv.ParseFloat(num, 64)
	if err != nil && !math.IsInf(f, 0) {
		return num
	}
	return FormatFloat(f)
}

// jsonNumberText is JSON.stringify of a number: like NumberText, with
// non-finite numbers written as null.
func jsonNumberText(num string) string {
	t := NumberText(num)
	if t == "Infinity" || t == "-Infinity" || t == "NaN" {
		return "null"
	}
	return t
}

// AppendString appends s as JSON.stringify writes a string: every
// character as itself, except '"', '\\' and the control characters, which
// are escaped, and an unpaired surrogate (WTF-8 in s, see jsonwire.AppendUnquoted),
// which is written as a lower-case \udxxx escape. Other bytes that are not
// UTF-8 are written as U+FFFD.
func AppendString(dst []byte, s string) []byte {
	const hexDigits = "0123456789abcdef"
	dst = append(dst, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' && c < utf8.RuneSelf {
			dst = append(dst, c)
			i++
			continue
		}
		switch c {
		case '"', '\\':
			dst = append(dst, '\\', c)
		case '\b':
			dst = append(dst, '\\', 'b')
		case '\f':
			dst = append(dst, '\\', 'f')
		case '\n':
			dst = append(dst, '\\', 'n')
		case '\r':
			dst = append(dst, '\\', 'r')
		case '\t':
			dst = append(dst, '\\', 't')
		default:
			if c < 0x20 {
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
				break
			}
			r, size := utf8.DecodeRuneInString(s[i:])
			if sr, ok := jsonwire.Surrogate(s[i:]); ok {
				dst = jsonwire.AppendEscapedSurrogate(dst, sr)
				size = 3
			} else if r == utf8.RuneError && size <= 1 {
				dst = utf8.AppendRune(dst, utf8.RuneError)
			} else {
				dst = append(dst, s[i:i+size]...)
			}
			i += size
			continue
		}
		i++
	}
	return append(dst, '"')
}

// AppendValue appends v (a decoded scalar or composite, numbers as
// json.Number) as JSON.stringify would write it. Object members come in
// sorted order, as a Go map has no other; AppendCompact keeps the body's
// order and is used for composites found in the body. It keeps its own
// stack, one small frame per open container, so any depth costs memory in
// proportion to the value and no goroutine stack.
func AppendValue(dst []byte, v any) []byte {
	type frame struct {
		arr  []any
		obj  map[string]any
		keys []string // the object's keys in the order written
		n    int      // the number of elements or keys
		i    int      // the next element or key
		end  byte     // ']' or '}'
	}
	var stack []frame
	for {
		switch x := v.(type) {
		case []any:
			dst = append(dst, '[')
			stack = append(stack, frame{arr: x, n: len(x), end: ']'})
		case map[string]any:
			keys := make([]string, 0, len(x))
			for k := range x {
				keys = append(keys, k)
			}
			slices.Sort(keys)
			dst = append(dst, '{')
			stack = append(stack, frame{obj: x, keys: keys, n: len(keys), end: '}'})
		default:
			dst = appendJSONScalar(dst, v)
		}
		// Close the containers that are done, then take the next value.
		for {
			if len(stack) == 0 {
				return dst
			}
			f := &stack[len(stack)-1]
			if f.i == f.n {
				dst = append(dst, f.end)
				stack = stack[:len(stack)-1]
				continue
			}
			if f.i > 0 {
				dst = append(dst, ',')
			}
			if f.end == '}' {
				dst = AppendString(dst, f.keys[f.i])
				dst = append(dst, ':')
				v = f.obj[f.keys[f.i]]
			} else {
				v = f.arr[f.i]
			}
			f.i++
			break
		}
	}
}

// appendJSONScalar appends JSON.stringify of a decoded scalar; any other
// value is written as null.
func appendJSONScalar(dst []byte, v any) []byte {
	switch v := v.(type) {
	case bool:
		return strconv.AppendBool(dst, v)
	case json.Number:
		return append(dst, jsonNumberText(v.String())...)
	case string:
		return AppendString(dst, v)
	}
	return append(dst, "null"...)
}

// String is String(v) of JavaScript for a decoded value: what the
// reference server writes for a value inside a template string. An array
// is its elements joined with commas, null as nothing, nested arrays
// flattened the same way; it keeps its own stack of open arrays.
func String(v any) string {
	arr, ok := v.([]any)
	if !ok {
		return jsScalarString(v)
	}
	type frame struct {
		arr []any
		i   int
	}
	var b strings.Builder
	stack := []frame{{arr: arr}}
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		if f.i == len(f.arr) {
			stack = stack[:len(stack)-1]
			continue
		}
		if f.i > 0 {
			b.WriteByte(',')
		}
		e := f.arr[f.i]
		f.i++
		switch e := e.(type) {
		case nil:
		case []any:
			stack = append(stack, frame{arr: e})
		default:
			b.WriteString(jsScalarString(e))
		}
	}
	return b.String()
}

// jsScalarString is String(v) for a value other than an array.
func jsScalarString(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case bool:
		return strconv.FormatBool(v)
	case json.Number:
		return NumberText(v.String())
	case string:
		return v
	case map[string]any:
		return "[object Object]"
	}
	return ""
}

// KeyOrder places a member in the order JavaScript enumerates an
// object's keys, which the reference server follows: keys that are array
// indices ("0", "17") first, by value, then the others in body order (by
// offset).
func KeyOrder(key string, off int64) int64 {
	if key == "" || key[0] < '0' || key[0] > '9' {
		return 1<<32 + off // not a number: no need to parse (and allocate an error)
	}
	if n, err := strconv.ParseUint(key, 10, 32); err == nil && n < 1<<32-1 && strconv.FormatUint(n, 10) == key {
		return int64(n)
	}
	return 1<<32 + off
}
