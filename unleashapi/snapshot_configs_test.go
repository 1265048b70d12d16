package unleashapi_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/flagadmin/flagadmin/importvalidate/plan"
	"github.com/flagadmin/flagadmin/unleashapi"
	"github.com/flagadmin/flagadmin/unleashdb"
)

// The snapshot with configurations over the admin API tells a plan what
// the database's does: for every feature in every environment, the same
// configuration, and the same project defaults. (The members may be
// written differently: an empty description, a default stickiness of
// "default" where the database has none.)
func TestSnapshotConfigsMatchDatabase(t *testing.T) {
	s := unleash.Need(t)
	ctx := context.Background()
	c, _ := newClient(t, s.URL, unleashapi.Options{})
	got, err := c.SnapshotWith(ctx, unleashapi.SnapshotOptions{FeatureConfigs: true})
	if err != nil {
		t.Fatal(err)
	}
	want, err := openDatabase(t, s, unleashdb.Options{}).SnapshotWith(ctx, unleashdb.SnapshotOptions{FeatureConfigs: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(got.FeatureConfigs) != len(got.Features) || len(got.Features) == 0 {
		t.Fatalf("%d configurations of %d features", len(got.FeatureConfigs), len(got.Features))
	}
	apiSource, err := plan.NewMemorySource(got)
	if err != nil {
		t.Fatal(err)
	}
	dbSource, err := plan.NewMemorySource(want)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range want.Features {
		names = append(names, f.Name)
	}
	for _, p := range want.Projects {
		for _, e := range want.Environments {
			q := plan.Query{Project: p.ID, Environment: e.Name, Features: names}
			a, err := apiSource.Current(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			d, err := dbSource.Current(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			if d.DefaultStickiness == "" {
				d.DefaultStickiness = "default"
			}
			if diff := cmp.Diff(d, a, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("%s, %s (-database +api):\n%s", p.ID, e.Name, diff)
			}
		}
	}
	// Without the option, none.
	bare, err := c.SnapshotWith(ctx, unleashapi.SnapshotOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(bare.FeatureConfigs)+len(bare.ProjectDefaults) != 0 {
		t.Errorf("%d configurations and %d project defaults without the option", len(bare.FeatureConfigs), len(bare.ProjectDefaults))
	}
}
