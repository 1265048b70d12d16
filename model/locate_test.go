package model

import (
	"errors"
	"testing"
)

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
