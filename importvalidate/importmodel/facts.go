package importmodel

import "github.com/flagadmin/flagadmin/model"

// Known is a fact of the instance that a state source may not be able to
// tell: Known is false when it cannot, and Value is then zero.
type Known[T any] struct {
	Value T
	Known bool
}

// Facts are the facts of the instance and of the caller that the
// import's own checks read (Input.Facts): a Source's answer to a Query
// that wants PartFacts (Reading.Facts).
type Facts struct {
	// Source names the state source in findings about what it cannot
	// know, such as "the database" or "the admin API".
	Source string
	// Limits are the instance's resource limits.
	Limits Known[ResourceLimits]
	// ActiveFeatures is the number of features that are not archived, in
	// every project.
	ActiveFeatures Known[int64]
	// ProjectArchived is true when the target project exists archived.
	ProjectArchived Known[bool]
	// ProjectEnvironment is true when the target environment is one of
	// the target project's environments (project_environments).
	ProjectEnvironment Known[bool]
	// FeatureTypes is the set of the instance's feature type ids.
	FeatureTypes Known[map[string]bool]
	// Features holds, by name, the facts of the existing features (any
	// project, archived ones included) among Query.Features; a name
	// that does not exist is absent.
	Features Known[map[string]FeatureFacts]
	// Tags is the set of the pairs of Query.Tags that exist as tags.
	Tags Known[map[model.SnapshotTag]bool]
	// ChangeRequests are the target's change-request settings.
	ChangeRequests Known[ChangeRequests]
	// LinkTemplates are the target project's link templates, which the
	// import adds to every feature it creates.
	LinkTemplates Known[[]LinkTemplate]

	// AdminToken is true when the caller authenticated with an admin API
	// token, which the import refuses. Not a fact of the State: the
	// validation reads it from Target.Permissions.
	AdminToken bool
	// Granted holds the caller's answers, in the target project and
	// environment, for the permissions the import checks itself beyond
	// the required ones (PermCreateFeatureStrategy, PermSkipChangeRequest);
	// every one is true for AllPermissions. Not a fact of the State
	// either: the validation asks Target.Permissions.
	Granted map[Permission]bool
}

// ResourceLimits are an instance's resource limits (Unleash's
// resourceLimits; 8.2.0's defaults are DefaultResourceLimits).
type ResourceLimits struct {
	// Constraints is the most constraints a strategy may have.
	Constraints int64 `json:"constraints"`
	// ConstraintValues is the most values a constraint may have.
	ConstraintValues int64 `json:"constraintValues"`
	// FeatureEnvironmentStrategies is the most strategies a feature may
	// have in one environment.
	FeatureEnvironmentStrategies int64 `json:"featureEnvironmentStrategies"`
	// StrategySegments is the most segments a strategy may have.
	StrategySegments int64 `json:"strategySegments"`
	// FeatureFlags is the most features, not archived, of the instance.
	FeatureFlags int64 `json:"featureFlags"`
}

// DefaultResourceLimits are Unleash 8.2.0's resource limits when its
// configuration sets none.
var DefaultResourceLimits = ResourceLimits{Constraints: 30, ConstraintValues: 250,
	FeatureEnvironmentStrategies: 30, StrategySegments: 5, FeatureFlags: 5000}

// FeatureFacts are the facts of one existing feature in the target
// environment.
type FeatureFacts struct {
	// InEnvironment is true when the feature is connected to the target
	// environment (it has a row of feature_environments there).
	InEnvironment bool
	// Enabled is the feature's status in the target environment.
	Enabled bool
	// Strategies is the number of its strategies in the target
	// environment, release-plan milestone strategies included; Disabled
	// counts the disabled ones among them.
	Strategies int
	Disabled   int
	// Milestones is the number of its strategies in the target environment
	// that belong to a release plan's milestone.
	Milestones Known[int]
	// Parents are the features it depends on; Children is the number of
	// features that depend on it.
	Parents  []string
	Children int
	// Metadata is what the import resets when the file leaves it out.
	Metadata Known[FeatureMetadata]
}

// FeatureMetadata are the settings of a feature that an import writes.
type FeatureMetadata struct {
	Type           string
	Description    string
	Stale          bool
	ImpressionData bool
}

// ChangeRequests are the change-request settings of the target.
type ChangeRequests struct {
	// Environment is true when change requests are enabled for the target
	// project in the target environment.
	Environment bool
	// Project is true when they are enabled for the target project in any
	// of its environments.
	Project bool
}

// LinkTemplate is a project's link template: {{project}} and {{feature}}
// in URLTemplate are replaced when a feature is created.
type LinkTemplate struct {
	URLTemplate string  `json:"urlTemplate"`
	Title       *string `json:"title,omitempty"`
}

// QueryTags are the distinct (type, value) pairs of the tags that the
// features of d carry in features[].tags, those a database can hold:
// Query.Tags.
func QueryTags(d *model.ExportData) []model.SnapshotTag {
	var out []model.SnapshotTag
	var seen map[model.SnapshotTag]bool
	for i := range d.Features {
		ft := &d.Features[i]
		if ft.FeatureDetails == nil || !ft.Tags.Valid {
			continue
		}
		for _, t := range ft.Tags.Value {
			k := model.SnapshotTag{Type: t.Type, Value: t.Value}
			if seen[k] || !model.Storable(k.Type) || !model.Storable(k.Value) {
				continue
			}
			if seen == nil {
				seen = map[model.SnapshotTag]bool{}
			}
			seen[k] = true
			out = append(out, k)
		}
	}
	return out
}
