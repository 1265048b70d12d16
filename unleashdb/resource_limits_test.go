package unleashdb_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/internal/testharness/pgtest"
	"github.com/flagadmin/flagadmin/internal/testharness/statetest"
	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/unleashdb"
)

// constraintsBody is an import of one new feature whose strategy has n
// constraints.
func constraintsBody(n int) []byte {
	cs := make([]string, n)
	for i := range cs {
		cs[i] = fmt.Sprintf(`{"contextName":"userId","operator":"IN","values":["%d"]}`, i)
	}
	return []byte(`{"project":"default","environment":"development","data":{"features":[{"name":"many-constraints","project":"default"}],
	  "featureStrategies":[{"name":"default","featureName":"many-constraints","constraints":[` + strings.Join(cs, ",") + `]}],"tagTypes":[]}}`)
}

// TestResourceLimits: without options the database's state has the
// limits of its version's defaults, which its snapshot writes and a
// validation holds a file to (31 constraints on a strategy are refused,
// 30 are not); LimitOverrides changes those it names, ResourceLimits them
// all, and a negative override is refused.
func TestResourceLimits(t *testing.T) {
	t.Parallel()
	url := pgtest.Need(t, &env).URL(pgtest.SharedDB)
	ctx := context.Background()
	forty, minus := int64(40), int64(-1)
	given := importvalidate.ResourceLimits{Constraints: 1, ConstraintValues: 2, FeatureEnvironmentStrategies: 3, StrategySegments: 4, FeatureFlags: 5}
	raised := importvalidate.DefaultResourceLimits
	raised.Constraints = 40
	for _, tt := range []struct {
		name string
		opts unleashdb.Options
		want importvalidate.ResourceLimits
		// refused is the number of constraints from which the import
		// refuses a strategy.
		refused int
	}{
		{"defaults", unleashdb.Options{}, importvalidate.DefaultResourceLimits, 31},
		{"5.12's defaults", unleashdb.Options{Version: "5.12.0"}, importvalidate.DefaultResourceLimits, 0},
		{"an override", unleashdb.Options{LimitOverrides: &model.SnapshotResourceLimits{Constraints: &forty}}, raised, 41},
		{"limits given", unleashdb.Options{ResourceLimits: &given, LimitOverrides: &model.SnapshotResourceLimits{Constraints: &forty}}, given, 2},
	} {
		t.Run(tt.name, func(t *testing.T) {
			db := open(t, url, tt.opts)
			f, err := statetest.Facts(ctx, db, importvalidate.Query{Project: "default", Environment: "development"})
			if err != nil {
				t.Fatal(err)
			}
			if !f.Limits.Known || f.Limits.Value != tt.want {
				t.Errorf("ImportFacts: limits %+v, want %+v", f.Limits, tt.want)
			}
			snap, err := db.Snapshot(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if l := snap.ResourceLimits; l == nil || *l.Constraints != tt.want.Constraints || *l.FeatureFlags != tt.want.FeatureFlags {
				t.Errorf("the snapshot's limits %+v", l)
			}
			for _, u := range snap.Unknown {
				if u == model.UnknownResourceLimits {
					t.Error("the snapshot names the limits unknown")
				}
			}
			prof := db.Version().Profile
			v, err := importvalidate.New(importvalidate.Options{State: db, Profile: &prof})
			if err != nil {
				t.Fatal(err)
			}
			for _, n := range []int{30, 31, 41} {
				rep, err := v.Validate(ctx, constraintsBody(n), importvalidate.Target{Permissions: importvalidate.AllPermissions{}})
				if err != nil {
					t.Fatal(err)
				}
				var refused, unknown bool
				for _, d := range rep.Diagnostics() {
					refused = refused || d.Code == importvalidate.CodeImportTooManyConstraints
					unknown = unknown || d.Code == importvalidate.CodeImportUnknownFact
				}
				if want := tt.refused > 0 && n >= tt.refused; refused != want || unknown {
					t.Errorf("%d constraints: refused %v, want %v; unknown fact %v", n, refused, want, unknown)
				}
			}
		})
	}
	if _, err := unleashdb.Open(ctx, url, unleashdb.Options{LimitOverrides: &model.SnapshotResourceLimits{FeatureFlags: &minus}}); err == nil ||
		!strings.Contains(err.Error(), "LimitOverrides: featureFlags is -1, a negative limit") {
		t.Errorf("a negative override: %v", err)
	}
}
