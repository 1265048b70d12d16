package unleashdb_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// TestSnapshotEqualsOracle: the snapshot of the reference database is
// oracle-state.json.
func TestSnapshotEqualsOracle(t *testing.T) {
	db := shared(t)
	got, err := db.Snapshot(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(oracleSnapshot(t), got, cmpopts.EquateEmpty()); d != "" {
		t.Errorf("snapshot (-oracle-state.json +database):\n%s", d)
	}
}
