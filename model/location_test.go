package model

import "testing"

// TestPosition checks the line and column of offsets at line starts, line
// ends, on empty lines and past the end.
func TestPosition(t *testing.T) {
	b := []byte("ab\ncd\n\nef")
	for _, tt := range []struct {
		off       int64
		line, col int
	}{{0, 1, 1}, {2, 1, 3}, {3, 2, 1}, {6, 3, 1}, {7, 4, 1}, {8, 4, 2}, {99, 4, 3}} {
		if l, c := position(b, tt.off); l != tt.line || c != tt.col {
			t.Errorf("position(%d) = %d:%d, want %d:%d", tt.off, l, c, tt.line, tt.col)
		}
	}
}

// TestDecodeErrorLocation checks that a decoding failure carries the line
// and column of its offset.
func TestDecodeErrorLocation(t *testing.T) {
	var s Snapshot
	err := DecodeStrict([]byte("{\n  \"projects\": [\n    {\"id\": 1}\n  ]\n}"), &s)
	de, ok := err.(*DecodeError)
	if !ok {
		t.Fatalf("DecodeStrict = %v, want a *DecodeError", err)
	}
	if de.Location.Line != 3 || de.Location.Column < 5 || de.Location.Pointer == "" {
		t.Fatalf("location %+v, want line 3 at or after column 5 with a pointer", de.Location)
	}
}
