package unleashapi

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"

	"github.com/flagadmin/flagadmin/importvalidate/plan"
	"github.com/flagadmin/flagadmin/model"
)

// SnapshotOptions choose what SnapshotWith writes beyond Snapshot.
type SnapshotOptions struct {
	// FeatureConfigs writes each feature's configuration in every
	// environment and the projects' defaults (featureConfigs and
	// projectDefaults), what an import plan over the snapshot needs
	// (plan.MemorySource).
	FeatureConfigs bool
}

// SnapshotWith is Snapshot with options. With FeatureConfigs, the
// configurations come from the instance's own export of every feature
// (archived ones included), one per environment, each feature's
// strategies in the order Unleash evaluates them (the playground of the
// environment, see plan.PlaygroundOrder); the projects' defaults from
// their overviews: two requests per environment and one per project
// beyond Snapshot's.
func (c *Client) SnapshotWith(ctx context.Context, o SnapshotOptions) (*model.Snapshot, error) {
	s, err := c.Snapshot(ctx)
	if err != nil || !o.FeatureConfigs {
		return s, err
	}
	if err := c.snapshotConfigs(ctx, s); err != nil {
		return nil, err
	}
	return s, nil
}

// snapshotConfigs adds to s the configuration of each of its features in
// each of its environments, and its projects' defaults.
func (c *Client) snapshotConfigs(ctx context.Context, s *model.Snapshot) error {
	names := make([]string, len(s.Features))
	for i, f := range s.Features {
		names[i] = f.Name
	}
	exports := make([]model.ExportData, len(s.Environments))
	orders := make([]map[string][]string, len(s.Environments))
	defaults := make([]model.SnapshotProjectDefaults, len(s.Projects))
	var fns []func(context.Context) error
	if len(names) > 0 { // an empty list would export every feature
		for i, e := range s.Environments {
			fns = append(fns,
				func(ctx context.Context) error { return c.exportFeatures(ctx, e.Name, names, &exports[i]) },
				func(ctx context.Context) (err error) { orders[i], err = c.strategyOrder(ctx, nil, e.Name); return err })
		}
	}
	for i, p := range s.Projects {
		fns = append(fns, func(ctx context.Context) error {
			r := request{method: http.MethodGet, path: "/api/admin/projects/" + url.PathEscape(p.ID) + "/overview"}
			a, err := c.do(ctx, r)
			if err != nil {
				return err
			}
			var raw json.RawMessage
			if err := c.decode(r, a, &raw); err != nil {
				return err
			}
			defaults[i], err = plan.OverviewProjectDefaults(p.ID, raw)
			return err
		})
	}
	if err := c.parallel(ctx, fns...); err != nil {
		return err
	}
	configs := make(map[string]*model.SnapshotFeatureConfig, len(names))
	for i, e := range s.Environments {
		if len(names) == 0 {
			break
		}
		plan.OrderStrategies(&exports[i], orders[i])
		addExport(configs, e.Name, &exports[i], i == 0)
	}
	for _, f := range s.Features {
		if c := configs[f.Name]; c != nil {
			s.FeatureConfigs = append(s.FeatureConfigs, *c)
		}
	}
	for _, d := range defaults {
		if d.Stickiness != "" || len(d.Strategies) > 0 {
			s.ProjectDefaults = append(s.ProjectDefaults, d)
		}
	}
	return nil
}

// addExport adds to configs what export d of environment env tells of
// each feature: its settings in env, and with first also its own
// settings, tags, parents and links, which every environment's export
// repeats.
func addExport(configs map[string]*model.SnapshotFeatureConfig, env string, d *model.ExportData, first bool) {
	if first {
		for i := range d.Features {
			f := &d.Features[i]
			det := f.Details()
			c := &model.SnapshotFeatureConfig{Feature: f.Name, Stale: det.Stale != nil && *det.Stale,
				ImpressionData: det.ImpressionData != nil && *det.ImpressionData}
			if f.Type != nil {
				c.Type = *f.Type
			}
			if v, ok := f.Description.Get(); ok {
				c.Description = &v
			}
			configs[f.Name] = c
		}
		for _, t := range d.FeatureTags {
			typ := t.TagType
			if typ == nil {
				typ = t.Type
			}
			if c := configs[t.FeatureName]; c != nil && typ != nil {
				c.Tags = append(c.Tags, model.SnapshotTag{Type: *typ, Value: t.TagValue})
			}
		}
		for _, fd := range d.Dependencies {
			if c := configs[fd.Feature]; c != nil {
				c.Dependencies = append(c.Dependencies, fd.Dependencies...)
			}
		}
		for _, fl := range d.Links {
			if c := configs[fl.Feature]; c != nil {
				for _, l := range fl.Links {
					c.Links = append(c.Links, model.DataLink{URL: l.URL, Title: l.Title})
				}
			}
		}
	}
	// in is the feature's configuration in env, added on first use.
	in := func(name string) *model.SnapshotFeatureEnvironment {
		c := configs[name]
		if c == nil {
			return nil
		}
		if n := len(c.Environments); n > 0 && c.Environments[n-1].Name == env {
			return &c.Environments[n-1]
		}
		c.Environments = append(c.Environments, model.SnapshotFeatureEnvironment{Name: env})
		return &c.Environments[len(c.Environments)-1]
	}
	for i := range d.FeatureEnvironments {
		fe := &d.FeatureEnvironments[i]
		name := fe.Name
		if fe.FeatureName != nil {
			name = *fe.FeatureName
		}
		if e := in(name); e != nil {
			e.Enabled = fe.Enabled
			if fe.Variants != nil {
				e.Variants = *fe.Variants
			}
		}
	}
	for _, st := range d.FeatureStrategies {
		if st.FeatureName == nil {
			continue
		}
		if e := in(*st.FeatureName); e != nil {
			// As the database's snapshot stores it: no id, feature or sort
			// order; the list's order is the evaluation's.
			st.ID, st.FeatureName, st.SortOrder = nil, nil, nil
			e.Strategies = append(e.Strategies, st)
		}
	}
}
