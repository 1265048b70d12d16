package model

import "testing"

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
