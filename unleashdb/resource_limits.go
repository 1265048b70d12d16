package unleashdb

import (
	"encoding/json"
	"fmt"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/model/profile"
)

// resourceLimits are the instance's resource limits as Options say them:
// ResourceLimits when set; else the defaults of the database's version,
// with LimitOverrides over them. A version whose import counts no
// constraints, values, strategies or features (5.x: profile.Import.Limits
// is nil) keeps Unleash's defaults for those, which its validation does
// not read; every version counts a strategy's segments.
func resourceLimits(opts Options, p profile.Profile) (importvalidate.ResourceLimits, error) {
	if opts.ResourceLimits != nil {
		return *opts.ResourceLimits, nil
	}
	l := importvalidate.DefaultResourceLimits
	if d := p.Import.Limits; d != nil {
		l.Constraints, l.ConstraintValues = int64(d.Constraints), int64(d.ConstraintValues)
		l.FeatureEnvironmentStrategies, l.FeatureFlags = int64(d.FeatureEnvironmentStrategies), int64(d.FeatureFlags)
	}
	o := opts.LimitOverrides
	if o == nil {
		return l, nil
	}
	// The members o gives, by their JSON names, which l's share (integers
	// both ways: neither step can fail).
	b, _ := json.Marshal(o)
	var given map[string]int64
	_ = json.Unmarshal(b, &given)
	// The first negative limit by name, so that the error is the same
	// from run to run.
	bad := ""
	for name, v := range given {
		if v < 0 && (bad == "" || name < bad) {
			bad = name
		}
	}
	if bad != "" {
		return l, fmt.Errorf("unleashdb: Options.LimitOverrides: %s is %d, a negative limit", bad, given[bad])
	}
	_ = json.Unmarshal(b, &l)
	return l, nil
}

// snapshotLimits are l as a snapshot writes them, every limit given.
func snapshotLimits(l importvalidate.ResourceLimits) *model.SnapshotResourceLimits {
	return &model.SnapshotResourceLimits{Constraints: &l.Constraints, ConstraintValues: &l.ConstraintValues,
		FeatureEnvironmentStrategies: &l.FeatureEnvironmentStrategies, StrategySegments: &l.StrategySegments,
		FeatureFlags: &l.FeatureFlags}
}
