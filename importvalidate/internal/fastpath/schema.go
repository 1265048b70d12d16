package fastpath

import (
	"regexp"
	"strconv"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/flagadmin/flagadmin/importvalidate/internal/ajvformat"
	"github.com/flagadmin/flagadmin/internal/jsonwire"
)

// This file holds the checks of import.schema.json that the generated
// decode functions (decode_gen.go) make on single values, each giving
// the structural tier's verdict: formats, patterns, string lengths and
// numeric bounds (judged as IEEE doubles). Member names, required members,
// types and enumerations are checked by the decode functions themselves.

// stringArrayMap decodes an object of any member names whose values are
// arrays of strings (a safeguard's label selectors), collecting each array
// in l.
func (d *decoder) stringArrayMap(l *list[string]) (map[string][]string, bool) {
	return objectOf(d, 2, func() ([]string, bool) { return array(d, l, itemStringOf) })
}

// objectOf decodes an object of any member names, each value read by value,
// into a map sized for hint members. A repeated name fails, as it does
// everywhere on the fast path.
func objectOf[V any](d *decoder, hint int, value func() (V, bool)) (map[string]V, bool) {
	empty, ok := d.openObject()
	if !ok {
		return nil, false
	}
	m := make(map[string]V, hint)
	for more := !empty; more; {
		name, ok := d.member()
		if !ok {
			return nil, false
		}
		v, ok := value()
		if !ok {
			return nil, false
		}
		n := len(m)
		m[d.keep(viewBytes(name))] = v
		if len(m) == n {
			return nil, false // a duplicate name
		}
		if more, ok = d.nextMember(); !ok {
			return nil, false
		}
	}
	return m, true
}

// itemStringOf reads a string item of an array.
func itemStringOf(d *decoder, out *string) bool {
	s, ok := d.str()
	*out = s
	return ok
}

// isColor matches the Color pattern ^#[0-9A-Fa-f]{6}$ (Go's $ matches
// at the end of the text only).
func isColor(s string) bool {
	if len(s) != 7 || s[0] != '#' {
		return false
	}
	return hex4([]byte(s[1:5])) && hex4([]byte(s[3:7]))
}

// lenBetween reports whether s has between lo and hi code points, as ajv
// counts minLength and maxLength (an unpaired surrogate, WTF-8 in s, is
// one; the structural tier's slow path checks it as U+FFFD).
func lenBetween(s string, lo, hi int) bool {
	if len(s) < lo {
		return false // every code point takes a byte at least
	}
	n := jsonwire.CodePoints(s)
	return lo <= n && n <= hi
}

// maxInt is the length bound of a string without maxLength.
const maxInt = int(^uint(0) >> 1)

// boundedFloat reads a number member with a minimum lo and a maximum hi
// (JSON texts, "" for none), decoded as a float64 and judged as the
// reference judges it: as an IEEE double, so that 1000.00000000000001 is
// 1000 and within a maximum of 1000. A number beyond the double range
// fails already, as encoding/json fails on it.
func (d *decoder) boundedFloat(lo, hi string) (float64, bool) {
	f, ok := d.float()
	return f, ok && (lo == "" || f >= boundOf(lo)) && (hi == "" || f <= boundOf(hi))
}

// boundOf is the double of a bound of the schema.
func boundOf(text string) float64 {
	f, _ := strconv.ParseFloat(text, 64)
	return f
}

// isModelDateTime reports whether a string member of format date-time has
// that format as the reference checks it.
func isModelDateTime(s string) bool {
	return ajvformat.DateTime(s)
}

// formatHolds reports whether s has the format name, as jsonschema/v5
// checks it; a format it does not know takes the body off the fast path.
func formatHolds(name, s string) bool {
	check, ok := jsonschema.Formats[name]
	return ok && check(s)
}

// patternMatches reports whether s matches pattern, compiled as
// jsonschema/v5 compiles it (Go's regexp); a pattern that does not
// compile takes the body off the fast path.
func (d *decoder) patternMatches(pattern, s string) bool {
	re, ok := d.patterns[pattern]
	if !ok {
		var err error
		if re, err = regexp.Compile(pattern); err != nil {
			return false
		}
		if d.patterns == nil {
			d.patterns = map[string]*regexp.Regexp{}
		}
		d.patterns[pattern] = re
	}
	return re.MatchString(s)
}

// stringMap decodes an object of any member names with string values
// (a strategy's parameters).
func (d *decoder) stringMap() (*map[string]string, bool) {
	m, ok := objectOf(d, 4, d.str)
	if !ok {
		return nil, false
	}
	return d.slabMapStringString.put(m), true
}
