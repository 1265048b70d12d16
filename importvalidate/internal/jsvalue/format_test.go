package jsvalue

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
		if got := FormatFloat(f); got != want {
			t.Errorf("%g: got %s, want %s", f, got, want)
		}
	}
	for in, want := range map[string]string{"1.0": "1", "1E3": "1000", "-0": "0", "2.50": "2.5", "1e400": "Infinity", "12": "12"} {
		if got := NumberText(in); got != want {
			t.Errorf("NumberText(%s) = %s, want %s", in, got, want)
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
		if got := string(AppendString(nil, in)); got != want {
			t.Errorf("%q: got %s, want %s", in, got, want)
		}
	}
	raw := []byte(" { \"b\" : [ 1.50 , \"\\u0041\\/\" , { } , [ ] , null , true ] , \"a\" : -0.0 } ")
	if got := string(AppendCompact(nil, raw, 1)); got != `{"b":[1.5,"A/",{},[],null,true],"a":0}` {
		t.Errorf("AppendCompact: %s", got)
	}
	raw = []byte(`{"b":1,"10":2,"a":{"x":1,"2":[]},"1":3,"b":4,"01":5}`)
	if got := string(AppendCompact(nil, raw, 0)); got != `{"1":3,"10":2,"b":4,"a":{"2":[],"x":1},"01":5}` {
		t.Errorf("AppendCompact in JavaScript key order: %s", got)
	}
	if got := string(AppendCompact(nil, []byte(`"x" `), 0)); got != `"x"` {
		t.Errorf("AppendCompact of a string: %s", got)
	}
	if got := String([]any{json.Number("1"), nil, "x", map[string]any{}}); got != "1,,x,[object Object]" {
		t.Errorf("String: %s", got)
	}
}
