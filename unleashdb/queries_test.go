package unleashdb_test

import (
	"context"
	"testing"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/internal/testharness/pgtest"
)

// maxQueries is the most queries one validation may make: its one Read,
// a read-only transaction (its begin and its end) of a query per kind of
// name, one for the target, and two for the import's facts (the tags'
// only when the import names one).
const maxQueries = 10

// TestQueriesPerValidation: one validation makes the same number of
// queries for 10 and for 10 000 features, at most maxQueries, and finds
// the same problems as on the in-memory state.
func TestQueriesPerValidation(t *testing.T) {
	t.Parallel()
	var counter queryCounter
	db := openDB(t, pgtest.SharedDB, &counter)
	mem := oracleMemory(t)
	ctx := context.Background()
	counts := map[int]int64{}
	for _, n := range []int{10, 10000} {
		body := genExport(n)
		vdb, err := importvalidate.New(importvalidate.Options{State: db, Strict: true})
		if err != nil {
			t.Fatal(err)
		}
		before := counter.n.Load()
		got, err := vdb.Validate(ctx, body, importvalidate.Target{Permissions: importvalidate.AllPermissions{}})
		if err != nil {
			t.Fatal(err)
		}
		counts[n] = counter.n.Load() - before
		vmem, err := importvalidate.New(importvalidate.Options{State: mem, Strict: true})
		if err != nil {
			t.Fatal(err)
		}
		want, err := vmem.Validate(ctx, body, importvalidate.Target{Permissions: importvalidate.AllPermissions{}})
		if err != nil {
			t.Fatal(err)
		}
		if g, w := summary(got), summary(want); g != w {
			t.Errorf("n=%d: database found %s, memory %s", n, g, w)
		}
		if len(got.Issues) < 3 {
			t.Errorf("n=%d: only %d issues; the export is meant to raise several", n, len(got.Issues))
		}
	}
	if counts[10] != counts[10000] || counts[10] > maxQueries || counts[10] == 0 {
		t.Errorf("queries per validation: %d for 10 features, %d for 10 000; want the same, at most %d", counts[10], counts[10000], maxQueries)
	}
	t.Logf("queries per validation: %d", counts[10])
}

func summary(r *importvalidate.Report) string {
	s := ""
	for _, is := range r.Issues {
		// What the import would do reads facts that the in-memory
		// state of a snapshot does not hold (a feature's settings):
		// TestImportFactsMatchSnapshot compares those.
		if is.Category == importvalidate.CategoryImport {
			continue
		}
		s += string(is.Code) + ":" + itoa(len(is.Items)) + " "
	}
	return s
}
