package model

import (
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
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

// DateTime is a date-time member of the import body, as written. The
// reference server's validator accepts forms that RFC 3339 does not (no
// zone, a space or other white space between date and time), so the
// member keeps its text, which encoding writes back unchanged; Time reads
// the instant it names when it can.
type DateTime string

// NewDateTime returns the DateTime of t, written in RFC 3339 with as many
// fraction digits as needed.
func NewDateTime(t time.Time) DateTime { return DateTime(t.Format(time.RFC3339Nano)) }

// Time returns the instant d names and true when d is an RFC 3339
// date-time as ParseDateTime reads it, or one of the looser forms the
// reference accepts: any single white-space character between date and
// time, a zone written ±hh or ±hhmm, or no zone at all, which is read as
// UTC. For anything else, such as an offset beyond what Go reads, it
// returns the zero time and false.
func (d DateTime) Time() (time.Time, bool) {
	s := string(d)
	if t, err := ParseDateTime(s); err == nil {
		return t, true
	}
	if norm, ok := normalizeDateTime(s); ok {
		if t, err := ParseDateTime(norm); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

// normalizeDateTime rewrites the looser forms Time accepts into RFC 3339:
// the separator as 'T', the zone as Z or ±hh:mm.
func normalizeDateTime(s string) (string, bool) {
	if len(s) < 11 {
		return "", false
	}
	date := s[:10]
	rest := s[10:]
	// The separator: one character, possibly of several bytes.
	r, size := utf8.DecodeRuneInString(rest)
	if r != 'T' && r != 't' && !unicode.IsSpace(r) && r != '\uFEFF' {
		return "", false
	}
	clock := rest[size:]
	if len(clock) < 8 {
		return "", false
	}
	// The zone begins after hh:mm:ss and the fraction.
	i := 8
	for i < len(clock) && (clock[i] == '.' || '0' <= clock[i] && clock[i] <= '9') {
		i++
	}
	body, zone := clock[:i], clock[i:]
	switch {
	case zone == "" || zone == "z" || zone == "Z":
		zone = "Z"
	case len(zone) == 3 && (zone[0] == '+' || zone[0] == '-'):
		zone += ":00"
	case len(zone) == 5 && (zone[0] == '+' || zone[0] == '-'):
		zone = zone[:3] + ":" + zone[3:]
	case len(zone) == 6 && (zone[0] == '+' || zone[0] == '-') && zone[3] == ':':
	default:
		return "", false
	}
	return date + "T" + body + zone, true
}
