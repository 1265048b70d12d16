// Package ajvformat checks string formats exactly as the reference server's
// validator does (ajv-formats 2.1.1 in its "full" mode), which is looser and
// stricter than RFC 3339 in places: the time zone is optional, any
// JavaScript white space may separate date and time, and the offset's hours
// and minutes are not range-checked.
package ajvformat

import "unicode/utf8"

// daysIn is the number of days of each month of a common year, 1-based.
var daysIn = [13]int{0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}

// DateTime reports whether s is a date-time in ajv-formats' full mode:
// a date (YYYY-MM-DD, a real day of the proleptic Gregorian calendar) and a
// time (hh:mm:ss with an optional fraction, 23:59:60 allowed, and an
// optional zone: z, Z, ±hh, ±hhmm or ±hh:mm), separated by exactly one
// 't', 'T' or JavaScript white-space character, with no other such
// character anywhere in s.
func DateTime(s string) bool {
	// The reference splits s at every separator and wants two parts.
	sep, width := -1, 0
	for i, r := range s {
		if r == 't' || r == 'T' || isJSSpace(r) {
			if sep >= 0 {
				return false
			}
			sep, width = i, utf8.RuneLen(r)
		}
	}
	return sep >= 0 && date(s[:sep]) && clock(s[sep+width:])
}

// date reports whether s is YYYY-MM-DD naming a real day.
func date(s string) bool {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return false
	}
	year, ok1 := digits(s[0:4])
	month, ok2 := digits(s[5:7])
	day, ok3 := digits(s[8:10])
	if !ok1 || !ok2 || !ok3 || month < 1 || month > 12 || day < 1 {
		return false
	}
	max := daysIn[month]
	if month == 2 && year%4 == 0 && (year%100 != 0 || year%400 == 0) {
		max = 29
	}
	return day <= max
}

// clock reports whether s is hh:mm:ss[.fraction][zone] within range.
func clock(s string) bool {
	if len(s) < 8 || s[2] != ':' || s[5] != ':' {
		return false
	}
	h, ok1 := digits(s[0:2])
	m, ok2 := digits(s[3:5])
	sec, ok3 := digits(s[6:8])
	if !ok1 || !ok2 || !ok3 {
		return false
	}
	if !(h <= 23 && m <= 59 && sec <= 59) && !(h == 23 && m == 59 && sec == 60) {
		return false
	}
	rest := s[8:]
	if len(rest) > 0 && rest[0] == '.' {
		n := 1
		for n < len(rest) && isDigit(rest[n]) {
			n++
		}
		if n == 1 {
			return false
		}
		rest = rest[n:]
	}
	return zone(rest)
}

// zone reports whether s is empty, z, Z, ±hh, ±hhmm or ±hh:mm.
func zone(s string) bool {
	switch {
	case s == "" || s == "z" || s == "Z":
		return true
	case s[0] != '+' && s[0] != '-':
		return false
	}
	s = s[1:]
	switch len(s) {
	case 2:
		return isDigit(s[0]) && isDigit(s[1])
	case 4:
		return isDigit(s[0]) && isDigit(s[1]) && isDigit(s[2]) && isDigit(s[3])
	case 5:
		return isDigit(s[0]) && isDigit(s[1]) && s[2] == ':' && isDigit(s[3]) && isDigit(s[4])
	}
	return false
}

// digits reads s, ASCII digits only, as a number.
func digits(s string) (int, bool) {
	n := 0
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// isJSSpace reports whether r is white space or a line terminator in the
// sense of JavaScript's \s.
func isJSSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0xA0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF:
		return true
	}
	return 0x2000 <= r && r <= 0x200A
}
