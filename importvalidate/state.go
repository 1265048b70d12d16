package importvalidate

import "context"

// State is the existing state of an instance, as the rules need it. A Go
// service implements it over its own store. Every method takes the whole
// batch of names it needs at once, so that one validation makes a constant
// number of calls whatever the size of the import. Methods must be safe for
// concurrent use. Names absent from the store are simply left out of the
// answer; an error aborts the validation.
type State interface {
	// Strategies returns the strategy types among names.
	Strategies(ctx context.Context, names []string) ([]StrategyType, error)
	// ContextFields returns the context field definitions among names.
	ContextFields(ctx context.Context, names []string) ([]ContextFieldDef, error)
	// Segments returns the segment definitions whose names are among names,
	// in every project.
	Segments(ctx context.Context, names []string) ([]SegmentDef, error)
	// TagTypes returns the tag type names among names.
	TagTypes(ctx context.Context, names []string) ([]string, error)
	// Features returns the existing features among names, in every project,
	// archived ones included.
	Features(ctx context.Context, names []string) ([]ExistingFeature, error)
	// Project returns the settings of a project; ok is false when the
	// project does not exist.
	Project(ctx context.Context, id string) (settings ProjectSettings, ok bool, err error)
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

// StrategyType is a strategy type of the instance.
type StrategyType struct {
	Name string
	// BuiltIn types never trigger the custom-strategy warning.
	BuiltIn bool
}

// ContextFieldDef is an existing context field.
type ContextFieldDef struct {
	Name        string
	LegalValues []string
	// Project is the project the field belongs to; "" means global.
	Project string
}

// SegmentDef is an existing segment.
type SegmentDef struct {
	ID   int64
	Name string
	// Project is the project the segment belongs to; "" means global.
	Project string
}

// ExistingFeature is an existing feature.
type ExistingFeature struct {
	Name     string
	Project  string
	Archived bool
}

// ProjectSettings are the import-relevant settings of a project.
type ProjectSettings struct {
	// NamingPattern is the feature naming pattern; "" means none. It is
	// matched anchored at both ends.
	NamingPattern string
	// NamingExample and NamingDescription complete the pattern's message.
	NamingExample     string
	NamingDescription string
	// FeatureLimit is the maximum number of non-archived features; nil
	// means unlimited.
	FeatureLimit *int64
	// FeatureCount is the number of non-archived features of the project.
	FeatureCount int64
}

// Permissions answers whether the caller holds a permission. The auth
// package's principals implement it.
type Permissions interface {
	// HasPermission reports whether the caller holds permission in project
	// and environment. A caller holding ADMIN holds every permission.
	HasPermission(ctx context.Context, permission, project, environment string) (bool, error)
}
