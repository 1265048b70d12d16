package unleashdb

import (
	"context"
	"encoding/json"
	"errors"

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
	qContext    = `SELECT name, legal_values::text, COALESCE(project, '') FROM context_fields WHERE name = ANY($1)`
	qSegments   = `SELECT id, name, COALESCE(segment_project_id, '') FROM segments WHERE name = ANY($1) ORDER BY id`
	qTagTypes   = `SELECT name FROM tag_types WHERE name = ANY($1)`
	qFeatures   = `SELECT name, COALESCE(project, 'default'), ` + archivedExpr + ` FROM features WHERE name = ANY($1)`
	qProject    = `SELECT ps.feature_naming_pattern, ps.feature_naming_example, ps.feature_naming_description,
		ps.feature_limit,
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
func (db *DB) Strategies(ctx context.Context, names []string) ([]importvalidate.StrategyType, error) {
	if names = model.StorableOnly(names); len(names) == 0 {
		return nil, nil
	}
	return collect(ctx, db, "strategies", qStrategies, []any{names}, columns(func(s *importvalidate.StrategyType) []any {
		return []any{&s.Name, &s.BuiltIn}
	}))
}

// ContextFields implements importvalidate.State.
func (db *DB) ContextFields(ctx context.Context, names []string) ([]importvalidate.ContextFieldDef, error) {
	if names = model.StorableOnly(names); len(names) == 0 {
		return nil, nil
	}
	return collect(ctx, db, "context fields", qContext, []any{names}, func(r pgx.Rows) (importvalidate.ContextFieldDef, error) {
		var d importvalidate.ContextFieldDef
		lv, err := scanContextField(r, &d.Name, &d.Project)
		if err != nil {
			return d, err
		}
		d.LegalValues = make([]string, len(lv))
		for i, v := range lv {
			d.LegalValues[i] = v.Value
		}
		return d, nil
	})
}

// scanContextField reads a row of a context field's name, legal_values
// and project into name and project, and returns the decoded legal values.
func scanContextField(r pgx.Rows, name *string, project any) ([]model.LegalValue, error) {
	var legal *string
	if err := r.Scan(name, &legal, project); err != nil {
		return nil, err
	}
	return legalValues(*name, legal)
}

// legalValues decodes the legal_values column of context field name.
func legalValues(name string, raw *string) ([]model.LegalValue, error) {
	if raw == nil || *raw == "" || *raw == "null" {
		return []model.LegalValue{}, nil
	}
	var lv []model.LegalValue
	if err := json.Unmarshal([]byte(*raw), &lv); err != nil {
		return nil, errorf("context fields", "context field %q: legal_values is not an array of {value}: %v", name, err)
	}
	return lv, nil
}

// Segments implements importvalidate.State.
func (db *DB) Segments(ctx context.Context, names []string) ([]importvalidate.SegmentDef, error) {
	if names = model.StorableOnly(names); len(names) == 0 {
		return nil, nil
	}
	return collect(ctx, db, "segments", qSegments, []any{names}, columns(func(s *importvalidate.SegmentDef) []any {
		return []any{&s.ID, &s.Name, &s.Project}
	}))
}

// TagTypes implements importvalidate.State.
func (db *DB) TagTypes(ctx context.Context, names []string) ([]string, error) {
	if names = model.StorableOnly(names); len(names) == 0 {
		return nil, nil
	}
	return collect(ctx, db, "tag types", qTagTypes, []any{names}, scanString)
}

// Features implements importvalidate.State. A feature is archived when its
// archived_at is set.
func (db *DB) Features(ctx context.Context, names []string) ([]importvalidate.ExistingFeature, error) {
	if names = model.StorableOnly(names); len(names) == 0 {
		return nil, nil
	}
	return collect(ctx, db, "features", qFeatures, []any{names}, columns(func(f *importvalidate.ExistingFeature) []any {
		return []any{&f.Name, &f.Project, &f.Archived}
	}))
}

// Project implements importvalidate.State: the naming pattern and feature
// limit of project_settings, and the number of features of the project
// that are not archived.
func (db *DB) Project(ctx context.Context, id string) (importvalidate.ProjectSettings, bool, error) {
	var ps importvalidate.ProjectSettings
	if !model.Storable(id) {
		return ps, false, nil
	}
	var pattern, example, description *string
	var limit *int64
	err := db.queryRow(ctx, qProject, []any{id}, &pattern, &example, &description, &limit, &ps.FeatureCount)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return ps, false, nil
	case err != nil:
		return ps, false, wrap("project", err)
	}
	ps.NamingPattern, ps.NamingExample, ps.NamingDescription = deref(pattern), deref(example), deref(description)
	if limit != nil {
		if *limit < 0 {
			return ps, false, errorf("project", "project %q has a negative feature limit %d", id, *limit)
		}
		ps.FeatureLimit = limit
	}
	return ps, true, nil
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
