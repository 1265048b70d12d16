package schema

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestDoubleNumber checks the stand-ins the schema library checks: the
// shortest decimal of each number's double, ±1e400 beyond the range; a
// number is reported changed exactly when it is not its own stand-in.
func TestDoubleNumber(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"5", "5"},
		{"-12", "-12"},
		{"1000.00000000000001", "1000"},
		{"1000.0000000000001", "1000.0000000000001"},
		{"1e-400", "0"},
		{"-1e-400", "-0"},
		{"1e400", "1e400"},
		{"-1e400", "-1e400"},
		{"1e999999999999", "1e400"},
		{"1e20", "1e+20"},
		{"5.0", "5"},
		{"123456789012345678901234567890", "1.2345678901234568e+29"},
		{"0.1", "0.1"},
		{"1" + strings.Repeat("0", 5000), "1e400"},
		{"0." + strings.Repeat("0", 5000) + "1", "0"},
	} {
		got, changed := doubleNumber(json.Number(tc.in))
		if string(got) != tc.want || changed != (tc.want != tc.in) {
			t.Errorf("doubleNumber(%.40s) = %s, %v, want %s", tc.in, got, changed, tc.want)
		}
	}
}

// TestHeldInteger checks what an int64 member holds for an integer as the
// reference reads it.
func TestHeldInteger(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		fits     bool
	}{
		{"5.0", "5", true},
		{"1e2", "100", true},
		{"1.0000000000000001", "1", true},
		{"-0.0", "0", true},
		{"1e18", "1000000000000000000", true},
		{"9223372036854775807", "9223372036854775807", false},  // 2^63 as a double
		{"-9223372036854775809", "-9223372036854775808", true}, // -2^63 as a double
		{"1e20", "9223372036854775807", false},
		{"-1e20", "-9223372036854775808", false},
		{"1e400", "9223372036854775807", false},
		{"-1e400", "-9223372036854775808", false},
	} {
		got, fits := heldInteger(tc.in)
		if got != tc.want || fits != tc.fits {
			t.Errorf("heldInteger(%s) = %s, %v, want %s, %v", tc.in, got, fits, tc.want, tc.fits)
		}
	}
}
