package importmodel

import (
	"fmt"

	"github.com/flagadmin/flagadmin/model"
)

// fields are l's limits in the order of model.SnapshotResourceLimits's
// Fields.
func (l *ResourceLimits) fields() []*int64 {
	return []*int64{&l.Constraints, &l.ConstraintValues, &l.FeatureEnvironmentStrategies, &l.StrategySegments, &l.FeatureFlags}
}

// With returns l with the limits o gives in place of its own (nil gives
// none). A negative one is an error that names its member.
func (l ResourceLimits) With(o *model.SnapshotResourceLimits) (ResourceLimits, error) {
	if o == nil {
		return l, nil
	}
	to := l.fields()
	for i, f := range o.Fields() {
		if v := *f.Value; v != nil {
			if *v < 0 {
				return l, fmt.Errorf("%s is %d, a negative limit", f.Name, *v)
			}
			*to[i] = *v
		}
	}
	return l, nil
}

// Snapshot returns l as a snapshot writes it, every limit given.
func (l ResourceLimits) Snapshot() *model.SnapshotResourceLimits {
	s := &model.SnapshotResourceLimits{}
	from := l.fields()
	for i, f := range s.Fields() {
		*f.Value = from[i]
	}
	return s
}

// countsLimits reports whether the instance's import counts constraints,
// constraint values, strategies per feature and environment, and active
// features against its resource limits. Versions whose profile has no
// import limits (5.x) create them without counting; their one limit is
// the segments of a strategy, which every version checks.
func (in *Input) countsLimits() bool {
	return in.VersionProfile().Import.Limits != nil
}
