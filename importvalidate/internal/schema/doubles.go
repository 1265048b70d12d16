package schema

import (
	"encoding/json"
	"math"
	"strconv"
)

// The reference server checks the value JSON.parse made of the body, in
// which every number is an IEEE double: 1000.00000000000001 is 1000 (and
// passes maximum 1000), 1e-400 is 0, 1e400 is Infinity (a number, and for
// ajv a whole one, beyond every bound), 1e20 is an integer. The schema
// library compares exact decimals with math/big instead, so it checks
// stand-ins: each number replaced by the shortest decimal of its double.
// That also bounds the library's cost, which grows with a number's digits
// and exponent. Problems still quote the values as sent.

// infinity is the stand-in for a number beyond the double range: a whole
// number beyond every bound of the schema, as ajv judges Infinity.
const infinity = "1e400"

// doubleNumber returns the stand-in of n: the shortest decimal that reads
// back as the double nearest to n, or ±infinity. ok is false when n is
// its own stand-in.
func doubleNumber(n json.Number) (json.Number, bool) {
	s := string(n)
	if plainSmallInteger(s) {
		return n, false // exact in a double, and written as its stand-in
	}
	f, err := strconv.ParseFloat(s, 64)
	var out string
	switch {
	case math.IsInf(f, 1):
		out = infinity
	case math.IsInf(f, -1):
		out = "-" + infinity
	case err != nil:
		return n, false // not a JSON number: the scanner refuses it first
	default:
		out = strconv.FormatFloat(f, 'g', -1, 64)
	}
	if out == s {
		return n, false
	}
	return json.Number(out), true
}

// plainSmallInteger reports whether s is an integer literal of at most 15
// digits, which a double holds exactly.
func plainSmallInteger(s string) bool {
	if len(s) > 0 && s[0] == '-' {
		s = s[1:]
	}
	return len(s) > 0 && len(s) <= 15 && skipDigits(s, 0) == len(s)
}
