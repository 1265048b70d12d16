package unleashapi_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/unleashapi"
)

// BenchmarkValidate validates an import of 10 and of 10 000 features on
// the real instance over loopback, with a cold cache (a new Client per
// validation) and a warm one, and on a MemoryState of the same state. It
// reports the requests per validation.
//
//	go test -run '^$' -bench Validate -benchtime 20x ./unleashapi
func BenchmarkValidate(b *testing.B) {
	s := need(b)
	ctx := background()
	c, _ := newClient(b, s.URL, unleashapi.Options{})
	snap, err := c.Snapshot(ctx)
	if err != nil {
		b.Fatal(err)
	}
	mem, err := importvalidate.NewMemoryState(snap)
	if err != nil {
		b.Fatal(err)
	}
	for _, n := range []int{10, 10000} {
		body := importBody(n)
		run := func(b *testing.B, state func() (importvalidate.State, *counter)) {
			b.ReportAllocs()
			var requests int64
			for b.Loop() {
				st, cnt := state()
				v, err := importvalidate.New(importvalidate.Options{State: st})
				if err != nil {
					b.Fatal(err)
				}
				if _, err := v.Validate(ctx, body, importvalidate.Target{Permissions: importvalidate.AllPermissions{}}); err != nil {
					b.Fatal(err)
				}
				if cnt != nil {
					requests += cnt.n.Swap(0)
				}
			}
			b.ReportMetric(float64(requests)/float64(b.N), "requests/op")
		}
		b.Run(fmt.Sprintf("memory/%d", n), func(b *testing.B) {
			run(b, func() (importvalidate.State, *counter) { return mem, nil })
		})
		b.Run(fmt.Sprintf("unleash-cold/%d", n), func(b *testing.B) {
			run(b, func() (importvalidate.State, *counter) {
				c, cnt := newClient(b, s.URL, unleashapi.Options{})
				return c, cnt
			})
		})
		b.Run(fmt.Sprintf("unleash-warm/%d", n), func(b *testing.B) {
			warm, cnt := newClient(b, s.URL, unleashapi.Options{ListTTL: time.Hour})
			v, _ := importvalidate.New(importvalidate.Options{State: warm})
			if _, err := v.Validate(ctx, body, importvalidate.Target{Permissions: importvalidate.AllPermissions{}}); err != nil {
				b.Fatal(err)
			}
			cnt.n.Store(0)
			run(b, func() (importvalidate.State, *counter) { return warm, cnt })
		})
	}
}

// BenchmarkLookupTokenCached is the cost of a caller's rights while the
// instance's answer is fresh.
func BenchmarkLookupTokenCached(b *testing.B) {
	s := need(b)
	c, _ := newClient(b, s.URL, unleashapi.Options{TokenTTL: time.Hour})
	if _, _, err := c.LookupToken(background(), editorPAT); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, ok, err := c.LookupToken(background(), editorPAT); err != nil || !ok {
			b.Fatal(err)
		}
	}
}
