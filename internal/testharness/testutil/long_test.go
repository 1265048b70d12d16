package testutil

import "testing"

func TestSized(t *testing.T) {
	for _, tc := range []struct {
		env  string
		want int
	}{{"", 2}, {"0", 2}, {"1", 9}} {
		t.Setenv(LongEnv, tc.env)
		if got := Sized(2, 9); got != tc.want {
			t.Errorf("%s=%q: Sized(2, 9) = %d, want %d", LongEnv, tc.env, got, tc.want)
		}
	}
}
