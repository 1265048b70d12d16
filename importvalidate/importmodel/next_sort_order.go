package importmodel

import (
	"math"
	"strconv"

	"github.com/flagadmin/flagadmin/model"
)

// checkImportStrategyNextSortOrder reports the strategies without a
// sortOrder that read, as their next sort order, one past the largest
// 32-bit integer: a strategy of the same feature with sort order
// 2147483647 was inserted before the read. When that is, is the order
// of the creations (creationOrder, which Apply orders the strategies by;
// StrategyCreationRounds). The import deletes the strategies of the
// file's features in the environment first, so only the file's count,
// and only those of the features it creates or updates in the target
// project; a strategy of a feature outside the file is left out, since
// the sort orders of its strategies are not known.
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
	created := make(map[string]bool, len(d.ContextFields))
	for i := range d.ContextFields {
		created[d.ContextFields[i].Name] = true
	}
	exists := func(name string) bool {
		_, ok := in.ContextFields[name]
		return ok || created[name]
	}
	v := in.resolved()
	imp := in.VersionProfile().Import
	var list []ordered[int32]
	in.eachStrategy(func(i int, s *model.Strategy) {
		r := v.strategy[i]
		if !v.refs[r].applied {
			return
		}
		c := ordered[int32]{feature: r, index: i, rounds: StrategyCreationRounds(s, exists, imp)}
		if s.SortOrder != nil {
			c.given, c.sortOrder = true, int64(*s.SortOrder)
		}
		list = append(list, c)
	})
	creationOrder(list, func(c *ordered[int32]) *ordered[int32] { return c }, v.files, imp, func() bool { return false })
	var out []Finding
	for _, c := range list {
		if c.given || c.sortOrder <= math.MaxInt32 {
			continue
		}
		s := &d.FeatureStrategies[c.index]
		text := strconv.FormatInt(c.sortOrder, 10)
		out = append(out, single(strategyInsert(s, `value "`+text+`" is out of range for type integer`), s.Name,
			place("featureStrategies", c.index, "")))
	}
	return out
}
