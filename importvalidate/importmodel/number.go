package importmodel

import (
	"strconv"
	"strings"

	"github.com/flagadmin/flagadmin/importvalidate/internal/jsvalue"
)

// checkNumber checks s as joi 18.3.2's number() does with its defaults
// (lib/types/number.js): a string converts when it matches joi's number
// syntax with JavaScript white space around it, and the result must be
// "safe": printed back it keeps the text's significant digits, and it
// lies within ±(2^53-1). It returns the joi error (0 when s passes) and
// the value the error quotes: the text, or the number when the text
// converted and the number is out of range.
func checkNumber(s string) (joiKind, jsValue) {
	t := trim(s)
	if shortInteger(t) {
		return 0, nil
	}
	if !numberSyntax(t) {
		return joiNumber, jsString(s)
	}
	f, _ := strconv.ParseFloat(t, 64) // the syntax is ParseFloat's; ±Inf or ±0 beyond its range
	if f == 0 {
		f = 0 // -0
	}
	printed := jsvalue.FormatFloat(f)
	if strings.ContainsAny(t, "eE") {
		if significant(t) != significant(printed) {
			return joiUnsafe, jsString(s)
		}
	} else if !strings.Contains(printed, "e") && printed != normalizeDecimal(t) {
		return joiUnsafe, jsString(s)
	}
	if f > 1<<53-1 || f < -(1<<53-1) {
		return joiUnsafe, jsNumber(f)
	}
	return 0, nil
}

// shortInteger reports whether t is an integer of at most 15
// digits in its shortest form ("0", or no leading zero, an optional minus
// sign but "-0"): a safe number that prints as written, the common case,
// judged without converting it.
func shortInteger(t string) bool {
	d := strings.TrimPrefix(t, "-")
	if d == "" || len(d) > 15 || (d[0] == '0' && (len(d) > 1 || len(t) > 1)) {
		return false
	}
	return allDigits(d)
}

// numberSyntax reports whether t matches the core of joi's
// numberRx, [+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)? with e in either case.
func numberSyntax(t string) bool {
	i := 0
	digits := func() int {
		n := 0
		for i < len(t) && '0' <= t[i] && t[i] <= '9' {
			i++
			n++
		}
		return n
	}
	if i < len(t) && (t[i] == '+' || t[i] == '-') {
		i++
	}
	if digits() > 0 {
		if i < len(t) && t[i] == '.' {
			i++
			digits()
		}
	} else if i < len(t) && t[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	} else {
		return false
	}
	if i < len(t) && (t[i] == 'e' || t[i] == 'E') {
		i++
		if i < len(t) && (t[i] == '+' || t[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(t)
}

// significant is joi's extractSignificantDigits: v without an
// exponent at its end ([eE][+-]?\d+), its first '.', its trailing zeros,
// and its leading sign and zeros.
func significant(v string) string {
	if k := strings.LastIndexAny(v, "eE"); k >= 0 {
		exp := strings.TrimLeft(v[k+1:], "+-")
		if len(v[k+1:])-len(exp) <= 1 && exp != "" && strings.Trim(exp, "0123456789") == "" {
			v = v[:k]
		}
	}
	v = strings.Replace(v, ".", "", 1)
	v = strings.TrimRight(v, "0")
	if v != "" && (v[0] == '+' || v[0] == '-') {
		v = v[1:]
	}
	return strings.TrimLeft(v, "0")
}

// normalizeDecimal is joi's normalizeDecimal of a number's text
// without an exponent, one regular expression at a time.
func normalizeDecimal(s string) string {
	s = strings.TrimPrefix(s, "+") // /^\+/
	if k := strings.IndexByte(s, '.'); k >= 0 && strings.Trim(s[k+1:], "0") == "" {
		s = s[:k] // /\.0*$/
	}
	sign := ""
	if strings.HasPrefix(s, "-") {
		sign, s = "-", s[1:]
	}
	if strings.HasPrefix(s, ".") && !strings.Contains(s[1:], ".") {
		s = "0" + s // /^(-?)\.([^\.]*)$/ -> $10.$2
	}
	z := 0
	for z < len(s) && s[z] == '0' {
		z++
	}
	if z > 0 {
		if z < len(s) && '0' <= s[z] && s[z] <= '9' {
			s = s[z:] // /^(-?)0+([0-9])/ -> $1$2
		} else {
			s = s[z-1:] // the last zero is the [0-9]
		}
	}
	s = sign + s
	if strings.Contains(s, ".") && strings.HasSuffix(s, "0") {
		s = strings.TrimRight(s, "0")
	}
	if s == "-0" {
		return "0"
	}
	return s
}
