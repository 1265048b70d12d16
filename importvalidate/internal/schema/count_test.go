package schema

import (
	"encoding/json"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/flagadmin/flagadmin/internal/exportgen"
	"github.com/flagadmin/flagadmin/internal/jsonwire"
)

// newTestChecker compiles the import schema of the module.
func newTestChecker(tb testing.TB) *Checker {
	tb.Helper()
	doc, err := os.ReadFile(filepath.Join("..", "..", "import.schema.json"))
	if err != nil {
		tb.Fatal(err)
	}
	c, err := New(doc, Options{MaxProblems: 1000, MaxDepth: 1 << 20})
	if err != nil {
		tb.Fatal(err)
	}
	return c
}

// libraryCount is the number of problems jsonschema/v5 finds in v against
// the whole schema, expanded as countTree expands them.
func libraryCount(tb testing.TB, c *Checker, v any) int {
	tb.Helper()
	err := c.schema.Validate(v)
	if err == nil {
		return 0
	}
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		tb.Fatalf("library: %v", err)
	}
	return c.countTree(v, ve)
}

// checkedValue reads body as Check hands it to the library: decoded,
// coerced, with its numbers as doubles.
func checkedValue(c *Checker, body []byte) (any, bool) {
	v, err := jsonwire.Value(body)
	if err != nil {
		return nil, false
	}
	v, cs := coerceInstance(c.tree.Root, v)
	if len(cs) > 0 {
		body = applyCoercions(body, cs)
	}
	return checkedCopy(c.tree.Root, body, v), true
}

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
	return jsonwire.AppendJSONValue(nil, v)
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
			r, err := jsonwire.Value([]byte(m))
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

// countBodies are the bodies the counter is held to the library on:
// mutations of a value that has every member of the schema, generated
// exports with and without problems.
func countBodies(tb testing.TB, c *Checker) [][]byte {
	out := mutatedBodies(tb, c)
	for _, o := range []exportgen.Options{{Features: 3, Seed: 1}, {Features: 20, Seed: 7, ProblemShare: 0.5}} {
		out = append(out, exportgen.JSON(o))
	}
	return out
}

// TestCountAgreesWithLibrary: for every body and every array item in it,
// the counter counts what jsonschema/v5 finds, and it can count every
// node of the import schema.
func TestCountAgreesWithLibrary(t *testing.T) {
	c := newTestChecker(t)
	for _, n := range c.tree.nodes {
		if !n.countable {
			t.Errorf("the counter cannot judge schema node %q", n.Ptr)
		}
	}
	bodies := countBodies(t, c)
	if len(bodies) < 1000 {
		t.Fatalf("only %d bodies", len(bodies))
	}
	problems := 0
	for i, body := range bodies {
		v, ok := checkedValue(c, body)
		if !ok {
			t.Fatalf("body %d does not decode: %s", i, body)
		}
		want := libraryCount(t, c, v)
		got, ok := countProblems(c.tree.Root, v)
		if !ok || got != want {
			t.Errorf("body %d: counted %d (%v), the library finds %d\n%s", i, got, ok, want, body)
		}
		problems += want
	}
	if problems < len(bodies) {
		t.Errorf("%d problems in %d bodies: the mutations find too few", problems, len(bodies))
	}
}

// TestCheckWithCounterEqualsWhole: a body checked with the counter
// standing in for the library where it can gives the problems the library
// gives when it is handed the body whole.
func TestCheckWithCounterEqualsWhole(t *testing.T) {
	c := newTestChecker(t)
	for i, body := range countBodies(t, c) {
		if i%8 != 0 {
			continue
		}
		if got, want := checkBoth(t, c, body); !slices.Equal(got, want) {
			t.Fatalf("body %d: with the counter %v\nwhole %v\n%s", i, got, want, body)
		}
	}
}

// FuzzCountAgreesWithLibrary: for any body that decodes, the counter
// counts what jsonschema/v5 finds, or says it cannot.
func FuzzCountAgreesWithLibrary(f *testing.F) {
	c := newTestChecker(f)
	for i, body := range countBodies(f, c) {
		if i%151 == 0 {
			f.Add(body)
		}
	}
	for _, small := range []string{`{}`, `{"project":1,"environment":"e","data":{"features":[{"name":"a","x":1}]}}`,
		`{"project":"p","environment":"e","data":{"features":[],"featureStrategies":[{"name":"s","constraints":[{"contextName":"c","operator":"IN","value":""}],"variants":[{"name":"v","weight":1001,"weightType":"fix","stickiness":"d"}]}],"tagTypes":[{"name":"t","color":"#1"}]}}`} {
		f.Add([]byte(small))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		if issues, fatal := jsonwire.Scan(body, 64); fatal || len(issues) > 0 {
			return
		}
		v, ok := checkedValue(c, body)
		if !ok {
			return
		}
		want := libraryCount(t, c, v)
		if got, ok := countProblems(c.tree.Root, v); ok && got != want {
			t.Fatalf("counted %d, the library finds %d\n%s", got, want, body)
		}
	})
}
