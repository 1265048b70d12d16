package plan

import (
	"context"
	"errors"
	"fmt"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/importvalidate/importmodel"
	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/model/profile"
)

// ErrNoImport is returned, wrapped, by Plan for a report without a
// decoded import: the body failed the structural tier, and the report's
// Structural problems say why. Such a body is no import to plan.
var ErrNoImport = errors.New("the report holds no decoded import (the body failed the structural tier)")

// Plan computes what importing the file that rep validated will change,
// into the target of the validation (rep.Project and rep.Environment),
// from the import it decoded (rep.Import). Its failures are rep's
// findings of the import's refusals (see Plan.Failures): the plan and the
// validation read the file the same way and give the same reasons. It
// makes one Read of the State, with the names of the file that a
// database can hold (model.StorableOnly).
func (p *Planner) Plan(ctx context.Context, rep *importvalidate.Report) (*Plan, error) {
	out, _, err := p.PlanSortOrders(ctx, rep)
	return out, err
}

// PlanSortOrders is Plan, with the sort orders that make the order of
// the strategies that the plan shows certain (see SortOrders).
//
// A plan is the difference between the instance before the import, as
// the State tells it, and after it, as importmodel.Apply replays the
// import of the instance's version.
func (p *Planner) PlanSortOrders(ctx context.Context, rep *importvalidate.Report) (*Plan, SortOrders, error) {
	if rep == nil || rep.Import == nil {
		return nil, nil, fmt.Errorf("plan: %w", ErrNoImport)
	}
	project, env := rep.Project, rep.Environment
	d := &rep.Import.Data
	// A name no database can hold cannot exist: it is never sent to the
	// State, and nothing is read for a project or environment that
	// cannot exist (as the validation does, see model.Storable).
	before := &importmodel.Before{}
	if model.Storable(project) && model.Storable(env) {
		got, err := p.src.Read(ctx, queryOf(project, env, d))
		if err == nil {
			if got == nil {
				got = &importvalidate.Reading{}
			}
			before, err = currentOf(got.Snapshot(), project, env)
		}
		if err != nil {
			return nil, nil, fmt.Errorf("plan: %w", err)
		}
	}
	after, err := importmodel.Apply(ctx, p.imp, project, env, d, before)
	if err != nil {
		return nil, nil, err
	}
	out, err := planOf(ctx, p.imp, project, env, d, after)
	if err != nil {
		return nil, nil, err
	}
	out.Failures, out.MoreFailures = failuresOf(rep, p.maxFailures)
	orders := SortOrders(after.SortOrders)
	if orders == nil {
		orders = SortOrders{}
	}
	return out, orders, nil
}

// compute is the plan of importing d into project and env over the
// instance before, without any lookup: before must answer the Query that
// Planner.Plan would read. It lists no failures: they are a validation's
// (Planner.Plan).
func compute(project, env string, d *model.ExportData, before *importmodel.Before) *Plan {
	imp := profile.Default().Import
	// Neither fails: the context never ends.
	after, _ := importmodel.Apply(context.Background(), imp, project, env, d, before)
	out, _ := planOf(context.Background(), imp, project, env, d, after)
	return out
}

// planOf is the plan of the import of d into project and env, the
// import of imp's version, that leaves the instance after: for each
// feature of the file, in its order, what after holds of it compared
// with what it held before. It fails only when ctx ends, with ctx's
// error, which it looks at every 256 features.
func planOf(ctx context.Context, imp profile.Import, project, env string, d *model.ExportData, after *importmodel.After) (*Plan, error) {
	p := &Plan{Project: project, Environment: env, Features: make([]FeaturePlan, 0, len(d.Features))}
	seen := make(map[string]bool, len(d.Features))
	for i := range d.Features {
		if i&255 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		name := d.Features[i].Name
		if seen[name] {
			continue
		}
		seen[name] = true
		fp := FeaturePlan{Name: name}
		switch want, old := after.Features[name], after.Existing(name); {
		case want == nil:
			fp.Action, fp.Reason = Skip, reasonOf(after.Skipped[name])
		case old == nil:
			fp.Action, fp.Changes, fp.Notes = Create, created(want), notesOf(imp, after.Notes[name], want)
		default:
			fp.Changes, fp.Notes = diff(old, want), notesOf(imp, after.Notes[name], want)
			fp.Action = Unchanged
			if len(fp.Changes) > 0 {
				fp.Action = Update
			}
		}
		p.Features = append(p.Features, fp)
	}
	p.ContextFields, p.TagTypes = after.ContextFields, after.TagTypes
	return p, nil
}

// reasonOf is the Reason of a feature the import skips for s.
func reasonOf(s importmodel.Skip) string {
	switch s {
	case importmodel.SkipArchived:
		return ReasonArchived
	case importmodel.SkipOtherProject:
		return ReasonOtherProject
	}
	return ""
}
