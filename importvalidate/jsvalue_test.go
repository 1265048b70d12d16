package importvalidate

import (
	"encoding/json"
	"math"
	"testing"
)

func TestJSFormatFloat(t *testing.T) {
	for f, want := range map[float64]string{
		0: "0", math.Copysign(0, -1): "0", 1: "1", -1.5: "-1.5", 2000: "2000", 0.1: "0.1",
		1e21: "1e+21", 1e20: "100000000000000000000", 123456789012345680000: "123456789012345680000",
		1e-6: "0.000001", 1e-7: "1e-7", 1.5e-7: "1.5e-7", 1.25e22: "1.25e+22",
		math.Inf(1): "Infinity", math.Inf(-1): "-Infinity", 0.000123: "0.000123", 5e-324: "5e-324",
	} {
		if got := jsFormatFloat(f); got != want {
			t.Errorf("%g: got %s, want %s", f, got, want)
		}
	}
	for in, want := range map[string]string{"1.0": "1", "1E3": "1000", "-0": "0", "2.50": "2.5", "1e400": "Infinity", "12": "12"} {
		if got := jsNumberText(in); got != want {
			t.Errorf("jsNumberText(%s) = %s, want %s", in, got, want)
		}
	}
	if got := jsonNumberText("1e400"); got != "null" {
		t.Errorf("jsonNumberText(1e400) = %s", got)
	}
}

func TestJSStringify(t *testing.T) {
	for in, want := range map[string]string{
		"plain": `"plain"`, "q\"b\\": `"q\"b\\"`, "\n\t\x01\x1f": `"\n\t\u0001\u001f"`,
		"<&>\u2028é": "\"<&>\u2028é\"", "a\xffb": "\"a\ufffdb\"", "\x7f": "\"\x7f\"",
	} {
		if got := string(appendJSString(nil, in)); got != want {
			t.Errorf("%q: got %s, want %s", in, got, want)
		}
	}
	raw := []byte(" { \"b\" : [ 1.50 , \"\\u0041\\/\" , { } , [ ] , null , true ] , \"a\" : -0.0 } ")
	if got := string(appendCompact(nil, raw, 1)); got != `{"b":[1.5,"A/",{},[],null,true],"a":0}` {
		t.Errorf("appendCompact: %s", got)
	}
	raw = []byte(`{"b":1,"10":2,"a":{"x":1,"2":[]},"1":3,"b":4,"01":5}`)
	if got := string(appendCompact(nil, raw, 0)); got != `{"1":3,"10":2,"b":4,"a":{"2":[],"x":1},"01":5}` {
		t.Errorf("appendCompact in JavaScript key order: %s", got)
	}
	if got := string(appendCompact(nil, []byte(`"x" `), 0)); got != `"x"` {
		t.Errorf("appendCompact of a string: %s", got)
	}
	if got := jsToString([]any{json.Number("1"), nil, "x", map[string]any{}}); got != "1,,x,[object Object]" {
		t.Errorf("jsToString: %s", got)
	}
}

func TestCoerceScalar(t *testing.T) {
	n := func(s string) json.Number { return json.Number(s) }
	tests := []struct {
		types []string
		in    any
		want  any
		ok    bool
	}{
		{[]string{"string"}, n("5"), "5", true},
		{[]string{"string"}, n("1.50"), "1.5", true},
		{[]string{"string"}, true, "true", true},
		{[]string{"string"}, nil, "", true},
		{[]string{"string"}, "x", "x", false},
		{[]string{"string"}, []any{}, []any{}, false},
		{[]string{"string", "null"}, n("5"), "5", true},
		{[]string{"string", "null"}, nil, nil, false},
		{[]string{"number"}, "12", n("12"), true},
		{[]string{"number"}, " 1e3 ", n("1000"), true},
		{[]string{"number"}, "0x1F", n("31"), true},
		{[]string{"number"}, ".5", n("0.5"), true},
		{[]string{"number"}, "   ", n("0"), true},
		{[]string{"number"}, "", "", false},
		{[]string{"number"}, "12px", "12px", false},
		{[]string{"number"}, "Infinity", "Infinity", false},
		{[]string{"number"}, "1e400", "1e400", false},
		{[]string{"number"}, true, n("1"), true},
		{[]string{"number"}, nil, n("0"), true},
		{[]string{"integer"}, "7", n("7"), true},
		{[]string{"integer"}, "7.5", "7.5", false},
		{[]string{"integer"}, n("7.5"), n("7.5"), false},
		{[]string{"integer"}, n("7.0"), n("7.0"), false},
		{[]string{"integer", "null"}, "", nil, true},
		{[]string{"integer", "null"}, false, n("0"), true},
		{[]string{"boolean"}, "true", true, true},
		{[]string{"boolean"}, "false", false, true},
		{[]string{"boolean"}, "TRUE", "TRUE", false},
		{[]string{"boolean"}, n("1"), true, true},
		{[]string{"boolean"}, n("0.0"), false, true},
		{[]string{"boolean"}, n("2"), n("2"), false},
		{[]string{"boolean"}, nil, false, true},
		{[]string{"boolean", "null"}, "false", false, true},
		{[]string{"object"}, "x", "x", false},
	}
	for _, tt := range tests {
		got, ok := coerceScalar(tt.types, tt.in)
		gotJSON, _ := json.Marshal(got)
		wantJSON, _ := json.Marshal(tt.want)
		if ok != tt.ok || string(gotJSON) != string(wantJSON) {
			t.Errorf("coerceScalar(%v, %#v) = %#v, %v; want %#v, %v", tt.types, tt.in, got, ok, tt.want, tt.ok)
		}
	}
}
