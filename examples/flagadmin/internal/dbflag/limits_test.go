package dbflag

import (
	"flag"
	"io"
	"strings"
	"testing"
)

// TestLimits: -database-limits sets the limits it names and leaves the
// others nil; a name not known (with the nearest one), given twice, a
// value that is no whole number from 0 up, or nothing at all, is refused
// at parse time with what is wrong.
func TestLimits(t *testing.T) {
	for _, tt := range []struct {
		value   string
		want    map[string]int64
		wantErr string
	}{
		{"constraints=50", map[string]int64{"constraints": 50}, ""},
		{" constraints=0 , featureFlags=10000,strategySegments=8", map[string]int64{"constraints": 0, "featureFlags": 10000, "strategySegments": 8}, ""},
		{"constraintValues=1,featureEnvironmentStrategies=2", map[string]int64{"constraintValues": 1, "featureEnvironmentStrategies": 2}, ""},
		{"contraints=5", nil, `no limit is named "contraints"`},
		{"contraints=5", nil, `did you mean "constraints"?`},
		{"constraints=5,constraints=6", nil, "constraints is given twice"},
		{"constraints=-1", nil, "constraints=-1: the limit must be a whole number from 0 up"},
		{"constraints=1.5", nil, "whole number"},
		{"constraints", nil, `"constraints" is not name=N`},
		{"", nil, "no limit given"},
	} {
		fs := flag.NewFlagSet("x", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		f := Register(fs, "to read")
		err := fs.Parse([]string{"-" + LimitsFlag, tt.value})
		if (err == nil) != (tt.wantErr == "") || (err != nil && !strings.Contains(err.Error(), tt.wantErr)) {
			t.Errorf("%q: %v, want %q", tt.value, err, tt.wantErr)
			continue
		}
		if err != nil {
			continue
		}
		got := map[string]int64{}
		for _, n := range f.Limits().Fields() {
			if *n.Value != nil {
				got[n.Name] = **n.Value
			}
		}
		if len(got) != len(tt.want) {
			t.Errorf("%q: %v, want %v", tt.value, got, tt.want)
		}
		for k, v := range tt.want {
			if got[k] != v {
				t.Errorf("%q: %s = %d, want %d", tt.value, k, got[k], v)
			}
		}
	}
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	if f := Register(fs, "to read"); fs.Parse(nil) != nil || f.Limits() != nil {
		t.Error("without the flag, limits are given")
	}
}
