package plan

import (
	"context"

	"github.com/flagadmin/flagadmin/model"
)

// Source is the current configuration of an instance, as a plan needs it.
// One call answers a whole plan, whatever the size of the file, so that a
// plan makes a constant number of lookups. Names absent from the store
// are left out of the answer; an error aborts the plan. Implementations
// must be safe for concurrent use.
type Source interface {
	// Current returns the part of the instance's state that q names, in
	// the form of a state snapshot (docs/SNAPSHOT.md):
	//
	//   - Features: the existing features among q.Features, in every
	//     project, archived ones included;
	//   - FeatureConfigs: the configuration of each of them, with its
	//     settings in q.Environment at least (an existing feature without
	//     its configuration fails the plan with ErrNoConfiguration);
	//   - ContextFields and TagTypes: those among q's that exist;
	//   - Segments: at least those whose ids the configurations'
	//     strategies and the project's default strategy name;
	//   - ProjectDefaults: q.Project's, when it has any.
	//
	// The other members are not read. The plan does not modify the
	// snapshot.
	Current(ctx context.Context, q Query) (*model.Snapshot, error)
}

// Query names what a plan reads: the features of the file (and those whose
// links it replaces from outside it), in every
// project and archived ones included, with their configuration in
// Environment; the context fields and tag types the file carries; and the
// settings of Project that the import applies (default stickiness and
// default strategy in Environment).
type Query struct {
	Project       string
	Environment   string
	Features      []string
	ContextFields []string
	TagTypes      []string
}
