package unleashdb_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/flagadmin/flagadmin/auth"
	"github.com/flagadmin/flagadmin/model"
)

// TestTokenTypes: the type of api_tokens is read in any case, by the
// lookup and the snapshot alike; a type the reference does not know
// authenticates no one (401, not a failed lookup) and is left out of the
// snapshot; an API token typed "personal" is no user's.
func TestTokenTypes(t *testing.T) {
	name := cloneInParallel(t)
	exec(t, name, `INSERT INTO api_tokens (secret, username, type) VALUES
		('upper-admin', 'u', 'ADMIN'), ('mixed-frontend', 'u', 'Frontend'), ('mystery', 'u', 'mystery'), ('fake-personal', 'u', 'personal')`)
	db := openDB(t, name, nil)
	ctx := context.Background()
	for secret, want := range map[string]auth.Kind{"upper-admin": auth.KindAdmin, "mixed-frontend": auth.KindFrontend, "mystery": "", "fake-personal": ""} {
		p, ok, err := db.LookupToken(ctx, secret)
		switch {
		case err != nil:
			t.Errorf("%s: %v", secret, err)
		case want == "" && ok:
			t.Errorf("%s authenticates as %+v", secret, p)
		case want != "" && (!ok || p.Kind != want):
			t.Errorf("%s: ok %v, principal %+v; want %s", secret, ok, p, want)
		}
	}
	s := snapshot(t, db)
	got := map[string]string{}
	for _, tok := range s.Tokens {
		got[tok.SecretSHA256] = tok.Type
	}
	if got[model.TokenDigest("upper-admin")] != model.TokenAdmin || got[model.TokenDigest("mixed-frontend")] != model.TokenFrontend {
		t.Errorf("snapshot types: %q", got)
	}
	for _, secret := range []string{"mystery", "fake-personal"} {
		if typ, ok := got[model.TokenDigest(secret)]; ok {
			t.Errorf("snapshot holds %s as %q", secret, typ)
		}
	}
	if _, err := auth.NewMemoryLookup(s); err != nil {
		t.Errorf("NewMemoryLookup of the snapshot: %v", err)
	}
}

// TestSnapshotTokenExpiry: a token that expires after the snapshot was
// written stops authenticating from the snapshot when it stops in the
// database. The tokens expire a few seconds after they are written; when
// the snapshot and the first lookups were not done before (a loaded
// machine), the test writes the expiries again further out and repeats
// them, so that what it asserts before the expiry is checked before it.
func TestSnapshotTokenExpiry(t *testing.T) {
	name := cloneInParallel(t)
	db := openDB(t, name, nil)
	ctx := context.Background()
	var (
		mem     auth.TokenLookup
		latest  time.Time
		checked bool
	)
	for _, window := range []int{2, 8, 30} {
		exec(t, name, fmt.Sprintf(`DELETE FROM api_tokens WHERE secret = 'soon';
		INSERT INTO api_tokens (secret, username, type, expires_at) VALUES ('soon', 'u', 'admin', now() + interval '%[1]d seconds');
		UPDATE personal_access_tokens SET expires_at = now() + interval '%[1]d seconds' WHERE user_id = 2`, window))
		s := snapshot(t, db)
		mem = memoryLookup(t, s)
		latest = time.Time{}
		for _, tok := range s.Tokens {
			if tok.ExpiresAt != nil && tok.ExpiresAt.Before(time.Now().Add(time.Hour)) && tok.ExpiresAt.After(latest) {
				latest = *tok.ExpiresAt
			}
		}
		if latest.IsZero() {
			t.Fatalf("the snapshot keeps no expiry: %+v", s.Tokens)
		}
		var before []string
		for _, secret := range []string{"soon", viewerToken} {
			if _, ok, err := mem.LookupToken(ctx, secret); !ok || err != nil {
				before = append(before, fmt.Sprintf("%s before its expiry: ok %v, err %v", secret, ok, err))
			}
		}
		if time.Now().After(latest) {
			t.Logf("the lookups came %v after the expiry, %d s after the tokens were written: again with a later one", time.Since(latest), window)
			continue
		}
		for _, msg := range before {
			t.Error(msg)
		}
		checked = true
		break
	}
	if !checked {
		t.Fatal("the snapshot and the lookups never came before the tokens' expiry, 30 s after they were written")
	}
	time.Sleep(time.Until(latest) + 50*time.Millisecond)
	for _, secret := range []string{"soon", viewerToken} {
		_, memOK, _ := mem.LookupToken(ctx, secret)
		_, dbOK, err := db.LookupToken(ctx, secret)
		if memOK || dbOK || err != nil {
			t.Errorf("%s after its expiry: snapshot ok %v, database ok %v (err %v); want neither", secret, memOK, dbOK, err)
		}
	}
}
