package schema

import (
	"encoding/json"
	"math/big"
	"strconv"
	"unicode/utf8"
)

// The problems of an item past the problem cap are only counted, and a
// valid item needs no wording at all; handing either to jsonschema/v5 costs
// its whole error tree (about 1 kB for an object). So a count walks the
// value beside the schema tree and counts what the library's error tree
// would hold once expanded (see countTree): one problem per failed
// keyword, one per missing required property and one per property
// additionalProperties: false does not allow. It judges each keyword as
// the library does (the type first, and nothing else of a value of the
// wrong type; enum by equality with the schema's strings; date-time by the
// checker's own format function; lengths in runes; pattern with Go's
// regexp, as the library compiles it; bounds and integers with exact
// decimals). For a node carrying anything else it says it cannot count,
// and the library is asked. TestCountAgreesWithLibrary and
// FuzzCountAgreesWithLibrary hold it to the library's count.

// countable reports whether every keyword of n is one the counter judges.
func countable(n *Node) bool {
	if len(n.Unknown) > 0 || n.EnumNotStrings {
		return false
	}
	if n.Format != "" && n.Format != "date-time" {
		return false
	}
	if n.Ref != nil {
		// A $ref beside other keywords would add their problems to those
		// of the target.
		return len(n.Types) == 0 && n.Props == nil && n.Required == nil && !n.Closed && n.Addl == nil &&
			n.Items == nil && n.Enum == nil && n.Minimum == "" && n.Maximum == "" &&
			n.MinLength < 0 && n.MaxLength < 0 && n.Pattern == "" && n.Format == ""
	}
	for _, ty := range n.Types {
		switch ty {
		case "object", "array", "string", "number", "integer", "boolean", "null":
		default:
			return false
		}
	}
	return true
}

// countProblems returns the number of problems the library finds in v against n,
// expanded as countTree expands them; ok is false when some node on the
// way carries a keyword the counter does not judge, or v holds something
// that is not a decoded JSON value.
func countProblems(n *Node, v any) (count int, ok bool) {
	ok = true
	count = countWalk(n, v, &ok)
	return count, ok
}

func countWalk(n *Node, v any, ok *bool) int {
	if _, skipped := v.(validItem); skipped {
		return 0 // valid as it stands (see skip.go)
	}
	n, judged := countedTarget(n)
	if !judged {
		*ok = false
		return 0
	}
	if n == nil {
		return 0
	}
	if len(n.Types) > 0 {
		match, known := typeMatch(n.Types, v)
		if !known {
			*ok = false
			return 0
		}
		if !match {
			return 1 // the library looks at nothing else of the value
		}
	}
	found := 0
	if len(n.Enum) > 0 {
		s, isString := v.(string)
		in := false
		for _, e := range n.Enum {
			if isString && s == e {
				in = true
				break
			}
		}
		if !in {
			found++
		}
	}
	if n.Format != "" && !isDateTime(v) {
		found++
	}
	switch x := v.(type) {
	case map[string]any:
		for _, r := range n.Required {
			if _, present := x[r]; !present {
				found++
			}
		}
		for k, e := range x {
			if i, listed := n.propIdx[k]; listed {
				found += countWalk(n.PropNodes[i], e, ok)
			} else if n.Closed {
				found++
			} else if n.Addl != nil {
				found += countWalk(n.Addl, e, ok)
			}
			if !*ok {
				return 0
			}
		}
	case []any:
		if n.Items != nil {
			for _, e := range x {
				found += countWalk(n.Items, e, ok)
				if !*ok {
					return 0
				}
			}
		}
	case string:
		if n.MinLength >= 0 || n.MaxLength >= 0 {
			runes := utf8.RuneCountInString(x)
			if n.MinLength >= 0 && runes < n.MinLength {
				found++
			}
			if n.MaxLength >= 0 && runes > n.MaxLength {
				found++
			}
		}
		if n.re != nil && !n.re.MatchString(x) {
			found++
		}
	case json.Number:
		if n.Minimum != "" {
			cmp, known := compareNumbers(string(x), n.Minimum)
			if !known {
				*ok = false
				return 0
			}
			if cmp < 0 {
				found++
			}
		}
		if n.Maximum != "" {
			cmp, known := compareNumbers(string(x), n.Maximum)
			if !known {
				*ok = false
				return 0
			}
			if cmp > 0 {
				found++
			}
		}
	case bool, nil:
	default:
		*ok = false
		return 0
	}
	return found
}

// countedTarget follows the $refs from n to the node that judges a value,
// nil when there is none. judged is false when that node or one on the
// way carries a keyword the counter does not judge, or the $refs go on
// past 64 steps.
func countedTarget(n *Node) (target *Node, judged bool) {
	for i := 0; n != nil && n.Ref != nil; i++ {
		if !n.countable || i == 64 {
			return nil, false
		}
		n = n.Ref
	}
	return n, n == nil || n.countable
}

// typeMatch reports whether v is of one of types as the library judges it
// (a number is an integer when its exact decimal is whole); known is false
// for a value that is not a decoded JSON value or a number that does not
// read.
func typeMatch(types []string, v any) (match, known bool) {
	var kind string
	switch v.(type) {
	case map[string]any:
		kind = "object"
	case []any:
		kind = "array"
	case string:
		kind = "string"
	case bool:
		kind = "boolean"
	case nil:
		kind = "null"
	case json.Number:
		kind = "number"
	default:
		return false, false
	}
	for _, t := range types {
		if t == kind {
			return true, true
		}
		if t == "integer" && kind == "number" {
			whole, known := exactWhole(string(v.(json.Number)))
			if !known {
				return false, false
			}
			if whole {
				return true, true
			}
		}
	}
	return false, true
}

// exactWhole reports whether the number s is a whole number as an exact
// decimal.
func exactWhole(s string) (whole, known bool) {
	if plainSmallInteger(s) {
		return true, true
	}
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		return false, false
	}
	return r.IsInt(), true
}

// compareNumbers compares the numbers a and b as exact decimals.
func compareNumbers(a, b string) (cmp int, known bool) {
	if plainSmallInteger(a) && plainSmallInteger(b) {
		x, errX := strconv.ParseInt(a, 10, 64)
		y, errY := strconv.ParseInt(b, 10, 64)
		if errX == nil && errY == nil {
			switch {
			case x < y:
				return -1, true
			case x > y:
				return 1, true
			}
			return 0, true
		}
	}
	x, okX := new(big.Rat).SetString(a)
	y, okY := new(big.Rat).SetString(b)
	if !okX || !okY {
		return 0, false
	}
	return x.Cmp(y), true
}
