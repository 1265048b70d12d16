package importvalidate

import (
	"context"

	"github.com/flagadmin/flagadmin/importvalidate/importmodel"
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

	// ownCheck marks a built-in check of the import model (importmodel)
	// of CategoryImport, which reads only what is its own after
	// Input.ReadShared: such checks may run on a goroutine of their own
	// (rules_run.go).
	ownCheck bool
}

// Catalogue returns the built-in rules in the order they run: the
// reference errors E1-E8, the reference warnings W1-W3, the extra
// warnings, the permissions entry, then the import's own checks (the
// rules of Codes).
// Each call returns a fresh slice.
//
// docs/RULES.md lists the same rules with what each reports; a test fails
// when the two disagree.
func Catalogue() []Rule {
	var rules []Rule
	for _, info := range codeTable() {
		if check := info.ruleCheck(); check != nil {
			rules = append(rules, Rule{Code: info.Code, Severity: info.Severity, Category: info.Category,
				Summary: info.Summary, Reference: info.Reference, Import: info.Import, Check: pure(check),
				ownCheck: info.fromModel && info.Category == CategoryImport})
		}
	}
	return rules
}

// pure adapts a function of the input alone to Rule.Check.
func pure(f func(in *Input) []Issue) func(context.Context, *Input) ([]Issue, error) {
	return func(_ context.Context, in *Input) ([]Issue, error) { return f(in), nil }
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

// located is the location of the place p, its JSON pointer built: where a
// place of the model becomes a location, only for a finding.
func located(p importmodel.Place) Location {
	s := ""
	if p.Member != "" {
		s = "/data/" + p.Member + "/" + itoa(p.I)
		if p.List != "" {
			s += "/" + p.List + "/" + itoa(p.J)
		}
	}
	if p.Field != "" {
		s += "/" + p.Field
	}
	return at(s)
}

// issuesOf turns the model's findings into the rule's issues: the one
// boundary between the two, where their places become locations and
// what a finding without items names is recorded (named). The issues'
// items and locations take their memory from one slice each.
func (in *Input) issuesOf(found []importmodel.Finding) []Issue {
	if len(found) == 0 {
		return nil
	}
	n, places := 0, 0
	for k := range found {
		n += len(found[k].Items)
		places += placesIn(found[k].Items)
	}
	items, locs := make([]Item, n), make([]Location, places)
	out := make([]Issue, len(found))
	for k := range found {
		f := &found[k]
		out[k].Message = f.Message
		if f.Items != nil {
			m := len(f.Items)
			out[k].Items, items = items[:m:m], items[m:]
			locs = locateInto(out[k].Items, f.Items, locs)
		}
		if f.Warning {
			out[k].Severity = SeverityWarning
		}
		if f.Names != nil {
			in.named(Code(f.Kind), f.Names)
		}
	}
	return out
}

// itemsOf are the model's items as issue items, located.
func itemsOf(items []importmodel.Item) []Item {
	if items == nil {
		return nil
	}
	out := make([]Item, len(items))
	locateInto(out, items, make([]Location, placesIn(items)))
	return out
}

// placesIn counts the places of items.
func placesIn(items []importmodel.Item) int {
	n := 0
	for k := range items {
		n += len(items[k].Places)
	}
	return n
}

// locateInto fills out with items, located: their locations are taken
// from locs, whose rest it returns.
func locateInto(out []Item, items []importmodel.Item, locs []Location) []Location {
	for k := range items {
		it := &items[k]
		out[k].Value = it.Value
		if it.Places != nil {
			m := len(it.Places)
			out[k].Locations, locs = locs[:m:m], locs[m:]
			for j, p := range it.Places {
				out[k].Locations[j] = located(p)
			}
		}
	}
	return locs
}

// featureItem is an item naming an imported feature, located at every
// occurrence of the name in data.features.
func (in *Input) featureItem(value, name string) Item {
	idx := in.Places().Indices(name)
	locs := make([]Location, len(idx))
	for k, i := range idx {
		locs[k] = located(importmodel.Place{Member: "features", I: i, Field: "name"})
	}
	return Item{Value: value, Locations: locs}
}

// eachFeature calls f for each distinct imported feature name, in order of
// first occurrence, and collects the items it returns.
func (in *Input) eachFeature(f func(name string) (Item, bool)) []Item {
	var items []Item
	for _, n := range in.Places().Order() {
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
func (in *Input) eachConstraint(f func(at importmodel.Place, c *model.Constraint)) {
	ss := in.Import.Data.FeatureStrategies
	for i := range ss {
		if ss[i].Constraints == nil {
			continue
		}
		cs := *ss[i].Constraints
		for j := range cs {
			f(importmodel.Place{Member: "featureStrategies", I: i, List: "constraints", J: j}, &cs[j])
		}
	}
}
