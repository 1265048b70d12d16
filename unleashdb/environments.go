package unleashdb

import (
	"context"

	"github.com/flagadmin/flagadmin/importvalidate"
)

// qEnvironment tells whether an environment exists.
const qEnvironment = `SELECT EXISTS (SELECT 1 FROM environments WHERE name = $1)`

var _ importvalidate.EnvironmentState = (*DB)(nil)

// Environment implements importvalidate.EnvironmentState.
func (db *DB) Environment(ctx context.Context, name string) (bool, error) {
	var ok bool
	if err := db.queryRow(ctx, qEnvironment, []any{name}, &ok); err != nil {
		return false, wrap("environment", err)
	}
	return ok, nil
}
