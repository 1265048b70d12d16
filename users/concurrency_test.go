package users_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/flagadmin/flagadmin/auth"
	"github.com/flagadmin/flagadmin/internal/testharness/conformance"
	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/users"
)

// TestConcurrentListings shares one MemoryStore and Lister among 64
// goroutines that list the users as an admin, as a user holding ADMIN and
// as callers who may not (a viewer, a client token), sort and overwrite
// the listings they get, and encode them. Every encoded listing must be
// the one a sequential run gave, and every refusal a PermissionError or auth.ErrTokenKind.
func TestConcurrentListings(t *testing.T) {
	snap := conformance.MustState(t)
	seen := time.Date(2024, 5, 6, 7, 8, 9, 0, time.UTC)
	for i := range 300 {
		name := fmt.Sprintf("User %d", i)
		email := fmt.Sprintf("user%d@example.com", i)
		u := model.User{ID: int64(500 + 7*((i*37)%300)), Name: &name, Email: &email,
			Deleted: i%11 == 0, System: i%13 == 0, LoginAttempts: int64(i % 4)}
		if i%3 == 0 {
			u.SeenAt = &seen
			u.CreatedAt = &seen
		}
		if i%7 == 0 {
			u.AccountType = users.AccountService
		}
		snap.Users = append(snap.Users, u)
	}
	store := users.NewMemoryStore(snap)
	lister := &users.Lister{Store: store}
	ctx := context.Background()

	callers := []*auth.Principal{
		{Kind: auth.KindAdmin},
		{Kind: auth.KindUser, UserID: 1, Grants: []model.Grant{{Permission: auth.PermissionAdmin}}},
		{Kind: auth.KindUser, UserID: 2, Grants: []model.Grant{{Permission: "CREATE_FEATURE"}}},
		{Kind: auth.KindClient},
	}
	list := func(p *auth.Principal) ([]byte, error) {
		l, err := lister.List(ctx, p)
		if err != nil {
			return nil, err
		}
		return l.MarshalJSON()
	}
	want, err := list(callers[0])
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(want, []byte(`"User 299"`)) && !bytes.Contains(want, []byte(`"User 298"`)) {
		t.Fatalf("the listing lacks the added users: %.300s", want)
	}

	testutil.Concurrently(64, func(g int) {
		for r := range 8 {
			p := callers[(g+r)%len(callers)]
			got, err := list(p)
			if p.Kind == auth.KindClient || len(p.Grants) > 0 && p.Grants[0].Permission != auth.PermissionAdmin {
				var pe *auth.PermissionError
				if !errors.As(err, &pe) && !errors.Is(err, auth.ErrTokenKind) {
					t.Errorf("goroutine %d: %v may not list users; got %v", g, p, err)
					return
				}
				continue
			}
			if err != nil || !bytes.Equal(got, want) {
				t.Errorf("goroutine %d: listing differs from the sequential one (%v):\n%.300s\nwant\n%.300s", g, err, got, want)
				return
			}
			// The slices of the listing and of the store are the
			// caller's own: reordering and overwriting their elements
			// must not reach another listing.
			l, err := lister.List(ctx, p)
			if err != nil {
				t.Error(err)
				return
			}
			for i, j := 0, len(l.Users)-1; i < j; i, j = i+1, j-1 {
				l.Users[i], l.Users[j] = l.Users[j], l.Users[i]
			}
			for i := range l.RootRoles {
				l.RootRoles[i].Name = "spoilt"
			}
			all, err := store.Users(ctx)
			if err != nil {
				t.Error(err)
				return
			}
			spoilt := "spoilt"
			for i := range all {
				all[i].Name = &spoilt
			}
		}
	})
	if got, err := list(callers[0]); err != nil || !bytes.Equal(got, want) {
		t.Fatalf("listing after the concurrent run differs (%v)", err)
	}
}
