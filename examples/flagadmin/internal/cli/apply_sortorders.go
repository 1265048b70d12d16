package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/importvalidate/plan"
	"github.com/flagadmin/flagadmin/importvalidate/plan/planfile"
	"github.com/flagadmin/flagadmin/model/profile"
)

// certainOrder is the entry that plan -out saves and apply sends for the
// import body of file, planned as p with the sort orders orders over
// state (reads): the body with every created strategy's sort
// order given (plan.SortOrders), so that the import orders each
// feature's strategies as the plan shows them, even those that the file
// leaves to chance (a note of p, plan.NoteStrategyOrder). That body is
// validated and planned again, as apply checks it: its plan is p's
// without the notes of ties, or the entry is refused. A body that already
// holds those sort orders, and a refused plan, are kept as they are.
func certainOrder(ctx context.Context, state importvalidate.State, prof profile.Profile, file string, body []byte,
	p *plan.Plan, orders plan.SortOrders, reads []planfile.Read) (planfile.Entry, error) {
	e := planfile.Entry{File: file, Project: p.Project, Environment: p.Environment, Body: body, Plan: p, Reads: reads}
	if p.Refused() {
		return e, nil
	}
	fixed, changed, err := orders.InBody(body)
	if err != nil || !changed {
		return e, err
	}
	rec := planfile.NewRecorder(state)
	v, err := importvalidate.New(importvalidate.Options{State: rec, Profile: &prof, Disable: splitBodies})
	if err != nil {
		return e, err
	}
	rep, err := v.Validate(ctx, fixed, importvalidate.Target{Permissions: importvalidate.AllPermissions{}})
	if err != nil {
		return e, err
	}
	planner, err := plan.New(plan.Options{Source: rec, Profile: &prof})
	if err != nil {
		return e, err
	}
	again, err := planner.Plan(ctx, rep)
	if err != nil {
		return e, err
	}
	want := *p
	want.Features = make([]plan.FeaturePlan, len(p.Features))
	for i, f := range p.Features {
		f.Notes = nil
		want.Features[i] = f
	}
	x, _ := json.Marshal(&want)
	y, _ := json.Marshal(again)
	if rep.HasErrors() || !bytes.Equal(x, y) {
		return e, fmt.Errorf("the body with the plan's sort orders plans otherwise than the file (%s): make the plan again", rep.Summary())
	}
	e.Body, e.Plan, e.Reads = fixed, again, rec.Reads()
	return e, nil
}
