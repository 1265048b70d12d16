package unleashdb

import (
	"fmt"

	"github.com/flagadmin/flagadmin/importvalidate"
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
	l, err := l.With(opts.LimitOverrides)
	if err != nil {
		return l, fmt.Errorf("unleashdb: Options.LimitOverrides: %w", err)
	}
	return l, nil
}
