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
	type hostileBody struct {
		name string
		body []byte
	}
	bodies := []hostileBody{
		{"unknown keys in data", manyKeysBody(objectPlaces()[1])},
		{"unknown keys in a variant payload", manyKeysBody(objectPlaces()[11])},
		{"object as project", manyKeysValue()},
		{"valid items, the last lacking a name", lastItemProblem()},
	}
	// Every item a problem, then no two items alike.
	for _, group := range []struct {
		prefix string
		bodies []itemsBody
	}{{"every item a problem of ", problemBodies()}, {"distinct ", distinctBodies()}} {
		for _, ib := range group.bodies {
			body, _ := ib.body()
			bodies = append(bodies, hostileBody{group.prefix + ib.name, body})
		}
	}
	for _, tc := range bodies {
		b.Run(tc.name, func(b *testing.B) {
			b.SetBytes(int64(len(tc.body)))
			b.ReportAllocs()
			for b.Loop() {
				rep, err := v.Validate(context.Background(), tc.body, importvalidate.Target{Permissions: importvalidate.AllPermissions{}, RequestBody: true})
				if err != nil || len(rep.Structural) == 0 {
					b.Fatalf("no problem found (%v)", err)
				}
			}
		})
	}
}
