package auth_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/flagadmin/flagadmin/auth"
	"github.com/flagadmin/flagadmin/internal/testharness/conformance"
	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
	"github.com/flagadmin/flagadmin/model"
)

// lookupAnswer is what one header gets from an Authenticator and
// Authorize, without the random error ids.
type lookupAnswer struct {
	Principal *auth.Principal
	// The errors of Authenticate, then of Authorize for the user listing
	// and for a validation, as text; "" when it succeeded.
	Authn, Admin, Validate string
	// Perms are the answers of HasPermission for a few permissions.
	Perms []bool
}

// concurrencySnapshot is oracle-state.json plus n tokens of every type,
// with users of their own.
func concurrencySnapshot(t *testing.T, n int) *model.Snapshot {
	t.Helper()
	s := conformance.MustState(t)
	types := []string{model.TokenAdmin, model.TokenClient, model.TokenFrontend, model.TokenPersonal}
	for i := range n {
		id := int64(1000 + i)
		s.Users = append(s.Users, model.User{ID: id, Deleted: i%9 == 0, Grants: []model.Grant{
			{Permission: "CREATE_FEATURE", Project: fmt.Sprintf("p%d", i%5)},
		}})
		tok := model.SnapshotToken{Secret: fmt.Sprintf("secret-%04d-%x", i, i*7919), Type: types[i%len(types)]}
		if tok.Type == model.TokenPersonal {
			tok.UserID = &id
		}
		s.Tokens = append(s.Tokens, tok)
	}
	return s
}

// TestConcurrentLookups shares one MemoryLookup and Authenticator among
// 64 goroutines that authenticate and authorize every token of a snapshot
// (and unknown, blank and malformed headers) in different orders, and
// modify the principals they get. Every answer must equal the one a
// sequential run gave.
func TestConcurrentLookups(t *testing.T) {
	s := concurrencySnapshot(t, 100)
	lookup, err := auth.NewMemoryLookup(s)
	if err != nil {
		t.Fatal(err)
	}
	authn := &auth.Authenticator{Lookup: lookup}
	ctx := context.Background()

	var headers []string
	for i, tok := range s.Tokens {
		switch i % 3 {
		case 0:
			headers = append(headers, tok.Secret)
		case 1:
			headers = append(headers, "Bearer "+tok.Secret)
		default:
			headers = append(headers, " bearer\t"+tok.Secret+" ")
		}
	}
	headers = append(headers, "", "Bearer", "Bearer ", "unknown-token", "Bearer unknown", "secret-0001")

	text := func(err error) string {
		if err == nil {
			return ""
		}
		return err.Error()
	}
	answer := func(h string) lookupAnswer {
		var a lookupAnswer
		p, err := authn.Authenticate(ctx, h)
		a.Authn = text(err)
		if err != nil {
			return a
		}
		a.Principal = p
		a.Admin = text(auth.Authorize(ctx, p, auth.RequireAdmin()))
		a.Validate = text(auth.Authorize(ctx, p, auth.Requirement{}))
		for _, perm := range [][3]string{{"ADMIN", "", ""}, {"CREATE_FEATURE", "p1", "development"}, {"UPDATE_FEATURE", "default", ""}} {
			ok, err := p.HasPermission(ctx, perm[0], perm[1], perm[2])
			if err != nil {
				t.Errorf("HasPermission: %v", err)
			}
			a.Perms = append(a.Perms, ok)
		}
		return a
	}
	want := make([]lookupAnswer, len(headers))
	kinds := map[auth.Kind]int{}
	for i, h := range headers {
		want[i] = answer(h)
		if want[i].Principal != nil {
			kinds[want[i].Principal.Kind]++
		}
	}
	if len(kinds) != 4 {
		t.Fatalf("kinds authenticated: %v; want all four", kinds)
	}

	testutil.Concurrently(64, func(g int) {
		for k := range headers {
			i := (k + 13*g) % len(headers)
			if g%2 == 1 {
				i = len(headers) - 1 - i
			}
			got := answer(headers[i])
			if d := cmp.Diff(want[i], got); d != "" {
				t.Errorf("goroutine %d, header %d: (-want +got):\n%s", g, i, d)
				return
			}
			// The principal is the caller's own: spoiling it must not
			// reach another lookup.
			if p := got.Principal; p != nil {
				p.Kind = auth.KindAdmin
				for j := range p.Grants {
					p.Grants[j] = model.Grant{Permission: "ADMIN"}
				}
			}
		}
	})
	for i, h := range headers {
		if d := cmp.Diff(want[i], answer(h)); d != "" {
			t.Fatalf("header %d after the concurrent run: (-want +got):\n%s", i, d)
		}
	}
}
