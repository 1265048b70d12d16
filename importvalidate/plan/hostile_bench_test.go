package plan_test

import (
	"context"
	"strconv"
	"testing"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/importvalidate/plan"
	"github.com/flagadmin/flagadmin/internal/hostilebody"
	"github.com/flagadmin/flagadmin/internal/testutil"
	"github.com/flagadmin/flagadmin/model"
)

// BenchmarkPlanHostile plans each hostile plan body (internal/hostilebody)
// on the embedded default state at 40 kB and at the body limit, and
// validates it, for the cost of a plan per byte against the validation's:
//
//	go test ./importvalidate/plan -run '^$' -bench PlanHostile -benchtime 5x
func BenchmarkPlanHostile(b *testing.B) {
	snap, err := model.DefaultSnapshot()
	if err != nil {
		b.Fatal(err)
	}
	planner := mustPlanner(b, memorySource(b, snap))
	state, err := importvalidate.NewMemoryState(snap)
	if err != nil {
		b.Fatal(err)
	}
	v, err := importvalidate.New(importvalidate.Options{State: state})
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	for _, hb := range hostilebody.PlanBodies() {
		for _, size := range []int{40 << 10, hostilebody.PlanSize} {
			body := hb.Build(size)
			b.Run(hb.Name+"/size="+strconv.Itoa(size>>10)+"k", func(b *testing.B) {
				b.Run("plan", func(b *testing.B) {
					b.ReportAllocs()
					b.SetBytes(int64(len(body)))
					cpu := testutil.StartCPU(b, len(body))
					for b.Loop() {
						if _, err := planner.PlanBody(ctx, body, plan.Target{}); err != nil {
							b.Fatal(err)
						}
					}
					cpu.Report()
				})
				b.Run("validate", func(b *testing.B) {
					b.ReportAllocs()
					b.SetBytes(int64(len(body)))
					cpu := testutil.StartCPU(b, len(body))
					for b.Loop() {
						if _, err := v.Validate(ctx, body, importvalidate.Target{Permissions: importvalidate.AllPermissions{}}); err != nil {
							b.Fatal(err)
						}
					}
					cpu.Report()
				})
			})
		}
	}
}
