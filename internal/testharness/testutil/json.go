package testutil

import (
	"encoding/json"
	"regexp"
	"testing"
)

// DecodeJSON decodes b into a generic value (maps, slices, strings,
// float64, bool, nil) and fails tb when b is no JSON text.
func DecodeJSON(tb testing.TB, b []byte) any {
	tb.Helper()
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		tb.Fatalf("not JSON: %v: %s", err, b)
	}
	return v
}

// uuidV4 is the lower-case form of a random (version 4, variant 1) UUID,
// the form of the ids of the reference server's error bodies.
var uuidV4 = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)

// IsUUIDv4 reports whether s is a random UUID in lower case.
func IsUUIDv4(s string) bool { return uuidV4.MatchString(s) }
