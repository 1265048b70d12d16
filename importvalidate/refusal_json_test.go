package importvalidate

import (
	"encoding/json"
	"testing"
)

// refusalPlainJSON never accepts what encoding/json's Valid refuses, and
// accepts the plain texts it is there for.
func TestRefusalPlainJSON(t *testing.T) {
	for _, tc := range []struct {
		s     string
		plain bool
	}{
		{`{"color":"red","limit":120}`, true},
		{` [1, -2.5e+3, 0, true, false, null, {"a": []}] `, true},
		{`{}`, true},
		{`[]`, true},
		{`{"a":"\n"}`, false},
		{`{"a":"é"}`, false},
		{`{"a":01}`, false},
		{`{"a":1.}`, false},
		{`{"a":-}`, false},
		{`{"a":1e}`, false},
		{`{"a":1,}`, false},
		{`[1,]`, false},
		{`{"a" 1}`, false},
		{`{a:1}`, false},
		{`{"a":1}}`, false},
		{`{"a":tru}`, false},
		{`[` + string(make([]byte, 0)) + `]`, true},
		{"{\"a\":\"\x01\"}", false},
		{`[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]`, false},
		{``, false},
		{`"x"`, true},
	} {
		got := refusalPlainJSON(tc.s)
		if got != tc.plain {
			t.Errorf("refusalPlainJSON(%q) = %v, want %v", tc.s, got, tc.plain)
		}
		if got && !json.Valid([]byte(tc.s)) {
			t.Errorf("refusalPlainJSON(%q) accepts what json.Valid refuses", tc.s)
		}
	}
}

// FuzzRefusalPlainJSON checks that refusalPlainJSON accepts nothing that
// encoding/json's Valid refuses.
func FuzzRefusalPlainJSON(f *testing.F) {
	for _, s := range []string{`{"color":"red","limit":120}`, `[1,2,{"a":null}]`, `{"a":1e5}`, `-0.5`, `{"a":[true,false]}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if refusalPlainJSON(s) && !json.Valid([]byte(s)) {
			t.Errorf("refusalPlainJSON(%q) accepts what json.Valid refuses", s)
		}
	})
}
