package unleashdb_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/unleashdb"
)

// writtenOracle is oracle-state.json as Snapshot reads the reference
// database: each token by its secret's digest, the users without their
// e-mail addresses and invitation links.
func writtenOracle(tb testing.TB) *model.Snapshot {
	tb.Helper()
	s := oracleSnapshot(tb)
	s.WithoutSecrets()
	s.WithoutPersonalData()
	return s
}

// TestSnapshotEqualsOracle: the snapshot of the reference database is
// oracle-state.json, each token told by its secret's digest, without the
// users' e-mail addresses and invitation links unless PersonalData asks
// for them.
func TestSnapshotEqualsOracle(t *testing.T) {
	t.Parallel()
	db := shared(t)
	if d := cmp.Diff(writtenOracle(t), snapshot(t, db), cmpopts.EquateEmpty()); d != "" {
		t.Errorf("snapshot (-oracle-state.json +database):\n%s", d)
	}
	personal, err := db.SnapshotWith(context.Background(), unleashdb.SnapshotOptions{PersonalData: true})
	if err != nil {
		t.Fatal(err)
	}
	want := oracleSnapshot(t)
	want.WithoutSecrets()
	if d := cmp.Diff(want, personal, cmpopts.EquateEmpty()); d != "" {
		t.Errorf("snapshot with PersonalData (-oracle-state.json +database):\n%s", d)
	}
}

// TestSnapshotHoldsNoSecret: written out, the snapshot holds no token's
// secret, no e-mail address and no invitation link of the database; read
// back, each of its tokens authenticates as it does on the database.
func TestSnapshotHoldsNoSecret(t *testing.T) {
	t.Parallel()
	db := shared(t)
	ctx := context.Background()
	b, err := json.Marshal(snapshot(t, db))
	if err != nil {
		t.Fatal(err)
	}
	oracle := oracleSnapshot(t)
	var private []string
	for _, tok := range oracle.Tokens {
		private = append(private, tok.Secret)
	}
	for _, u := range oracle.Users {
		if u.Email != nil {
			private = append(private, *u.Email)
		}
		if u.InviteLink != "" {
			private = append(private, u.InviteLink[strings.Index(u.InviteLink, "token=")+len("token="):])
		}
	}
	if len(private) < 8 {
		t.Fatalf("oracle-state.json has %d secrets, e-mail addresses and invitations; want 4 tokens, 2 of each", len(private))
	}
	for _, p := range append(private, "new-user?token=", `"secret"`, `"email"`, `"inviteLink"`) {
		if strings.Contains(string(b), p) {
			t.Errorf("the written snapshot holds %q", p)
		}
	}
	back, err := model.DecodeSnapshot(b)
	if err != nil {
		t.Fatal(err)
	}
	mem := memoryLookup(t, back)
	for _, tok := range oracle.Tokens {
		want, wantOK, err := db.LookupToken(ctx, tok.Secret)
		if err != nil {
			t.Fatal(err)
		}
		got, ok, _ := mem.LookupToken(ctx, tok.Secret)
		if !wantOK || ok != wantOK || got.Kind != want.Kind || got.UserID != want.UserID {
			t.Errorf("a %s token: from the snapshot %v %+v, from the database %v %+v", tok.Type, ok, got, wantOK, want)
		}
	}
}
