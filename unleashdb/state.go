package unleashdb

import (
	"context"
	"encoding/json"

	"github.com/jackc/pgx/v5"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/model"
)

// A name PostgreSQL cannot hold (model.Storable: invalid UTF-8, such as an
// unpaired surrogate kept as WTF-8, or U+0000) is never sent as a query
// parameter, which the database would refuse (SQLSTATE 22021): no row can
// hold it, so it is absent from every answer.

// The queries of the definitions and the target that Read reads. Each
// reads one batch of names.
const (
	qStrategies = `SELECT name, COALESCE(built_in, 0) = 1 FROM strategies WHERE name = ANY($1)`
	qContext    = `SELECT name, legal_values::text, project FROM context_fields WHERE name = ANY($1)`
	qSegments   = `SELECT id, name, segment_project_id, constraints FROM segments WHERE name = ANY($1) ORDER BY id`
	qTagTypes   = `SELECT name FROM tag_types WHERE name = ANY($1)`
	// qFeatures reads the features among $1 and whether each has a
	// strategy in environment $2.
	qFeatures = `SELECT name, COALESCE(project, 'default'), ` + archivedExpr + `,
		EXISTS (SELECT 1 FROM feature_strategies fs WHERE fs.feature_name = features.name AND fs.environment = $2)
		FROM features WHERE name = ANY($1)`
	// qTarget reads whether environment $2 exists, and project $1 (p.id
	// NULL when it does not exist) with its settings and the number of
	// its features that are not archived.
	qTarget = `SELECT EXISTS (SELECT 1 FROM environments WHERE name = $2), p.id, ps.feature_limit,
		ps.feature_naming_pattern, ps.feature_naming_example, ps.feature_naming_description,
		(SELECT count(*) FROM features f WHERE f.project = p.id AND NOT ` + archivedExprF + `)
		FROM (SELECT 1) one LEFT JOIN projects p ON p.id = $1 LEFT JOIN project_settings ps ON ps.project = p.id`

	// archivedExpr is true for an archived feature: Unleash 8 sets
	// archived_at; the older archived flag is honoured too.
	archivedExpr  = `(archived_at IS NOT NULL OR COALESCE(archived, false))`
	archivedExprF = `(f.archived_at IS NOT NULL OR COALESCE(f.archived, false))`
)

// The rows of Read and of Snapshot alike. A strategy type is built in
// when its built_in column is 1.
var (
	scanStrategy = columns(func(s *model.SnapshotStrategy) []any { return []any{&s.Name, &s.BuiltIn} })
	scanSegment  = columns(func(s *model.SnapshotSegment) []any { return []any{&s.ID, &s.Name, &s.Project} })
	// scanSegmentConstraints reads a segment with its constraints, as
	// Read tells them (a snapshot leaves them out).
	scanSegmentConstraints = columns(func(s *model.SnapshotSegment) []any { return []any{&s.ID, &s.Name, &s.Project, &s.Constraints} })
	scanTagType            = columns(func(t *model.SnapshotTagType) []any { return []any{&t.Name} })
)

// scanContextField reads a row of a context field's name, legal_values
// and project (NULL for a global field). Only the values of the legal
// values are kept, which is what an import compares.
func scanContextField(r pgx.Rows) (model.SnapshotContextField, error) {
	var cf model.SnapshotContextField
	var legal *string
	if err := r.Scan(&cf.Name, &legal, &cf.Project); err != nil {
		return cf, err
	}
	lv, err := legalValues(cf.Name, legal)
	for _, v := range lv {
		cf.LegalValues = append(cf.LegalValues, model.LegalValue{Value: v.Value})
	}
	return cf, err
}

// legalValues decodes the legal_values column of context field name.
func legalValues(name string, raw *string) ([]model.LegalValue, error) {
	if raw == nil || *raw == "" || *raw == "null" {
		return nil, nil
	}
	var lv []model.LegalValue
	if err := json.Unmarshal([]byte(*raw), &lv); err != nil {
		return nil, errorf("context fields", "context field %q: legal_values is not an array of {value}: %v", name, err)
	}
	return lv, nil
}

// byNames returns the rows of query for the batch of names ($1) and the
// further arguments more, each read by scan; a name no row can hold
// (model.Storable) is left out, and no query is sent when none is left.
func byNames[T any](ctx context.Context, db *DB, q querier, op, query string, names []string, scan func(pgx.Rows) (T, error), more ...any) ([]T, error) {
	if names = model.StorableOnly(names); len(names) == 0 {
		return nil, nil
	}
	return collectIn(ctx, db, q, op, query, append([]any{names}, more...), scan)
}

// readTarget reads whether environment env exists and project id, with
// the naming pattern and feature limit of project_settings and the
// number of features of the project that are not archived (nil when it
// does not exist).
func (db *DB) readTarget(ctx context.Context, q querier, id, env string) (*importvalidate.Project, bool, error) {
	if !model.Storable(id) {
		id = ""
	}
	if !model.Storable(env) {
		env = ""
	}
	var p *importvalidate.Project
	var envExists bool
	err := db.eachRow(ctx, q, "target", qTarget, []any{id, env}, func(r pgx.Rows) error {
		var pid *string
		var limit *int64
		var pattern, example, description *string
		var count int64
		if err := r.Scan(&envExists, &pid, &limit, &pattern, &example, &description, &count); err != nil || pid == nil {
			return err
		}
		p = &importvalidate.Project{SnapshotProject: projectOf(*pid, limit, pattern, example, description), FeatureCount: count}
		return nil
	})
	switch {
	case err != nil:
		return nil, false, err
	case p != nil && p.FeatureLimit != nil && *p.FeatureLimit < 0:
		return nil, false, errorf("target", "project %q has a negative feature limit %d", id, *p.FeatureLimit)
	}
	return p, envExists, nil
}

// scanProject reads a row of a project's id, feature limit and naming
// pattern, example and description, and then the columns more points to.
func scanProject(r pgx.Rows, more ...any) (model.SnapshotProject, error) {
	var id string
	var limit *int64
	var pattern, example, description *string
	if err := r.Scan(append([]any{&id, &limit, &pattern, &example, &description}, more...)...); err != nil {
		return model.SnapshotProject{}, err
	}
	return projectOf(id, limit, pattern, example, description), nil
}

// projectOf is the project id of a row of project_settings: its feature
// limit and naming pattern, example and description (no naming without a
// pattern).
func projectOf(id string, limit *int64, pattern, example, description *string) model.SnapshotProject {
	p := model.SnapshotProject{ID: id, FeatureLimit: limit}
	if pattern != nil && *pattern != "" {
		p.FeatureNaming = &model.FeatureNaming{Pattern: *pattern, Example: deref(example), Description: deref(description)}
	}
	return p
}

// deref returns the string p points at, "" for nil.
func deref(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}
