package importvalidate_test

import (
	"context"
	"testing"

	"github.com/flagadmin/flagadmin/importvalidate"
)

// BenchmarkHostile validates the worst bodies under the reference
// server's 500 kB limit, one shape each, on the default state.
func BenchmarkHostile(b *testing.B) {
	v := mustNew(b, importvalidate.Options{})
	type namedBody struct {
		name string
		body []byte
	}
	bodies := []namedBody{
		{"unknown keys in data", manyKeysBody(objectPlaces()[1])},
		{"unknown keys in a variant payload", manyKeysBody(objectPlaces()[11])},
		{"object as project", manyKeysValue()},
	}
	for _, pb := range problemBodies() {
		body, _ := pb.body()
		bodies = append(bodies, namedBody{"every item a problem of " + pb.code, body})
	}
	// No two items alike: none is counted from another.
	for _, db := range distinctBodies() {
		body, _ := db.body()
		bodies = append(bodies, namedBody{"distinct " + db.name, body})
	}
	for _, tc := range bodies {
		b.Run(tc.name, func(b *testing.B) {
			b.SetBytes(int64(len(tc.body)))
			b.ReportAllocs()
			for b.Loop() {
				rep, err := v.Validate(context.Background(), tc.body, importvalidate.Target{})
				if err != nil || len(rep.Structural) == 0 {
					b.Fatalf("no problem found (%v)", err)
				}
			}
		})
	}
}
