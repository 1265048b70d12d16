package model

// SnapshotFeatureConfig is the configuration of an existing feature, as
// an import plan compares it with a file: a member of
// Snapshot.FeatureConfigs, naming its feature (which Snapshot.Features
// lists too).
type SnapshotFeatureConfig struct {
	Feature     string  `json:"feature"`
	Type        string  `json:"type,omitempty"`
	Description *string `json:"description,omitempty"`
	Stale       bool    `json:"stale,omitempty"`
	// ImpressionData is the feature's impression data setting.
	ImpressionData bool          `json:"impressionData,omitempty"`
	Tags           []SnapshotTag `json:"tags,omitempty"`
	// Dependencies are the feature's parents.
	Dependencies []ParentDependency `json:"dependencies,omitempty"`
	Links        []DataLink         `json:"links,omitempty"`
	// Environments are the feature's settings per environment.
	Environments []SnapshotFeatureEnvironment `json:"environments,omitempty"`
}

// SnapshotTag is a tag of a feature.
type SnapshotTag struct {
	Type  string `json:"type"`
	Value string `json:"value"`
}

// SnapshotFeatureEnvironment is a feature's configuration in one
// environment. Its strategies' segments are ids of Snapshot.Segments.
type SnapshotFeatureEnvironment struct {
	Name       string     `json:"name"`
	Enabled    bool       `json:"enabled,omitempty"`
	Strategies []Strategy `json:"strategies,omitempty"`
	Variants   []Variant  `json:"variants,omitempty"`
}

// SnapshotProjectDefaults are the settings of a project that an import
// applies to the strategies it creates: a member of
// Snapshot.ProjectDefaults.
type SnapshotProjectDefaults struct {
	Project string `json:"project"`
	// Stickiness is the project's default stickiness; "" means "default".
	Stickiness string `json:"stickiness,omitempty"`
	// Strategies are the project's default strategies, per environment.
	Strategies []SnapshotDefaultStrategy `json:"strategies,omitempty"`
}

// SnapshotDefaultStrategy is a project's default strategy in an
// environment.
type SnapshotDefaultStrategy struct {
	Environment string   `json:"environment"`
	Strategy    Strategy `json:"strategy"`
}
