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

// The queries of the State methods. Each reads one batch of names.
const (
	qStrategies = `SELECT name, COALESCE(built_in, 0) = 1 FROM strategies WHERE name = ANY($1)`
	qContext    = `SELECT name, legal_values::text, project FROM context_fields WHERE name = ANY($1)`
	qSegments   = `SELECT id, name, segment_project_id, constraints FROM segments WHERE name = ANY($1) ORDER BY id`
	qTagTypes   = `SELECT name FROM tag_types WHERE name = ANY($1)`
	qFeatures   = `SELECT name, COALESCE(project, 'default'), ` + archivedExpr + ` FROM features WHERE name = ANY($1)`
	qProject    = `SELECT p.id, ps.feature_limit, ps.feature_naming_pattern, ps.feature_naming_example,
		ps.feature_naming_description,
		(SELECT count(*) FROM features f WHERE f.project = p.id AND NOT ` + archivedExprF + `)
		FROM projects p LEFT JOIN project_settings ps ON ps.project = p.id WHERE p.id = $1`
	qWithStrategies = `SELECT DISTINCT feature_name FROM feature_strategies WHERE environment = $1 AND feature_name = ANY($2)`

	// archivedExpr is true for an archived feature: Unleash 8 sets
	// archived_at; the older archived flag is honoured too.
	archivedExpr  = `(archived_at IS NOT NULL OR COALESCE(archived, false))`
	archivedExprF = `(f.archived_at IS NOT NULL OR COALESCE(f.archived, false))`
)

var _ importvalidate.State = (*DB)(nil)

// Strategies implements importvalidate.State. A strategy type is built in
// when its built_in column is 1.
func (db *DB) Strategies(ctx context.Context, names []string) ([]model.SnapshotStrategy, error) {
	return byNames(ctx, db, "strategies", qStrategies, names, scanStrategy)
}

// ContextFields implements importvalidate.State.
func (db *DB) ContextFields(ctx context.Context, names []string) ([]model.SnapshotContextField, error) {
	return byNames(ctx, db, "context fields", qContext, names, scanContextField)
}

// The rows of the State methods and of Snapshot alike.
var (
	scanStrategy = columns(func(s *model.SnapshotStrategy) []any { return []any{&s.Name, &s.BuiltIn} })
	scanSegment  = columns(func(s *model.SnapshotSegment) []any { return []any{&s.ID, &s.Name, &s.Project} })
	// scanSegmentConstraints reads a segment with its constraints, as
	// the State tells them (a snapshot leaves them out).
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

// Segments implements importvalidate.State.
func (db *DB) Segments(ctx context.Context, names []string) ([]model.SnapshotSegment, error) {
	return byNames(ctx, db, "segments", qSegments, names, scanSegmentConstraints)
}

// TagTypes implements importvalidate.State.
func (db *DB) TagTypes(ctx context.Context, names []string) ([]string, error) {
	return byNames(ctx, db, "tag types", qTagTypes, names, scanString)
}

// Features implements importvalidate.State. A feature is archived when its
// archived_at is set.
func (db *DB) Features(ctx context.Context, names []string) ([]model.SnapshotFeature, error) {
	return byNames(ctx, db, "features", qFeatures, names, columns(func(f *model.SnapshotFeature) []any {
		return []any{&f.Name, &f.Project, &f.Archived}
	}))
}

// byNames returns the rows of query for the batch of names ($1), each read
// by scan; a name no row can hold (model.Storable) is left out, and no
// query is sent when none is left.
func byNames[T any](ctx context.Context, db *DB, op, query string, names []string, scan func(pgx.Rows) (T, error)) ([]T, error) {
	if names = model.StorableOnly(names); len(names) == 0 {
		return nil, nil
	}
	return collect(ctx, db, op, query, []any{names}, scan)
}

// Project implements importvalidate.State: the naming pattern and feature
// limit of project_settings, and the number of features of the project
// that are not archived.
func (db *DB) Project(ctx context.Context, id string) (importvalidate.Project, bool, error) {
	if !model.Storable(id) {
		return importvalidate.Project{}, false, nil
	}
	found, err := collect(ctx, db, "project", qProject, []any{id}, func(r pgx.Rows) (importvalidate.Project, error) {
		var p importvalidate.Project
		var err error
		p.SnapshotProject, err = scanProject(r, &p.FeatureCount)
		return p, err
	})
	switch {
	case err != nil || len(found) == 0:
		return importvalidate.Project{}, false, err
	case found[0].FeatureLimit != nil && *found[0].FeatureLimit < 0:
		return importvalidate.Project{}, false, errorf("project", "project %q has a negative feature limit %d", id, *found[0].FeatureLimit)
	}
	return found[0], true, nil
}

// scanProject reads a row of a project's id, feature limit and naming
// pattern, example and description (no naming without a pattern), and
// then the columns more points to.
func scanProject(r pgx.Rows, more ...any) (model.SnapshotProject, error) {
	var p model.SnapshotProject
	var pattern, example, description *string
	if err := r.Scan(append([]any{&p.ID, &p.FeatureLimit, &pattern, &example, &description}, more...)...); err != nil {
		return p, err
	}
	if pattern != nil && *pattern != "" {
		p.FeatureNaming = &model.FeatureNaming{Pattern: *pattern, Example: deref(example), Description: deref(description)}
	}
	return p, nil
}

// FeaturesWithStrategies implements importvalidate.State.
func (db *DB) FeaturesWithStrategies(ctx context.Context, env string, names []string) ([]string, error) {
	if names = model.StorableOnly(names); len(names) == 0 || !model.Storable(env) {
		return nil, nil
	}
	return collect(ctx, db, "features with strategies", qWithStrategies, []any{env, names}, scanString)
}

// deref returns the string p points at, "" for nil.
func deref(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}
