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
// when Options.ResourceLimits gives them, else named unknown.
func (r *snapReader) importFacts(ctx context.Context, s *model.Snapshot) error {
	if l := r.db.limits; l != nil {
		s.ResourceLimits = &model.SnapshotResourceLimits{Constraints: &l.Constraints, ConstraintValues: &l.ConstraintValues,
			FeatureEnvironmentStrategies: &l.FeatureEnvironmentStrategies, StrategySegments: &l.StrategySegments,
			FeatureFlags: &l.FeatureFlags}
	} else {
		s.Unknown = append(s.Unknown, model.UnknownResourceLimits)
	}
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
	projects := make(map[string]*model.SnapshotProject, len(s.Projects))
	for i := range s.Projects {
		projects[s.Projects[i].ID] = &s.Projects[i]
	}
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
	features := make(map[string]*model.SnapshotFeature, len(s.Features))
	for i := range s.Features {
		features[s.Features[i].Name] = &s.Features[i]
	}
	err = r.each(ctx, "feature environments", qSnapFeatureEnvironments, nil, func(rows pgx.Rows) error {
		var name string
		var envs []string
		if err := rows.Scan(&name, &envs); err != nil {
			return err
		}
		if f := features[name]; f != nil {
			f.Environments = envs
		}
		return nil
	})
	if err == nil {
		err = r.each(ctx, "strategy counts", qSnapStrategyCounts, nil, func(rows pgx.Rows) error {
			var name string
			var c model.SnapshotStrategyCount
			if err := rows.Scan(&name, &c.Environment, &c.Count, &c.Disabled, &c.Milestones); err != nil {
				return err
			}
			if f := features[name]; f != nil {
				f.StrategyCounts = append(f.StrategyCounts, c)
			}
			return nil
		})
	}
	if err == nil {
		err = r.each(ctx, "dependencies", qSnapParents, nil, func(rows pgx.Rows) error {
			var name string
			var parents []string
			if err := rows.Scan(&name, &parents); err != nil {
				return err
			}
			if f := features[name]; f != nil {
				f.Parents = parents
			}
			return nil
		})
	}
	return err
}
