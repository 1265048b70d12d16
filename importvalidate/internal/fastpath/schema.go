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
// both jsonschema/v5's check (isDateTime) and model.ParseDateTime
// accept it: a date-time only the schema accepts (such as an hour written
// "+1") would make encoding/json fail, and one only model.ParseDateTime
// accepts (such as a space for the "T") fails the schema.
func (d *decoder) dateTime() (time.Time, bool) {
	s, ok := d.strView()
	if !ok || !isDateTime(s) {
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
// for any other form; s has passed isDateTime.
func utcDateTime(s string) (time.Time, bool) {
	n := len(s)
	if s[10] != 'T' || s[n-1] != 'Z' || s[17:19] == "60" {
		return time.Time{}, false
	}
	// isDateTime has checked the digits of the date; those of the
	// time may still carry a sign, which time.Parse rejects.
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
		// isDateTime has checked that s[19] is '.' followed by
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

// isDateTime is jsonschema/v5's check of the date-time format
// (format.go, isDateTime) for a string, byte for byte: RFC 3339 with a
// "T" or "t", the zone "Z", "z" or ±hh:mm, and a leap second only at
// 23:59:60 UTC. Like the original it reads two-digit fields with
// strconv.Atoi's rules, so "+1" passes as an hour.
func isDateTime(s string) bool {
	if len(s) < 20 {
		return false
	}
	if s[10] != 'T' && s[10] != 't' {
		return false
	}
	return isDate(s[:10]) && isTime(s[11:])
}

// isDate reports whether time.Parse("2006-01-02", s) succeeds: four
// digits, '-', two digits of a month, '-', two digits of a day of that
// month.
func isDate(s string) bool {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return false
	}
	for _, i := range [...]int{0, 1, 2, 3, 5, 6, 8, 9} {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	year := int(s[0]-'0')*1000 + int(s[1]-'0')*100 + int(s[2]-'0')*10 + int(s[3]-'0')
	month := int(s[5]-'0')*10 + int(s[6]-'0')
	day := int(s[8]-'0')*10 + int(s[9]-'0')
	if month < 1 || month > 12 || day < 1 {
		return false
	}
	days := [...]int{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}[month-1]
	if month == 2 && year%4 == 0 && (year%100 != 0 || year%400 == 0) {
		days = 29
	}
	return day <= days
}

// isTime is jsonschema/v5's isTime for a string: the full-time of RFC
// 3339 after the "T".
func isTime(str string) bool {
	if len(str) < 9 || str[2] != ':' || str[5] != ':' {
		return false
	}
	h, ok := atoi2(str[0:2], 0, 23)
	if !ok {
		return false
	}
	m, ok := atoi2(str[3:5], 0, 59)
	if !ok {
		return false
	}
	s, ok := atoi2(str[6:8], 0, 60)
	if !ok {
		return false
	}
	str = str[8:]
	if str[0] == '.' {
		str = str[1:]
		digits := 0
		for str != "" && str[0] >= '0' && str[0] <= '9' {
			digits++
			str = str[1:]
		}
		if digits == 0 {
			return false
		}
	}
	if len(str) == 0 {
		return false
	}
	if str[0] == 'z' || str[0] == 'Z' {
		if len(str) != 1 {
			return false
		}
	} else {
		if len(str) != 6 || str[3] != ':' {
			return false
		}
		var sign int
		switch str[0] {
		case '+':
			sign = -1
		case '-':
			sign = +1
		default:
			return false
		}
		zh, ok := atoi2(str[1:3], 0, 23)
		if !ok {
			return false
		}
		zm, ok := atoi2(str[4:6], 0, 59)
		if !ok {
			return false
		}
		hm := (h*60 + m) + sign*(zh*60+zm)
		if hm < 0 {
			hm += 24 * 60
		}
		h, m = hm/60, hm%60
	}
	if s == 60 && (h != 23 || m != 59) {
		return false
	}
	return true
}

// atoi2 is strconv.Atoi on a two-byte string, followed by a range
// check: two digits, or a sign and one digit.
func atoi2(s string, lo, hi int) (int, bool) {
	var n int
	switch c0, c1 := s[0], s[1]; {
	case c1 < '0' || c1 > '9':
		return 0, false
	case c0 >= '0' && c0 <= '9':
		n = int(c0-'0')*10 + int(c1-'0')
	case c0 == '+':
		n = int(c1 - '0')
	case c0 == '-':
		n = -int(c1 - '0')
	default:
		return 0, false
	}
	return n, lo <= n && n <= hi
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
// (JSON texts, "" for none), judged as the reference judges it
// (numberWithin), decoded as a float64.
func (d *decoder) boundedFloat(lo, hi string) (float64, bool) {
	lit, plain, ok := d.number()
	if !ok {
		return 0, false
	}
	f, ok := parseFloat(lit, plain)
	return f, ok && numberWithin(lit, lo, hi)
}

// numberWithin reports whether the number literal lit lies in [lo, hi]
// ("" for no bound) as the reference judges it: as IEEE doubles, so that
// 1000.00000000000001 is 1000 and within a maximum of 1000, and a literal
// beyond the double range is ±Infinity.
func numberWithin(lit, lo, hi string) bool {
	f, _ := strconv.ParseFloat(lit, 64) // ±Inf beyond the range
	return (lo == "" || f >= boundOf(lo)) && (hi == "" || f <= boundOf(hi))
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
