package importmodel

import (
	"strconv"
	"strings"
)

// dateVerdict is what can be said of a string that joi's date()
// converts with JavaScript's Date.
type dateVerdict int

const (
	// dateValid: the import accepts the string.
	dateValid dateVerdict = iota
	// dateInvalid: the import refuses it.
	dateInvalid
	// dateLenient: only V8's implementation-defined fallback parser reads
	// the string, whose rules are no standard's; whether the import
	// accepts it cannot be told here.
	dateLenient
)

// maxTime is the largest magnitude of a JavaScript time value, in
// milliseconds from the epoch (TimeClip).
const maxTime = 8.64e15

// date says whether joi 18.3.2's date() accepts s
// (lib/types/date.js): white space only is refused; a text of digits (with
// a sign, a fraction) is a number of milliseconds, valid within ±8.64e15;
// any other text is valid when new Date(s) is. That is decided here for
// the ECMAScript date-time format (YYYY, YYYY-MM, YYYY-MM-DD, with ±YYYYYY
// years, optionally THH:mm, THH:mm:ss or THH:mm:ss.s..., and Z or ±HH:mm),
// with V8's ranges (a day up to 31 in every month, 24:00 for the end of a
// day), and for texts without a digit, which no parser reads as a date.
// A time without an offset is local time: the instance's time zone is
// taken to be UTC, as the reference server runs. Everything else is left
// to V8's fallback parser: dateLenient.
func date(s string) dateVerdict {
	if datePlain(s) {
		return dateValid
	}
	return dateExact(s)
}

// datePlain reports whether s is a date-time in the form exports
// write, YYYY-MM-DDTHH:mm:ss with an optional fraction and Z, within the
// ranges: then dateExact says dateValid, without the general scan.
// It says false of anything else, which the exact check decides.
func datePlain(s string) bool {
	const form = "dddd-dd-ddTdd:dd:dd"
	if len(s) < len(form)+1 || s[len(s)-1] != 'Z' {
		return false
	}
	for i := range len(form) {
		if c := s[i]; form[i] == 'd' {
			if c < '0' || c > '9' {
				return false
			}
		} else if c != form[i] {
			return false
		}
	}
	if rest := s[len(form) : len(s)-1]; rest != "" {
		if rest[0] != '.' || !allDigits(rest[1:]) {
			return false
		}
	}
	two := func(i int) int { return int(s[i]-'0')*10 + int(s[i+1]-'0') }
	month, day := two(5), two(8)
	return month >= 1 && month <= 12 && day >= 1 && day <= 31 && two(11) <= 23 && two(14) <= 59 && two(17) <= 59
}

// dateExact is date for any string.
func dateExact(s string) dateVerdict {
	if trim(s) == "" {
		return dateInvalid
	}
	if digitsNumber(s) {
		f, _ := strconv.ParseFloat(s, 64)
		if f > maxTime || f < -maxTime {
			return dateInvalid
		}
		return dateValid
	}
	if !strings.ContainsAny(s, "0123456789") {
		return dateInvalid
	}
	return isoDate(s)
}

// digitsNumber reports whether s matches ^[+-]?\d+(\.\d+)?$.
func digitsNumber(s string) bool {
	if s != "" && (s[0] == '+' || s[0] == '-') {
		s = s[1:]
	}
	whole, frac, dot := strings.Cut(s, ".")
	return allDigits(whole) && (!dot || allDigits(frac))
}

// allDigits reports whether s is one or more ASCII digits.
func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// isoDate decides a string of the ECMAScript date-time format, and
// leaves any other to V8's fallback parser.
func isoDate(s string) dateVerdict {
	p := isoScanner{s: s}
	year, ok := p.year()
	if !ok {
		return dateLenient
	}
	month, day := 1, 1
	if p.eat('-') {
		if month, ok = p.digits(2); !ok {
			return dateLenient
		}
		if p.eat('-') {
			if day, ok = p.digits(2); !ok {
				return dateLenient
			}
		}
	}
	hour, minute, second, ms := 0, 0, 0, 0
	fracZero := true // V8 takes 24:00 only with no fraction but zeros
	offset := 0      // minutes east of UTC
	if p.eat('T') {
		if hour, ok = p.digits(2); !ok || !p.eat(':') {
			return dateLenient
		}
		if minute, ok = p.digits(2); !ok {
			return dateLenient
		}
		if p.eat(':') {
			if second, ok = p.digits(2); !ok {
				return dateLenient
			}
			if p.eat('.') {
				start := p.i
				for p.i < len(p.s) && '0' <= p.s[p.i] && p.s[p.i] <= '9' {
					p.i++
				}
				frac := p.s[start:p.i]
				if frac == "" {
					return dateLenient
				}
				fracZero = strings.Trim(frac, "0") == ""
				frac = (frac + "00")[:3] // V8 keeps milliseconds
				ms, _ = strconv.Atoi(frac)
			}
		}
		switch {
		case p.eat('Z'):
		case p.i < len(p.s) && (p.s[p.i] == '+' || p.s[p.i] == '-'):
			sign := 1
			if p.s[p.i] == '-' {
				sign = -1
			}
			p.i++
			oh, ok1 := p.digits(2)
			if !ok1 || !p.eat(':') {
				return dateLenient
			}
			om, ok2 := p.digits(2)
			if !ok2 {
				return dateLenient
			}
			if oh > 23 || om > 59 {
				return dateInvalid
			}
			offset = sign * (oh*60 + om)
		}
	}
	if p.i != len(p.s) {
		return dateLenient
	}
	if month < 1 || month > 12 || day < 1 || day > 31 || minute > 59 || second > 59 ||
		hour > 24 || (hour == 24 && (minute != 0 || second != 0 || !fracZero)) {
		return dateInvalid
	}
	t := float64(daysFromCivil(year, month)+int64(day-1))*864e5 +
		float64(hour)*36e5 + float64(minute)*6e4 + float64(second)*1e3 + float64(ms) - float64(offset)*6e4
	if t > maxTime || t < -maxTime {
		return dateInvalid
	}
	return dateValid
}

// isoScanner reads a date-time string.
type isoScanner struct {
	s string
	i int
}

// eat consumes c when it comes next.
func (p *isoScanner) eat(c byte) bool {
	if p.i < len(p.s) && p.s[p.i] == c {
		p.i++
		return true
	}
	return false
}

// digits reads exactly n digits.
func (p *isoScanner) digits(n int) (int, bool) {
	if p.i+n > len(p.s) || !allDigits(p.s[p.i:p.i+n]) {
		return 0, false
	}
	v, _ := strconv.Atoi(p.s[p.i : p.i+n])
	p.i += n
	return v, true
}

// year reads YYYY or ±YYYYYY; -000000 is not a year of the format (V8
// then falls back on its other parser).
func (p *isoScanner) year() (int, bool) {
	if p.i < len(p.s) && (p.s[p.i] == '+' || p.s[p.i] == '-') {
		neg := p.s[p.i] == '-'
		p.i++
		y, ok := p.digits(6)
		if !ok || (neg && y == 0) {
			return 0, false
		}
		if neg {
			y = -y
		}
		return y, true
	}
	return p.digits(4)
}

// daysFromCivil is the number of days from 1970-01-01 to the first
// day of month of year, in the proleptic Gregorian calendar.
func daysFromCivil(year, month int) int64 {
	y := int64(year)
	if month <= 2 {
		y--
	}
	era := y / 400
	if y < 0 && y%400 != 0 {
		era--
	}
	yoe := y - era*400
	m := int64(month)
	var mp int64
	if m > 2 {
		mp = m - 3
	} else {
		mp = m + 9
	}
	doy := (153*mp + 2) / 5 // the first of the month
	doe := yoe*365 + yoe/4 - yoe/100 + doy
	return era*146097 + doe - 719468
}
