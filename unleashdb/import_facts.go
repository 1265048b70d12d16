package unleashdb

import (
	"context"
	"encoding/json"

	"github.com/jackc/pgx/v5"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/model"
)

// The queries of the import's facts (importvalidate.PartFacts): the facts
// of the instance and the target, the named features' and the named
// tags'.
const (
	qFactsTarget = `SELECT
		(SELECT count(*) FROM features f WHERE NOT ` + archivedExprF + `),
		COALESCE((SELECT array_agg(id::text ORDER BY id) FROM feature_types), '{}'),
		COALESCE((SELECT archived_at IS NOT NULL FROM projects WHERE id = $1), false),
		EXISTS (SELECT 1 FROM project_environments WHERE project_id = $1 AND environment_name = $2),
		COALESCE((SELECT link_templates::text FROM project_settings WHERE project = $1), '[]'),
		EXISTS (SELECT 1 FROM change_request_settings WHERE project = $1 AND environment = $2),
		EXISTS (SELECT 1 FROM change_request_settings c JOIN project_environments pe
			ON pe.project_id = c.project AND pe.environment_name = c.environment WHERE c.project = $1)`
	// qFeaturesFacts reads the features among $1, as qFeatures does, with
	// their facts in environment $2.
	qFeaturesFacts = `SELECT f.name, COALESCE(f.project, 'default'), ` + archivedExprF + `,
		EXISTS (SELECT 1 FROM feature_environments fe WHERE fe.feature_name = f.name AND fe.environment = $2),
		COALESCE((SELECT fe.enabled FROM feature_environments fe WHERE fe.feature_name = f.name AND fe.environment = $2), false),
		(SELECT count(*) FROM feature_strategies fs WHERE fs.feature_name = f.name AND fs.environment = $2)::int,
		(SELECT count(*) FROM feature_strategies fs WHERE fs.feature_name = f.name AND fs.environment = $2 AND COALESCE(fs.disabled, false))::int,
		(SELECT count(*) FROM feature_strategies fs WHERE fs.feature_name = f.name AND fs.environment = $2 AND fs.milestone_id IS NOT NULL)::int,
		COALESCE((SELECT array_agg(d.parent::text ORDER BY d.parent) FROM dependent_features d WHERE d.child = f.name), '{}'),
		(SELECT count(*) FROM dependent_features d WHERE d.parent = f.name)::int,
		COALESCE(f.type, 'release'), COALESCE(f.description, ''), COALESCE(f.stale, false), COALESCE(f.impression_data, false)
		FROM features f WHERE f.name = ANY($1)`
	qFactsTags = `SELECT t.type, t.value FROM tags t JOIN unnest($1::text[], $2::text[]) AS q(type, value)
		ON t.type = q.type AND t.value = q.value`
)

// sourceName names the database in findings.
const sourceName = "the database"

// readFacts reads the facts of the instance and the target of q, and of
// its tags, in two queries of q's transaction; the features' facts come
// with the features (readFeatureFacts). The resource limits are the
// instance's configuration, not its database's: they are those Options
// say, by default the version's defaults.
func (db *DB) readFacts(ctx context.Context, tx querier, q importvalidate.Query) (*importvalidate.ImportFacts, error) {
	out := &importvalidate.ImportFacts{Source: sourceName,
		Limits: importvalidate.Known[importvalidate.ResourceLimits]{Value: db.limits, Known: true}}
	if !model.Storable(q.Project) || !model.Storable(q.Environment) {
		return out, nil
	}
	var active int64
	var types []string
	var archived, inProject, crEnv, crProject bool
	var templates string
	err := db.eachRow(ctx, tx, "import facts: the target", qFactsTarget, []any{q.Project, q.Environment}, func(r pgx.Rows) error {
		return r.Scan(&active, &types, &archived, &inProject, &templates, &crEnv, &crProject)
	})
	if err != nil {
		return nil, err
	}
	out.ActiveFeatures = importvalidate.Known[int64]{Value: active, Known: true}
	ft := make(map[string]bool, len(types))
	for _, t := range types {
		ft[t] = true
	}
	out.FeatureTypes = importvalidate.Known[map[string]bool]{Value: ft, Known: true}
	out.ProjectArchived = importvalidate.Known[bool]{Value: archived, Known: true}
	out.ProjectEnvironment = importvalidate.Known[bool]{Value: inProject, Known: true}
	out.ChangeRequests = importvalidate.Known[importvalidate.ChangeRequests]{
		Value: importvalidate.ChangeRequests{Environment: crEnv, Project: crProject}, Known: true}
	var lt []importvalidate.LinkTemplate
	if err := json.Unmarshal([]byte(templates), &lt); err != nil {
		return nil, errorf("import facts: the target", "project %q: link_templates is not an array of {urlTemplate, title}: %v", q.Project, err)
	}
	out.LinkTemplates = importvalidate.Known[[]importvalidate.LinkTemplate]{Value: lt, Known: true}

	tags := make(map[model.SnapshotTag]bool, len(q.Tags))
	types, values := make([]string, 0, len(q.Tags)), make([]string, 0, len(q.Tags))
	for _, t := range q.Tags {
		if model.Storable(t.Type) && model.Storable(t.Value) {
			types, values = append(types, t.Type), append(values, t.Value)
		}
	}
	if len(types) > 0 {
		err = db.eachRow(ctx, tx, "import facts: tags", qFactsTags, []any{types, values}, func(r pgx.Rows) error {
			var t model.SnapshotTag
			if err := r.Scan(&t.Type, &t.Value); err != nil {
				return err
			}
			tags[t] = true
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	out.Tags = importvalidate.Known[map[model.SnapshotTag]bool]{Value: tags, Known: true}
	return out, nil
}

// readFeatureFacts reads the features among names, those of them with a
// strategy in env (release-plan milestone strategies included, as
// qFeatures counts them) and their facts in env, in one query.
func (db *DB) readFeatureFacts(ctx context.Context, tx querier, names []string, env string) ([]model.SnapshotFeature, []string, map[string]importvalidate.FeatureFacts, error) {
	var features []model.SnapshotFeature
	var with []string
	facts := make(map[string]importvalidate.FeatureFacts, len(names))
	_, err := byNames(ctx, db, tx, "features", qFeaturesFacts, names, func(r pgx.Rows) (struct{}, error) {
		var sf model.SnapshotFeature
		var f importvalidate.FeatureFacts
		var md importvalidate.FeatureMetadata
		if err := r.Scan(&sf.Name, &sf.Project, &sf.Archived, &f.InEnvironment, &f.Enabled, &f.Strategies, &f.Disabled, &f.Milestones.Value,
			&f.Parents, &f.Children, &md.Type, &md.Description, &md.Stale, &md.ImpressionData); err != nil {
			return struct{}{}, err
		}
		f.Milestones.Known = true
		if len(f.Parents) == 0 {
			f.Parents = nil
		}
		f.Metadata = importvalidate.Known[importvalidate.FeatureMetadata]{Value: md, Known: true}
		features = append(features, sf)
		if f.Strategies > 0 {
			with = append(with, sf.Name)
		}
		facts[sf.Name] = f
		return struct{}{}, nil
	}, env)
	if err != nil {
		return nil, nil, nil, err
	}
	return features, with, facts, nil
}
