package dbflag

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/flagadmin/flagadmin/internal/suggest"
	"github.com/flagadmin/flagadmin/model"
)

// LimitsFlag is the name of the flag of the instance's resource limits.
const LimitsFlag = "database-limits"

// limitsHelp is the help of -database-limits.
const limitsHelp = "the instance's resource `limits` where its configuration changes the defaults of its version " +
	"(UNLEASH_CONSTRAINTS_LIMIT and the like), which the database does not hold: name=N pairs separated by commas, " +
	"of constraints, constraintValues, featureEnvironmentStrategies, strategySegments, featureFlags"

// parseLimits reads name=N pairs separated by commas, such as
// "constraints=50,constraintValues=1000", into the limits they set; the
// others are left nil. A name not known, given twice, or a value that is
// not a whole number from 0 up is an error naming it.
func parseLimits(s string) (*model.SnapshotResourceLimits, error) {
	l := &model.SnapshotResourceLimits{}
	// The names of a snapshot's resourceLimits and of the instance's
	// own answer (GET /api/admin/ui-config).
	names := l.Fields()
	known := make([]string, len(names))
	for i, n := range names {
		known[i] = n.Name
	}
	if strings.TrimSpace(s) == "" {
		return nil, errors.New("no limit given: name=N pairs separated by commas, of " + strings.Join(known, ", "))
	}
	for _, pair := range strings.Split(s, ",") {
		name, value, ok := strings.Cut(strings.TrimSpace(pair), "=")
		if !ok {
			return nil, fmt.Errorf("%q is not name=N", pair)
		}
		i := slices.Index(known, name)
		if i < 0 {
			hint := ""
			if near := suggest.Nearest(name, known); near != "" {
				hint = fmt.Sprintf("; did you mean %q?", near)
			}
			return nil, fmt.Errorf("no limit is named %q (the limits: %s)%s", name, strings.Join(known, ", "), hint)
		}
		if *names[i].Value != nil {
			return nil, fmt.Errorf("%s is given twice", name)
		}
		n, err := strconv.ParseInt(value, 10, 64)
		if err != nil || n < 0 {
			return nil, fmt.Errorf("%s=%s: the limit must be a whole number from 0 up", name, value)
		}
		*names[i].Value = &n
	}
	return l, nil
}

// Limits returns the limits of -database-limits, nil when it is not
// given (the version's defaults).
func (f *Flags) Limits() *model.SnapshotResourceLimits { return f.limits }

// setLimits is the flag.Func of -database-limits.
func (f *Flags) setLimits(s string) error {
	l, err := parseLimits(s)
	if err != nil {
		return err
	}
	f.limits = l
	return nil
}
