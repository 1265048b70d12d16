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
	Current(ctx context.Context, q Query) (*Current, error)
}

// Query names what a plan reads: the features of the file, in every
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

// Current is a Source's answer to a Query.
type Current struct {
	// Features are the existing features among Query.Features.
	Features []Config `json:"features,omitempty"`
	// ContextFields and TagTypes are the names among the query's that exist.
	ContextFields []string `json:"contextFields,omitempty"`
	TagTypes      []string `json:"tagTypes,omitempty"`
	// DefaultStickiness is the project's default stickiness; "" means
	// "default".
	DefaultStickiness string `json:"defaultStickiness,omitempty"`
	// DefaultStrategy is the project's default strategy in the
	// environment, nil when it has none (Unleash then adds a 100%
	// flexibleRollout). Its Parameters' groupId is resolved per feature.
	DefaultStrategy *Strategy `json:"defaultStrategy,omitempty"`
}

// Config is the configuration of one feature in one environment, as an
// export shows it, without what the instance assigns itself (ids,
// timestamps, sort orders).
type Config struct {
	Name    string `json:"name"`
	Project string `json:"project"`
	// Archived features are skipped by an import.
	Archived       bool    `json:"archived,omitempty"`
	Type           string  `json:"type"`
	Description    *string `json:"description"`
	Stale          bool    `json:"stale,omitempty"`
	ImpressionData bool    `json:"impressionData,omitempty"`
	// Enabled and the lists below are the feature's in the environment.
	Enabled    bool            `json:"enabled"`
	Strategies []Strategy      `json:"strategies,omitempty"`
	Variants   []model.Variant `json:"variants,omitempty"`
	Tags       []Tag           `json:"tags,omitempty"`
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

// Tag is a tag of a feature, the same as a snapshot's.
type Tag = model.SnapshotTag

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
