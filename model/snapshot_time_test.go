package model

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// TestSnapshotTimes: times are written as the reference writes them,
// three digits of fraction in UTC, and read back as the same instant.
func TestSnapshotTimes(t *testing.T) {
	created := time.Date(2026, 11, 23, 1, 2, 41, 760_000_000, time.FixedZone("x", 3600))
	seen := time.Date(2026, 11, 23, 1, 2, 3, 0, time.UTC)
	expires := time.Date(2099, 1, 1, 0, 0, 0, 123_456_789, time.UTC)
	uid := int64(7)
	s := &Snapshot{
		Users:  []User{{ID: 7, CreatedAt: &created, SeenAt: &seen}, {ID: 8}},
		Tokens: []SnapshotToken{{Secret: "s", Type: TokenPersonal, UserID: &uid, ExpiresAt: &expires}, {Secret: "t", Type: TokenAdmin}},
	}
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"createdAt":"2026-11-23T00:02:41.760Z"`, `"seenAt":"2026-11-23T01:02:03.000Z"`, `"expiresAt":"2099-01-01T00:00:00.123Z"`,
		`{"id":8}`, `{"secretSha256":"` + TokenDigest("t") + `","type":"admin"}`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("%s does not hold %s", b, want)
		}
	}
	back, err := DecodeSnapshot(b)
	if err != nil {
		t.Fatal(err)
	}
	trunc := expires.Truncate(time.Millisecond)
	s.Tokens[0].ExpiresAt = &trunc
	s.WithoutSecrets() // written as digests
	if d := cmp.Diff(s, back, cmp.Comparer(func(a, b time.Time) bool { return a.Equal(b) })); d != "" {
		t.Errorf("read back (-written +read):\n%s", d)
	}
}
