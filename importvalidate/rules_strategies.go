package importvalidate

import "github.com/flagadmin/flagadmin/importvalidate/importmodel"

// checkUnknownStrategy is E1: every featureStrategies entry whose name is no
// known strategy type, in input order, duplicates kept; with why the
// import accepts the entry, where it does (it drops it).
func checkUnknownStrategy(in *Input) []Issue {
	var items []Item
	for _, i := range in.StrategyTypes().Unknown {
		it := Item{Value: in.Import.Data.FeatureStrategies[i].Name,
			Locations: []Location{located(importmodel.Place{Member: "featureStrategies", I: int(i), Field: "name"})}}
		if !in.strict {
			it.ImportAccepts = in.StrategyAccepted(int(i))
		}
		items = append(items, it)
	}
	return one("We detected the following custom strategy that needs to be created first:", items)
}

// checkCustomStrategyUsed is W1: the distinct strategy names that exist and
// are not built in, in order of first use.
func checkCustomStrategyUsed(in *Input) []Issue {
	g := newGrouper()
	for _, i := range in.StrategyTypes().Custom {
		g.add(in.Import.Data.FeatureStrategies[i].Name, located(importmodel.Place{Member: "featureStrategies", I: int(i), Field: "name"}))
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
			g.add(*id, located(importmodel.Place{Member: "featureStrategies", I: i, Field: "id"}))
		}
	}
	return one("The following strategy ids are used by more than one strategy:", g.items)
}
