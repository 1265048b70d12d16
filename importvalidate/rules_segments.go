package importvalidate

// ruleUnknownSegment is E7: imported segments with no existing segment of
// the same name that is global or belongs to the target project (the
// imported id is ignored). Input order, duplicates kept.
func ruleUnknownSegment() Rule {
	return Rule{
		Code: CodeUnknownSegment, Severity: SeverityError, Reference: true,
		Summary: "imported segments exist globally or in the project",
		Check: pure(func(in *Input) []Issue {
			var items []Item
			for i, s := range in.Import.Data.Segments {
				found := false
				for _, def := range in.Segments[s.Name] {
					if def.Project == "" || def.Project == in.Project {
						found = true
						break
					}
				}
				if !found {
					items = append(items, Item{Value: s.Name, Locations: []Location{at(ptr("segments", i, "name"))}})
				}
			}
			return one("We detected the following segments that need to be created first:", items)
		}),
	}
}
