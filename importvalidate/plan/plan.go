// Package plan tells what an import will change before it runs, feature
// by feature, the way the instance's import (POST
// /api/admin/features-batch/import) then changes it: which features it
// creates, which it updates and in which aspects, which it leaves as they
// are and which it skips, and the context fields and tag types it
// creates. It is the difference between the instance before the import
// and after it, as package importmodel replays Unleash 8.2.0's import,
// with what the import of the instance's version does otherwise
// (Options.Profile, its Import member: 5.12 to 8.x). docs/PLAN.md lists
// the import rules, per version, and how each was checked on the real
// server.
//
// A plan reads the current configuration through the one State of an
// instance (importvalidate.State, the validation's), in one Read whatever
// the size of the file. It does no I/O of its own.
package plan

import (
	"cmp"
	"errors"
	"fmt"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/model/profile"
)

// Action is what an import does to one feature of the file.
type Action string

// The actions, with their stable names.
const (
	// Create: the feature does not exist; the import creates it.
	Create Action = "create"
	// Update: the feature exists in the project; the import changes it in
	// the aspects the plan names.
	Update Action = "update"
	// Unchanged: the feature exists and the import leaves it as it is.
	Unchanged Action = "unchanged"
	// Skip: the import leaves the feature alone, for Reason.
	Skip Action = "skip"
)

// Aspect is a part of a feature that an import may change.
type Aspect string

// The aspects, with their stable names, in the order a plan lists them.
// Stale and Archived are beyond the list of the feature's settings a
// person edits, but the import sets them from the file too (stale is
// reset to false unless the file says true).
const (
	AspectType           Aspect = "type"
	AspectDescription    Aspect = "description"
	AspectImpressionData Aspect = "impressionData"
	AspectStale          Aspect = "stale"
	AspectArchived       Aspect = "archived"
	AspectEnabled        Aspect = "enabled"
	AspectStrategies     Aspect = "strategies"
	AspectVariants       Aspect = "variants"
	AspectTags           Aspect = "tags"
	AspectDependencies   Aspect = "dependencies"
	AspectLinks          Aspect = "links"
)

// Reasons for a skip.
const (
	// ReasonArchived: the feature is archived in the target; the import
	// leaves it, its strategies, tags and status alone.
	ReasonArchived = "archived"
	// ReasonOtherProject: the feature exists in another project; the
	// import refuses the whole file (see Plan.Failures).
	ReasonOtherProject = "in another project"
)

// Plan is what an import of one file will change.
type Plan struct {
	Project     string `json:"project"`
	Environment string `json:"environment"`
	// Features has one entry per feature of the file, in the file's order.
	Features []FeaturePlan `json:"features"`
	// ContextFields and TagTypes are the ones the import creates. An
	// import never changes an existing context field or tag type, and
	// never creates or changes a segment (it maps the file's segments to
	// existing ones by name).
	ContextFields []string `json:"contextFields,omitempty"`
	TagTypes      []string `json:"tagTypes,omitempty"`
	// Failures are the reasons for which the real import will be refused
	// as a whole, changing nothing: the findings of the validation the
	// plan was made from (Planner.Plan) that are the import's refusals,
	// its errors of importvalidate.CategoryImport and the permissions the
	// import asks for (importvalidate.CodeImportMissingPermissions), with
	// their codes, messages and places, in the report's order; at most
	// Options.MaxFailures of them. An Item longer than 64 bytes is cut,
	// ending in "…".
	Failures []importvalidate.Diagnostic `json:"failures,omitempty"`
	// MoreFailures counts the failures found past those listed.
	MoreFailures int `json:"moreFailures,omitempty"`
}

// Refused reports whether the import will be refused: the plan has a
// failure.
func (p *Plan) Refused() bool { return len(p.Failures)+p.MoreFailures > 0 }

// FeaturePlan is what the import does to one feature.
type FeaturePlan struct {
	Name   string `json:"name"`
	Action Action `json:"action"`
	// Reason says why a feature is skipped.
	Reason string `json:"reason,omitempty"`
	// Changes lists, for an update, each aspect that changes, in the order
	// of the Aspect constants; for a create, what the feature brings
	// (see created).
	Changes []Change `json:"changes,omitempty"`
	// Notes say where what the plan shows of the feature is not certain:
	// strategies whose order the import leaves to chance
	// (NoteStrategyOrder), in the order of the feature's strategies.
	Notes []Note `json:"notes,omitempty"`
}

// Change is how one aspect changes. A single-valued aspect (type,
// description, impressionData, stale, archived, enabled) has From and To;
// a list (strategies, variants, tags, dependencies, links) has the items
// Added, Removed and Changed. Values are JSON texts ("true", "null",
// "\"text\"") so that a service renders them as it likes; the plan's
// JSON form writes them as JSON values.
type Change struct {
	Aspect  Aspect       `json:"aspect"`
	From    string       `json:"from,omitempty"`
	To      string       `json:"to,omitempty"`
	Added   []Item       `json:"added,omitempty"`
	Removed []Item       `json:"removed,omitempty"`
	Changed []ItemChange `json:"changed,omitempty"`
}

// Item is one element of a list aspect: Key names it for a person (a
// strategy's name and title, a variant's name, a tag's type:value, a
// parent's name, a link's URL); Value is its JSON text.
type Item struct {
	Key   string `json:"key"`
	Value string `json:"value"`
}

// ItemChange is an element of a list aspect that the import changes.
type ItemChange struct {
	Key    string        `json:"key"`
	Fields []FieldChange `json:"fields"`
}

// FieldChange is one changed field of an element: for a strategy
// "title", "disabled", "parameters.NAME", "constraints", "segments",
// "variants", and "position" when it moves among the others (its 1-based
// places in the order Unleash evaluates the strategies, before and after;
// they may be equal when others move around it); for a variant "weight",
// "weightType", "stickiness", "payload", "overrides"; for a dependency
// "enabled", "variants". From and To are JSON texts; "" means absent.
type FieldChange struct {
	Field string `json:"field"`
	From  string `json:"from,omitempty"`
	To    string `json:"to,omitempty"`
}

// Count is the number of features per action.
type Count struct {
	Create, Update, Unchanged, Skip int
}

// Count counts the plan's features per action.
func (p *Plan) Count() Count {
	var c Count
	for _, f := range p.Features {
		switch f.Action {
		case Create:
			c.Create++
		case Update:
			c.Update++
		case Unchanged:
			c.Unchanged++
		case Skip:
			c.Skip++
		}
	}
	return c
}

// Options configure a Planner.
type Options struct {
	// Source is the instance's state (required): the State a validation
	// reads (importvalidate.NewMemoryState of a snapshot with its
	// featureConfigs, package unleashdb or unleashapi, your own store),
	// which a plan asks for the features' configurations
	// (importvalidate.PartConfigs).
	Source importvalidate.State
	// MaxFailures is how many failures a plan lists (Plan.Failures); the
	// others are counted in Plan.MoreFailures. 0 means
	// DefaultMaxFailures.
	MaxFailures int
	// Profile is the profile of the target instance's version, whose
	// import the plan replays (its Import member: what the import of that
	// version does), such as instance.Instance.Profile(); nil means
	// profile.Default(), Unleash 8.2.0's.
	Profile *profile.Profile
}

// Planner computes plans. It is safe for concurrent use.
type Planner struct {
	src         importvalidate.State
	maxFailures int
	imp         profile.Import
}

// New returns a Planner. It fails without a Source or with a negative
// MaxFailures.
func New(opts Options) (*Planner, error) {
	switch {
	case opts.Source == nil:
		return nil, errors.New("plan: Options.Source is required")
	case opts.MaxFailures < 0:
		return nil, fmt.Errorf("plan: Options.MaxFailures %d is negative", opts.MaxFailures)
	}
	prof := profile.Default()
	if opts.Profile != nil {
		prof = *opts.Profile
	}
	return &Planner{src: opts.Source, maxFailures: cmp.Or(opts.MaxFailures, DefaultMaxFailures), imp: prof.Import}, nil
}
