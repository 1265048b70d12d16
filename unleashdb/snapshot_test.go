package unleashdb_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// TestSnapshotEqualsOracle: the snapshot of the reference database is
// oracle-state.json.
func TestSnapshotEqualsOracle(t *testing.T) {
	t.Parallel()
	if d := cmp.Diff(oracleSnapshot(t), snapshot(t, shared(t)), cmpopts.EquateEmpty()); d != "" {
		t.Errorf("snapshot (-oracle-state.json +database):\n%s", d)
	}
}
