package unleashdb_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/flagadmin/flagadmin/auth"
	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/internal/testharness/pgtest"
	"github.com/flagadmin/flagadmin/users"
)

// BenchmarkValidate validates one export of 10 000 features (about 4 MB)
// end to end, on the database and on the in-memory state of the same
// instance, and reports the queries per validation.
func BenchmarkValidate(b *testing.B) {
	var counter queryCounter
	db := openDB(b, pgtest.SharedDB, &counter)
	mem := oracleMemory(b)
	body := genExport(10000)
	for _, st := range []struct {
		name  string
		state importvalidate.State
	}{{"memory", mem}, {"database", db}} {
		b.Run("n=10000/"+st.name, func(b *testing.B) {
			v, err := importvalidate.New(importvalidate.Options{State: st.state})
			if err != nil {
				b.Fatal(err)
			}
			ctx := context.Background()
			// One untimed run warms the pool up (connection, prepared
			// statements), as in a server that is already running.
			if _, err := v.Validate(ctx, body, importvalidate.Target{Permissions: importvalidate.AllPermissions{}}); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			b.SetBytes(int64(len(body)))
			before := counter.n.Load()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := v.Validate(ctx, body, importvalidate.Target{Permissions: importvalidate.AllPermissions{}}); err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			b.ReportMetric(float64(counter.n.Load()-before)/float64(b.N), "queries/op")
		})
	}
}

// BenchmarkUserListing lists the users as JSON, on the database and on
// the in-memory store.
func BenchmarkUserListing(b *testing.B) {
	db := shared(b)
	for _, st := range []struct {
		name  string
		store users.Store
	}{{"memory", users.NewMemoryStore(oracleSnapshot(b))}, {"database", db}} {
		b.Run(st.name, func(b *testing.B) {
			l := &users.Lister{Store: st.store}
			admin := &auth.Principal{Kind: auth.KindAdmin}
			ctx := context.Background()
			if _, err := l.List(ctx, admin); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				out, err := l.List(ctx, admin)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := json.Marshal(out); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkLookupToken resolves a personal access token (two queries).
func BenchmarkLookupToken(b *testing.B) {
	db := shared(b)
	ctx := context.Background()
	if _, _, err := db.LookupToken(ctx, editorToken); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, ok, err := db.LookupToken(ctx, editorToken); err != nil || !ok {
			b.Fatal(ok, err)
		}
	}
}
