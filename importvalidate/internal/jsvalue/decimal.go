package jsvalue

import (
	"strings"
)

// Decimal is a JSON number as sign × digits × 10^exp, where digits has no
// leading or trailing zeros ("" for zero).
type Decimal struct {
	Neg    bool
	Digits string
	Exp    int64
}

// ParseDecimal splits the JSON number text s. Exponents beyond ±10^15 are
// clamped there.
func ParseDecimal(s string) Decimal {
	var d Decimal
	if strings.HasPrefix(s, "-") {
		d.Neg, s = true, s[1:]
	}
	mant, expText := s, ""
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		mant, expText = s[:i], s[i+1:]
	}
	expNeg := strings.HasPrefix(expText, "-")
	expText = strings.TrimLeft(expText, "+-")
	for _, c := range []byte(expText) {
		if d.Exp < 1e15 {
			d.Exp = d.Exp*10 + int64(c-'0')
		}
	}
	if expNeg {
		d.Exp = -d.Exp
	}
	intPart, frac, _ := strings.Cut(mant, ".")
	digits := strings.TrimLeft(intPart+frac, "0")
	d.Exp -= int64(len(frac))
	trimmed := strings.TrimRight(digits, "0")
	d.Exp += int64(len(digits) - len(trimmed))
	d.Digits = trimmed
	if d.Digits == "" {
		d.Neg, d.Exp = false, 0
	}
	return d
}

// Whole reports whether the number has no fractional part.
func (d Decimal) Whole() bool { return d.Digits == "" || d.Exp >= 0 }
