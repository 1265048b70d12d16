package plan_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/flagadmin/flagadmin/importvalidate/plan"
)

// The overview and segment listing as Unleash 8.2.0 answers them (shapes
// recorded from the reference server).
func TestOverviewDefaults(t *testing.T) {
	segs, err := plan.SegmentNames([]byte(`{"segments":[{"id":1,"name":"beta-users","constraints":[]}]}`))
	if err != nil {
		t.Fatal(err)
	}
	overview := []byte(`{"name":"Default","defaultStickiness":"userId","environments":[
	  {"environment":"development","defaultStrategy":{"name":"flexibleRollout","segments":[1],
	   "parameters":{"groupId":"","rollout":"30","stickiness":""},"constraints":[{"values":["us"],"operator":"IN","contextName":"region"}]}},
	  {"environment":"production"}]}`)
	st, s, err := plan.OverviewDefaults(overview, "development", segs)
	if err != nil {
		t.Fatal(err)
	}
	if st != "userId" || s == nil {
		t.Fatalf("%q %+v", st, s)
	}
	if d := cmp.Diff([]string{"beta-users"}, s.Segments); d != "" || s.Parameters["rollout"] != "30" || len(s.Constraints) != 1 {
		t.Errorf("%+v %s", s, d)
	}
	if _, s, _ := plan.OverviewDefaults(overview, "production", segs); s != nil {
		t.Errorf("production: %+v", s)
	}
	if _, _, err := plan.OverviewDefaults([]byte(`[`), "x", nil); err == nil {
		t.Error("a bad overview was read")
	}
	if _, err := plan.SegmentNames([]byte(`{`)); err == nil {
		t.Error("a bad listing was read")
	}
}
