package jsonwire

import (
	"bytes"
	"encoding/json"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

// members is what EachMember gives of the object at the start of d: each
// key and the text of its value.
func members(d []byte) []string {
	var out []string
	EachMember(d, SkipWS(d, 0), func(name []byte, v int) bool {
		out = append(out, string(name)+"="+string(d[v:SkipValue(d, v)]))
		return true
	})
	return out
}

// elements is what EachElement gives of the array at the start of d.
func elements(d []byte) []string {
	var out []string
	EachElement(d, SkipWS(d, 0), func(v int) { out = append(out, string(d[v:SkipValue(d, v)])) })
	return out
}

func TestEachMember(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{`{}`, nil},
		{` { } `, nil},
		{`{"a":1}`, []string{"a=1"}},
		{"{ \"a\" :\n\t[1, {\"x\": \"}\"}] , \"b\\\"c\": \"v,w\", \"a\": null }", []string{`a=[1, {"x": "}"}]`, `b"c="v,w"`, "a=null"}},
		{`{"featur\u0065s": 1, "caf\u00e9": 2}`, []string{"features=1", "café=2"}},
		{"{\"a\xffb\": 1}", []string{"a\ufffdb=1"}},
		{`{"k": {"nested": {"deep": [[], {}]}}, "z": -1.5e3}`, []string{`k={"nested": {"deep": [[], {}]}}`, "z=-1.5e3"}},
		{`[1, 2]`, nil},
		{`"not an object"`, nil},
	} {
		if got := members([]byte(tc.in)); !cmp.Equal(got, tc.want) {
			t.Errorf("EachMember(%s) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestEachElement(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{`[]`, nil},
		{` [ ] `, nil},
		{`[1]`, []string{"1"}},
		{`[ {"a": [1, 2]} ,"x]", true,null ,[ ] ]`, []string{`{"a": [1, 2]}`, `"x]"`, "true", "null", "[ ]"}},
		{`{"a": 1}`, nil},
	} {
		if got := elements([]byte(tc.in)); !cmp.Equal(got, tc.want) {
			t.Errorf("EachElement(%s) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// FuzzEachMember: on any valid JSON text whose value is an object or an
// array, EachMember and EachElement give the members and elements that
// encoding/json's decoder reads: each value's text exactly, and each name
// as the decoder reads it (texts with \u escapes or invalid UTF-8 aside,
// which the two read differently: a lone surrogate, U+FFFD per byte).
func FuzzEachMember(f *testing.F) {
	for _, s := range []string{`{}`, `{"a": [1, {"b": "}]"}], "c": "\\"", "a=": 2}`, `[1, "x", [], {"k": null}]`,
		`{"features": [{"project": "web"}, {"project": "p\u00e9"}], "featureEnvironments": []}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, d []byte) {
		if !json.Valid(d) {
			return
		}
		dec := json.NewDecoder(bytes.NewReader(d))
		dec.UseNumber() // 1e700 is valid JSON, out of a float64's range
		open, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		var keys, values []string
		for dec.More() {
			if open == json.Delim('{') {
				k, err := dec.Token()
				if err != nil {
					t.Fatal(err)
				}
				keys = append(keys, k.(string))
			}
			var raw json.RawMessage
			if err := dec.Decode(&raw); err != nil {
				t.Fatal(err)
			}
			values = append(values, string(raw))
		}
		var got []string
		switch open {
		case json.Delim('{'):
			k := 0
			EachMember(d, SkipWS(d, 0), func(name []byte, v int) bool {
				if k < len(keys) && !bytes.Contains(d, []byte(`\\u`)) && utf8.Valid(d) && string(name) != keys[k] {
					t.Errorf("name %d: %q, the decoder's %q", k, name, keys[k])
				}
				k++
				got = append(got, string(d[v:SkipValue(d, v)]))
				return true
			})
		case json.Delim('['):
			got = elements(d)
		default:
			return
		}
		if !cmp.Equal(got, values) {
			t.Errorf("%.200s: values %q, the decoder's %q", d, got, values)
		}
	})
}
