package jsvalue

import (
	"github.com/flagadmin/flagadmin/internal/jsonwire"
	"github.com/flagadmin/flagadmin/internal/testharness/testutil"

	"bytes"
	"cmp"
	"encoding/json"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"testing"
)

// compactCases are JSON texts with JSON.stringify(JSON.parse(text)) as
// node 22 answers it.
var compactCases = []struct{ in, want string }{
	{`[]`, `[]`},
	{`{}`, `{}`},
	{`[1,[2,[3,{}]],"x"]`, `[1,[2,[3,{}]],"x"]`},
	{` { "b" : [ 1.50 , "\u0041" ] , "a" : -0.0 , "2":1e400, "1":true } `, `{"1":true,"2":null,"b":[1.5,"A"],"a":0}`},
	{`{"a":{"a":{"a":1,"a":[1,{"b":2,"b":3}]}},"a":{"z":null}}`, `{"a":{"z":null}}`},
	{`[{"10":1,"9":2,"x":3,"01":4,"4294967295":5,"4294967294":6}]`, `[{"9":2,"10":1,"4294967294":6,"x":3,"01":4,"4294967295":5}]`},
	{`{"\ud800":1,"\udc00":2,"\ud800":3}`, `{"\ud800":3,"\udc00":2}`},
	{`[[[[]]],[[{"k":[[]]}]]]`, `[[[[]]],[[{"k":[[]]}]]]`},
	{`{"a":[],"b":{},"c":"]}{[","d":[1e-7,1e21,100]}`, `{"a":[],"b":{},"c":"]}{[","d":[1e-7,1e+21,100]}`},
}

func TestAppendCompactCases(t *testing.T) {
	for _, tc := range compactCases {
		if got := string(AppendCompact(nil, []byte(tc.in), 0)); got != tc.want {
			t.Errorf("AppendCompact(%s) = %s, want %s", tc.in, got, tc.want)
		}
		if got := string(compactOracle(nil, []byte(tc.in), 0)); got != tc.want {
			t.Errorf("oracle(%s) = %s, want %s", tc.in, got, tc.want)
		}
	}
	// Many members, one repeated: the key index switches to a map.
	var b strings.Builder
	b.WriteString("{")
	for i := range 40 {
		b.WriteString(`"k` + string(rune('a'+i%26)) + string(rune('a'+i/26)) + `":1,`)
	}
	b.WriteString(`"kaa":2}`)
	got := string(AppendCompact(nil, []byte(b.String()), 0))
	if !strings.HasPrefix(got, `{"kaa":2,"kba":1`) || strings.Count(got, `"kaa"`) != 1 {
		t.Errorf("large object: %s", got)
	}
}

func TestJSToStringNested(t *testing.T) {
	n := func(s string) json.Number { return json.Number(s) }
	for _, tc := range []struct {
		v    any
		want string
	}{
		{[]any{[]any{n("1"), []any{n("2"), []any{nil, []any{}}}}, "x"}, "1,2,,,x"},
		{[]any{[]any{}, []any{n("1")}}, ",1"},
		{[]any{nil, []any{nil}}, ","},
		{[]any{map[string]any{}, []any{[]any{n("3")}}}, "[object Object],3"},
		{[]any{}, ""},
		{nil, "null"},
		{n("1e21"), "1e+21"},
	} {
		if got := String(tc.v); got != tc.want {
			t.Errorf("String(%v) = %q, want %q", tc.v, got, tc.want)
		}
	}
}

func TestAppendJSONValueNested(t *testing.T) {
	v := []any{map[string]any{"b": []any{json.Number("1.50")}, "a": map[string]any(nil)}, []any{}, nil, true}
	if got := string(AppendValue(nil, v)); got != `[{"a":{},"b":[1.5]},[],null,true]` {
		t.Errorf("AppendValue = %s", got)
	}
}

// deepText returns n levels of open, then inner, then n levels of close.
func deepText(open, inner, close string, n int) []byte {
	return []byte(strings.Repeat(open, n) + inner + strings.Repeat(close, n))
}

// TestDeepValuesBounded quotes values nested tens of thousands of levels
// deep (hundreds of thousands in the long tests, testutil.Long) with the
// goroutine stack capped at 1 MiB, so that recursion per level would abort
// the test binary (frames of 64 bytes a level already would), and bounds the heap each quoting
// allocates: AppendCompact to a multiple of the text (arrays cost nothing
// per level, an object its list of members), AppendValue and
// String to a multiple of what Value allocates for the value they
// write.
func TestDeepValuesBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("allocates some hundreds of megabytes")
	}
	old := debug.SetMaxStack(1 << 20)
	defer debug.SetMaxStack(old)
	heap := func(f func()) uint64 {
		var m0, m1 runtime.MemStats
		runtime.ReadMemStats(&m0)
		f()
		runtime.ReadMemStats(&m1)
		return m1.TotalAlloc - m0.TotalAlloc
	}
	for _, tc := range []struct {
		name           string
		text           []byte
		compactPerByte uint64 // bound on AppendCompact's heap per input byte
	}{
		{"arrays", deepText("[", "1", "]", testutil.Sized(1<<16, 1<<20)), 8},
		{"objects", deepText(`{"a":`, "1", "}", testutil.Sized(1<<15, 1<<18)), 120},
		{"mixed", deepText(`[{"0":`, "[]", "}]", testutil.Sized(1<<15, 1<<18)), 120},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []byte
			n := heap(func() { got = AppendCompact(nil, tc.text, 0) })
			if !bytes.Equal(got, tc.text) {
				t.Fatalf("AppendCompact changed the text (%d bytes, want %d)", len(got), len(tc.text))
			}
			if limit := tc.compactPerByte * uint64(len(tc.text)); n > limit {
				t.Errorf("AppendCompact allocated %d bytes for %d, more than %d", n, len(tc.text), limit)
			}
			var v any
			var err error
			decoded := heap(func() { v, err = Parse(tc.text) })
			if err != nil {
				t.Fatal(err)
			}
			limit := 2 * decoded
			n = heap(func() { got = AppendValue(nil, v) })
			if !bytes.Equal(got, tc.text) {
				t.Fatalf("AppendValue changed the value (%d bytes, want %d)", len(got), len(tc.text))
			}
			if n > limit {
				t.Errorf("AppendValue allocated %d bytes, more than %d (twice Value's)", n, limit)
			}
			var s string
			n = heap(func() { s = String(v) })
			if want := String(innermost(v)); s != want {
				t.Errorf("String = %q, want %q", s, want)
			}
			if n > limit {
				t.Errorf("String allocated %d bytes, more than %d (twice Value's)", n, limit)
			}
		})
	}
}

// innermost returns the first value of v that is not an array of one
// element.
func innermost(v any) any {
	for {
		a, ok := v.([]any)
		if !ok || len(a) != 1 {
			return v
		}
		v = a[0]
	}
}

func FuzzAppendCompact(f *testing.F) {
	for _, tc := range compactCases {
		f.Add(tc.in)
	}
	f.Fuzz(func(t *testing.T, s string) {
		raw := []byte(s)
		if _, fatal := jsonwire.Scan(raw, 64); fatal {
			return
		}
		off := jsonwire.SkipWS(raw, jsonwire.BOMLen(raw))
		want := compactOracle(nil, raw, off)
		if got := AppendCompact(nil, raw, off); !bytes.Equal(got, want) {
			t.Fatalf("AppendCompact(%q) = %s, oracle %s", s, got, want)
		}
	})
}

// compactOracle is the plain recursive reading of AppendCompact's
// contract, for texts of small depth.
func compactOracle(dst, raw []byte, i int) []byte {
	dst, _ = oracleValue(dst, raw, i)
	return dst
}

func oracleValue(dst, raw []byte, i int) ([]byte, int) {
	i = jsonwire.SkipWS(raw, i)
	switch raw[i] {
	case '[':
		dst = append(dst, '[')
		i = jsonwire.SkipWS(raw, i+1)
		for n := 0; raw[i] != ']'; n++ {
			if n > 0 {
				dst = append(dst, ',')
			}
			dst, i = oracleValue(dst, raw, i)
			if i = jsonwire.SkipWS(raw, i); raw[i] == ',' {
				i++
			}
		}
		return append(dst, ']'), i + 1
	case '{':
		type member struct {
			key   string
			order int64
			val   []byte
		}
		var ms []member
		i = jsonwire.SkipWS(raw, i+1)
		for raw[i] == '"' {
			end := jsonwire.SkipValue(raw, i)
			key := string(jsonwire.AppendUnquoted(nil, raw[i+1:end-1]))
			i = jsonwire.SkipWS(raw, end) + 1 // the colon
			var val []byte
			val, i = oracleValue(nil, raw, i)
			if k := slices.IndexFunc(ms, func(m member) bool { return m.key == key }); k >= 0 {
				ms[k].val = val
			} else {
				ms = append(ms, member{key, KeyOrder(key, 0), val})
			}
			if i = jsonwire.SkipWS(raw, i); raw[i] == ',' {
				i = jsonwire.SkipWS(raw, i+1)
			}
		}
		slices.SortStableFunc(ms, func(a, b member) int { return cmp.Compare(a.order, b.order) })
		dst = append(dst, '{')
		for k, m := range ms {
			if k > 0 {
				dst = append(dst, ',')
			}
			dst = AppendString(dst, m.key)
			dst = append(dst, ':')
			dst = append(dst, m.val...)
		}
		return append(dst, '}'), i + 1
	}
	return appendCompactScalar(dst, raw, i)
}

// BenchmarkAppendCompact quotes a recorded export body, with AppendCompact
// and with the recursive oracle for comparison.
func BenchmarkAppendCompact(b *testing.B) {
	raw, err := os.ReadFile("../../../testdata/exports/recorded-many-problems-admin.json")
	if err != nil {
		b.Fatal(err)
	}
	for _, bc := range []struct {
		name string
		f    func(dst, raw []byte, off int) []byte
	}{{"iterative", AppendCompact}, {"recursive-oracle", compactOracle}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(raw)))
			var dst []byte
			for b.Loop() {
				dst = bc.f(dst[:0], raw, 0)
			}
		})
	}
}
