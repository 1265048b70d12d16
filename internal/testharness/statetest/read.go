package statetest

import (
	"context"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/model"
)

// Current is what a plan of q reads of st (a Read wanting
// importvalidate.PartConfigs), as a snapshot.
func Current(ctx context.Context, st importvalidate.State, q importvalidate.Query) (*model.Snapshot, error) {
	q.Want |= importvalidate.PartConfigs
	r, err := st.Read(ctx, q)
	if err != nil {
		return nil, err
	}
	return r.Snapshot(), nil
}

// Facts are the import's facts st tells of q (a Read wanting
// importvalidate.PartFacts).
func Facts(ctx context.Context, st importvalidate.State, q importvalidate.Query) (*importvalidate.ImportFacts, error) {
	q.Want |= importvalidate.PartFacts
	r, err := st.Read(ctx, q)
	if err != nil {
		return nil, err
	}
	return r.Facts, nil
}

// Project is project id as st tells it (a Read wanting
// importvalidate.PartTarget); ok is false when it does not exist.
func Project(ctx context.Context, st importvalidate.State, id string) (p importvalidate.Project, ok bool, err error) {
	r, err := st.Read(ctx, importvalidate.Query{Project: id, Want: importvalidate.PartTarget})
	if err != nil || r.Project == nil {
		return importvalidate.Project{}, false, err
	}
	return *r.Project, true, nil
}

// Features are the features among names that st holds.
func Features(ctx context.Context, st importvalidate.State, names []string) ([]model.SnapshotFeature, error) {
	r, err := st.Read(ctx, importvalidate.Query{Features: names})
	if err != nil {
		return nil, err
	}
	return r.Features, nil
}

// With binds ask to st, for comparing the answers of two States.
func With[Q, A any](st importvalidate.State, ask func(context.Context, importvalidate.State, Q) (A, error)) func(context.Context, Q) (A, error) {
	return func(ctx context.Context, q Q) (A, error) { return ask(ctx, st, q) }
}

// Strategies are the strategy types among names that st holds.
func Strategies(ctx context.Context, st importvalidate.State, names []string) ([]model.SnapshotStrategy, error) {
	r, err := st.Read(ctx, importvalidate.Query{Strategies: names})
	if err != nil {
		return nil, err
	}
	return r.Strategies, nil
}

// Segments are the segments among names that st holds.
func Segments(ctx context.Context, st importvalidate.State, names []string) ([]model.SnapshotSegment, error) {
	r, err := st.Read(ctx, importvalidate.Query{Segments: names})
	if err != nil {
		return nil, err
	}
	return r.Segments, nil
}

// TagTypes are the tag types among names that st holds.
func TagTypes(ctx context.Context, st importvalidate.State, names []string) ([]string, error) {
	r, err := st.Read(ctx, importvalidate.Query{TagTypes: names})
	if err != nil {
		return nil, err
	}
	return r.TagTypes, nil
}
