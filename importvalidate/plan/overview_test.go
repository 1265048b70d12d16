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
	if d := cmp.Diff(map[float64]string{1: "beta-users"}, segs); d != "" {
		t.Error(d)
	}
	overview := []byte(`{"name":"Default","defaultStickiness":"userId","environments":[
	  {"environment":"development","defaultStrategy":{"name":"flexibleRollout","segments":[1],
	   "parameters":{"groupId":"","rollout":"30","stickiness":""},"constraints":[{"values":["us"],"operator":"IN","contextName":"region"}]}},
	  {"environment":"production"}]}`)
	d, err := plan.OverviewProjectDefaults("default", overview)
	if err != nil {
		t.Fatal(err)
	}
	if d.Project != "default" || d.Stickiness != "userId" || len(d.Strategies) != 1 {
		t.Fatalf("%+v", d)
	}
	s := d.Strategies[0]
	if s.Environment != "development" || s.Strategy.Segments == nil || cmp.Diff([]float64{1}, *s.Strategy.Segments) != "" ||
		(*s.Strategy.Parameters)["rollout"] != "30" || len(*s.Strategy.Constraints) != 1 {
		t.Errorf("%+v", s)
	}
	if _, err := plan.OverviewProjectDefaults("x", []byte(`[`)); err == nil {
		t.Error("a bad overview was read")
	}
	if _, err := plan.SegmentNames([]byte(`{`)); err == nil {
		t.Error("a bad listing was read")
	}
}
