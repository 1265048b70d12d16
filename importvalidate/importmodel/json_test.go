package importmodel

import (
	"encoding/json"
	"testing"
)

// plainJSON accepts the plain texts it is there for, leaves the
// others to encoding/json's Valid, and never accepts what Valid refuses.
func TestPlainJSON(t *testing.T) {
	plain := []string{`{"color":"red","limit":120}`, ` [1, -2.5e+3, 0, true, false, null, {"a": []}] `, `{}`, `[]`, `"x"`}
	left := []string{`{"a":"\n"}`, `{"a":"é"}`, `{"a":01}`, `{"a":1.}`, `{"a":-}`, `{"a":1e}`, `{"a":1,}`, `[1,]`,
		`{"a" 1}`, `{a:1}`, `{"a":1}}`, `{"a":tru}`, "{\"a\":\"\x01\"}", ``,
		`[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]`}
	for _, s := range plain {
		if !plainJSON(s) || !json.Valid([]byte(s)) {
			t.Errorf("plainJSON(%q) = false, or json.Valid refuses it", s)
		}
	}
	for _, s := range left {
		if plainJSON(s) {
			t.Errorf("plainJSON(%q) = true, want it left to json.Valid", s)
		}
	}
}

// FuzzPlainJSON checks that plainJSON accepts nothing that
// encoding/json's Valid refuses.
func FuzzPlainJSON(f *testing.F) {
	for _, s := range []string{`{"color":"red","limit":120}`, `[1,2,{"a":null}]`, `{"a":1e5}`, `-0.5`, `{"a":[true,false]}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if plainJSON(s) && !json.Valid([]byte(s)) {
			t.Errorf("plainJSON(%q) accepts what json.Valid refuses", s)
		}
	})
}
