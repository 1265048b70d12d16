package unleashapi

import (
	"cmp"
	"context"
	"net/url"
	"slices"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/model"
)

// planReads are the answers of what a plan reads (Read with
// importvalidate.PartConfigs). Nothing is reused from an earlier answer,
// since a plan tells what the import will meet now.
type planReads struct {
	ex       model.ExportData
	defaults model.SnapshotProjectDefaults
	fields   []contextFieldAnswer
	segments segmentsAnswer
	tagTypes tagTypesAnswer
	order    map[string][]string
}

// planTasks returns the requests, for Client.parallel, of what a plan of
// q reads: the named features' configuration in the environment from the
// instance's own export of them (POST /api/admin/features-batch/export,
// see exportSnapshot), their strategies put in the order Unleash
// evaluates them by the project's playground (POST /api/admin/playground,
// see strategyOrder), the context fields and tag types asked about and
// every segment from their lists, and the project's defaults from its
// overview: six requests, whatever the number of features.
//
// Up to 6.x the playground's strategies carry no ids
// (profile.AdminAPI.PlaygroundStrategyIDs), and 6.x's export says the
// environment's enabled, not the feature's: there, each exported
// feature's own endpoint (GET /api/admin/projects/{project}/features/{name})
// gives its strategies' order and whether it is enabled, a request per
// feature after the others (planOf).
func (c *Client) planTasks(q importvalidate.Query, p *planReads) []func(context.Context) error {
	tasks := []func(context.Context) error{
		func(ctx context.Context) (err error) { p.defaults, err = c.projectDefaults(ctx, q.Project); return err },
		func(ctx context.Context) error { return c.getJSON(ctx, "/api/admin/segments", &p.segments) },
	}
	if len(q.ContextFields) > 0 {
		tasks = append(tasks, func(ctx context.Context) error { return c.getJSON(ctx, pathContext, &p.fields) })
	}
	if len(q.TagTypes) > 0 {
		tasks = append(tasks, func(ctx context.Context) error { return c.getJSON(ctx, "/api/admin/tag-types", &p.tagTypes) })
	}
	if len(q.Features) == 0 {
		return tasks // an empty list would export every feature
	}
	tasks = append(tasks, func(ctx context.Context) error { return c.exportFeatures(ctx, q.Environment, q.Features, &p.ex) })
	if c.knownVersion().Profile.AdminAPI.PlaygroundStrategyIDs {
		tasks = append(tasks, func(ctx context.Context) (err error) {
			p.order, err = c.strategyOrder(ctx, []string{q.Project}, q.Environment)
			return err
		})
	}
	return tasks
}

// planOf fills r from p, the answers of planTasks to q: the features of
// the export and their configurations, every segment, the context fields
// and tag types asked about, and the project's defaults.
func (c *Client) planOf(ctx context.Context, q importvalidate.Query, p *planReads, r *importvalidate.Reading) error {
	if len(q.Features) > 0 && !c.knownVersion().Profile.AdminAPI.PlaygroundStrategyIDs {
		settings, err := c.readFeatureSettings(ctx, p.ex.Features)
		if err != nil {
			return err
		}
		p.order = applyFeatureSettings(&p.ex, settings, q.Environment)
	}
	orderStrategies(&p.ex, p.order)
	s := exportSnapshot(&p.ex, q.Environment)
	r.Features, r.FeatureConfigs = s.Features, s.FeatureConfigs
	for _, sg := range p.segments.Segments {
		r.Segments = append(r.Segments, sg.snapshot())
	}
	r.ContextFields = named(p.fields, q.ContextFields, func(f contextFieldAnswer) string { return f.Name }, contextFieldAnswer.snapshot)
	r.TagTypes = named(p.tagTypes.TagTypes, q.TagTypes, func(t tagTypeAnswer) string { return t.Name }, func(t tagTypeAnswer) string { return t.Name })
	if d := p.defaults; d.Stickiness != "" || len(d.Strategies) > 0 {
		r.ProjectDefaults = &d
	}
	return nil
}

// featureSettings is what a feature's own endpoint (GET
// /api/admin/projects/{project}/features/{name}) says of it in each
// environment.
type featureSettings struct {
	Environments []struct {
		Name       string
		Enabled    bool
		Strategies []placedStrategy
	}
}

// placedStrategy is a strategy's id and sort order.
type placedStrategy struct {
	ID        string
	SortOrder int64
}

// readFeatureSettings reads each feature of features from its own
// endpoint, concurrently, once whatever the number of environments; a
// feature the endpoint does not show (archived) is left out.
func (c *Client) readFeatureSettings(ctx context.Context, features []model.Feature) (map[string]*featureSettings, error) {
	got := make([]*featureSettings, len(features))
	fns := make([]func(context.Context) error, 0, len(features))
	for i := range features {
		f := &features[i]
		path, ok := projectPath(deref(f.Project), "/features/"+url.PathEscape(f.Name))
		if !ok || f.Archived != nil && *f.Archived {
			continue
		}
		fns = append(fns, func(ctx context.Context) error {
			var s featureSettings
			if err := c.getJSON(ctx, path, &s); err != nil {
				if e, ok := err.(*Error); ok && e.Kind == ErrNotFound {
					return nil
				}
				return err
			}
			got[i] = &s
			return nil
		})
	}
	if err := c.parallel(ctx, fns...); err != nil {
		return nil, err
	}
	out := make(map[string]*featureSettings, len(features))
	for i, s := range got {
		if s != nil {
			out[features[i].Name] = s
		}
	}
	return out, nil
}

// applyFeatureSettings returns, from the features' own settings, the ids
// of each feature's strategies in env, by sort order (then id: equal sort
// orders come in the order the database returns them, which no reader
// knows), and sets in export ex whether each is enabled in env. A feature
// without settings (archived) keeps the export's.
func applyFeatureSettings(ex *model.ExportData, settings map[string]*featureSettings, env string) map[string][]string {
	order := make(map[string][]string, len(ex.Features))
	enabled := make(map[string]bool, len(ex.Features))
	for name, s := range settings {
		for _, e := range s.Environments {
			if e.Name != env {
				continue
			}
			enabled[name] = e.Enabled
			strategies := slices.Clone(e.Strategies)
			slices.SortFunc(strategies, func(x, y placedStrategy) int {
				return cmp.Or(cmp.Compare(x.SortOrder, y.SortOrder), cmp.Compare(x.ID, y.ID))
			})
			for _, p := range strategies {
				order[name] = append(order[name], p.ID)
			}
		}
	}
	for i := range ex.FeatureEnvironments {
		fe := &ex.FeatureEnvironments[i]
		name := fe.Name
		if fe.FeatureName != nil {
			name = *fe.FeatureName
		}
		if on, ok := enabled[name]; ok {
			fe.Enabled = on
		}
	}
	return order
}
