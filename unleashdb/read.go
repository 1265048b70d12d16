package unleashdb

import (
	"context"

	"github.com/jackc/pgx/v5"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/model"
)

var _ importvalidate.State = (*DB)(nil)

// Read implements importvalidate.State in one read-only transaction that
// sees the database as of one instant, in a constant number of queries
// whatever the number of names, each with the deadline of one database
// call and none for an empty batch of names: one per kind of name (the
// features with whether each has a strategy in the environment, and with
// their facts when the import's are wanted), one for the target (the
// project and whether the environment exists), two for the import's
// facts (the instance's and the target's, the tags'), and the features'
// configurations, the segments and the project's defaults for a plan
// (importvalidate.PartConfigs), besides the transaction's begin and end.
func (db *DB) Read(ctx context.Context, q importvalidate.Query) (*importvalidate.Reading, error) {
	tx, end, err := db.readTx(ctx, "read")
	if err != nil {
		return nil, err
	}
	defer end()
	r := &importvalidate.Reading{Source: sourceName}
	if r.Strategies, err = byNames(ctx, db, tx, "strategies", qStrategies, q.Strategies, scanStrategy); err != nil {
		return nil, err
	}
	if r.ContextFields, err = byNames(ctx, db, tx, "context fields", qContext, q.ContextFields, scanContextField); err != nil {
		return nil, err
	}
	if r.Segments, err = byNames(ctx, db, tx, "segments", qSegments, q.Segments, scanSegmentConstraints); err != nil {
		return nil, err
	}
	if r.TagTypes, err = byNames(ctx, db, tx, "tag types", qTagTypes, q.TagTypes, scanString); err != nil {
		return nil, err
	}
	env := q.Environment
	if !model.Storable(env) {
		env = ""
	}
	target, facts, configs := q.Want.Has(importvalidate.PartTarget), q.Want.Has(importvalidate.PartFacts), q.Want.Has(importvalidate.PartConfigs)
	var featureFacts map[string]importvalidate.FeatureFacts
	switch {
	case facts:
		if r.Features, r.WithStrategies, featureFacts, err = db.readFeatureFacts(ctx, tx, q.Features, env); err != nil {
			return nil, err
		}
	case configs && !target:
		// The configurations' query reads the features.
	default:
		err = db.readFeatures(ctx, tx, q.Features, env, r)
		if err != nil {
			return nil, err
		}
	}
	if target {
		var exists bool
		if r.Project, exists, err = db.readTarget(ctx, tx, q.Project, env); err != nil {
			return nil, err
		}
		r.Environment = importvalidate.Known[bool]{Value: exists, Known: true}
	}
	if facts {
		if r.Facts, err = db.readFacts(ctx, tx, q); err != nil {
			return nil, err
		}
		if featureFacts == nil {
			featureFacts = map[string]importvalidate.FeatureFacts{}
		}
		r.Facts.Features = importvalidate.Known[map[string]importvalidate.FeatureFacts]{Value: featureFacts, Known: true}
	}
	if configs {
		if err := db.readPlan(ctx, tx, q, r); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// readFeatures reads into r the features among names and those of them
// with a strategy in env.
func (db *DB) readFeatures(ctx context.Context, tx querier, names []string, env string, r *importvalidate.Reading) error {
	_, err := byNames(ctx, db, tx, "features", qFeatures, names, func(rows pgx.Rows) (struct{}, error) {
		var f model.SnapshotFeature
		var with bool
		if err := rows.Scan(&f.Name, &f.Project, &f.Archived, &with); err != nil {
			return struct{}{}, err
		}
		r.Features = append(r.Features, f)
		if with {
			r.WithStrategies = append(r.WithStrategies, f.Name)
		}
		return struct{}{}, nil
	}, env)
	return err
}

// readPlan reads into r what a plan reads (importvalidate.PartConfigs):
// the features among q's and their configurations in its environment,
// every segment, and the project's defaults.
func (db *DB) readPlan(ctx context.Context, tx querier, q importvalidate.Query, r *importvalidate.Reading) error {
	features, configs, err := db.readConfigs(ctx, tx, model.StorableOnly(q.Features), []string{q.Environment})
	if err != nil {
		return err
	}
	if !q.Want.Has(importvalidate.PartTarget) && !q.Want.Has(importvalidate.PartFacts) {
		r.Features = features
	}
	for _, c := range configs {
		r.FeatureConfigs = append(r.FeatureConfigs, *c)
	}
	all, err := collectIn(ctx, db, tx, "plan: segments", qSnapSegments, nil, scanSegment)
	if err != nil {
		return err
	}
	r.Segments = append(r.Segments, all...)
	defaults, err := db.readDefaults(ctx, tx, []string{q.Project})
	if err != nil {
		return err
	}
	if len(defaults) > 0 {
		r.ProjectDefaults = &defaults[0]
	}
	return nil
}
