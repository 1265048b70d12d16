package adminhttp_test

import (
	"net/http"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/flagadmin/flagadmin/internal/conformance"
	"github.com/flagadmin/flagadmin/internal/unleashtest"
	"github.com/flagadmin/flagadmin/unleashapi"
)

// TestReplayOnUnleash replays every recorded request through the handler
// on the real Unleash 8.2.0, started on the module's dump and read over
// its admin API (state, users and the callers' rights), and on
// oracle-state.json, in the reference and the strict mode: the answers
// must be the same.
func TestReplayOnUnleash(t *testing.T) {
	s := unleashtest.StartForTest(t, unleashtest.Options{PublicURL: dbOracleURL}, true)
	c, err := unleashapi.New(s.URL, s.AdminToken, unleashapi.Options{})
	if err != nil {
		t.Fatal(err)
	}
	snap := conformance.MustState(t)
	cases := conformance.MustLoad(t, "*")
	for _, strict := range []bool{false, true} {
		onAPI := dbHandler(t, c, c, c, strict)
		onSnap := newHandler(t, snap, setup{strict: strict})
		for _, cs := range cases {
			name, rq := cs.Name, cs.Request
			if strict {
				name += "/strict"
			}
			t.Run(name, func(t *testing.T) {
				got, want := dbServe(t, onAPI, rq), dbServe(t, onSnap, rq)
				if d := cmp.Diff(want, got); d != "" {
					t.Errorf("(-snapshot +unleash):\n%s", d)
				}
				if got.Status == http.StatusInternalServerError {
					t.Errorf("500 on unleash: %v", got.Body)
				}
			})
		}
	}
}
