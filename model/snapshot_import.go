package model

// The members of a snapshot that the import's own checks read (see
// importvalidate.ImportFacts). As for every member, an absent one is the
// value of an empty instance: Unleash's default resource limits, its
// built-in feature types, no tags, no change requests. What the writer of
// a snapshot could not know it names in Snapshot.Unknown.

// The facts a snapshot's Unknown may name.
const (
	UnknownResourceLimits = "resourceLimits"
	UnknownChangeRequests = "changeRequests"
	UnknownLinkTemplates  = "linkTemplates"
	UnknownMilestones     = "milestones"
)

// SnapshotResourceLimits are an instance's resource limits; a limit left
// out is Unleash 8.2.0's default.
type SnapshotResourceLimits struct {
	Constraints                  *int64 `json:"constraints,omitempty"`
	ConstraintValues             *int64 `json:"constraintValues,omitempty"`
	FeatureEnvironmentStrategies *int64 `json:"featureEnvironmentStrategies,omitempty"`
	StrategySegments             *int64 `json:"strategySegments,omitempty"`
	FeatureFlags                 *int64 `json:"featureFlags,omitempty"`
}

// LimitField is one limit of SnapshotResourceLimits: its JSON name and
// its member.
type LimitField struct {
	Name  string
	Value **int64
}

// Fields returns l's limits in the order of its members, each with its
// JSON name, the name a command line or an instance's answer gives it.
func (l *SnapshotResourceLimits) Fields() []LimitField {
	return []LimitField{{"constraints", &l.Constraints}, {"constraintValues", &l.ConstraintValues},
		{"featureEnvironmentStrategies", &l.FeatureEnvironmentStrategies}, {"strategySegments", &l.StrategySegments},
		{"featureFlags", &l.FeatureFlags}}
}

// SnapshotFeatureType is a feature type of the instance.
type SnapshotFeatureType struct {
	ID string `json:"id"`
}

// BuiltInFeatureTypes are the feature types of every Unleash instance.
var BuiltInFeatureTypes = []string{"release", "experiment", "operational", "kill-switch", "permission"}

// SnapshotChangeRequests says that change requests are enabled for a
// project in an environment.
type SnapshotChangeRequests struct {
	Project     string `json:"project"`
	Environment string `json:"environment"`
}

// SnapshotLinkTemplate is a project's link template, which an import
// adds to every feature it creates ({{project}} and {{feature}} in
// URLTemplate replaced).
type SnapshotLinkTemplate struct {
	URLTemplate string  `json:"urlTemplate"`
	Title       *string `json:"title,omitempty"`
}

// SnapshotStrategyCount counts a feature's strategies in one environment.
type SnapshotStrategyCount struct {
	Environment string `json:"environment"`
	// Count counts them all, release-plan milestone strategies included;
	// Disabled and Milestones count those among them.
	Count      int `json:"count"`
	Disabled   int `json:"disabled,omitempty"`
	Milestones int `json:"milestones,omitempty"`
}
