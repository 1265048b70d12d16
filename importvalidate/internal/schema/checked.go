package schema

import (
	"github.com/flagadmin/flagadmin/importvalidate/internal/jsvalue"

	"encoding/json"
)

// The value the schema library checks is the instance itself when it can
// be, else a copy decoded again from the body as read (after coercion) and
// changed in place, so that messages still quote the original values:
//
//   - with each unpaired surrogate read as U+FFFD, since the library counts
//     a string's length in runes and ajv counts a lone surrogate as one
//     character;
//   - with doubleNumber's stand-ins for numbers (the IEEE doubles the
//     reference checks; see doubles.go), at the places the schema checks (a
//     walk along the schema, never into free-form members, so that a deep
//     free-form value costs no recursion).

// checkedCopy returns the value to check for instance, decoded from body.
// Without surrogates to replace, the copy shares every part of instance
// that holds no number to change: only the objects and arrays on the way
// to a changed number are copied.
func checkedCopy(root *Node, body []byte, instance any) any {
	surrogates := hasEscapedSurrogate(body)
	double := numbersMayNeedDoubling(body)
	if !surrogates && !double {
		return instance
	}
	if !surrogates {
		v, _ := doubledCopy(root, instance)
		return v
	}
	v, err := jsvalue.ParseUTF8(body)
	if err != nil {
		return instance
	}
	if double {
		v, _ = rewrite(root, v, doubling(true))
	}
	return v
}

// doubledCopy returns v, whose schema is n, with each number at a place
// of the schema replaced by its stand-in (see doubleNumber), and whether
// it replaced any. It leaves v as it is and copies only the objects and
// arrays on the way to a replaced number.
func doubledCopy(n *Node, v any) (any, bool) {
	return rewrite(n, v, doubling(false))
}

// doubling is the visit of rewrite that replaces each number by its
// stand-in; writable tells whether the objects and arrays of the instance
// may be changed in place. Like walkInstance it does not descend into a
// value of a type its node does not admit.
func doubling(writable bool) visitFunc {
	return func(n *Node, v any, _ []step) (any, bool, bool) {
		if num, ok := v.(json.Number); ok {
			if t, changed := doubleNumber(num); changed {
				return t, true, false
			}
			return v, writable, false
		}
		return v, writable, len(n.Types) == 0 || typeMatches(n.Types, v)
	}
}

// numbersMayNeedDoubling reports whether body may hold a number that is
// not its own stand-in (see doubleNumber): a run of number characters with
// a fraction, an exponent or more than 15 digits. Strings that look so
// give a false positive, which costs only a second decoding.
func numbersMayNeedDoubling(body []byte) bool {
	digits, other := 0, false
	for _, c := range body {
		switch {
		case c >= '0' && c <= '9':
			digits++
			if digits > 15 {
				return true
			}
			continue
		case c == '.' || c == 'e' || c == 'E':
			if digits > 0 {
				other = true
			}
			continue
		case c == '+' || c == '-':
			continue
		}
		if other {
			return true
		}
		digits, other = 0, false
	}
	return other
}
