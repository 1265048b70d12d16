package testutil

import "testing"

// The values were computed outside Go from the definition of xorshift64
// with the shifts 13, 7 and 17.
func TestXorshift(t *testing.T) {
	x := NewXorshift(14)
	for i, want := range []uint64{15151776654, 16141901775903972233, 9417236295700912254, 7162956514178142670} {
		if got := x.Uint64(); got != want {
			t.Fatalf("value %d of seed 14 = %d, want %d", i, got, want)
		}
	}
	x = NewXorshift(5)
	for _, tt := range []struct{ n, want int }{{6, 3}, {43, 23}, {3, 1}, {1000, 737}, {7, 6}} {
		if got := x.Intn(tt.n); got != tt.want {
			t.Fatalf("Intn(%d) = %d, want %d", tt.n, got, tt.want)
		}
	}
}
