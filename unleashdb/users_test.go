package unleashdb_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/flagadmin/flagadmin/auth"
	"github.com/flagadmin/flagadmin/users"
)

// TestUserListingMatchesSnapshot lists the users on the database and on
// users.NewMemoryStore of oracle-state.json: the JSON must be equal, and
// equal to the reference server's recorded answer.
func TestUserListingMatchesSnapshot(t *testing.T) {
	db := sharedInParallel(t)
	ctx := context.Background()
	admin := &auth.Principal{Kind: auth.KindAdmin}
	list := func(s users.Store) []byte {
		t.Helper()
		l, err := (&users.Lister{Store: s}).List(ctx, admin)
		if err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(l)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	got := list(db)
	want := list(users.NewMemoryStore(oracleSnapshot(t)))
	if string(got) != string(want) {
		t.Errorf("listing on the database:\n%s\nwant (snapshot):\n%s", got, want)
	}
	all, err := db.Users(ctx)
	if err != nil {
		t.Fatal(err)
	}
	system := 0
	for _, u := range all {
		if u.System {
			system++
		}
	}
	if system != 2 {
		t.Errorf("Users returned %d system users, want the 2 of the fixture", system)
	}
}

// TestUsersChanges checks deleted users, service accounts, used and
// expired invitations on a changed copy.
func TestUsersChanges(t *testing.T) {
	name := cloneInParallel(t)
	exec(t, name, `
		INSERT INTO users (id, name, email, is_service) VALUES (20, 'svc', NULL, true);
		INSERT INTO users (id, username, deleted_at) VALUES (21, 'deleted', now());
		UPDATE reset_tokens SET used_at = now() WHERE user_id = 2;
		UPDATE reset_tokens SET expires_at = now() - interval '1 hour' WHERE user_id = 3;`)
	db := openDB(t, name, nil)
	all, err := db.Users(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	type row struct {
		Account string
		Deleted bool
		Invite  string
	}
	got := map[int64]row{}
	for _, u := range all {
		got[u.ID] = row{u.AccountType, u.Deleted, u.InviteLink}
	}
	want := map[int64]row{
		-1337: {users.AccountUser, false, ""}, -42: {users.AccountUser, false, ""},
		1: {users.AccountUser, false, ""}, 2: {users.AccountUser, false, ""}, 3: {users.AccountUser, false, ""},
		20: {users.AccountService, false, ""}, 21: {users.AccountUser, true, ""},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("users (-want +got):\n%s", d)
	}
}
