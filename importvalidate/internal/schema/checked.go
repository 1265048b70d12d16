package schema

import (
	"bytes"
	"encoding/json"

	"github.com/flagadmin/flagadmin/importvalidate/internal/jsonwire"
)

// The value the schema library checks is the instance itself when it can
// be, else a copy decoded again from the body as read (after coercion) and
// changed in place, so that messages still quote the original values:
//
//   - with each unpaired surrogate read as U+FFFD, since the library counts
//     a string's length in runes and ajv counts a lone surrogate as one
//     character;
//   - with tameNumber's stand-ins for numbers the library reads too slowly
//     or not at all, at the places the schema checks (a walk along the
//     schema, never into free-form members, so that a deep free-form value
//     costs no recursion).

// checkedCopy returns the value to check for instance, decoded from body.
func checkedCopy(root *Node, body []byte, instance any) any {
	surrogates := bytes.Contains(body, []byte(`\ud`)) || bytes.Contains(body, []byte(`\uD`))
	tame := numbersNeedTaming(body)
	if !surrogates && !tame {
		return instance
	}
	v, err := jsonwire.ValueUTF8(body)
	if err != nil {
		return instance
	}
	if tame {
		v = walkInstance(root, v, func(n *Node, v any, path []string) (any, bool) {
			if num, ok := v.(json.Number); ok {
				if t, changed := tameNumber(num); changed {
					return t, false
				}
			}
			return v, true
		})
	}
	return v
}

// numbersNeedTaming reports whether body may hold a number that tameNumber
// replaces: a run of number characters longer than tameDigits, or an
// exponent of more than three digits. Strings that look so give a false
// positive, which costs only a second decoding.
func numbersNeedTaming(body []byte) bool {
	run, exp := 0, -1
	for _, c := range body {
		switch {
		case c >= '0' && c <= '9':
			run++
			if exp >= 0 {
				exp++
				if exp > 3 {
					return true
				}
			}
		case c == 'e' || c == 'E':
			run++
			exp = 0
		case c == '.' || c == '+' || c == '-':
			run++
		default:
			run, exp = 0, -1
			continue
		}
		if run > tameDigits {
			return true
		}
	}
	return false
}
