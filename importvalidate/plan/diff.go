package plan

import (
	"encoding/json"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/flagadmin/flagadmin/importvalidate/importmodel"
	"github.com/flagadmin/flagadmin/model"
)

// diff lists the aspects in which to differs from from, in the order of
// the Aspect constants; none when they are the same configuration.
func diff(from, to *importmodel.Config) []Change {
	var out []Change
	scalar := func(a Aspect, same bool, x, y any) {
		if !same {
			out = append(out, Change{Aspect: a, From: text(x), To: text(y)})
		}
	}
	scalar(AspectType, from.Type == to.Type, from.Type, to.Type)
	scalar(AspectDescription, ptrEqual(from.Description, to.Description), from.Description, to.Description)
	scalar(AspectImpressionData, from.ImpressionData == to.ImpressionData, from.ImpressionData, to.ImpressionData)
	scalar(AspectStale, from.Stale == to.Stale, from.Stale, to.Stale)
	scalar(AspectArchived, from.Archived == to.Archived, from.Archived, to.Archived)
	scalar(AspectEnabled, from.Enabled == to.Enabled, from.Enabled, to.Enabled)
	list := func(a Aspect, c Change) {
		if len(c.Added)+len(c.Removed)+len(c.Changed) > 0 {
			c.Aspect = a
			out = append(out, c)
		}
	}
	if !sameInOrder(from.Strategies, to.Strategies, strategyEqual) {
		list(AspectStrategies, diffStrategies(from.Strategies, to.Strategies))
	}
	if !sameInOrder(from.Variants, to.Variants, variantEqual) {
		list(AspectVariants, diffKeyed(from.Variants, to.Variants, func(v model.Variant) string { return v.Name }, variantFields))
	}
	if !sameInOrder(from.Tags, to.Tags, func(x, y model.SnapshotTag) bool { return x == y }) {
		list(AspectTags, diffKeyed(from.Tags, to.Tags, func(t model.SnapshotTag) string { return t.Type + ":" + t.Value }, nil))
	}
	if !sameInOrder(from.Dependencies, to.Dependencies, dependencyEqual) {
		list(AspectDependencies, diffKeyed(from.Dependencies, to.Dependencies, func(d importmodel.Dependency) string { return d.Feature }, dependencyFields))
	}
	if !sameInOrder(from.Links, to.Links, func(x, y importmodel.Link) bool { return x.URL == y.URL && ptrEqual(x.Title, y.Title) }) {
		list(AspectLinks, diffCounted(from.Links, to.Links, linkKey))
	}
	return out
}

// sameInOrder reports whether two lists hold equal items in the same
// order: the common case, decided without building texts.
func sameInOrder[T any](x, y []T, equal func(a, b T) bool) bool {
	if len(x) != len(y) {
		return false
	}
	for i := range x {
		if !equal(x[i], y[i]) {
			return false
		}
	}
	return true
}

func ptrEqual[T comparable](x, y *T) bool {
	return x == y || (x != nil && y != nil && *x == *y)
}

// strategyEqual reports whether two strategies are the same
// configuration: canonicalStrategy gives them the same text.
func strategyEqual(x, y importmodel.Strategy) bool {
	if x.Name != y.Name || !ptrEqual(x.Title, y.Title) || x.Disabled != y.Disabled ||
		len(x.Parameters) != len(y.Parameters) || len(x.Constraints) != len(y.Constraints) ||
		!slices.Equal(x.Segments, y.Segments) || !slices.EqualFunc(x.Variants, y.Variants, strategyVariantEqual) {
		return false
	}
	for k, v := range x.Parameters {
		if w, ok := y.Parameters[k]; !ok || w != v {
			return false
		}
	}
	return slices.EqualFunc(x.Constraints, y.Constraints, constraintEqual)
}

func constraintEqual(x, y model.Constraint) bool {
	return x.ContextName == y.ContextName && x.Operator == y.Operator && ptrEqual(x.CaseInsensitive, y.CaseInsensitive) &&
		ptrEqual(x.Inverted, y.Inverted) && ptrEqual(x.Value, y.Value) && (x.Values == nil) == (y.Values == nil) &&
		(x.Values == nil || slices.Equal(*x.Values, *y.Values))
}

func strategyVariantEqual(x, y model.StrategyVariant) bool {
	return x.Name == y.Name && x.Weight == y.Weight && x.WeightType == y.WeightType && x.Stickiness == y.Stickiness &&
		(x.Payload == nil) == (y.Payload == nil) && (x.Payload == nil || (x.Payload.Type == y.Payload.Type &&
		x.Payload.Value == y.Payload.Value && len(x.Payload.Extra) == 0 && len(y.Payload.Extra) == 0))
}

func variantEqual(x, y model.Variant) bool {
	if x.Name != y.Name || x.Weight != y.Weight || !ptrEqual(x.WeightType, y.WeightType) || !ptrEqual(x.Stickiness, y.Stickiness) ||
		!ptrEqual(x.Payload, y.Payload) || (x.Overrides == nil) != (y.Overrides == nil) {
		return false
	}
	return x.Overrides == nil || slices.EqualFunc(*x.Overrides, *y.Overrides, func(a, b model.Override) bool {
		return a.ContextName == b.ContextName && slices.Equal(a.Values, b.Values)
	})
}

func dependencyEqual(x, y importmodel.Dependency) bool {
	return x.Feature == y.Feature && x.Enabled == y.Enabled && slices.Equal(x.Variants, y.Variants)
}

// text is the JSON text of v.
func text(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return ""
	}
	return string(b)
}

// canonicalStrategy is s in the form two equal strategies share: its
// segments and variants sorted.
func canonicalStrategy(s importmodel.Strategy) importmodel.Strategy {
	c := s.Clone()
	if c.Parameters != nil && len(c.Parameters) == 0 {
		c.Parameters = nil
	}
	slices.Sort(c.Segments)
	sort.SliceStable(c.Variants, func(i, j int) bool { return c.Variants[i].Name < c.Variants[j].Name })
	if len(c.Constraints) == 0 {
		c.Constraints = nil
	}
	if len(c.Variants) == 0 {
		c.Variants = nil
	}
	if len(c.Segments) == 0 {
		c.Segments = nil
	}
	return c
}

func strategyKey(s importmodel.Strategy) string {
	if s.Title != nil && *s.Title != "" {
		return s.Name + " " + text(*s.Title)
	}
	return s.Name
}

// diffStrategies compares two lists of strategies in the order Unleash
// evaluates them: equal strategies pair up, in order; of the rest,
// strategies of the same name pair up in order as changed, the others are
// added or removed. A pair whose place among the pairs changed (the
// fewest such, so that the others keep their order) is changed in its
// "position" (1-based, in each list): the order decides whose variants
// apply.
func diffStrategies(from, to []importmodel.Strategy) Change {
	type entry struct {
		s    importmodel.Strategy
		text string
		// pair is the index of the other list's entry it pairs with, -1
		// for none.
		pair int
	}
	mk := func(ss []importmodel.Strategy) []entry {
		out := make([]entry, len(ss))
		for i, s := range ss {
			c := canonicalStrategy(s)
			out[i] = entry{s: c, text: text(c), pair: -1}
		}
		return out
	}
	a, b := mk(from), mk(to)
	// pairUp pairs each unpaired entry of a with the first unpaired entry
	// of b of the same key, in order.
	pairUp := func(key func(entry) string) {
		free := map[string][]int{}
		for j := range b {
			if b[j].pair < 0 {
				k := key(b[j])
				free[k] = append(free[k], j)
			}
		}
		for i := range a {
			if a[i].pair >= 0 {
				continue
			}
			k := key(a[i])
			if q := free[k]; len(q) > 0 {
				a[i].pair, b[q[0]].pair = q[0], i
				free[k] = q[1:]
			}
		}
	}
	pairUp(func(e entry) string { return e.text })
	pairUp(func(e entry) string { return e.s.Name })
	var paired []int // the indices in b of the pairs, in the order of a
	for i := range a {
		if a[i].pair >= 0 {
			paired = append(paired, a[i].pair)
		}
	}
	kept := increasing(paired)
	var c Change
	for i, x := range a {
		if x.pair < 0 {
			c.Removed = append(c.Removed, Item{Key: strategyKey(x.s), Value: x.text})
			continue
		}
		y := b[x.pair]
		var fields []FieldChange
		if x.text != y.text {
			fields = strategyFields(x.s, y.s)
		}
		if !kept[x.pair] {
			fields = append(fields, FieldChange{Field: "position", From: strconv.Itoa(i + 1), To: strconv.Itoa(x.pair + 1)})
		}
		if len(fields) > 0 {
			c.Changed = append(c.Changed, ItemChange{Key: strategyKey(y.s), Fields: fields})
		}
	}
	for _, y := range b {
		if y.pair < 0 {
			c.Added = append(c.Added, Item{Key: strategyKey(y.s), Value: y.text})
		}
	}
	return c
}

// increasing returns the values of a longest increasing subsequence of
// seq (distinct values), found in n log n.
func increasing(seq []int) map[int]bool {
	// tails[k] is the index in seq of the smallest value that ends an
	// increasing subsequence of length k+1; prev links each to the one
	// before it.
	var tails []int
	prev := make([]int, len(seq))
	for i, v := range seq {
		k := sort.Search(len(tails), func(k int) bool { return seq[tails[k]] >= v })
		prev[i] = -1
		if k > 0 {
			prev[i] = tails[k-1]
		}
		if k == len(tails) {
			tails = append(tails, i)
		} else {
			tails[k] = i
		}
	}
	out := make(map[int]bool, len(tails))
	if len(tails) == 0 {
		return out
	}
	for i := tails[len(tails)-1]; i >= 0; i = prev[i] {
		out[seq[i]] = true
	}
	return out
}

// field appends the change of one field when its texts differ; nil and
// empty values are absent ("").
func field(out []FieldChange, name string, x, y any) []FieldChange {
	sx, sy := fieldText(x), fieldText(y)
	if sx != sy {
		out = append(out, FieldChange{Field: name, From: sx, To: sy})
	}
	return out
}

func fieldText(v any) string {
	s := text(v)
	if s == "null" || s == "[]" || s == "{}" {
		return ""
	}
	return s
}

func strategyFields(x, y importmodel.Strategy) []FieldChange {
	var out []FieldChange
	out = field(out, "title", x.Title, y.Title)
	out = field(out, "disabled", x.Disabled, y.Disabled)
	keys := map[string]bool{}
	for k := range x.Parameters {
		keys[k] = true
	}
	for k := range y.Parameters {
		keys[k] = true
	}
	names := make([]string, 0, len(keys))
	for k := range keys {
		names = append(names, k)
	}
	slices.Sort(names)
	for _, k := range names {
		var px, py *string
		if v, ok := x.Parameters[k]; ok {
			px = &v
		}
		if v, ok := y.Parameters[k]; ok {
			py = &v
		}
		out = field(out, "parameters."+k, px, py)
	}
	out = field(out, "constraints", x.Constraints, y.Constraints)
	out = field(out, "segments", x.Segments, y.Segments)
	out = field(out, "variants", x.Variants, y.Variants)
	return out
}

func variantFields(x, y model.Variant) []FieldChange {
	var out []FieldChange
	out = field(out, "weight", x.Weight, y.Weight)
	out = field(out, "weightType", x.WeightType, y.WeightType)
	out = field(out, "stickiness", x.Stickiness, y.Stickiness)
	out = field(out, "payload", x.Payload, y.Payload)
	out = field(out, "overrides", x.Overrides, y.Overrides)
	return out
}

func dependencyFields(x, y importmodel.Dependency) []FieldChange {
	var out []FieldChange
	out = field(out, "enabled", x.Enabled, y.Enabled)
	out = field(out, "variants", x.Variants, y.Variants)
	return out
}

// linkKey names a link by its URL and title: a feature may hold one URL
// twice, under two titles.
func linkKey(l importmodel.Link) string {
	if l.Title == nil {
		return l.URL
	}
	return l.URL + " " + text(*l.Title)
}

// diffKeyed compares two lists whose items a key names: an item of one
// key in both lists is changed when fields (nil: never) finds a
// difference; an item in one list only is added or removed.
func diffKeyed[T any](from, to []T, key func(T) string, fields func(x, y T) []FieldChange) Change {
	var c Change
	index := make(map[string]T, len(to))
	for _, y := range to {
		index[key(y)] = y
	}
	inFrom := make(map[string]bool, len(from))
	for _, x := range from {
		k := key(x)
		inFrom[k] = true
		y, ok := index[k]
		if !ok {
			c.Removed = append(c.Removed, Item{Key: k, Value: text(x)})
			continue
		}
		if fields == nil {
			continue
		}
		if fs := fields(x, y); len(fs) > 0 {
			c.Changed = append(c.Changed, ItemChange{Key: k, Fields: fs})
		}
	}
	for _, y := range to {
		if k := key(y); !inFrom[k] {
			inFrom[k] = true
			c.Added = append(c.Added, Item{Key: k, Value: text(y)})
		}
	}
	sortItems(c.Added)
	sortItems(c.Removed)
	sort.Slice(c.Changed, func(i, j int) bool { return c.Changed[i].Key < c.Changed[j].Key })
	return c
}

func sortItems(items []Item) {
	sort.SliceStable(items, func(i, j int) bool { return strings.Compare(items[i].Key, items[j].Key) < 0 })
}

// diffCounted compares two lists that may hold an item twice (a feature
// may have the same link twice): an item is added or removed as many
// times as one list holds it more than the other.
func diffCounted[T any](from, to []T, key func(T) string) Change {
	var c Change
	count := make(map[string]int, len(from))
	for _, x := range from {
		count[key(x)]++
	}
	for _, y := range to {
		k := key(y)
		if count[k] > 0 {
			count[k]--
			continue
		}
		c.Added = append(c.Added, Item{Key: k, Value: text(y)})
	}
	for _, x := range from {
		if k := key(x); count[k] > 0 {
			count[k]--
			c.Removed = append(c.Removed, Item{Key: k, Value: text(x)})
		}
	}
	sortItems(c.Added)
	sortItems(c.Removed)
	return c
}
