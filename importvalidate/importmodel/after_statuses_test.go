package importmodel

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/model/profile"
)

// The strategy that enabling adds: the project's default strategy, its
// empty groupId the feature's name and an absent one empty, or else a
// 100% flexibleRollout; added only where no strategy is active.
func TestStrategyEnablingAdds(t *testing.T) {
	imp := profile.Default().Import
	none := &Before{}
	if got, want := none.StrategyEnablingAdds(imp, "f"), (Strategy{Name: "flexibleRollout",
		Parameters: map[string]string{"rollout": "100", "stickiness": "default", "groupId": "f"}}); !cmp.Equal(got, want) {
		t.Errorf("no default strategy: %s", cmp.Diff(want, got))
	}
	own := &Before{DefaultStickiness: "userId", DefaultStrategy: &Strategy{Name: "flexibleRollout", Disabled: true,
		Parameters: map[string]string{"rollout": "30", "groupId": ""}}}
	got := own.StrategyEnablingAdds(imp, "f")
	if want := (Strategy{Name: "flexibleRollout", Parameters: map[string]string{"rollout": "30", "groupId": "f", "stickiness": "userId"}}); !cmp.Equal(got, want) {
		t.Errorf("the project's: %s", cmp.Diff(want, got))
	}
	if own.DefaultStrategy.Parameters["groupId"] != "" {
		t.Error("the project's default strategy was changed")
	}
	for _, c := range []struct {
		enabled bool
		active  int
		want    bool
	}{{true, 0, true}, {true, 1, false}, {false, 0, false}} {
		if got := EnablingAddsStrategy(c.enabled, c.active); got != c.want {
			t.Errorf("EnablingAddsStrategy(%v, %d) = %v", c.enabled, c.active, got)
		}
	}
}

// Apply over an empty instance: enabling a feature whose only strategy
// is disabled adds the default strategy last; an ended context stops it.
func TestApply(t *testing.T) {
	var d model.ExportData
	raw := `{"features":[{"name":"f","project":"default"}],"featureStrategies":[{"name":"default","featureName":"f","disabled":true}],
		"featureEnvironments":[{"name":"f","featureName":"f","environment":"development","enabled":true}],"tagTypes":[]}`
	if err := json.Unmarshal([]byte(raw), &d); err != nil {
		t.Fatal(err)
	}
	a, err := Apply(context.Background(), profile.Default().Import, "default", "development", &d, nil)
	if err != nil {
		t.Fatal(err)
	}
	f := a.Features["f"]
	if f == nil || !f.Enabled || len(f.Strategies) != 2 || !f.Strategies[0].Disabled || f.Strategies[1].Name != "flexibleRollout" {
		t.Errorf("f after the import: %+v", f)
	}
	if a.Existing("f") != nil || len(a.Skipped) != 0 {
		t.Errorf("existing %v, skipped %v", a.Existing("f"), a.Skipped)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Apply(ctx, profile.Default().Import, "default", "development", &d, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("ended context: %v", err)
	}
}

// A state that lists a feature without its configuration names it.
func TestBeforeOfWithoutConfiguration(t *testing.T) {
	s := &model.Snapshot{Features: []model.SnapshotFeature{{Name: "a"}, {Name: "b"}}}
	_, err := BeforeOf(s, "default", "development")
	var bare *NoConfigurationError
	if !errors.As(err, &bare) || !errors.Is(err, ErrNoConfiguration) || len(bare.Features) != 2 {
		t.Errorf("err = %v", err)
	}
}
