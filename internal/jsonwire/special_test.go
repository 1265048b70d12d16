package jsonwire

import (
	"bytes"
	"testing"
)

// TestSpecialBytes checks the SWAR scan of strings against a byte loop.
func TestSpecialBytes(t *testing.T) {
	for _, special := range []byte{0, 0x1f, '"', '\\', 0x80, 0xff} {
		for pos := 0; pos < 8; pos++ {
			for _, fill := range []byte{' ', 'a', '!', '#', '[', ']', 0x7f} {
				b := bytes.Repeat([]byte{fill}, 8)
				b[pos] = special
				x := uint64(0)
				for i := 7; i >= 0; i-- {
					x = x<<8 | uint64(b[i])
				}
				m := SpecialBytes(x)
				if m == 0 {
					t.Fatalf("%q: special byte at %d not flagged", b, pos)
				}
				if first := bitsTrailing(m) / 8; first != pos {
					t.Fatalf("%q: first flagged byte %d, want %d", b, first, pos)
				}
			}
		}
	}
	for c := 0x20; c < 0x80; c++ {
		if c == '"' || c == '\\' {
			continue
		}
		if m := SpecialBytes(uint64(c) * lsb); m != 0 {
			t.Fatalf("plain byte %q flagged: %x", rune(c), m)
		}
	}
}

// bitsTrailing is the number of trailing zero bits of a non-zero x.
func bitsTrailing(x uint64) int {
	n := 0
	for x&1 == 0 {
		x >>= 1
		n++
	}
	return n
}
