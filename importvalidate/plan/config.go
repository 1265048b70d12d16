package plan

import "github.com/flagadmin/flagadmin/model"

// current is a Source's answer to a Query in the plan's working form,
// each feature's configuration in the one environment the plan is
// about, its segments named (currentOf makes it).
type current struct {
	// Features are the existing features among Query.Features.
	Features []config `json:"features,omitempty"`
	// ContextFields and TagTypes are the names among the query's that exist.
	ContextFields []string `json:"contextFields,omitempty"`
	TagTypes      []string `json:"tagTypes,omitempty"`
	// DefaultStickiness is the project's default stickiness; "" means
	// "default".
	DefaultStickiness string `json:"defaultStickiness,omitempty"`
	// DefaultStrategy is the project's default strategy in the
	// environment, nil when it has none (Unleash then adds a 100%
	// flexibleRollout). Its Parameters' groupId is resolved per feature.
	DefaultStrategy *strategy `json:"defaultStrategy,omitempty"`
}

// config is the configuration of one feature in one environment, as an
// export shows it, without what the instance assigns itself (ids,
// timestamps, sort orders): what a plan compares and changes.
type config struct {
	Name    string `json:"name"`
	Project string `json:"project"`
	// Archived features are skipped by an import.
	Archived       bool    `json:"archived,omitempty"`
	Type           string  `json:"type"`
	Description    *string `json:"description"`
	Stale          bool    `json:"stale,omitempty"`
	ImpressionData bool    `json:"impressionData,omitempty"`
	// Enabled and the lists below are the feature's in the environment.
	Enabled    bool                `json:"enabled"`
	Strategies []strategy          `json:"strategies,omitempty"`
	Variants   []model.Variant     `json:"variants,omitempty"`
	Tags       []model.SnapshotTag `json:"tags,omitempty"`
	// Dependencies are the feature's parents.
	Dependencies []dependency `json:"dependencies,omitempty"`
	Links        []link       `json:"links,omitempty"`
}

// strategy is a strategy of a feature in an environment. Segments are
// named, not numbered, since an import maps segment ids by name.
type strategy struct {
	Name        string                  `json:"name"`
	Title       *string                 `json:"title,omitempty"`
	Disabled    bool                    `json:"disabled,omitempty"`
	Parameters  map[string]string       `json:"parameters,omitempty"`
	Constraints []model.Constraint      `json:"constraints,omitempty"`
	Segments    []string                `json:"segments,omitempty"`
	Variants    []model.StrategyVariant `json:"variants,omitempty"`
}

// dependency is a parent of a feature. Variants is empty when the
// dependency is on the parent being disabled, or on any variant.
type dependency struct {
	Feature  string   `json:"feature"`
	Enabled  bool     `json:"enabled"`
	Variants []string `json:"variants,omitempty"`
}

// link is a link of a feature. Title is nil when the link has none.
type link struct {
	URL   string  `json:"url"`
	Title *string `json:"title,omitempty"`
}
