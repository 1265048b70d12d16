package testutil

import (
	"reflect"
	"testing"
)

func TestDecodeJSON(t *testing.T) {
	got := DecodeJSON(t, []byte(`{"a":[1,"x",true,null]}`))
	want := map[string]any{"a": []any{1.0, "x", true, nil}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("DecodeJSON = %#v, want %#v", got, want)
	}
	var rec recorder
	DecodeJSON(&rec, []byte(`{"a":`))
	if !rec.failed {
		t.Error("DecodeJSON of a cut text did not fail")
	}
}

func TestIsUUIDv4(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want bool
	}{
		{"0f8a3c1e-5b2d-4e6f-9a7b-1c2d3e4f5a6b", true},
		{"0f8a3c1e-5b2d-4e6f-8a7b-1c2d3e4f5a6b", true},
		{"0f8a3c1e-5b2d-3e6f-9a7b-1c2d3e4f5a6b", false}, // version 3
		{"0f8a3c1e-5b2d-4e6f-7a7b-1c2d3e4f5a6b", false}, // variant 0
		{"0F8A3C1E-5B2D-4E6F-9A7B-1C2D3E4F5A6B", false}, // upper case
		{"0f8a3c1e5b2d4e6f9a7b1c2d3e4f5a6b", false},
		{"", false},
	} {
		if got := IsUUIDv4(tt.in); got != tt.want {
			t.Errorf("IsUUIDv4(%q) = %v", tt.in, got)
		}
	}
}
