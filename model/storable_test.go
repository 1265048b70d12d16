package model

import (
	"slices"
	"testing"
)

func TestStorable(t *testing.T) {
	for _, tt := range []struct {
		name string
		want bool
	}{
		{"feature-a", true},
		{"", true},
		{"naïve ✓ 😀", true},
		{"a\x00b", false},
		{"\xed\xa0\x80", false},  // WTF-8 of an unpaired \ud800
		{"x\xed\xbf\xbf", false}, // \udfff
		{"\xff", false},
	} {
		if got := Storable(tt.name); got != tt.want {
			t.Errorf("Storable(%q) = %v, want %v", tt.name, got, tt.want)
		}
	}
	in := []string{"a", "b\x00", "c", "\xed\xa0\x80", "d"}
	if got := StorableOnly(in); !slices.Equal(got, []string{"a", "c", "d"}) {
		t.Errorf("StorableOnly = %q", got)
	}
	if !slices.Equal(in, []string{"a", "b\x00", "c", "\xed\xa0\x80", "d"}) {
		t.Errorf("StorableOnly changed its argument: %q", in)
	}
	ok := []string{"a", "b"}
	if got := StorableOnly(ok); &got[0] != &ok[0] {
		t.Error("StorableOnly copied names that were all storable")
	}
}
