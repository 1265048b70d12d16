package importvalidate

import (
	"context"
	"strconv"

	"github.com/flagadmin/flagadmin/model"
)

// Rule is one check of an import. The built-in rules are listed by
// Catalogue; callers add their own through Options.Rules.
type Rule struct {
	// Code is the stable code stamped on the rule's issues. It also names
	// the rule in Options.Disable.
	Code Code
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
	// Strict marks a rule that runs only when Options.Strict is set; no
	// built-in rule is one (each runs always, what the import accepts as
	// a warning).
	Strict bool
	// Import says what Unleash's import does with a file that holds what
	// the rule finds (VerdictNone for a rule of the caller's).
	Import Verdict
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

// located is the location of the place p, as at makes it.
func located(p place) Location { return at(p.pointer()) }

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
	if len(g.items) == cap(g.items) {
		// Doubled, not grown by a quarter as append grows a long
		// slice: a file may hold tens of thousands of unknown names.
		g.items = append(make([]Item, 0, 2*cap(g.items)+8), g.items...)
	}
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
// in input order, and its place: constraint j of strategy i.
func (in *Input) eachConstraint(f func(at place, c *model.Constraint)) {
	ss := in.Import.Data.FeatureStrategies
	for i := range ss {
		if ss[i].Constraints == nil {
			continue
		}
		cs := *ss[i].Constraints
		for j := range cs {
			f(place{member: "featureStrategies", i: i, list: "constraints", j: j}, &cs[j])
		}
	}
}

// place names a value of data's lists without building its pointer,
// which only a finding needs: member i, or the item j of its list, and
// a member of that (field).
type place struct {
	member string
	i      int
	list   string
	j      int
	field  string
}

// pointer is the JSON pointer of p.
func (p place) pointer() string {
	s := ptr(p.member, p.i, "")
	if p.list != "" {
		s += "/" + p.list + "/" + itoa(p.j)
	}
	if p.field != "" {
		s += "/" + p.field
	}
	return s
}

// with is p's member field.
func (p place) with(field string) place {
	p.field = field
	return p
}
