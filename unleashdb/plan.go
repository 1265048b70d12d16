package unleashdb

import (
	"context"
	"encoding/json"

	"github.com/jackc/pgx/v5"

	"github.com/flagadmin/flagadmin/model"
)

// The queries of the features' configurations (Read with
// importvalidate.PartConfigs, and Snapshot):
// each reads one batch of names in a batch of environments. A feature's
// strategies come in the order Unleash evaluates them (sortStrategies:
// by sort order, then by id, a ULID).
const (
	qCfgFeatures = `SELECT name, COALESCE(project, 'default'), ` + archivedExpr + `, COALESCE(type, 'release'),
		description, COALESCE(stale, false), COALESCE(impression_data, false)
		FROM features WHERE name = ANY($1) ORDER BY created_at, name`
	qCfgEnvironments = `SELECT feature_name, environment, enabled, variants::text FROM feature_environments
		WHERE feature_name = ANY($1) AND environment = ANY($2) ORDER BY feature_name, environment`
	qCfgStrategies = `SELECT fs.feature_name, fs.environment, fs.strategy_name, fs.title, COALESCE(fs.disabled, false),
		fs.parameters::text, fs.constraints::text, fs.variants::text,
		COALESCE((SELECT array_agg(fss.segment_id::bigint ORDER BY fss.segment_id) FROM feature_strategy_segment fss
			WHERE fss.feature_strategy_id = fs.id), '{}')
		FROM feature_strategies fs
		WHERE fs.feature_name = ANY($1) AND fs.environment = ANY($2) AND fs.milestone_id IS NULL
		ORDER BY fs.feature_name, fs.environment, fs.sort_order, fs.id COLLATE "C"`
	qCfgTags  = `SELECT feature_name, tag_type, tag_value FROM feature_tag WHERE feature_name = ANY($1) ORDER BY feature_name, tag_type, tag_value`
	qCfgDeps  = `SELECT child, parent, enabled, variants::text FROM dependent_features WHERE child = ANY($1) ORDER BY child, parent`
	qCfgLinks = `SELECT feature_name, url, title FROM feature_link WHERE feature_name = ANY($1) ORDER BY feature_name, id`

	qCfgDefaults = `SELECT p.id, COALESCE(ps.default_stickiness, ''),
		COALESCE((SELECT json_agg(json_build_object('environment', pe.environment_name, 'strategy', pe.default_strategy)
			ORDER BY pe.environment_name)
			FROM project_environments pe WHERE pe.project_id = p.id AND pe.default_strategy IS NOT NULL), '[]')::text
		FROM projects p LEFT JOIN project_settings ps ON ps.project = p.id WHERE p.id = ANY($1) ORDER BY p.id`
)

// readConfigs reads the features among names and their configurations in
// envs, in the snapshot's form; configs[i] belongs to features[i].
func (db *DB) readConfigs(ctx context.Context, q querier, names, envs []string) ([]model.SnapshotFeature, []*model.SnapshotFeatureConfig, error) {
	if len(names) == 0 {
		return nil, nil, nil
	}
	var features []model.SnapshotFeature
	var configs []*model.SnapshotFeatureConfig
	at := map[string]*model.SnapshotFeatureConfig{}
	err := db.eachRow(ctx, q, "plan: features", qCfgFeatures, []any{names}, func(r pgx.Rows) error {
		var f model.SnapshotFeature
		c := &model.SnapshotFeatureConfig{}
		if err := r.Scan(&f.Name, &f.Project, &f.Archived, &c.Type, &c.Description, &c.Stale, &c.ImpressionData); err != nil {
			return err
		}
		c.Feature = f.Name
		features = append(features, f)
		configs = append(configs, c)
		at[f.Name] = c
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	env := func(c *model.SnapshotFeatureConfig, name string) *model.SnapshotFeatureEnvironment {
		for i := range c.Environments {
			if c.Environments[i].Name == name {
				return &c.Environments[i]
			}
		}
		c.Environments = append(c.Environments, model.SnapshotFeatureEnvironment{Name: name})
		return &c.Environments[len(c.Environments)-1]
	}
	err = db.eachRow(ctx, q, "plan: feature environments", qCfgEnvironments, []any{names, envs}, func(r pgx.Rows) error {
		var feature, name, variants string
		var enabled bool
		if err := r.Scan(&feature, &name, &enabled, &variants); err != nil {
			return err
		}
		c := at[feature]
		if c == nil {
			return nil
		}
		e := env(c, name)
		e.Enabled = enabled
		return decodeColumn("plan: feature environments", feature, "variants", variants, &e.Variants)
	})
	if err != nil {
		return nil, nil, err
	}
	err = db.eachRow(ctx, q, "plan: strategies", qCfgStrategies, []any{names, envs}, func(r pgx.Rows) error {
		var feature, name string
		var s model.Strategy
		var title *string
		var disabled bool
		var params, constraints, variants string
		var segs []int64
		if err := r.Scan(&feature, &name, &s.Name, &title, &disabled, &params, &constraints, &variants, &segs); err != nil {
			return err
		}
		c := at[feature]
		if c == nil {
			return nil
		}
		if title != nil {
			s.Title = model.Some(*title)
		}
		s.Disabled = model.Some(disabled)
		const op = "plan: strategies"
		if err := decodeColumn(op, feature, "parameters", params, &s.Parameters); err != nil {
			return err
		}
		if err := decodeColumn(op, feature, "constraints", constraints, &s.Constraints); err != nil {
			return err
		}
		if err := decodeColumn(op, feature, "variants", variants, &s.Variants); err != nil {
			return err
		}
		ids := make([]float64, len(segs))
		for i, id := range segs {
			ids[i] = float64(id)
		}
		s.Segments = &ids
		e := env(c, name)
		e.Strategies = append(e.Strategies, s)
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	err = appendToConfigs(ctx, db, q, "plan: tags", qCfgTags, names, at, func(c *model.SnapshotFeatureConfig) *[]model.SnapshotTag { return &c.Tags },
		func(r pgx.Rows, feature *string, t *model.SnapshotTag) error {
			return r.Scan(feature, &t.Type, &t.Value)
		})
	if err != nil {
		return nil, nil, err
	}
	err = appendToConfigs(ctx, db, q, "plan: dependencies", qCfgDeps, names, at, func(c *model.SnapshotFeatureConfig) *[]model.ParentDependency { return &c.Dependencies },
		func(r pgx.Rows, child *string, p *model.ParentDependency) error {
			var variants string
			var enabled bool
			if err := r.Scan(child, &p.Feature, &enabled, &variants); err != nil {
				return err
			}
			p.Enabled = &enabled
			return decodeColumn("plan: dependencies", *child, "variants", variants, &p.Variants)
		})
	if err != nil {
		return nil, nil, err
	}
	err = appendToConfigs(ctx, db, q, "plan: links", qCfgLinks, names, at, func(c *model.SnapshotFeatureConfig) *[]model.DataLink { return &c.Links },
		func(r pgx.Rows, feature *string, l *model.DataLink) error {
			var title *string
			if err := r.Scan(feature, &l.URL, &title); err != nil {
				return err
			}
			if title != nil {
				l.Title = model.Some(*title)
			}
			return nil
		})
	if err != nil {
		return nil, nil, err
	}
	return features, configs, nil
}

// readDefaults reads the default stickiness and default strategies of
// projects.
func (db *DB) readDefaults(ctx context.Context, q querier, projects []string) ([]model.SnapshotProjectDefaults, error) {
	var out []model.SnapshotProjectDefaults
	err := db.eachRow(ctx, q, "plan: project defaults", qCfgDefaults, []any{projects}, func(r pgx.Rows) error {
		var d model.SnapshotProjectDefaults
		var strategies string
		if err := r.Scan(&d.Project, &d.Stickiness, &strategies); err != nil {
			return err
		}
		if err := decodeColumn("plan: project defaults", d.Project, "default_strategy", strategies, &d.Strategies); err != nil {
			return err
		}
		if d.Stickiness != "" || len(d.Strategies) > 0 {
			out = append(out, d)
		}
		return nil
	})
	return out, err
}

// decodeColumn decodes the JSON column of a row about name into v; the
// error names the column, never its content.
func decodeColumn(op, name, column, raw string, v any) error {
	if raw == "" || raw == "null" {
		return nil
	}
	if err := json.Unmarshal([]byte(raw), v); err != nil {
		return errorf(op, "%q: %s is not what Unleash stores: %v", name, column, err)
	}
	return nil
}

// SnapshotOptions choose what SnapshotWith writes beyond Snapshot.
type SnapshotOptions struct {
	// FeatureConfigs writes each feature's configuration in every
	// environment and the projects' defaults (featureConfigs and
	// projectDefaults), what an import plan over the snapshot needs.
	FeatureConfigs bool
	// PersonalData keeps the users' e-mail addresses and invitation
	// links, which a snapshot leaves out otherwise
	// (model.Snapshot.WithoutPersonalData). An invitation link lets
	// whoever holds it set the user's password until it expires: keep
	// such a snapshot secret.
	PersonalData bool
}

// featureConfigs is the step of Snapshot that writes each feature's
// configuration in every environment, and the projects' defaults.
func (r *snapReader) featureConfigs(ctx context.Context, s *model.Snapshot) error {
	names := make([]string, len(s.Features))
	for i, f := range s.Features {
		names[i] = f.Name
	}
	envs := make([]string, len(s.Environments))
	for i, e := range s.Environments {
		envs[i] = e.Name
	}
	_, configs, err := r.db.readConfigs(ctx, r.tx, names, envs)
	if err != nil {
		return err
	}
	for _, c := range configs {
		s.FeatureConfigs = append(s.FeatureConfigs, *c)
	}
	projects := make([]string, len(s.Projects))
	for i, p := range s.Projects {
		projects[i] = p.ID
	}
	s.ProjectDefaults, err = r.db.readDefaults(ctx, r.tx, projects)
	return err
}

// appendToConfigs reads the rows of query over names, each by scan into
// the name of its feature and a value, and appends the value to the list
// that list picks of the feature's configuration in at, if there is one.
func appendToConfigs[T any](ctx context.Context, db *DB, q querier, op, query string, names []string, at map[string]*model.SnapshotFeatureConfig,
	list func(*model.SnapshotFeatureConfig) *[]T, scan func(r pgx.Rows, feature *string, v *T) error) error {
	return db.eachRow(ctx, q, op, query, []any{names}, func(r pgx.Rows) error {
		var feature string
		var v T
		if err := scan(r, &feature, &v); err != nil {
			return err
		}
		if c := at[feature]; c != nil {
			l := list(c)
			*l = append(*l, v)
		}
		return nil
	})
}
