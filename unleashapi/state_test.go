package unleashapi_test

import (
	"bytes"
	stdcmp "cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/internal/testharness/statetest"
	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/unleashapi"
	"github.com/flagadmin/flagadmin/unleashdb"
)

// Snapshot over the API equals Snapshot over the database of the same
// instance, member by member, once the database's snapshot is cut down to
// what the package documentation says the API cannot show.
func TestSnapshotMatchesDatabase(t *testing.T) {
	s := needInParallel(t)
	ctx := context.Background()
	c, _ := newClient(t, s.URL, unleashapi.Options{})
	got, err := c.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	db := openDatabase(t, s, unleashdb.Options{UnleashURL: oracleURL})
	want, err := db.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	// What the admin API does not show (see the package documentation).
	var roles []model.Role
	for _, r := range want.Roles {
		if r.Type == "root" || r.Type == "root-custom" {
			r.Grants = nil
			roles = append(roles, r)
		}
	}
	want.Roles = roles
	var us []model.User
	for _, u := range want.Users {
		if u.Deleted || u.AccountType == "Service Account" {
			continue
		}
		u.Grants = nil
		us = append(us, u)
	}
	want.Users = us
	want.Tokens = slices.DeleteFunc(want.Tokens, func(t model.SnapshotToken) bool { return t.Type == model.TokenPersonal })
	// The import's facts the API does not show: per feature the number of
	// strategies and the parents. It shows no change requests or
	// milestone strategies either, and has none as the open-source
	// edition.
	for i := range want.Features {
		want.Features[i].StrategyCounts, want.Features[i].Parents = nil, nil
	}
	// Strategies come in the instance's order, not the database's.
	byName := func(a, b model.SnapshotStrategy) int { return stdcmp.Compare(a.Name, b.Name) }
	slices.SortFunc(want.Strategies, byName)
	slices.SortFunc(got.Strategies, byName)

	for _, m := range []struct {
		name      string
		got, want any
	}{
		{"environments", got.Environments, want.Environments},
		{"projects", got.Projects, want.Projects},
		{"strategies", got.Strategies, want.Strategies},
		{"contextFields", got.ContextFields, want.ContextFields},
		{"segments", got.Segments, want.Segments},
		{"tagTypes", got.TagTypes, want.TagTypes},
		{"features", got.Features, want.Features},
		{"roles", got.Roles, want.Roles},
		{"users", got.Users, want.Users},
		{"tokens", got.Tokens, want.Tokens},
		{"import facts", []any{got.ResourceLimits, got.FeatureTypes, got.Tags, got.ChangeRequests, got.Unknown},
			[]any{want.ResourceLimits, want.FeatureTypes, want.Tags, want.ChangeRequests, want.Unknown}},
	} {
		if d := cmp.Diff(m.want, m.got); d != "" {
			t.Errorf("%s (-database +api):\n%s", m.name, d)
		}
	}
	// What the dump lacks, added by need: a context field of a project, a
	// user without a root role.
	if i := slices.IndexFunc(got.ContextFields, func(f model.SnapshotContextField) bool { return f.Name == scopedField }); i < 0 || got.ContextFields[i].Project == nil || *got.ContextFields[i].Project != "other" {
		t.Errorf("the snapshot does not hold the context field %s of project other", scopedField)
	}
	if i := slices.IndexFunc(got.Users, func(u model.User) bool { return u.Username != nil && *u.Username == noRootRoleUser }); i < 0 || got.Users[i].RootRole == nil || *got.Users[i].RootRole != 3 {
		t.Errorf("the snapshot does not hold the user %s with the Viewer role (3), as the listing shows it", noRootRoleUser)
	}
	if len(got.Features) == 0 || len(got.Users) == 0 || len(got.Tokens) == 0 {
		t.Errorf("the snapshot is nearly empty: %d features, %d users, %d tokens", len(got.Features), len(got.Users), len(got.Tokens))
	}
	// Tokens are told by their digests; the users' e-mail addresses and
	// invitation links are there only when asked for.
	for _, tok := range got.Tokens {
		if tok.Secret != "" || tok.SecretSHA256 == "" {
			t.Errorf("a %s token is not told by its digest alone", tok.Type)
		}
	}
	personal, err := c.SnapshotWith(ctx, unleashapi.SnapshotOptions{PersonalData: true})
	if err != nil {
		t.Fatal(err)
	}
	emails := 0
	for _, u := range personal.Users {
		if u.Email != nil {
			emails++
		}
	}
	personalUsers := personal.Users
	personal.WithoutPersonalData()
	if d := cmp.Diff(got.Users, personal.Users); d != "" || emails == 0 || slices.EqualFunc(personalUsers, got.Users, func(a, b model.User) bool { return a.InviteLink == b.InviteLink }) {
		t.Errorf("with PersonalData, the users (%d e-mail addresses) differ by more than their e-mail addresses and invitation links (-default +personal):\n%s", emails, d)
	}
	// The snapshot loads into the in-memory implementations.
	b, _ := json.Marshal(got)
	if _, err := model.DecodeSnapshot(b); err != nil {
		t.Fatal(err)
	}
}

// The State methods answer as unleashdb's on the same instance, for names
// that exist and names that do not.
func TestStateMatchesDatabase(t *testing.T) {
	s := needInParallel(t)
	ctx := context.Background()
	c, _ := newClient(t, s.URL, unleashapi.Options{})
	db := openDatabase(t, s, unleashdb.Options{})
	names := []string{"existing-flag", "archived-flag", "other-flag", "lim-existing", "nope", "", "flexibleRollout",
		"custom-strategy", "region", scopedField, "userId", "beta-users", "team", "simple", "x\u00e9/\"y"}
	sorted := func(v any) any {
		b, _ := json.Marshal(v)
		var out []any
		json.Unmarshal(b, &out)
		slices.SortFunc(out, func(a, b any) int {
			x, _ := json.Marshal(a)
			y, _ := json.Marshal(b)
			return stdcmp.Compare(string(x), string(y))
		})
		return out
	}
	// Asked through the State interface, as a validation asks.
	var st importvalidate.State = c
	check := func(what string, got, want any, gerr, werr error) {
		t.Helper()
		if gerr != nil || werr != nil {
			t.Fatalf("%s: api %v, database %v", what, gerr, werr)
		}
		if d := cmp.Diff(sorted(want), sorted(got)); d != "" {
			t.Errorf("%s (-database +api):\n%s", what, d)
		}
	}
	for _, q := range statetest.Questions(ctx, names, []string{"development", "production", "nope", ""}) {
		got, gerr := q.Ask(st)
		want, werr := q.Ask(db)
		check(q.What, got, want, gerr, werr)
	}
	for _, id := range []string{"default", "other", "limited", "nope", "a/b", ""} {
		gp, gok, gerr := statetest.Project(ctx, st, id)
		wp, wok, werr := statetest.Project(ctx, db, id)
		if gerr != nil || werr != nil {
			t.Fatalf("Project %q: api %v, database %v", id, gerr, werr)
		}
		if d := cmp.Diff(struct {
			P  importvalidate.Project
			OK bool
		}{wp, wok}, struct {
			P  importvalidate.Project
			OK bool
		}{gp, gok}); d != "" {
			t.Errorf("Project %q (-database +api):\n%s", id, d)
		}
	}
	if got, err := statetest.Features(ctx, st, nil); err != nil || got != nil {
		t.Errorf("Features(nil) = %v, %v", got, err)
	}
}

// A validation costs the same number of requests, at most 7, for an import
// of 10 features and one of 1 000 (10 000 in the long tests), into
// development (whose strategies come with the features' export) as into
// production, once the client has checked the instance's version as the
// commands do when they open it; with the answers still fresh, none for the
// same import and one (the export of the new names) for another.
func TestRoundTripsPerValidation(t *testing.T) {
	s := needInParallel(t)
	large := testutil.Sized(1000, 10000)
	counts := map[string][3]int64{}
	for _, env := range []string{"development", "production"} {
		for _, n := range []int{10, large} {
			c, cnt := newClient(t, s.URL, unleashapi.Options{ListTTL: 10 * 60e9})
			if _, err := c.Version(background()); err != nil {
				t.Fatal(err)
			}
			cnt.n.Store(0)
			v, err := importvalidate.New(importvalidate.Options{State: c})
			if err != nil {
				t.Fatal(err)
			}
			body := bytes.Replace(importBody(n), []byte(`"environment":"development"`), []byte(`"environment":"`+env+`"`), 1)
			target := importvalidate.Target{Permissions: importvalidate.AllPermissions{}}
			rep, err := v.Validate(background(), body, target)
			if err != nil {
				t.Fatal(err)
			}
			if rep.Structural.HasErrors() {
				t.Fatalf("%d features: the import is malformed: %s", n, rep.Summary())
			}
			var got [3]int64
			got[0] = cnt.n.Load()
			if _, err := v.Validate(background(), body, target); err != nil {
				t.Fatal(err)
			}
			got[1] = cnt.n.Load() - got[0]
			other := bytes.ReplaceAll(body, []byte(`"bulk-`), []byte(`"other-`))
			if _, err := v.Validate(background(), other, target); err != nil {
				t.Fatal(err)
			}
			got[2] = cnt.n.Load() - got[0] - got[1]
			t.Logf("%s, %d features: %d requests cold, %d warm, %d warm for other names", env, n, got[0], got[1], got[2])
			if got[0] > 7 || got[1] != 0 || got[2] != 1 {
				t.Errorf("%s, %d features: %v requests (cold, warm, other names), want at most 7, 0, 1", env, n, got)
			}
			counts[fmt.Sprint(env, n)] = got
		}
		if counts[fmt.Sprint(env, 10)] != counts[fmt.Sprint(env, large)] {
			t.Errorf("%s: requests differ with the size of the import: %v for 10, %v for %d", env, counts[fmt.Sprint(env, 10)], counts[fmt.Sprint(env, large)], large)
		}
	}
}

// The export the package reads is refused to nobody it serves: an error of
// the instance is an *Error with the endpoint.
func TestErrorNamesEndpoint(t *testing.T) {
	s := needInParallel(t)
	c, err := unleashapi.New(s.URL, "user:not-a-token", unleashapi.Options{})
	if err != nil {
		t.Fatal(err)
	}
	_, err = statetest.Features(background(), c, []string{"existing-flag"})
	var e *unleashapi.Error
	if !errors.As(err, &e) || e.Status != 401 || !errors.Is(err, unleashapi.ErrUnauthorized) {
		t.Fatalf("a wrong token gave %v, want a 401 *Error", err)
	}
	if e.Endpoint != "/api/admin/ui-config" {
		t.Errorf("endpoint %q", e.Endpoint)
	}
}
