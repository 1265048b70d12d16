package model

import (
	"errors"
	"testing"
)

func TestPointerOffset(t *testing.T) {
	doc := []byte(`{"a": [1, {"b~c/d": true, "x": null}], "e" : {"f": "g"}, "a/b": 2}`)
	tests := []struct {
		ptr  string
		want string // the document from the offset on; "" for -1
	}{
		{"", `{"a"`},
		{"/a", `"a": [`},
		{"/a/0", `1, {`},
		{"/a/1", `{"b~c/d"`},
		{"/a/1/b~0c~1d", `"b~c/d": true`},
		{"/a/1/x", `"x": null`},
		{"/e/f", `"f": "g"`},
		{"/a~1b", `"a/b": 2`},
		{"/a/2", ""},
		{"/a/-1", ""},
		{"/a/x", ""},
		{"/nope", ""},
		{"/e/f/g", ""},
		{"a", ""},
	}
	for _, tt := range tests {
		got := pointerOffset(doc, tt.ptr)
		if tt.want == "" {
			if got != -1 {
				t.Errorf("pointerOffset(%q) = %d, want -1", tt.ptr, got)
			}
			continue
		}
		if got < 0 || int(got)+len(tt.want) > len(doc) || string(doc[got:int(got)+len(tt.want)]) != tt.want {
			t.Errorf("pointerOffset(%q) = %d, want the offset of %q", tt.ptr, got, tt.want)
		}
	}
}

func TestDecodeStrictPlacesUnknownMembers(t *testing.T) {
	doc := []byte("{\n  \"projects\": [{\"id\": \"p\", \"colour\": 1}]\n}")
	var s Snapshot
	err := DecodeStrict(doc, &s)
	var de *DecodeError
	if !errors.As(err, &de) {
		t.Fatalf("DecodeStrict = %v, want a *DecodeError", err)
	}
	if de.Location.Pointer != "/projects/0/colour" || de.Location.Offset != 29 {
		t.Fatalf("DecodeError = %+v, want pointer /projects/0/colour at byte 29", de)
	}
}
