package schema

import (
	"github.com/flagadmin/flagadmin/importvalidate/internal/jsvalue"

	"encoding/json"
	"maps"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/internal/testharness/exportgen"
)

// fullInstance builds a value with every property of every object of the
// schema below n, each array with one item, scalars valid where the schema
// says how (the first enumerated value, a date-time, a colour), up to a
// depth.
func fullInstance(n *Node, depth int) any {
	n = n.Resolve()
	if n == nil || depth == 0 {
		return "x"
	}
	switch {
	case len(n.Enum) > 0:
		return n.Enum[0]
	case n.Format == "date-time":
		return "2024-01-02T03:04:05Z"
	case n.Pattern != "":
		return "#a0B1c2"
	}
	kind := ""
	for _, t := range n.Types {
		if t != "null" {
			kind = t
			break
		}
	}
	switch {
	case kind == "object" || n.Props != nil:
		obj := map[string]any{}
		for i, p := range n.Props {
			obj[p] = fullInstance(n.PropNodes[i], depth-1)
		}
		if n.Addl != nil {
			obj["extra"] = fullInstance(n.Addl, depth-1)
		}
		return obj
	case kind == "array" || n.Items != nil:
		return []any{fullInstance(n.Items, depth-1)}
	case kind == "integer" || kind == "number":
		return json.Number("1")
	case kind == "boolean":
		return true
	case kind == "string":
		return "abc"
	}
	return nil
}

// encodeValue writes v as JSON text, members sorted.
func encodeValue(v any) []byte {
	return jsvalue.AppendValue(nil, v)
}

// valuePaths lists the paths of every value of v.
func valuePaths(v any, at []string, out *[][]string) {
	*out = append(*out, slices.Clone(at))
	switch x := v.(type) {
	case map[string]any:
		for _, k := range slices.Sorted(maps.Keys(x)) {
			valuePaths(x[k], append(at, k), out)
		}
	case []any:
		for i, e := range x {
			valuePaths(e, append(at, strconv.Itoa(i)), out)
		}
	}
}

// replaced returns a deep copy of v with the value at path replaced by r,
// or, when r is nil and remove is set, the member at path removed.
func replaced(v any, path []string, r any, remove bool) any {
	if len(path) == 0 {
		return r
	}
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = e
		}
		if len(path) == 1 && remove {
			delete(out, path[0])
			return out
		}
		out[path[0]] = replaced(x[path[0]], path[1:], r, remove)
		return out
	case []any:
		out := slices.Clone(x)
		i, _ := strconv.Atoi(path[0])
		out[i] = replaced(x[i], path[1:], r, remove)
		return out
	}
	return v
}

// mutationValues are the replacements tried at every place: each JSON
// type, numbers around the schema's bounds and beyond a double, strings
// around its lengths, enumerations, format and pattern.
var mutationValues = []string{
	`null`, `true`, `false`, `0`, `-1`, `1`, `1.5`, `1.0`, `1e2`, `1000`, `1001`, `1000.0000000000001`,
	`1e400`, `-1e400`, `12345678901234567890`, `""`, `"a"`, `"ab"`, `"` + strings.Repeat("x", 51) + `"`,
	`"` + strings.Repeat("é", 50) + `"`, `"IN"`, `"in"`, `"fix"`, `"plan"`, `"#a0B1c2"`, `"#a0B1c"`,
	`"2024-01-02T03:04:05Z"`, `"2024-13-02T03:04:05Z"`, `"5"`, `"true"`, `"\ud800"`,
	`{}`, `{"zz":1}`, `[]`, `[1]`, `[{}]`, `[null,"x"]`,
}

// mutatedBodies returns the full instance of the schema with each value
// replaced by mutationValues (all of them where the schema has a keyword
// on the value beside its type, else a few in turn), each member removed
// and an unknown member added to each object, as JSON texts.
func mutatedBodies(tb testing.TB, c *Checker) [][]byte {
	tb.Helper()
	full := fullInstance(c.tree.Root, 14)
	var paths [][]string
	valuePaths(full, nil, &paths)
	var out [][]byte
	out = append(out, encodeValue(full))
	turn := 0
	for _, p := range paths {
		values := mutationValues
		if n := nodeAt(c.tree.Root, p); n == nil || len(n.Enum) == 0 && n.Format == "" && n.Pattern == "" &&
			n.Minimum == "" && n.Maximum == "" && n.MinLength < 0 && n.MaxLength < 0 {
			values = nil
			for range 4 {
				values = append(values, mutationValues[turn%len(mutationValues)])
				turn++
			}
		}
		base := full
		if len(p) > 1 && p[0] == "data" {
			// Only the member of data that holds the place, beside the
			// required ones: a smaller body, judged alike elsewhere.
			data := full.(map[string]any)["data"].(map[string]any)
			kept := map[string]any{p[1]: data[p[1]]}
			for _, r := range c.tree.Root.Resolve().Prop("data").Resolve().Required {
				kept[r] = data[r]
			}
			base = replaced(full, []string{"data"}, kept, false)
		}
		for _, m := range values {
			r, err := jsvalue.Parse([]byte(m))
			if err != nil {
				tb.Fatalf("%s: %v", m, err)
			}
			out = append(out, encodeValue(replaced(base, p, r, false)))
		}
		if len(p) > 0 {
			out = append(out, encodeValue(replaced(base, p, nil, true)))
		}
		if obj, ok := lookupValue(base, p).(map[string]any); ok {
			grown := make(map[string]any, len(obj)+1)
			for k, e := range obj {
				grown[k] = e
			}
			grown["zz"] = json.Number("1")
			out = append(out, encodeValue(replaced(base, p, grown, false)))
		}
	}
	return out
}

// nodeAt is the schema node of the value at path, nil for none.
func nodeAt(n *Node, path []string) *Node {
	for _, t := range path {
		n = n.Resolve()
		if n == nil {
			return nil
		}
		switch {
		case n.Prop(t) != nil:
			n = n.Prop(t)
		case n.Items != nil:
			n = n.Items
		default:
			n = n.Addl
		}
	}
	return n.Resolve()
}

// testBodies are bodies with a problem at every place of the schema:
// mutations of a value that has every member of the schema, generated
// exports with and without problems.
func testBodies(tb testing.TB, c *Checker) [][]byte {
	out := mutatedBodies(tb, c)
	for _, o := range []exportgen.Options{{Features: 3, Seed: 1}, {Features: 20, Seed: 7, ProblemShare: 0.5}} {
		out = append(out, exportgen.JSON(o))
	}
	return out
}
