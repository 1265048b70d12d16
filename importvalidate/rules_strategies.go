package importvalidate

// checkUnknownStrategy is E1: every featureStrategies entry whose name is no
// known strategy type, in input order, duplicates kept.
func checkUnknownStrategy(in *Input) []Issue {
	var items []Item
	for i, s := range in.Import.Data.FeatureStrategies {
		if _, ok := in.Strategies[s.Name]; !ok {
			items = append(items, Item{Value: s.Name, Locations: []Location{at(ptr("featureStrategies", i, "name"))}})
		}
	}
	return one("We detected the following custom strategy that needs to be created first:", items)
}

// checkCustomStrategyUsed is W1: the distinct strategy names that exist and
// are not built in, in order of first use.
func checkCustomStrategyUsed(in *Input) []Issue {
	g := newGrouper()
	for i, s := range in.Import.Data.FeatureStrategies {
		if def, ok := in.Strategies[s.Name]; ok && !def.BuiltIn {
			g.add(s.Name, at(ptr("featureStrategies", i, "name")))
		}
	}
	items := g.items
	return one("The following strategy types will be used in import. Please make sure the strategy type parameters are configured as in source environment:", items)
}

// checkDuplicateStrategyID (strict) reports strategy ids carried by more
// than one imported strategy.
func checkDuplicateStrategyID(in *Input) []Issue {
	g := newGrouper()
	for i, s := range in.Import.Data.FeatureStrategies {
		if s.ID != nil {
			g.add(*s.ID, at(ptr("featureStrategies", i, "id")))
		}
	}
	var items []Item
	for _, it := range g.items {
		if len(it.Locations) > 1 {
			items = append(items, it)
		}
	}
	return one("The following strategy ids are used by more than one strategy:", items)
}
