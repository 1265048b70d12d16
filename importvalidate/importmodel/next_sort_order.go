package importmodel

import (
	"cmp"
	"math"
	"slices"
	"strconv"

	"github.com/flagadmin/flagadmin/model"
)

// checkImportStrategyNextSortOrder reports the strategies without a
// sortOrder that read, as their next sort order, one past the largest
// 32-bit integer: a strategy of the same feature with sort order
// 2147483647 was inserted before the read, in an earlier round of the
// creations or earlier in the file in the same round (see
// StrategyCreationRounds). The import deletes the strategies of the
// file's features in the environment first, so only the file's count; a
// strategy of a feature outside the file is left out, since the sort
// orders of its strategies are not known.
func checkImportStrategyNextSortOrder(in *Input) []Finding {
	d := &in.Import.Data
	// Each read is one past a sort order inserted before it, so a read
	// past the largest 32-bit integer needs a given sort order within the
	// number of strategies of it: without one, nothing is indexed.
	high := false
	for i := range d.FeatureStrategies {
		if so := d.FeatureStrategies[i].SortOrder; so != nil && int64(*so) >= math.MaxInt32-int64(len(d.FeatureStrategies)) {
			high = true
			break
		}
	}
	if !high {
		return nil
	}
	inFile := make(map[string]bool, len(d.Features))
	for i := range d.Features {
		inFile[d.Features[i].Name] = true
	}
	created := make(map[string]bool, len(d.ContextFields))
	for i := range d.ContextFields {
		created[d.ContextFields[i].Name] = true
	}
	exists := func(name string) bool {
		_, ok := in.ContextFields[name]
		return ok || created[name]
	}
	// Each creation's events: the read of the next sort order (unless
	// given) and the insert, by round, then by place in the file.
	type event struct {
		round, index int
		insert       bool
	}
	var events []event
	semantics := in.VersionProfile().Import
	in.eachStrategy(func(i int, s *model.Strategy) {
		if !inFile[*s.FeatureName] {
			return
		}
		r := StrategyCreationRounds(s, exists, semantics)
		if s.SortOrder != nil {
			events = append(events, event{round: r, index: i, insert: true})
			return
		}
		events = append(events, event{round: r, index: i}, event{round: r + 1, index: i, insert: true})
	})
	slices.SortFunc(events, func(x, y event) int { return cmp.Or(cmp.Compare(x.round, y.round), cmp.Compare(x.index, y.index)) })
	// The largest sort order inserted so far per feature, and the sort
	// order each strategy read.
	type top struct {
		max int64
		any bool
	}
	inserted := map[string]top{}
	read := map[int]int64{}
	var over []int
	for _, e := range events {
		s := &d.FeatureStrategies[e.index]
		t := inserted[*s.FeatureName]
		if !e.insert {
			if t.any {
				read[e.index] = t.max + 1
				if t.max+1 > math.MaxInt32 {
					over = append(over, e.index)
				}
			}
			continue
		}
		so := read[e.index]
		if s.SortOrder != nil {
			so = int64(*s.SortOrder)
		}
		if !t.any || so > t.max {
			inserted[*s.FeatureName] = top{max: so, any: true}
		}
	}
	slices.Sort(over)
	out := make([]Finding, 0, len(over))
	for _, i := range over {
		s := &d.FeatureStrategies[i]
		text := strconv.FormatInt(read[i], 10)
		out = append(out, single(strategyInsert(s, `value "`+text+`" is out of range for type integer`), s.Name,
			place("featureStrategies", i, "")))
	}
	return out
}
