package jsonwire

import (
	"cmp"
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

// JSFormatFloat formats f as JavaScript's Number.prototype.toString does.
func JSFormatFloat(f float64) string {
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

// JSNumberText returns the JavaScript text of the JSON number text num (as
// JSON.parse then String() would give it): "1.0" -> "1", "1E3" -> "1000".
// Numbers beyond float64 become Infinity as in JavaScript.
func JSNumberText(num string) string {
	f, err := strconv.ParseFloat(num, 64)
	if err != nil && !math.IsInf(f, 0) {
		return num
	}
	return JSFormatFloat(f)
}

// jsonNumberText is JSON.stringify of a number: like JSNumberText, with
// non-finite numbers written as null.
func jsonNumberText(num string) string {
	t := JSNumberText(num)
	if t == "Infinity" || t == "-Infinity" || t == "NaN" {
		return "null"
	}
	return t
}

// AppendJSString appends s as JSON.stringify writes a string.
func AppendJSString(dst []byte, s string) []byte {
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
			if r == utf8.RuneError && size <= 1 {
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

// AppendJSONValue appends v (a decoded scalar or composite, numbers as
// json.Number) as JSON.stringify would write it. Object members come in
// sorted order, as a Go map has no other; AppendCompact keeps the body's
// order and is used for composites found in the body.
func AppendJSONValue(dst []byte, v any) []byte {
	switch v := v.(type) {
	case nil:
		return append(dst, "null"...)
	case bool:
		return strconv.AppendBool(dst, v)
	case json.Number:
		return append(dst, jsonNumberText(v.String())...)
	case string:
		return AppendJSString(dst, v)
	case []any:
		dst = append(dst, '[')
		for i, e := range v {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = AppendJSONValue(dst, e)
		}
		return append(dst, ']')
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		SortStrings(keys)
		dst = append(dst, '{')
		for i, k := range keys {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = AppendJSString(dst, k)
			dst = append(dst, ':')
			dst = AppendJSONValue(dst, v[k])
		}
		return append(dst, '}')
	}
	return append(dst, "null"...)
}

// SortStrings sorts s in byte order, in n·log n time: an object of the
// body may have tens of thousands of keys.
func SortStrings(s []string) {
	slices.Sort(s)
}

// JSToString is String(v) of JavaScript for a decoded value: what the
// reference server writes for a value inside a template string.
func JSToString(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case bool:
		return strconv.FormatBool(v)
	case json.Number:
		return JSNumberText(v.String())
	case string:
		return v
	case []any:
		parts := make([]string, len(v))
		for i, e := range v {
			if e != nil {
				parts[i] = JSToString(e)
			}
		}
		return strings.Join(parts, ",")
	case map[string]any:
		return "[object Object]"
	}
	return ""
}

// AppendCompact appends the value that starts at raw[off] (a JSON text
// that Scan accepted) as JSON.stringify of its parsed value writes it: no
// whitespace, strings re-escaped, numbers in JavaScript form, object
// members in JavaScript's order (index-like keys first by value, then the
// others in body order; a repeated key keeps its first place and its last
// value).
func AppendCompact(dst, raw []byte, off int) []byte {
	dst, _ = compactValue(dst, raw, off)
	return dst
}

// compactValue appends the value at raw[i] and returns the offset after
// it. It recurses once per level of nesting, which Scan bounded.
func compactValue(dst, raw []byte, i int) ([]byte, int) {
	i = SkipWS(raw, i)
	if i >= len(raw) {
		return dst, i
	}
	switch c := raw[i]; {
	case c == '"':
		end := skipString(raw, i)
		if end-1 <= i {
			return dst, end
		}
		return AppendJSString(dst, string(AppendUnquoted(nil, raw[i+1:end-1]))), end
	case c == '[':
		dst = append(dst, '[')
		i = SkipWS(raw, i+1)
		for n := 0; i < len(raw) && raw[i] != ']'; n++ {
			if n > 0 {
				dst = append(dst, ',')
			}
			dst, i = compactValue(dst, raw, i)
			i = SkipWS(raw, i)
			if i < len(raw) && raw[i] == ',' {
				i++
			}
		}
		return append(dst, ']'), i + 1
	case c == '{':
		type member struct {
			key   string
			order int64 // JSKeyOrder of the key, without offset
			val   []byte
		}
		var ms []member
		// The index of each key in ms: an object may hold tens of
		// thousands of keys, each looked up once.
		var seen map[string]int
		i = SkipWS(raw, i+1)
		for i < len(raw) && raw[i] == '"' {
			end := skipString(raw, i)
			key := string(AppendUnquoted(nil, raw[i+1:max(end-1, i+1)]))
			i = SkipWS(raw, end)
			if i < len(raw) && raw[i] == ':' {
				i++
			}
			var val []byte
			val, i = compactValue(nil, raw, i)
			if seen == nil {
				seen = make(map[string]int)
			}
			if k, found := seen[key]; found {
				ms[k].val = val
			} else {
				seen[key] = len(ms)
				ms = append(ms, member{key, JSKeyOrder(key, 0), val})
			}
			i = SkipWS(raw, i)
			if i < len(raw) && raw[i] == ',' {
				i = SkipWS(raw, i+1)
			}
		}
		// Index-like keys first, by value; the others keep body order.
		slices.SortStableFunc(ms, func(a, b member) int { return cmp.Compare(a.order, b.order) })
		dst = append(dst, '{')
		for k, m := range ms {
			if k > 0 {
				dst = append(dst, ',')
			}
			dst = AppendJSString(dst, m.key)
			dst = append(dst, ':')
			dst = append(dst, m.val...)
		}
		return append(dst, '}'), i + 1
	default:
		end := skipScalar(raw, i)
		tok := string(raw[i:end])
		if c == '-' || isDigit(c) {
			tok = jsonNumberText(tok)
		}
		return append(dst, tok...), end
	}
}

// JSKeyOrder places a member in the order JavaScript enumerates an
// object's keys, which the reference server follows: keys that are array
// indices ("0", "17") first, by value, then the others in body order (by
// offset).
func JSKeyOrder(key string, off int64) int64 {
	if n, err := strconv.ParseUint(key, 10, 32); err == nil && n < 1<<32-1 && strconv.FormatUint(n, 10) == key {
		return int64(n)
	}
	return 1<<32 + off
}
