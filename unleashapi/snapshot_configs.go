package unleashapi

import (
	"context"

	"github.com/flagadmin/flagadmin/model"
)

// SnapshotOptions choose what SnapshotWith writes beyond Snapshot.
type SnapshotOptions struct {
	// FeatureConfigs writes each feature's configuration in every
	// environment and the projects' defaults (featureConfigs and
	// projectDefaults), what an import plan over the snapshot needs
	// (importvalidate.MemoryState, importvalidate.PartConfigs).
	FeatureConfigs bool
	// PersonalData keeps the users' e-mail addresses and invitation
	// links, which a snapshot leaves out otherwise
	// (model.Snapshot.WithoutPersonalData). An invitation link lets
	// whoever holds it set the user's password until it expires: keep
	// such a snapshot secret.
	PersonalData bool
}

// SnapshotWith is Snapshot with options. With FeatureConfigs, the
// configurations come from the instance's own export of every feature
// (archived ones included), one per environment, each feature's
// strategies in the order Unleash evaluates them (the playground of the
// environment, see strategyOrder; up to 6.x, whose playground
// makes up strategy ids, each feature's own endpoint, a request per
// feature for every environment); the projects' defaults from their overviews:
// two requests per environment and one per project beyond Snapshot's.
func (c *Client) SnapshotWith(ctx context.Context, o SnapshotOptions) (*model.Snapshot, error) {
	s, err := c.snapshot(ctx, o.PersonalData)
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
	ids := c.knownVersion().Profile.AdminAPI.PlaygroundStrategyIDs
	if len(names) > 0 { // an empty list would export every feature
		for i, e := range s.Environments {
			fns = append(fns, func(ctx context.Context) error { return c.exportFeatures(ctx, e.Name, names, &exports[i]) })
			if ids {
				fns = append(fns, func(ctx context.Context) (err error) { orders[i], err = c.strategyOrder(ctx, nil, e.Name); return err })
			}
		}
	}
	for i, p := range s.Projects {
		fns = append(fns, func(ctx context.Context) (err error) { defaults[i], err = c.projectDefaults(ctx, p.ID); return err })
	}
	if err := c.parallel(ctx, fns...); err != nil {
		return err
	}
	if len(names) > 0 && !ids {
		// As for a plan (planOf): each feature's own endpoint, read
		// once for every environment, orders its strategies and says
		// whether it is enabled.
		var features []model.Feature
		seen := map[string]bool{}
		for i := range exports {
			for _, f := range exports[i].Features {
				if !seen[f.Name] {
					seen[f.Name] = true
					features = append(features, f)
				}
			}
		}
		settings, err := c.readFeatureSettings(ctx, features)
		if err != nil {
			return err
		}
		for i, e := range s.Environments {
			orders[i] = applyFeatureSettings(&exports[i], settings, e.Name)
		}
	}
	configs := make(map[string]*model.SnapshotFeatureConfig, len(names))
	for i, e := range s.Environments {
		if len(names) == 0 {
			break
		}
		orderStrategies(&exports[i], orders[i])
		part := exportSnapshot(&exports[i], e.Name)
		for j := range part.FeatureConfigs {
			c := &part.FeatureConfigs[j]
			// Every environment's export repeats the feature's own
			// settings, tags, parents and links: the first one's are kept.
			if have := configs[c.Feature]; have != nil {
				have.Environments = append(have.Environments, c.Environments...)
			} else {
				configs[c.Feature] = c
			}
		}
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
