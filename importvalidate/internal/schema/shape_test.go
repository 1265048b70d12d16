package schema

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/importvalidate/internal/jsonwire"
)

// TestAppendShape: two items have one key exactly when they are the same
// JSON value, and large items have none.
func TestAppendShape(t *testing.T) {
	value := func(s string) any {
		v, err := jsonwire.Value([]byte(s))
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		return v
	}
	same := [][2]string{
		{`{}`, ` { } `},
		{`{"a":1,"b":[true,null]}`, `{"b":[true,null],"a":1}`},
		{`"x"`, `"\u0078"`},
	}
	for _, p := range same {
		a, okA := appendShape(nil, new([]string), value(p[0]))
		b, okB := appendShape(nil, new([]string), value(p[1]))
		if !okA || !okB || string(a) != string(b) {
			t.Errorf("%s and %s: keys %q (%v) and %q (%v), want one key", p[0], p[1], a, okA, b, okB)
		}
	}
	distinct := []string{`{}`, `[]`, `null`, `true`, `false`, `0`, `1`, `1.0`, `""`, `"0"`, `"a"`, `"a:"`,
		`[[]]`, `[[],[]]`, `[[[]]]`, `{"a":{}}`, `{"a":[]}`, `{"a":"b"}`, `{"a:1:b":""}`, `{"a":"1:b"}`,
		`["ab"]`, `["a","b"]`, `{"":null}`, `[null]`, `{"a":null,"b":null}`, `{"a":[null,null]}`}
	seen := map[string]string{}
	for _, d := range distinct {
		k, ok := appendShape(nil, new([]string), value(d))
		if !ok {
			t.Errorf("%s: no key", d)
			continue
		}
		if other, dup := seen[string(k)]; dup {
			t.Errorf("%s and %s share the key %q", d, other, k)
		}
		seen[string(k)] = d
	}
	for _, large := range []string{
		`"` + strings.Repeat("x", shapeBudget) + `"`,
		`[` + strings.Repeat(`"abc",`, 100) + `1]`,
		`{` + strings.Repeat(`"k":1,`, 0) + manyMembers(shapeMembers+1) + `}`,
	} {
		if k, ok := appendShape(nil, new([]string), value(large)); ok {
			t.Errorf("a key of %d bytes for an item of %d", len(k), len(large))
		}
	}
	if _, ok := appendShape(nil, new([]string), json.Number("1e400")); !ok {
		t.Error("a number has no key")
	}
}

func manyMembers(n int) string {
	parts := make([]string, n)
	for i := range parts {
		parts[i] = `"m` + strings.Repeat("x", i) + `":0`
	}
	return strings.Join(parts, ",")
}
