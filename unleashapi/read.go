package unleashapi

import (
	"cmp"
	"context"
	"slices"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/model"
)

var _ importvalidate.State = (*Client)(nil)

// Read implements importvalidate.State. After the check of the instance's
// version that a Client makes once, it sends every request it needs at
// once (at most Options.Concurrency at a time), a constant number
// whatever the number of names:
//
//   - the definitions: GET /api/admin/strategies (a strategy is built in
//     when the instance says it is not editable), /context?include=project
//     (the instance-wide fields and those of every project), /segments
//     and /tag-types, each only when the query names one of its kind;
//   - the features among the names (archived ones included) and their
//     strategies in the environment: one export of them (POST
//     /api/admin/features-batch/export);
//   - the target (importvalidate.PartTarget): the project from GET
//     /api/admin/projects/{id}/overview (its feature limit, naming
//     pattern and the number of its features that are not archived, the
//     sum of its feature type counts), the environment (see environment);
//   - the import's facts (importvalidate.PartFacts, see factsOf);
//   - what a plan reads (importvalidate.PartConfigs, see planTasks).
//
// The lists, features and projects are reused for Options.ListTTL (the
// lists asked again with If-None-Match), but for a plan, which reads
// everything afresh.
func (c *Client) Read(ctx context.Context, q importvalidate.Query) (*importvalidate.Reading, error) {
	if err := c.checkVersion(ctx); err != nil {
		return nil, err
	}
	target, configs := q.Want.Has(importvalidate.PartTarget), q.Want.Has(importvalidate.PartConfigs)
	facts := q.Want.Has(importvalidate.PartFacts)
	var f *factsReads
	if facts && c.opts.ImportFacts && model.Storable(q.Project) && model.Storable(q.Environment) {
		f = &factsReads{}
	}
	r := &importvalidate.Reading{Source: sourceName}
	var (
		lists    instanceLists
		features []model.SnapshotFeature
		with     []string
		ov       *projectOverviewAnswer
		envOK    bool
		p        planReads
		tasks    []func(context.Context) error
	)
	if len(q.Strategies) > 0 {
		tasks = append(tasks, load(c, &c.lc.strategies, &lists.strategies, "/api/admin/strategies"))
	}
	if len(q.Segments) > 0 {
		tasks = append(tasks, load(c, &c.lc.segments, &lists.segments, "/api/admin/segments"))
	}
	if f != nil {
		tasks = append(tasks, c.factsTasks(q, f)...)
	}
	if configs {
		tasks = append(tasks, c.planTasks(q, &p)...)
	}
	switch {
	case f != nil && f.withFeatures:
		// One export tells the features and their facts alike.
		tasks = append(tasks, func(ctx context.Context) error {
			found, more, err := c.export(ctx, q.Environment, f.names, &f.ex)
			if err == nil {
				features, with, err = c.appendFeatures(nil, nil, f.names, f.names, found, more)
			}
			return err
		})
	case !configs:
		tasks = append(tasks, func(ctx context.Context) (err error) {
			features, with, err = c.namedFeatures(ctx, q.Environment, q.Features)
			return err
		})
	}
	if !configs {
		if len(q.ContextFields) > 0 {
			tasks = append(tasks, load(c, &c.lc.contextList, &lists.context, pathContext))
		}
		if len(q.TagTypes) > 0 {
			tasks = append(tasks, load(c, &c.lc.tagTypes, &lists.tagTypes, "/api/admin/tag-types"))
		}
	}
	if target || f != nil {
		tasks = append(tasks, func(ctx context.Context) (err error) { ov, _, err = c.overview(ctx, q.Project); return err })
	}
	if target {
		tasks = append(tasks, func(ctx context.Context) (err error) { envOK, err = c.environment(ctx, q.Environment); return err })
	}
	if err := c.parallel(ctx, tasks...); err != nil {
		return nil, err
	}
	if f != nil {
		if err := c.countActive(ctx, q.Environment, f, features); err != nil {
			return nil, err
		}
	}
	if configs {
		if err := c.planOf(ctx, q, &p, r); err != nil {
			return nil, err
		}
	} else {
		r.Features = features
		if lists.context != nil {
			r.ContextFields = named(*lists.context, q.ContextFields, func(f contextFieldAnswer) string { return f.Name }, contextFieldAnswer.snapshot)
		}
		if lists.tagTypes != nil {
			r.TagTypes = named(lists.tagTypes.TagTypes, q.TagTypes, func(t tagTypeAnswer) string { return t.Name }, func(t tagTypeAnswer) string { return t.Name })
		}
	}
	if lists.strategies != nil {
		r.Strategies = named(lists.strategies.Strategies, q.Strategies, func(s strategyAnswer) string { return s.Name }, strategyAnswer.snapshot)
	}
	if lists.segments != nil {
		found := named(lists.segments.Segments, q.Segments, func(s segmentAnswer) string { return s.Name }, segmentAnswer.withConstraints)
		slices.SortFunc(found, func(a, b model.SnapshotSegment) int { return cmp.Compare(a.ID, b.ID) })
		r.Segments = append(found, r.Segments...)
	}
	if target {
		if ov != nil {
			r.Project = projectOf(q.Project, ov)
		}
		r.Environment = importvalidate.Known[bool]{Value: envOK, Known: true}
		r.WithStrategies = with
	}
	if facts {
		r.Facts = c.factsOf(q, ov, f)
	}
	return r, nil
}
