package unleashapi

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestOverviewDefaults reads a project's defaults from its overview as
// Unleash 8.2.0 answers it (a shape recorded from the reference server).
func TestOverviewDefaults(t *testing.T) {
	overview := []byte(`{"name":"Default","defaultStickiness":"userId","environments":[
	  {"environment":"development","defaultStrategy":{"name":"flexibleRollout","segments":[1],
	   "parameters":{"groupId":"","rollout":"30","stickiness":""},"constraints":[{"values":["us"],"operator":"IN","contextName":"region"}]}},
	  {"environment":"production"}]}`)
	var o overviewAnswer
	if err := json.Unmarshal(overview, &o); err != nil {
		t.Fatal(err)
	}
	d := o.defaults("default")
	if d.Project != "default" || d.Stickiness != "userId" || len(d.Strategies) != 1 {
		t.Fatalf("%+v", d)
	}
	s := d.Strategies[0]
	if s.Environment != "development" || s.Strategy.Segments == nil || cmp.Diff([]float64{1}, *s.Strategy.Segments) != "" ||
		(*s.Strategy.Parameters)["rollout"] != "30" || len(*s.Strategy.Constraints) != 1 {
		t.Errorf("%+v", s)
	}
	var none overviewAnswer
	if d := none.defaults("x"); d.Project != "x" || d.Stickiness != "" || d.Strategies != nil {
		t.Errorf("no overview: %+v", d)
	}
}
