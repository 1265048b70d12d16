package schema

import (
	"github.com/flagadmin/flagadmin/importvalidate/internal/jsvalue"

	"encoding/json"
	"math"
	"math/big"
	"sort"
	"strconv"
	"strings"

	"github.com/flagadmin/flagadmin/internal/jsonwire"
)

// Scalar coercion as the reference server applies it before checking (ajv
// with coerceTypes: true). Where a schema node has a type the value does not
// match, the value is converted to the first of the node's types it can be
// converted to:
//
//   - to string: a number or boolean becomes its JavaScript text, null "";
//   - to number: a boolean becomes 1 or 0, null 0, a non-empty string that
//     JavaScript reads as a number (not NaN) that number;
//   - to integer: as to number, when the result is whole (for JavaScript:
//     Infinity % 1 is NaN, so ajv takes Infinity as whole);
//   - to boolean: "true" and 1 become true; "false", 0 and null false;
//   - to null: "", 0 and false become null.
//
// Objects and arrays are never converted. A string that JavaScript reads
// as Infinity ("Infinity", "-Infinity", "1e400", a hexadecimal literal
// beyond the double range) becomes the number ±Infinity, which the
// coerced copy writes as the stand-in ±1e400 (see doubles.go): the same
// double, so it is judged and held as a number sent as 1e400 is.

// coercion is one value changed by coercion.
type coercion struct {
	ptr  string // JSON pointer of the value
	text []byte // its new JSON text
	off  int    // offset of the old value, -1 until located
	// from and to are the value before and after, for the message.
	from, to any
}

// coerceInstance converts the scalars of v in place along the schema and
// returns the (possibly replaced) root and the changes made.
func coerceInstance(root *Node, v any) (any, []coercion) {
	var out []coercion
	v = walkInstance(root, v, func(n *Node, v any, path []step) (any, bool) {
		if nv, changed := coerceScalar(n.Types, v); changed {
			out = append(out, coercion{ptr: jsonwire.PointerOf(tokens(nil, path)), text: coercedText(nv), off: -1, from: v, to: nv})
			return nv, false
		}
		return v, true
	})
	return v, out
}

// coercedText is the JSON text of a coerced value in the coerced copy: a
// number as numberOf wrote it (±Infinity as its stand-in, not as the null
// of JSON.stringify), anything else as JSON.stringify writes it.
func coercedText(v any) []byte {
	if n, ok := v.(json.Number); ok {
		return []byte(n)
	}
	return jsvalue.AppendValue(nil, v)
}

// locateCoercions sets the offset in raw of each coercion not yet located:
// of the last value at its pointer, the one JSON.parse keeps when a name
// repeats.
func locateCoercions(raw []byte, cs []coercion) {
	var ptrs []string
	var at []int // the index in cs of each pointer
	for i, c := range cs {
		if c.off < 0 {
			ptrs = append(ptrs, c.ptr)
			at = append(at, i)
		}
	}
	if len(ptrs) == 0 {
		return
	}
	for k, off := range jsonwire.Locate(raw, ptrs) {
		if off >= 0 {
			cs[at[k]].off = int(off)
		}
	}
}

// coercionProblems makes each coercion a KindCoerced problem at the value
// it changed, with the value sent and the value taken.
func (c *Checker) coercionProblems(cs []coercion) []Problem {
	out := make([]Problem, len(cs))
	for i, co := range cs {
		out[i] = Problem{Kind: KindCoerced, Warning: c.opts.Warnings.Has(KindCoerced),
			Detail:   Detail{Got: scalarText(co.from), Held: scalarText(co.to)},
			Location: Location{Pointer: co.ptr, Offset: int64(co.off)}}
	}
	return out
}

// scalarText is the text of a scalar as JavaScript writes it: a number
// as String() does (5, 1e+21, Infinity), a string as JSON.stringify does
// ("5"), true, false, null.
func scalarText(v any) string {
	if s, ok := v.(string); ok {
		return string(jsvalue.AppendString(nil, s))
	}
	return jsvalue.String(v)
}

// applyCoercions returns a copy of raw with each coerced value replaced by
// its new text. Values it cannot find are left alone.
func applyCoercions(raw []byte, cs []coercion) []byte {
	locateCoercions(raw, cs)
	sort.Slice(cs, func(i, j int) bool { return cs[i].off < cs[j].off })
	out := make([]byte, 0, len(raw)+16*len(cs))
	last := 0
	for _, c := range cs {
		if c.off < last {
			continue // not found, or inside a value already replaced
		}
		end := jsonwire.SkipValue(raw, c.off)
		out = append(out, raw[last:c.off]...)
		out = append(out, c.text...)
		last = end
	}
	return append(out, raw[last:]...)
}

// typeMatches reports whether v is of one of the JSON Schema types.
func typeMatches(types []string, v any) bool {
	for _, t := range types {
		switch t {
		case "string":
			if _, ok := v.(string); ok {
				return true
			}
		case "number":
			if _, ok := v.(json.Number); ok {
				return true
			}
		case "integer":
			if n, ok := v.(json.Number); ok && isWhole(n) {
				return true
			}
		case "boolean":
			if _, ok := v.(bool); ok {
				return true
			}
		case "null":
			if v == nil {
				return true
			}
		case "object":
			if _, ok := v.(map[string]any); ok {
				return true
			}
		case "array":
			if _, ok := v.([]any); ok {
				return true
			}
		}
	}
	return false
}

// isWhole reports whether the JSON number n has no fractional part (1.0 is
// whole, as for JSON Schema and JavaScript).
func isWhole(n json.Number) bool {
	return jsvalue.ParseDecimal(n.String()).Whole()
}

// coerceScalar converts v to the first of types it can be converted to, as
// described above. changed is false when v already matches a type or
// cannot be converted.
func coerceScalar(types []string, v any) (nv any, changed bool) {
	if len(types) == 0 || typeMatches(types, v) {
		return v, false
	}
	for _, t := range types {
		switch t {
		case "string":
			switch x := v.(type) {
			case json.Number:
				return jsvalue.NumberText(x.String()), true
			case bool:
				return strconv.FormatBool(x), true
			case nil:
				return "", true
			}
		case "number", "integer":
			f, ok := 0.0, false
			switch x := v.(type) {
			case bool:
				if x {
					f = 1
				}
				ok = true
			case nil:
				ok = true
			case string:
				f, ok = jsStringToNumber(x)
			}
			if ok && (t == "number" || math.IsInf(f, 0) || f == math.Trunc(f)) {
				return numberOf(f), true
			}
		case "boolean":
			switch x := v.(type) {
			case string:
				if x == "true" {
					return true, true
				}
				if x == "false" {
					return false, true
				}
			case json.Number:
				f, err := strconv.ParseFloat(x.String(), 64)
				if err == nil && f == 0 {
					return false, true
				}
				if err == nil && f == 1 {
					return true, true
				}
			case nil:
				return false, true
			}
		case "null":
			switch x := v.(type) {
			case string:
				if x == "" {
					return nil, true
				}
			case json.Number:
				if f, err := strconv.ParseFloat(x.String(), 64); err == nil && f == 0 {
					return nil, true
				}
			case bool:
				if !x {
					return nil, true
				}
			}
		}
	}
	return v, false
}

// numberOf is the JSON number text of f: its JavaScript text, or the
// stand-in ±1e400 for an infinity.
func numberOf(f float64) json.Number {
	switch {
	case math.IsInf(f, 1):
		return infinity
	case math.IsInf(f, -1):
		return "-" + infinity
	}
	return json.Number(jsvalue.FormatFloat(f))
}

// jsStringToNumber reads s as JavaScript's Number(s) does, for a non-empty
// s; ok is false for the empty string and for what JavaScript reads as NaN.
// The result may be ±Inf.
func jsStringToNumber(s string) (float64, bool) {
	if s == "" {
		return 0, false // ajv leaves "" alone
	}
	t := strings.TrimFunc(s, isJSSpace)
	if t == "" {
		return 0, true // Number("  ") is 0
	}
	if len(t) > 2 && t[0] == '0' {
		base := 0
		switch t[1] | 0x20 {
		case 'x':
			base = 16
		case 'o':
			base = 8
		case 'b':
			base = 2
		}
		if base != 0 {
			digits := t[2:]
			if strings.ContainsRune(digits, '_') {
				return 0, false
			}
			n, ok := new(big.Int).SetString(digits, base)
			if !ok {
				return 0, false
			}
			f, _ := new(big.Float).SetInt(n).Float64()
			return f, true
		}
	}
	switch t {
	case "Infinity", "+Infinity":
		return math.Inf(1), true
	case "-Infinity":
		return math.Inf(-1), true
	}
	if !isJSDecimal(t) {
		return 0, false
	}
	f, err := strconv.ParseFloat(t, 64)
	if err != nil && !math.IsInf(f, 0) {
		return 0, false
	}
	return f, true // ±Inf beyond the double range, as in JavaScript
}

// isJSDecimal reports whether s is a StrDecimalLiteral other than Infinity:
// [+-] (digits [. [digits]] | . digits) [(e|E) [+-] digits].
func isJSDecimal(s string) bool {
	start := skipSign(s, 0)
	i := skipDigits(s, start)
	digits := i - start
	if i < len(s) && s[i] == '.' {
		frac := i + 1
		i = skipDigits(s, frac)
		digits += i - frac
	}
	if digits == 0 {
		return false
	}
	if i < len(s) && s[i]|0x20 == 'e' {
		exp := skipSign(s, i+1)
		if i = skipDigits(s, exp); i == exp {
			return false
		}
	}
	return i == len(s)
}

// skipSign returns the offset after a + or - at offset i of s, else i.
func skipSign(s string, i int) int {
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		return i + 1
	}
	return i
}

// skipDigits returns the offset of the first byte of s from i on that is
// not an ASCII digit.
func skipDigits(s string, i int) int {
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	return i
}

// isJSSpace reports whether r is JavaScript white space or a line
// terminator, which Number() trims.
func isJSSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0xA0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF:
		return true
	}
	return r >= 0x2000 && r <= 0x200A
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
