package model_test

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/flagadmin/flagadmin/model"
)

// TestDateTimeTime covers the forms the reference's date-time check
// accepts: the instant of each, where one can be read.
func TestDateTimeTime(t *testing.T) {
	at := func(y int, mo time.Month, d, h, mi, s, ns int, off int) time.Time {
		return time.Date(y, mo, d, h, mi, s, ns, time.FixedZone("", off))
	}
	for _, tc := range []struct {
		in    string
		valid bool
		want  time.Time
	}{
		{"2024-01-02T03:04:05Z", true, at(2024, 1, 2, 3, 4, 5, 0, 0)},
		{"2024-01-02t03:04:05.5z", true, at(2024, 1, 2, 3, 4, 5, 500000000, 0)},
		{"2024-01-02 03:04:05Z", true, at(2024, 1, 2, 3, 4, 5, 0, 0)},
		{"2024-01-02T03:04:05", true, at(2024, 1, 2, 3, 4, 5, 0, 0)},              // no zone: UTC
		{"2024-01-02\u00a003:04:05+0130", true, at(2024, 1, 2, 3, 4, 5, 0, 5400)}, // no-break space, ±hhmm
		{"2024-01-02\u300003:04:05-01", true, at(2024, 1, 2, 3, 4, 5, 0, -3600)},  // ideographic space, ±hh
		{"2024-01-02\ufeff03:04:05.25", true, at(2024, 1, 2, 3, 4, 5, 250000000, 0)},
		{"2016-12-31T23:59:60Z", true, at(2017, 1, 1, 0, 0, 0, 0, 0)},
		{"2024-01-02T03:04:05+24:00", true, at(2024, 1, 2, 3, 4, 5, 0, 24*3600)},
		{"2024-01-02T03:04:05+99:99", false, time.Time{}}, // the reference accepts it; Go reads no such offset
		{"not a date", false, time.Time{}},
		{"", false, time.Time{}},
	} {
		got, valid := model.DateTime(tc.in).Time()
		if valid != tc.valid || !got.Equal(tc.want) {
			t.Errorf("DateTime(%q).Time() = %v, %v, want %v, %v", tc.in, got, valid, tc.want, tc.valid)
		}
		if tc.valid {
			_, off := got.Zone()
			_, wantOff := tc.want.Zone()
			if off != wantOff {
				t.Errorf("DateTime(%q).Time(): offset %d, want %d", tc.in, off, wantOff)
			}
		}
	}
}

// TestDateTimeJSON checks that a date-time member is written back as it
// was read, whatever its form, and that NewDateTime writes RFC 3339.
func TestDateTimeJSON(t *testing.T) {
	for _, in := range []string{
		`{"stage":"live","status":null,"enteredStageAt":"2024-01-02 03:04:05"}`,
		`{"stage":"live","enteredStageAt":"2024-01-02T03:04:05+24:00"}`,
		`{"stage":"live","enteredStageAt":"2024-01-02\u00a003:04:05.000000000001-0130"}`,
	} {
		var l model.Lifecycle
		if err := json.Unmarshal([]byte(in), &l); err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		out, err := json.Marshal(l)
		if err != nil {
			t.Fatal(err)
		}
		var a, b any
		if err := json.Unmarshal([]byte(in), &a); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(out, &b); err != nil {
			t.Fatal(err)
		}
		if a.(map[string]any)["enteredStageAt"] != b.(map[string]any)["enteredStageAt"] {
			t.Errorf("%s: written back as %s", in, out)
		}
	}
	d := model.NewDateTime(time.Date(2024, 5, 1, 12, 0, 0, 5, time.UTC))
	if b, _ := json.Marshal(d); string(b) != `"2024-05-01T12:00:00.000000005Z"` {
		t.Errorf("NewDateTime written as %s", b)
	}
	var bad model.DateTime
	if err := json.Unmarshal([]byte(`5`), &bad); err == nil {
		t.Error("a number decoded as a date-time")
	}
}

// A date-time the reference accepts but RFC 3339 does not keeps its text;
// its instant is read where Go can read one.
func ExampleDateTime_Time() {
	for _, s := range []string{"2024-05-01 12:00:00", "2024-05-01T12:00:00+0200", "2024-05-01T12:00:00+99:99"} {
		d := model.DateTime(s)
		if t, ok := d.Time(); ok {
			fmt.Printf("%s -> %s\n", d, t.UTC().Format(time.RFC3339))
		} else {
			fmt.Printf("%s -> text only\n", d)
		}
	}
	// Output:
	// 2024-05-01 12:00:00 -> 2024-05-01T12:00:00Z
	// 2024-05-01T12:00:00+0200 -> 2024-05-01T10:00:00Z
	// 2024-05-01T12:00:00+99:99 -> text only
}
