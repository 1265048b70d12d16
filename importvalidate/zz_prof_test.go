package importvalidate_test

import (
	"context"
	"encoding/json"
	"os"
	"testing"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/model"
)

func BenchmarkZZCLI(b *testing.B) {
	raw, _ := os.ReadFile("/tmp/cs/export.json")
	sraw, _ := os.ReadFile("/tmp/cs/state.json")
	var snap model.Snapshot
	if err := json.Unmarshal(sraw, &snap); err != nil {
		b.Fatal(err)
	}
	st, err := importvalidate.NewMemoryState(&snap)
	if err != nil {
		b.Fatal(err)
	}
	v, _ := importvalidate.New(importvalidate.Options{State: st})
	target := importvalidate.Target{Project: "default", Environment: "development", Permissions: importvalidate.AllPermissions{}}
	b.ReportAllocs()
	b.SetBytes(int64(len(raw)))
	for i := 0; i < b.N; i++ {
		if _, err := v.ValidateFile(context.Background(), raw, target); err != nil {
			b.Fatal(err)
		}
	}
}
