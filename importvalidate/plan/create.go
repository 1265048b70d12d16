package plan

import (
	"github.com/flagadmin/flagadmin/importvalidate/importmodel"
	"github.com/flagadmin/flagadmin/model"
)

// created lists what a feature the import creates brings, as changes
// from nothing, in the order of the Aspect constants: its type and
// whether it is enabled always; its description when it has one;
// impressionData, stale and archived when true; its strategies (in the
// order Unleash evaluates them), variants, tags, parents and links as
// added items. Only To is set on the single-valued aspects.
func created(c *importmodel.Config) []Change {
	var out []Change
	scalar := func(a Aspect, show bool, v any) {
		if show {
			out = append(out, Change{Aspect: a, To: text(v)})
		}
	}
	scalar(AspectType, true, c.Type)
	scalar(AspectDescription, c.Description != nil, c.Description)
	scalar(AspectImpressionData, c.ImpressionData, true)
	scalar(AspectStale, c.Stale, true)
	scalar(AspectArchived, c.Archived, true)
	scalar(AspectEnabled, true, c.Enabled)
	list := func(a Aspect, items []Item) {
		if len(items) > 0 {
			out = append(out, Change{Aspect: a, Added: items})
		}
	}
	list(AspectStrategies, added(c.Strategies, strategyKey, func(s importmodel.Strategy) any { return canonicalStrategy(s) }))
	list(AspectVariants, added(c.Variants, func(v model.Variant) string { return v.Name }, nil))
	list(AspectTags, added(c.Tags, func(t model.SnapshotTag) string { return t.Type + ":" + t.Value }, nil))
	list(AspectDependencies, added(c.Dependencies, func(d importmodel.Dependency) string { return d.Feature }, nil))
	list(AspectLinks, added(c.Links, linkKey, nil))
	return out
}

// added is the items of list, in its order, named by key, their values
// the texts of form(item) (nil: the item itself).
func added[T any](list []T, key func(T) string, form func(T) any) []Item {
	out := make([]Item, 0, len(list))
	for _, x := range list {
		var v any = x
		if form != nil {
			v = form(x)
		}
		out = append(out, Item{Key: key(x), Value: text(v)})
	}
	return out
}
