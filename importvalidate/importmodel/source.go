package importmodel

import (
	"context"

	"github.com/flagadmin/flagadmin/model"
)

// Source is the one way to read an instance's state: a validation makes
// one Read, and so does a plan, whatever the size of the file. A state
// snapshot (SnapshotSource, ReadSnapshot), an Unleash database (package
// unleashdb), a live instance (package unleashapi) and a service's own
// store implement it. Read must be safe for concurrent use; an error
// aborts the validation or the plan. The readers do not modify what it
// returns.
type Source interface {
	// Read answers q: the definitions among the names q gives, and the
	// parts q.Want asks for (see Reading). Names absent from the instance
	// are left out of the answer.
	Read(ctx context.Context, q Query) (*Reading, error)
}

// Parts are the parts of a Reading beyond the named definitions.
type Parts uint8

// The parts a Query may want.
const (
	// PartTarget: the target as the validation's rules read it
	// (Reading.Project, Environment and WithStrategies).
	PartTarget Parts = 1 << iota
	// PartFacts: what the import's own checks read of the instance
	// (Reading.Facts).
	PartFacts
	// PartConfigs: what only a plan reads, the features' configurations
	// in the target environment, the target project's defaults and the
	// segments they use (Reading.FeatureConfigs, ProjectDefaults,
	// Segments).
	PartConfigs
)

// Has reports whether p holds every part of w.
func (p Parts) Has(w Parts) bool { return p&w == w }

// Query names what a reader needs of an instance: the target, the names
// the file names by kind, the (type, value) pairs of the tags that the
// file's features carry in features[].tags (for the facts), and the parts
// wanted. Every name is one a database can hold (model.Storable); a
// target that no database can hold is sent as "", which names nothing.
type Query struct {
	Project     string `json:"project"`
	Environment string `json:"environment"`
	// Strategies are strategy type names; ContextFields context field
	// names (imported fields, constraints' context names, stickiness
	// values); Segments segment names; TagTypes tag type names.
	Strategies    []string `json:"strategies,omitempty"`
	ContextFields []string `json:"contextFields,omitempty"`
	Segments      []string `json:"segments,omitempty"`
	TagTypes      []string `json:"tagTypes,omitempty"`
	// Features are the feature names the file names anywhere (features,
	// strategies, environments, tags, dependencies and their parents,
	// links), or those a plan reads.
	Features []string            `json:"features,omitempty"`
	Tags     []model.SnapshotTag `json:"tags,omitempty"`
	Want     Parts               `json:"want,omitempty"`
}

// Reading is a Source's answer to a Query, in the types of a state
// snapshot (docs/SNAPSHOT.md). The members of a part that the Query did
// not want may stay zero.
type Reading struct {
	// Source names the source in findings about what it cannot know,
	// such as "the database" or "the admin API"; "" is "the state".
	Source string

	// The definitions among the Query's names, in every project: the
	// strategy types (a built-in one never triggers the custom-strategy
	// warning), the context fields and segments (one of no project, nil
	// or "", is global; segments in id order), the tag types, and the
	// features, archived ones included (name, project and archived
	// only). With PartConfigs, Segments holds at least the segments
	// whose ids the configurations' strategies and the project's default
	// strategies name as well.
	Strategies    []model.SnapshotStrategy
	ContextFields []model.SnapshotContextField
	Segments      []model.SnapshotSegment
	TagTypes      []string
	Features      []model.SnapshotFeature

	// PartTarget. Project is the target project with its settings and
	// the number of its features that are not archived; nil when it does
	// not exist. Environment tells whether the target environment
	// exists; a source that cannot tell leaves it unknown, and the
	// environment is then taken as existing. WithStrategies are the
	// names among Features of the features that have at least one
	// strategy in the target environment.
	Project        *Project
	Environment    Known[bool]
	WithStrategies []string

	// PartFacts: the facts of the import; nil means that every fact is
	// unknown, and the checks that need one say so.
	Facts *Facts

	// PartConfigs: the configuration of each of Features, with its
	// settings in the target environment at least (an existing feature
	// without its configuration fails a plan), and the target project's
	// defaults, nil when it has none.
	FeatureConfigs  []model.SnapshotFeatureConfig
	ProjectDefaults *model.SnapshotProjectDefaults
}

// Snapshot is the part of r that a plan reads (PartConfigs), as a state
// snapshot: its features, their configurations, the context fields, tag
// types and segments, and the project's defaults.
func (r *Reading) Snapshot() *model.Snapshot {
	s := &model.Snapshot{Features: r.Features, FeatureConfigs: r.FeatureConfigs,
		ContextFields: r.ContextFields, Segments: r.Segments}
	for _, t := range r.TagTypes {
		s.TagTypes = append(s.TagTypes, model.SnapshotTagType{Name: t})
	}
	if r.ProjectDefaults != nil {
		s.ProjectDefaults = []model.SnapshotProjectDefaults{*r.ProjectDefaults}
	}
	return s
}
