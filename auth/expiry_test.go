package auth

import (
	"context"
	"testing"
	"time"

	"github.com/flagadmin/flagadmin/model"
)

// TestMemoryLookupExpiry: a token of a snapshot whose expiry has passed
// does not authenticate, whatever its type; one that expires later, or
// never, does.
func TestMemoryLookupExpiry(t *testing.T) {
	past := time.Now().Add(-time.Minute)
	future := time.Now().Add(time.Hour)
	uid := int64(1)
	s := &model.Snapshot{
		Users: []model.User{{ID: 1}},
		Tokens: []model.SnapshotToken{
			{Secret: "admin-expired", Type: model.TokenAdmin, ExpiresAt: &past},
			{Secret: "personal-expired", Type: model.TokenPersonal, UserID: &uid, ExpiresAt: &past},
			{Secret: "admin-later", Type: model.TokenAdmin, ExpiresAt: &future},
			{Secret: "personal-later", Type: model.TokenPersonal, UserID: &uid, ExpiresAt: &future},
			{Secret: "admin-never", Type: model.TokenAdmin},
		},
	}
	l, err := NewMemoryLookup(s)
	if err != nil {
		t.Fatal(err)
	}
	for secret, want := range map[string]bool{
		"admin-expired": false, "personal-expired": false, "admin-later": true, "personal-later": true, "admin-never": true,
	} {
		p, ok, err := l.LookupToken(context.Background(), secret)
		if err != nil || ok != want || (ok && p == nil) {
			t.Errorf("%s: ok %v, err %v; want ok %v", secret, ok, err, want)
		}
	}
}
