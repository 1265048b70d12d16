package importvalidate

import (
	"context"
	"strconv"

	"github.com/flagadmin/flagadmin/model"
)

// The codes of the reference rules, in catalogue order.
const (
	// CodeUnknownStrategy (error E1): a strategy names no known strategy type.
	CodeUnknownStrategy = "unknown-strategy"
	// CodeContextLegalValues (error E2): an existing context field lacks an
	// imported legal value, or belongs to another project.
	CodeContextLegalValues = "context-legal-values"
	// CodeFeatureInOtherProject (error E3): a feature exists in another project.
	CodeFeatureInOtherProject = "feature-in-other-project"
	// CodeDuplicateFeature (error E4): a feature name occurs more than once.
	CodeDuplicateFeature = "duplicate-feature"
	// CodeNamingPattern (error E5): a feature name fails the project's
	// naming pattern.
	CodeNamingPattern = "naming-pattern"
	// CodeFeatureLimit (error E6): the import exceeds the project's feature
	// limit.
	CodeFeatureLimit = "feature-limit"
	// CodeUnknownSegment (error E7): an imported segment does not exist.
	CodeUnknownSegment = "unknown-segment"
	// CodeMissingDependency (error E8): a dependency's parent neither exists
	// nor is imported.
	CodeMissingDependency = "missing-dependency"
	// CodeCustomStrategyUsed (warning W1): a custom strategy type is used.
	CodeCustomStrategyUsed = "custom-strategy-used"
	// CodeArchivedFeature (warning W2): a feature exists archived.
	CodeArchivedFeature = "archived-feature"
	// CodeFeatureExists (warning W3): a feature exists in the target project
	// and will be overwritten.
	CodeFeatureExists = "feature-exists"
	// CodeMissingPermissions (permission): permissions the caller lacks.
	CodeMissingPermissions = "missing-permissions"
)

// The codes of the extra rules, which the reference server does not make.
const (
	// CodeInvalidNamingPattern (warning): JavaScript refuses the project's
	// naming pattern, or testing a name would backtrack too long, so names
	// were not checked.
	// Always on; never in the reference response.
	CodeInvalidNamingPattern = "invalid-naming-pattern"
	// CodeConstraintValue (error, strict): a constraint value does not
	// parse for its operator.
	CodeConstraintValue = "constraint-value"
	// CodeUnknownContextField (error, strict): a constraint uses a context
	// field that neither exists nor is imported.
	CodeUnknownContextField = "unknown-context-field"
	// CodeUnknownSegmentID (error, strict): a strategy uses a segment id
	// that is not imported.
	CodeUnknownSegmentID = "unknown-segment-id"
	// CodeVariantWeights (error, strict): variable variant weights do not
	// sum to 1000.
	CodeVariantWeights = "variant-weights"
	// CodeUnknownFeatureReference (error, strict): a strategy, tag,
	// environment or dependency names a feature absent from features.
	CodeUnknownFeatureReference = "unknown-feature-reference"
	// CodeUnknownTagType (error, strict): a tag uses a tag type that
	// neither exists nor is imported.
	CodeUnknownTagType = "unknown-tag-type"
	// CodeDuplicateStrategyID (error, strict): two strategies share an id.
	CodeDuplicateStrategyID = "duplicate-strategy-id"
	// CodeUnknownProject (warning; an error when strict): the target
	// project does not exist. The reference server validates the import
	// all the same and answers with nothing about it.
	CodeUnknownProject = "unknown-project"
	// CodeUnknownEnvironment (warning; an error when strict): the target
	// environment does not exist (checked when the State implements
	// EnvironmentState).
	CodeUnknownEnvironment = "unknown-environment"
)

// Rule is one check of an import. The built-in rules are listed by
// Catalogue; callers add their own through Options.Rules.
type Rule struct {
	// Code is the stable code stamped on the rule's issues. It also names
	// the rule in Options.Disable.
	Code string
	// Severity is the severity stamped on issues that leave it zero
	// (SeverityError when this is zero too).
	Severity Severity
	// Category is the category stamped on the rule's issues: CategoryRule
	// when zero, CategoryPermission for the permissions entry.
	Category Category
	// Summary says in one line what the rule checks.
	Summary string
	// Reference marks the rules of the reference server, whose issues go
	// into Report.Reference.
	Reference bool
	// Strict marks the extra rules that run only when Options.Strict is set.
	Strict bool
	// Check inspects the input and returns the issues found, possibly none.
	// An error aborts the validation.
	Check func(ctx context.Context, in *Input) ([]Issue, error)
}

// one returns a single issue with items, or nothing when items is empty.
func one(message string, items []Item) []Issue {
	if len(items) == 0 {
		return nil
	}
	return []Issue{{Message: message, Items: items}}
}

// at is a location known by its pointer only; the validator fills in the
// offset from the raw bytes.
func at(pointer string) Location { return Location{Pointer: pointer, Offset: -1} }

// ptr builds "/data/<member>/<i>/<rest>".
func ptr(member string, i int, rest string) string {
	p := "/data/" + member + "/" + strconv.Itoa(i)
	if rest != "" {
		p += "/" + rest
	}
	return p
}

func (in *Input) places() *featurePlaces {
	if in.featurePlaces != nil {
		return in.featurePlaces
	}
	fs := in.Import.Data.Features
	in.featurePlaces = newFeaturePlaces(len(fs), func(i int) string { return fs[i].Name })
	return in.featurePlaces
}

// featureItem is an item naming an imported feature, located at every
// occurrence of the name in data.features.
func (in *Input) featureItem(value, name string) Item {
	idx := in.places().indices(name)
	locs := make([]Location, len(idx))
	for k, i := range idx {
		locs[k] = at(ptr("features", i, "name"))
	}
	return Item{Value: value, Locations: locs}
}

// eachFeature calls f for each distinct imported feature name, in order of
// first occurrence, and collects the items it returns.
func (in *Input) eachFeature(f func(name string) (Item, bool)) []Item {
	var items []Item
	for _, n := range in.places().order {
		if it, ok := f(n); ok {
			items = append(items, it)
		}
	}
	return items
}

// grouper collects items by value, in order of first occurrence, with
// every location.
type grouper struct {
	items []Item
	pos   map[string]int
}

func newGrouper() *grouper { return &grouper{pos: map[string]int{}} }

func (g *grouper) add(value string, loc Location) {
	if k, ok := g.pos[value]; ok {
		g.items[k].Locations = append(g.items[k].Locations, loc)
		return
	}
	g.pos[value] = len(g.items)
	g.items = append(g.items, Item{Value: value, Locations: []Location{loc}})
}

// keySet is the set of the keys of items.
func keySet[T any, K comparable](items []T, key func(T) K) map[K]bool {
	set := make(map[K]bool, len(items))
	for _, it := range items {
		set[key(it)] = true
	}
	return set
}

// eachConstraint calls f with every constraint of the imported strategies,
// in input order, and the pointer to it.
func (in *Input) eachConstraint(f func(pointer string, c model.Constraint)) {
	for i, s := range in.Import.Data.FeatureStrategies {
		if s.Constraints == nil {
			continue
		}
		for j, c := range *s.Constraints {
			f(ptr("featureStrategies", i, "constraints/"+itoa(j)), c)
		}
	}
}
