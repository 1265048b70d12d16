package schema

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestCoerceScalar holds coerceScalar to ajv 8 with coerceTypes: true
// (recorded with node 22: the schema {"type": types} on a member, the
// member's value after validate). Where ajv makes the number Infinity of a
// string, the coerced JSON text is the stand-in 1e400, the same double.
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
		{[]string{"number"}, "Infinity", n("1e400"), true},
		{[]string{"number"}, "-Infinity", n("-1e400"), true},
		{[]string{"number"}, "+Infinity", n("1e400"), true},
		{[]string{"number"}, " Infinity ", n("1e400"), true},
		{[]string{"number"}, "infinity", "infinity", false},
		{[]string{"number"}, "1e400", n("1e400"), true},
		{[]string{"number"}, "-1e400", n("-1e400"), true},
		{[]string{"number"}, "1e309", n("1e400"), true},
		{[]string{"number"}, "0x" + strings.Repeat("f", 300), n("1e400"), true},
		{[]string{"number"}, "-0x10", "-0x10", false},
		{[]string{"number"}, "NaN", "NaN", false},
		{[]string{"integer"}, "Infinity", n("1e400"), true},
		{[]string{"integer"}, "-1e400", n("-1e400"), true},
		{[]string{"integer", "null"}, "-Infinity", n("-1e400"), true},
		{[]string{"boolean", "number"}, "1e400", n("1e400"), true},
		{[]string{"string"}, "Infinity", "Infinity", false},
		{[]string{"string"}, n("1e400"), "Infinity", true},
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
		{[]string{"string"}, n("1e21"), "1e+21", true},
		{[]string{"string"}, n("-0"), "0", true},
		{[]string{"number"}, "-0", n("0"), true},
		{[]string{"number"}, "0b101", n("5"), true},
		{[]string{"number"}, "1_000", "1_000", false},
		{[]string{"number"}, "\u00a012\u2028", n("12"), true},
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

// TestIsJSDecimal holds isJSDecimal to JavaScript's StrDecimalLiteral
// without Infinity (what Number() accepts once white space is trimmed).
func TestIsJSDecimal(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want bool
	}{
		{"5", true}, {"-5", true}, {"+5", true}, {"5.", true}, {".5", true}, {"5.5", true},
		{"+.5e3", true}, {"5.e3", true}, {"5E-3", true}, {"5e+03", true}, {"007", true},
		{"", false}, {"+", false}, {"-", false}, {".", false}, {"+.", false}, {".e3", false},
		{"e3", false}, {"5e", false}, {"5e+", false}, {"1.2.3", false}, {"5e3.1", false},
		{"--5", false}, {"5x", false}, {" 5", false}, {"Infinity", false}, {"0x10", false},
	} {
		if got := isJSDecimal(tt.in); got != tt.want {
			t.Errorf("isJSDecimal(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}
