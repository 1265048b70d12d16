package gcsetting

import (
	"math"
	"runtime/debug"
	"testing"
)

func TestApply(t *testing.T) {
	// Restore the test binary's own setting afterwards.
	percent := debug.SetGCPercent(100)
	limit := debug.SetMemoryLimit(-1)
	t.Cleanup(func() {
		debug.SetGCPercent(percent)
		debug.SetMemoryLimit(limit)
	})
	want := Setting{Percent: 400, Limit: 96 << 20}
	for _, tc := range []struct {
		name    string
		env     map[string]string
		s       Setting
		applied bool
	}{
		{"nothing set", nil, want, true},
		{"GOGC set", map[string]string{"GOGC": "100"}, want, false},
		{"GOMEMLIMIT set", map[string]string{"GOMEMLIMIT": "1GiB"}, want, false},
		{"both set", map[string]string{"GOGC": "off", "GOMEMLIMIT": "1GiB"}, want, false},
		{"no limit", nil, Setting{Percent: 400}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			debug.SetGCPercent(100)
			debug.SetMemoryLimit(math.MaxInt64)
			got := Apply(func(k string) string { return tc.env[k] }, tc.s)
			if got != tc.applied {
				t.Fatalf("Apply = %v; want %v", got, tc.applied)
			}
			gotPercent := debug.SetGCPercent(100)
			gotLimit := debug.SetMemoryLimit(-1)
			wantPercent, wantLimit := 100, int64(math.MaxInt64)
			if tc.applied {
				wantPercent, wantLimit = tc.s.Percent, tc.s.Limit
			}
			if gotPercent != wantPercent || gotLimit != wantLimit {
				t.Errorf("collector at GOGC=%d, limit %d; want %d, %d", gotPercent, gotLimit, wantPercent, wantLimit)
			}
		})
	}
}
