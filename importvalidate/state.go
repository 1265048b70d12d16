package importvalidate

import (
	"context"

	"github.com/flagadmin/flagadmin/importvalidate/importmodel"
	"github.com/flagadmin/flagadmin/model"
)

// State is the existing state of an instance, as the rules need it, in
// the types of a state snapshot (model.Snapshot's members). A Go service
// implements it over its own store. Every method takes the whole batch of
// names it needs at once, so that one validation makes a constant number
// of calls whatever the size of the import. Methods must be safe for
// concurrent use. Names absent from the store are simply left out of the
// answer; an error aborts the validation. The rules do not modify what
// the methods return.
type State interface {
	// Strategies returns the strategy types among names; a built-in one
	// never triggers the custom-strategy warning.
	Strategies(ctx context.Context, names []string) ([]model.SnapshotStrategy, error)
	// ContextFields returns the context field definitions among names; a
	// field of no project (nil or "") is global.
	ContextFields(ctx context.Context, names []string) ([]model.SnapshotContextField, error)
	// Segments returns the segment definitions whose names are among names,
	// in every project; a segment of no project (nil or "") is global.
	Segments(ctx context.Context, names []string) ([]model.SnapshotSegment, error)
	// TagTypes returns the tag type names among names.
	TagTypes(ctx context.Context, names []string) ([]string, error)
	// Features returns the existing features among names, in every
	// project, archived ones included (their StrategyEnvironments are not
	// read: FeaturesWithStrategies answers that).
	Features(ctx context.Context, names []string) ([]model.SnapshotFeature, error)
	// Project returns a project with its settings; ok is false when the
	// project does not exist.
	Project(ctx context.Context, id string) (p Project, ok bool, err error)
	// FeaturesWithStrategies returns the names among names of the features
	// that already have at least one strategy in environment env.
	FeaturesWithStrategies(ctx context.Context, env string, names []string) ([]string, error)
}

// EnvironmentState is a State that also knows the instance's environments.
// When the State implements it, a validation asks it once whether the
// target environment exists (CodeUnknownEnvironment); otherwise the
// environment is not checked. MemoryState and unleashdb.DB implement it.
type EnvironmentState interface {
	State
	// Environment reports whether the environment named name exists.
	Environment(ctx context.Context, name string) (bool, error)
}

// Project is a project as the rules read it: its settings, as a state
// snapshot holds them, and the number of its features, which a snapshot
// gives by listing them.
type Project = importmodel.Project

// ImportState is a State that also answers what the import's own checks
// need to know of the instance beyond State's answers: its resource
// limits, feature types, tags, the target project's environments and
// settings, and per feature its environment, strategies and dependencies.
// When the State implements it, a validation asks it once (ImportFacts),
// whatever the size of the import; otherwise every such fact is unknown,
// and the checks that need one say so in a warning (CodeImportUnknownFact)
// instead of guessing. MemoryState, unleashdb.DB and unleashapi.Client
// implement it.
type ImportState interface {
	State
	// ImportFacts answers q. A fact the source cannot know is left with
	// Known false; an error aborts the validation.
	ImportFacts(ctx context.Context, q ImportQuery) (*ImportFacts, error)
}

// The facts of the import (package importmodel, where they are
// documented), under this package's names.
type (
	ImportQuery     = importmodel.Query
	ImportFacts     = importmodel.Facts
	ResourceLimits  = importmodel.ResourceLimits
	FeatureFacts    = importmodel.FeatureFacts
	FeatureMetadata = importmodel.FeatureMetadata
	ChangeRequests  = importmodel.ChangeRequests
	LinkTemplate    = importmodel.LinkTemplate
)

// Known is a fact of the instance that a state source may not be able to
// tell (importmodel.Known).
type Known[T any] = importmodel.Known[T]

// DefaultResourceLimits are Unleash 8.2.0's resource limits when its
// configuration sets none (importmodel.DefaultResourceLimits).
var DefaultResourceLimits = importmodel.DefaultResourceLimits

// Permissions answers whether the caller holds a permission. The auth
// package's principals implement it.
type Permissions interface {
	// HasPermission reports whether the caller holds permission in project
	// and environment. A caller holding ADMIN holds every permission.
	HasPermission(ctx context.Context, permission, project, environment string) (bool, error)
}
