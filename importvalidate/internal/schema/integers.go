package schema

import (
	"bytes"
	"encoding/json"
	"math"
	"slices"
	"strconv"

	"github.com/flagadmin/flagadmin/internal/jsonwire"
)

// The reference judges numbers as IEEE doubles (see doubles.go): 5.0,
// 1e2 and 1.0000000000000001 are integers, 1e20 is one beyond int64, 1e400
// is Infinity. encoding/json refuses all of those for an int64, and 1e400
// for a float64. Before a structurally valid body is decoded, numberFixes
// finds such numbers and the body is decoded from a copy in which they are
// written as the model can hold them: an integer member as the integer of
// its double, a number beyond what the model's member holds as the nearest
// value it does hold, with a KindNumber warning that says so.

// numberFixes walks body (a JSON text that passed the structural tier)
// beside the schema. It returns the rewrites, and a KindNumber warning for
// each number the model cannot hold as the reference reads it.
func (c *Checker) numberFixes(body []byte) ([]coercion, []Problem) {
	if !bytes.ContainsAny(body, ".eE") && !hasLongNumber(body) {
		return nil, nil // only short plain integers: nothing to rewrite, all fit
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var instance any
	if err := dec.Decode(&instance); err != nil {
		return nil, nil
	}
	var rewrites []coercion
	var warnings []Problem
	walkInstance(c.tree.Root, instance, func(n *Node, v any, path []step) (any, bool) {
		num, ok := v.(json.Number)
		if !ok {
			return v, true
		}
		text := num.String()
		switch {
		case slices.Contains(n.Types, "integer"):
			if _, err := strconv.ParseInt(text, 10, 64); err == nil {
				break
			}
			held, fits := heldInteger(text)
			ptr := jsonwire.PointerOf(tokens(nil, path))
			rewrites = append(rewrites, coercion{ptr: ptr, text: []byte(held), off: -1})
			if !fits {
				warnings = append(warnings, numberWarning(ptr, text, "integer", held))
			}
		case slices.Contains(n.Types, "number"):
			f, _ := strconv.ParseFloat(text, 64)
			if math.IsInf(f, 0) {
				held := strconv.FormatFloat(math.Copysign(math.MaxFloat64, f), 'g', -1, 64)
				ptr := jsonwire.PointerOf(tokens(nil, path))
				rewrites = append(rewrites, coercion{ptr: ptr, text: []byte(held), off: -1})
				warnings = append(warnings, numberWarning(ptr, text, "number", held))
			}
		}
		return v, false
	})
	return rewrites, warnings
}

// hasLongNumber reports whether body may hold an integer literal of more
// than 18 digits (a run of 19 digits anywhere, strings included).
func hasLongNumber(body []byte) bool {
	run := 0
	for _, b := range body {
		if '0' <= b && b <= '9' {
			if run++; run > 18 {
				return true
			}
		} else {
			run = 0
		}
	}
	return false
}

// heldInteger returns the integer literal an int64 member holds for the
// JSON number text, which the schema found to be an integer as a double:
// the integer of its double, or the nearest end of the int64 range when
// the double lies beyond it (fits false). A plain integer literal too
// long for an int64 is beyond it too.
func heldInteger(text string) (held string, fits bool) {
	f, _ := strconv.ParseFloat(text, 64) // ±Inf beyond the double range
	switch {
	case f >= math.MaxInt64: // 2^63, the first double beyond
		return strconv.FormatInt(math.MaxInt64, 10), false
	case f < math.MinInt64:
		return strconv.FormatInt(math.MinInt64, 10), false
	}
	return strconv.FormatInt(int64(f), 10), true
}

// numberWarning says that the number at pointer, text as sent, is beyond
// what the model's member of type typ holds, and what it holds instead.
func numberWarning(pointer, text, typ, held string) Problem {
	return Problem{Kind: KindNumber, Location: Location{Pointer: pointer, Offset: -1},
		Detail: Detail{Got: text, Want: typ, Held: held}}
}
