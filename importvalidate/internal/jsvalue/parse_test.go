package jsvalue

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/internal/jsonwire"
)

// TestSurrogatesRoundTrip holds jsonwire.AppendUnquoted and AppendString to what
// node answers for JSON.stringify(JSON.parse(in)) (recorded with node 22;
// units is JSON.parse(in).length, for the reader).
func TestSurrogatesRoundTrip(t *testing.T) {
	for _, tt := range []struct {
		in, want string
		units    int
	}{
		{`"\ud800"`, `"\ud800"`, 1},
		{`"\udc00"`, `"\udc00"`, 1},
		{`"\ud83d\ude00"`, `"😀"`, 2},
		{`"\ud83dx"`, `"\ud83dx"`, 2},
		{`"\ude00\u0041"`, `"\ude00A"`, 2},
		{`"\uDBFF\uDFFF"`, "\"\U0010FFFF\"", 2},
		{`"\ud800\ud800"`, `"\ud800\ud800"`, 2},
		{`"\udfff\ud800"`, `"\udfff\ud800"`, 2},
		{`"a\u2028b<&>"`, "\"a\u2028b<&>\"", 6},
		{`"\u0000\u001f\u007f"`, "\"\\u0000\\u001f\x7f\"", 3},
		{`"\uD800\uDC00"`, `"𐀀"`, 2},
	} {
		v := string(jsonwire.AppendUnquoted(nil, []byte(tt.in[1:len(tt.in)-1])))
		if got := string(AppendString(nil, v)); got != tt.want {
			t.Errorf("%s: stringify %s, want %s", tt.in, got, tt.want)
		}
	}
	if n := jsonwire.CodePoints(string(jsonwire.AppendUnquoted(nil, []byte(`a\ud800\ud83d\ude00\udc00é`)))); n != 5 {
		t.Errorf("jsonwire.CodePoints = %d, want 5 (as ajv counts)", n)
	}
	if string(jsonwire.AppendUnquoted(nil, []byte(`\ud800`))) == string(jsonwire.AppendUnquoted(nil, []byte(`\udc00`))) {
		t.Error("two lone surrogates read as one value")
	}
	// Distinct names: no duplicate key.
	if issues, _ := jsonwire.Scan([]byte(`{"\ud800":1,"\udc00":2}`), 10); len(issues) != 0 {
		t.Errorf("distinct surrogates reported: %+v", issues)
	}
	if issues, _ := jsonwire.Scan([]byte(`{"\ud800":1,"\uD800":2}`), 10); len(issues) != 2 || issues[0].Kind != jsonwire.KindDuplicateKey {
		t.Errorf("the same surrogate twice: %+v", issues)
	}
}

// TestDropShadowed: of a repeated name the last member stays, as
// JSON.parse keeps it (recorded with node 22: JSON.stringify(JSON.parse(in))
// gives the same value as the output).
func TestDropShadowed(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{`{"a":1}`, `{"a":1}`},
		{`{"a":1,"a":2}`, `{"a":2}`},
		{`{"a":1, "b":2, "a":3}`, `{"b":2, "a":3}`},
		{`{"a":{"x":1,"x":[2]},"a":{"y":3}}`, `{"a":{"y":3}}`},
		{`{"a":{"x":1},"b":{"x":1,"x":2},"a":4,"a":5}`, `{"b":{"x":2},"a":5}`},
		{`{"\u0061":1,"a":2}`, `{"a":2}`},
		{`[{"k":"v","k":"w"},{"k":1}]`, `[{"k":"w"},{"k":1}]`},
	} {
		issues, fatal := jsonwire.Scan([]byte(tt.in), 100)
		if fatal {
			t.Fatalf("%s: %v", tt.in, issues)
		}
		if got := string(DropShadowed([]byte(tt.in), issues)); got != tt.want {
			t.Errorf("%s: got %s, want %s", tt.in, got, tt.want)
		}
	}
}

// TestValue: Value reads what encoding/json reads, except that unpaired
// surrogates stay and there is no nesting limit.
func TestValue(t *testing.T) {
	for _, in := range []string{
		`{}`, `[]`, `1`, `"x"`, `null`, ` {"a": [1, 2.5e3, -0, true, false, null, "s\n", {"b": {}}], "c": []} `,
		`{"a":1,"a":{"x":2}}`, `[[[]],[{}]]`, "\xef\xbb\xbf{\"a\":1}",
	} {
		got, err := Parse([]byte(in))
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		var want any
		dec := json.NewDecoder(strings.NewReader(in[jsonwire.BOMLen([]byte(in)):]))
		dec.UseNumber()
		if err := dec.Decode(&want); err != nil {
			t.Fatal(err)
		}
		if g, w := fmt.Sprint(got), fmt.Sprint(want); g != w {
			t.Errorf("%s: got %s, want %s", in, g, w)
		}
	}
	v, err := Parse([]byte(`{"\ud800":"\udc00x","\udc00":1}`))
	if err != nil {
		t.Fatal(err)
	}
	if m := v.(map[string]any); len(m) != 2 || m["\xed\xa0\x80"] != "\xed\xb0\x80x" {
		t.Errorf("surrogates: %q", m)
	}
	deep := strings.Repeat(`{"a":[`, 100000) + strings.Repeat(`]}`, 100000)
	v, err = Parse([]byte(deep))
	if err != nil {
		t.Fatal(err)
	}
	for n := 0; n < 100000; n++ {
		v = v.(map[string]any)["a"].([]any)
		if n < 99999 {
			v = v.([]any)[0]
		}
	}
}

// TestPrintableMatchesStringify: for a string of surrogates and valid
// text, the printed form is the inside of AppendString's quoting.
func TestPrintableMatchesStringify(t *testing.T) {
	for _, s := range []string{"a\xed\xa0\x80", "\xed\xb3\xbfé", "ok"} {
		q := string(AppendString(nil, s))
		if got := jsonwire.Printable(s); got != q[1:len(q)-1] {
			t.Errorf("jsonwire.Printable(%q) = %q, JSON.stringify inside quotes %q", s, got, q[1:len(q)-1])
		}
	}
}
