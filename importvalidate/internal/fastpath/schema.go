package fastpath

import (
	"regexp"
	"strconv"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/flagadmin/flagadmin/importvalidate/internal/ajvformat"
	"github.com/flagadmin/flagadmin/importvalidate/internal/jsonwire"
	"github.com/flagadmin/flagadmin/model"
)

// This file holds the checks of import.schema.json that the generated
// decode functions (decode_gen.go) make on single values, each giving
// the structural tier's verdict: formats, patterns, string lengths and
// numeric bounds (judged as IEEE doubles). Member names, required members,
// types and enumerations are checked by the decode functions themselves.

// dateTime reads a string that must have the format date-time and returns
// it as model.ParseDateTime reads it. The fast path takes it only when
// both the reference's check (isModelDateTime) and model.ParseDateTime
// accept it: one only the reference accepts (such as a space for the "T"
// or no zone) leaves the fast path, as a time.Time cannot hold its text.
func (d *decoder) dateTime() (time.Time, bool) {
	s, ok := d.strView()
	if !ok || !isModelDateTime(s) {
		return time.Time{}, false
	}
	if t, ok := utcDateTime(s); ok {
		return t, true
	}
	t, err := model.ParseDateTime(s)
	return t, err == nil
}

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

// utcDateTime reads the common form of a date-time,
// YYYY-MM-DDThh:mm:ss[.fraction]Z with an upper-case T and Z and no leap
// second, giving what model.ParseDateTime gives for it. It reports false
// for any other form; s has passed isModelDateTime.
func utcDateTime(s string) (time.Time, bool) {
	n := len(s)
	if s[10] != 'T' || s[n-1] != 'Z' || s[17:19] == "60" {
		return time.Time{}, false
	}
	// isModelDateTime has checked the digits of the date and the time;
	// the check here keeps this function safe on its own.
	for _, i := range [...]int{11, 12, 14, 15, 17, 18} {
		if s[i] < '0' || s[i] > '9' {
			return time.Time{}, false
		}
	}
	num := func(i, n int) int {
		v := 0
		for _, c := range []byte(s[i : i+n]) {
			v = v*10 + int(c-'0')
		}
		return v
	}
	nsec := 0
	if n > 20 {
		// isModelDateTime has checked that s[19] is '.' followed by
		// digits up to the Z; time.Parse keeps nine of them.
		frac := s[20 : n-1]
		scale := 100000000
		for i := 0; i < len(frac) && i < 9; i++ {
			nsec += int(frac[i]-'0') * scale
			scale /= 10
		}
	}
	return time.Date(num(0, 4), time.Month(num(5, 2)), num(8, 2), num(11, 2), num(14, 2), num(17, 2), nsec, time.UTC), true
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
