package unleashapi_test

import (
	"context"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/internal/testharness/statetest"
	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
	"github.com/flagadmin/flagadmin/internal/testharness/unleashtest"
	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/unleashapi"
	"github.com/flagadmin/flagadmin/unleashdb"
)

// TestImportFactsOnDump validates an import over the import's facts read
// from the shared server's admin API (Options.ImportFacts): existing-flag
// of the dump, listed without its description and its strategy, gets the
// reference's warning that it exists and the rich report's warnings of
// what the import then resets and replaces, and none of a fact the admin
// API cannot tell: on the open-source edition no strategy is a
// release-plan one and change requests are enabled nowhere.
func TestImportFactsOnDump(t *testing.T) {
	s := needInParallel(t)
	p := faultyProxy(t, s.URL, nil)
	c, _ := newClient(t, p.URL, unleashapi.Options{ImportFacts: true})
	v, err := importvalidate.New(importvalidate.Options{State: c.Instance().State})
	if err != nil {
		t.Fatal(err)
	}
	body := []byte(`{"project":"default","environment":"development","data":{"features":[{"name":"existing-flag"}],"featureStrategies":[],"tagTypes":[]}}`)
	rep, err := v.Validate(context.Background(), body, importvalidate.Target{Permissions: importvalidate.AllPermissions{}})
	if err != nil {
		t.Fatal(err)
	}
	// Neither this validation nor one of a new feature, which reads the
	// number of active features, asks the feature search, which Unleash 8
	// answers 15 times a minute.
	create := []byte(`{"project":"default","environment":"development","data":{"features":[{"name":"new-flag"}],"featureStrategies":[],"tagTypes":[]}}`)
	if _, err := v.Validate(context.Background(), create, importvalidate.Target{Permissions: importvalidate.AllPermissions{}}); err != nil {
		t.Fatal(err)
	}
	if n := p.Requests("/api/admin/search/features"); n != 0 {
		t.Errorf("the validations searched the features %d times", n)
	}
	var got []string
	for _, d := range rep.Diagnostics() {
		if d.Severity != importvalidate.SeverityWarning {
			t.Errorf("%s %s: %s, want warnings alone", d.Severity, d.Code, d.Message())
		}
		got = append(got, string(d.Code))
	}
	want := []string{"feature-exists", "import-metadata-reset", "import-strategies-replaced"}
	if slices.Sort(got); !slices.Equal(got, want) {
		t.Errorf("codes %q, want %q", got, want)
	}
}

// TestImportFactsMatchDatabase asks the admin API and the database of the
// same instance the same questions about the import's facts: the answers
// must be equal, once the database's are cut down to what the package
// documentation says the API cannot show (change requests, release-plan
// milestone strategies: the setup writes them into the database of an
// open-source instance, which has no API for them, and whose admin API
// tells there are none), and the resource limits are the instance's
// defaults. Each question costs a bounded number of requests. A long test
// (FLAGADMIN_LONG=1, .ci/long): it starts a server of its own, whose
// database it changes.
func TestImportFactsMatchDatabase(t *testing.T) {
	testutil.SkipUnlessLong(t)
	s := unleashtest.StartForTest(t, unleashtest.Options{Dump: true})
	ctx := context.Background()
	if err := s.Cluster.Exec(ctx, s.Database, statetest.ImportFactsSetup); err != nil {
		t.Fatal(err)
	}
	c, cnt := newClient(t, s.URL, unleashapi.Options{ImportFacts: true})
	db := openDatabase(t, s, unleashdb.Options{})
	if _, err := c.Version(ctx); err != nil {
		t.Fatal(err)
	}
	for _, q := range statetest.ImportQueries() {
		before := cnt.n.Load()
		got, err := statetest.Facts(ctx, c, q)
		if err != nil {
			t.Fatal(err)
		}
		if n := cnt.n.Load() - before; n > 7 {
			t.Errorf("ImportFacts(%s, %s) sent %d requests, want at most 7", q.Project, q.Environment, n)
		}
		want, err := statetest.Facts(ctx, db, q)
		if err != nil {
			t.Fatal(err)
		}
		want.Source, want.ChangeRequests = got.Source, importvalidate.Known[importvalidate.ChangeRequests]{Known: true}
		// The number of active features is asked only when the import
		// may create a feature: when one of the names it can ask about is
		// not a feature.
		if !slices.ContainsFunc(q.Features, func(n string) bool {
			_, exists := want.Features.Value[n]
			return n != "" && model.Storable(n) && !exists
		}) {
			want.ActiveFeatures = importvalidate.Known[int64]{}
		}
		for name, f := range want.Features.Value {
			f.Strategies -= f.Milestones.Value
			f.Milestones = importvalidate.Known[int]{Known: true}
			want.Features.Value[name] = f
		}
		if d := cmp.Diff(want, got, cmpopts.EquateEmpty()); d != "" {
			t.Errorf("ImportFacts(%s, %s) (-database +api):\n%s", q.Project, q.Environment, d)
		}
	}
	// Outside the environments whose settings an open-source export
	// shows, the features' facts are unknown.
	got, err := statetest.Facts(ctx, c, importvalidate.Query{Project: "default", Environment: "staging", Features: []string{"existing-flag"}})
	if err != nil {
		t.Fatal(err)
	}
	if got.Features.Known || !got.Limits.Known || !got.ChangeRequests.Known || got.ChangeRequests.Value.Project {
		t.Errorf("staging: features known %v, limits known %v, change requests %+v", got.Features.Known, got.Limits.Known, got.ChangeRequests)
	}
}
