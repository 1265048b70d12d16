package importvalidate

import "github.com/flagadmin/flagadmin/model"

// strategyTypes are the featureStrategies entries sorted by their type,
// read once per input for every rule that asks: the indices of those
// whose type does not exist (unknown) and of those of an existing type
// that is not built in (custom), in input order.
type strategyTypes struct {
	unknown, custom []int32
}

// strategyTypes returns the entries sorted by their type. Most entries
// are of the type of the entry before them: that answer serves again.
func (in *Input) strategyTypes() *strategyTypes {
	if in.strategyTypesCache != nil {
		return in.strategyTypesCache
	}
	t := &strategyTypes{}
	prev, started := "", false
	var def model.SnapshotStrategy
	var known bool
	for i := range in.Import.Data.FeatureStrategies {
		name := in.Import.Data.FeatureStrategies[i].Name
		if !started || name != prev {
			def, known = in.Strategies[name]
			prev, started = name, true
		}
		switch {
		case !known:
			t.unknown = append(t.unknown, int32(i))
		case !def.BuiltIn:
			t.custom = append(t.custom, int32(i))
		}
	}
	in.strategyTypesCache = t
	return t
}

// checkUnknownStrategy is E1: every featureStrategies entry whose name is no
// known strategy type, in input order, duplicates kept.
func checkUnknownStrategy(in *Input) []Issue {
	var items []Item
	for _, i := range in.strategyTypes().unknown {
		items = append(items, Item{Value: in.Import.Data.FeatureStrategies[i].Name, Locations: []Location{at(ptr("featureStrategies", int(i), "name"))}})
	}
	return one("We detected the following custom strategy that needs to be created first:", items)
}

// checkCustomStrategyUsed is W1: the distinct strategy names that exist and
// are not built in, in order of first use.
func checkCustomStrategyUsed(in *Input) []Issue {
	g := newGrouper()
	for _, i := range in.strategyTypes().custom {
		g.add(in.Import.Data.FeatureStrategies[i].Name, at(ptr("featureStrategies", int(i), "name")))
	}
	items := g.items
	return one("The following strategy types will be used in import. Please make sure the strategy type parameters are configured as in source environment:", items)
}

// checkDuplicateStrategyID (strict) reports strategy ids carried by more
// than one imported strategy.
func checkDuplicateStrategyID(in *Input) []Issue {
	ss := in.Import.Data.FeatureStrategies
	// How often each id occurs, then the strategies of those twice.
	seen := make(map[string]int32, len(ss))
	for i := range ss {
		if id := ss[i].ID; id != nil {
			seen[*id]++
		}
	}
	g := newGrouper()
	for i := range ss {
		if id := ss[i].ID; id != nil && seen[*id] > 1 {
			g.add(*id, located(place{member: "featureStrategies", i: i, field: "id"}))
		}
	}
	return one("The following strategy ids are used by more than one strategy:", g.items)
}
