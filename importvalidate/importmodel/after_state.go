package importmodel

import (
	"maps"
	"slices"

	"github.com/flagadmin/flagadmin/model"
)

// Before is the part of an instance that an import reads and changes, in
// the one environment it imports into, its segments named (BeforeOf
// reads it from a state snapshot).
type Before struct {
	// Features are the existing features among the file's.
	Features []Config `json:"features,omitempty"`
	// ContextFields and TagTypes are the names among the file's that exist.
	ContextFields []string `json:"contextFields,omitempty"`
	TagTypes      []string `json:"tagTypes,omitempty"`
	// DefaultStickiness is the target project's default stickiness; ""
	// means "default".
	DefaultStickiness string `json:"defaultStickiness,omitempty"`
	// DefaultStrategy is the project's default strategy in the
	// environment, nil when it has none (Unleash then adds a 100%
	// flexibleRollout). Its Parameters' groupId is resolved per feature
	// (StrategyEnablingAdds).
	DefaultStrategy *Strategy `json:"defaultStrategy,omitempty"`
}

// Config is the configuration of one feature in one environment, as an
// export shows it, without what the instance assigns itself (ids,
// timestamps, sort orders): what an import changes and a plan compares.
type Config struct {
	Name    string `json:"name"`
	Project string `json:"project"`
	// Archived features are skipped by an import.
	Archived       bool    `json:"archived,omitempty"`
	Type           string  `json:"type"`
	Description    *string `json:"description"`
	Stale          bool    `json:"stale,omitempty"`
	ImpressionData bool    `json:"impressionData,omitempty"`
	// Enabled and the lists below are the feature's in the environment;
	// Strategies are in the order Unleash evaluates them.
	Enabled    bool                `json:"enabled"`
	Strategies []Strategy          `json:"strategies,omitempty"`
	Variants   []model.Variant     `json:"variants,omitempty"`
	Tags       []model.SnapshotTag `json:"tags,omitempty"`
	// Dependencies are the feature's parents.
	Dependencies []Dependency `json:"dependencies,omitempty"`
	Links        []Link       `json:"links,omitempty"`
}

// Strategy is a strategy of a feature in an environment. Segments are
// named, not numbered, since an import maps segment ids by name.
type Strategy struct {
	Name        string                  `json:"name"`
	Title       *string                 `json:"title,omitempty"`
	Disabled    bool                    `json:"disabled,omitempty"`
	Parameters  map[string]string       `json:"parameters,omitempty"`
	Constraints []model.Constraint      `json:"constraints,omitempty"`
	Segments    []string                `json:"segments,omitempty"`
	Variants    []model.StrategyVariant `json:"variants,omitempty"`
}

// Clone is s with its own parameters, constraints, segments and variants.
func (s Strategy) Clone() Strategy {
	c := s
	c.Parameters = maps.Clone(s.Parameters)
	c.Constraints = slices.Clone(s.Constraints)
	c.Segments = slices.Clone(s.Segments)
	c.Variants = slices.Clone(s.Variants)
	return c
}

// Dependency is a parent of a feature. Variants is empty when the
// dependency is on the parent being disabled, or on any variant.
type Dependency struct {
	Feature  string   `json:"feature"`
	Enabled  bool     `json:"enabled"`
	Variants []string `json:"variants,omitempty"`
}

// Link is a link of a feature. Title is nil when the link has none.
type Link struct {
	URL   string  `json:"url"`
	Title *string `json:"title,omitempty"`
}
