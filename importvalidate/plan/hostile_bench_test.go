package plan_test

import (
	"strconv"
	"testing"

	"github.com/flagadmin/flagadmin/internal/testharness/hostilebody"
	"github.com/flagadmin/flagadmin/model"
)

// BenchmarkPlanHostile plans each hostile plan body (internal/testharness/hostilebody)
// on the embedded default state at 40 kB and at the body limit, and
// validates it, for the cost of a plan per byte against the validation's:
//
//	go test ./importvalidate/plan -run '^$' -bench PlanHostile -benchtime 5x
func BenchmarkPlanHostile(b *testing.B) {
	snap, err := model.DefaultSnapshot()
	if err != nil {
		b.Fatal(err)
	}
	planner, v := plannerAndValidator(b, snap)
	for _, hb := range hostilebody.PlanBodies() {
		for _, size := range []int{40 << 10, hostilebody.PlanSize} {
			body := hb.Build(size)
			b.Run(hb.Name+"/size="+strconv.Itoa(size>>10)+"k", func(b *testing.B) { planAndValidate(b, planner, v, body) })
		}
	}
}
