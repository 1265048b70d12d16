package unleashdb

import (
	"context"
	"encoding/json"

	"github.com/jackc/pgx/v5"

	"github.com/flagadmin/flagadmin/model"
)

// The queries of the snapshot's members that the import's own checks read
// (model/snapshot_import.go).
const (
	qSnapFeatureTypes   = `SELECT id FROM feature_types ORDER BY id`
	qSnapTags           = `SELECT type, value FROM tags ORDER BY type, value`
	qSnapChangeRequests = `SELECT project, environment FROM change_request_settings ORDER BY project, environment`
	qSnapProjectFacts   = `SELECT p.id, p.archived_at IS NOT NULL,
		COALESCE((SELECT array_agg(pe.environment_name::text ORDER BY pe.environment_name) FROM project_environments pe
			WHERE pe.project_id = p.id), '{}'),
		COALESCE(ps.link_templates::text, '[]')
		FROM projects p LEFT JOIN project_settings ps ON ps.project = p.id`
	qSnapFeatureEnvironments = `SELECT feature_name, array_agg(environment::text ORDER BY environment)
		FROM feature_environments GROUP BY feature_name`
	qSnapStrategyCounts = `SELECT feature_name, environment, count(*)::int,
		(count(*) FILTER (WHERE COALESCE(disabled, false)))::int, (count(*) FILTER (WHERE milestone_id IS NOT NULL))::int
		FROM feature_strategies GROUP BY feature_name, environment ORDER BY feature_name, environment`
	qSnapParents = `SELECT child, array_agg(parent::text ORDER BY parent) FROM dependent_features GROUP BY child`
)

// importFacts reads the instance's feature types, tags and change-request
// settings, and completes the projects and features that projects and
// features read with what the import's checks need. The resource limits
// are the instance's configuration, not its database's: they are written
// as Options say them, by default the version's defaults.
func (r *snapReader) importFacts(ctx context.Context, s *model.Snapshot) error {
	s.ResourceLimits = r.db.limits.Snapshot()
	s.FeatureTypes = []model.SnapshotFeatureType{}
	err := appendRows(ctx, r, "feature types", qSnapFeatureTypes, &s.FeatureTypes, columns(func(t *model.SnapshotFeatureType) []any {
		return []any{&t.ID}
	}))
	if err == nil {
		err = appendRows(ctx, r, "tags", qSnapTags, &s.Tags, columns(func(t *model.SnapshotTag) []any { return []any{&t.Type, &t.Value} }))
	}
	if err == nil {
		err = appendRows(ctx, r, "change requests", qSnapChangeRequests, &s.ChangeRequests, columns(func(c *model.SnapshotChangeRequests) []any {
			return []any{&c.Project, &c.Environment}
		}))
	}
	if err != nil {
		return err
	}
	projects := index(s.Projects, func(p *model.SnapshotProject) string { return p.ID })
	err = r.each(ctx, "projects", qSnapProjectFacts, nil, func(rows pgx.Rows) error {
		var id, templates string
		var archived bool
		var envs []string
		if err := rows.Scan(&id, &archived, &envs, &templates); err != nil {
			return err
		}
		p := projects[id]
		if p == nil {
			return nil
		}
		p.Archived, p.Environments = archived, envs
		if err := json.Unmarshal([]byte(templates), &p.LinkTemplates); err != nil {
			return errorf("snapshot: projects", "project %q: link_templates is not an array of {urlTemplate, title}: %v", id, err)
		}
		if len(p.LinkTemplates) == 0 {
			p.LinkTemplates = nil
		}
		return nil
	})
	if err != nil {
		return err
	}
	features := index(s.Features, func(f *model.SnapshotFeature) string { return f.Name })
	err = perFeature(ctx, r, "feature environments", qSnapFeatureEnvironments, features,
		func(envs *[]string) []any { return []any{envs} },
		func(f *model.SnapshotFeature, envs []string) { f.Environments = envs })
	if err == nil {
		err = perFeature(ctx, r, "strategy counts", qSnapStrategyCounts, features,
			func(c *model.SnapshotStrategyCount) []any {
				return []any{&c.Environment, &c.Count, &c.Disabled, &c.Milestones}
			},
			func(f *model.SnapshotFeature, c model.SnapshotStrategyCount) {
				f.StrategyCounts = append(f.StrategyCounts, c)
			})
	}
	if err == nil {
		err = perFeature(ctx, r, "dependencies", qSnapParents, features,
			func(parents *[]string) []any { return []any{parents} },
			func(f *model.SnapshotFeature, parents []string) { f.Parents = parents })
	}
	return err
}

// index maps the key of each item to the item.
func index[T any](items []T, key func(*T) string) map[string]*T {
	m := make(map[string]*T, len(items))
	for i := range items {
		m[key(&items[i])] = &items[i]
	}
	return m
}

// perFeature runs query, whose rows are a feature's name and the columns
// that fields points at, and gives each row's value to set with the
// feature of features it names; a row of another feature is skipped.
func perFeature[T any](ctx context.Context, r *snapReader, op, query string, features map[string]*model.SnapshotFeature,
	fields func(*T) []any, set func(*model.SnapshotFeature, T)) error {
	return r.each(ctx, op, query, nil, func(rows pgx.Rows) error {
		var name string
		var v T
		if err := rows.Scan(append([]any{&name}, fields(&v)...)...); err != nil {
			return err
		}
		if f := features[name]; f != nil {
			set(f, v)
		}
		return nil
	})
}
