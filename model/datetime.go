package model

import (
	"fmt"
	"strings"
	"time"
)

// ParseDateTime parses an RFC 3339 date-time as JSON Schema's "date-time"
// format defines it: the separator and the zone letter in either case, any
// number of fraction digits, and a leap second (":60"), which is read as the
// first instant of the next minute because [time.Time] has no leap seconds.
func ParseDateTime(s string) (time.Time, error) {
	norm := s
	if len(norm) > 10 && (norm[10] == 't' || norm[10] == ' ') {
		norm = norm[:10] + "T" + norm[11:]
	}
	if strings.HasSuffix(norm, "z") {
		norm = norm[:len(norm)-1] + "Z"
	}
	leap := false
	if len(norm) >= 19 && norm[17:19] == "60" {
		norm = norm[:17] + "59" + norm[19:]
		leap = true
	}
	t, err := time.Parse(time.RFC3339Nano, norm)
	if err != nil {
		return time.Time{}, fmt.Errorf("model: %q is not an RFC 3339 date-time", s)
	}
	if leap {
		t = t.Add(time.Second)
	}
	return t, nil
}
