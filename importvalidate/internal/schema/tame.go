package schema

import (
	"encoding/json"
	"github.com/flagadmin/flagadmin/importvalidate/internal/jsonwire"
	"strconv"
	"strings"
)

// tameDigits bounds the digits of the numbers the schema library reads:
// its math/big takes time quadratic in a number's digits and linear in its
// exponent (40 ms for 1e999999), and fails beyond an exponent of a million.
const tameDigits = 400

// tameNumber returns a stand-in for a number of more than tameDigits
// characters or with an exponent of more than three digits, written
// without exponent in at most about 2×tameDigits digits: the same value
// when it fits, else a number with the same sign and integer-ness on the
// same side of every bound of up to tameDigits digits (the schema's are 0
// and 1000), so that the type, minimum and maximum keywords judge it
// alike. ok is false for a number that needs no stand-in.
func tameNumber(n json.Number) (json.Number, bool) {
	s := string(n)
	i := strings.IndexAny(s, "eE")
	if len(s) <= tameDigits && (i < 0 || len(strings.TrimLeft(s[i+1:], "+-0")) <= 3) {
		return n, false
	}
	d := jsonwire.ParseDecimal(s)
	if d.Digits == "" {
		return "0", true
	}
	sign := ""
	if d.Neg {
		sign = "-"
	}
	p := int64(len(d.Digits)) + d.Exp // |n| < 10^p
	var out string
	switch {
	case d.Exp >= 0 && p > tameDigits: // a huge integer
		out = "1e" + strconv.Itoa(tameDigits)
	case d.Exp >= 0:
		out = d.Digits + strings.Repeat("0", int(d.Exp))
	case p > tameDigits: // a huge number with a fraction
		out = "1" + strings.Repeat("0", tameDigits) + ".5"
	case p < -tameDigits: // a tiny number
		out = "1e-" + strconv.Itoa(tameDigits)
	default:
		intPart, frac := "0", ""
		if p > 0 {
			intPart, frac = d.Digits[:p], d.Digits[p:]
		} else {
			frac = strings.Repeat("0", int(-p)) + d.Digits
		}
		if len(frac) > tameDigits {
			// Cut, then a last 1: still a fraction, and still between
			// the same two numbers of tameDigits decimals.
			frac = frac[:tameDigits] + "1"
		}
		out = intPart + "." + frac
	}
	return json.Number(sign + out), true
}
