package importvalidate

import (
	"strconv"

	"github.com/flagadmin/flagadmin/importvalidate/importmodel"
	"github.com/flagadmin/flagadmin/model"
)

// checkUnknownSegment is E7: imported segments with no existing segment of
// the same name that is global or belongs to the target project (the
// imported id is ignored). Input order, duplicates kept.
func checkUnknownSegment(in *Input) []Issue {
	return one("We detected the following segments that need to be created first:", itemsOf(in.UnknownSegments()))
}

// checkUnknownSegmentID (strict) reports segment ids used by strategies that
// no imported segment carries.
func checkUnknownSegmentID(in *Input) []Issue {
	ids := keySet(in.Import.Data.Segments, func(s model.Segment) float64 { return s.ID })
	g := newGrouper()
	ss := in.Import.Data.FeatureStrategies
	for i := range ss {
		if ss[i].Segments == nil {
			continue
		}
		for j, id := range *ss[i].Segments {
			if !ids[id] {
				g.add(strconv.FormatFloat(id, 'g', -1, 64), located(importmodel.Place{Member: "featureStrategies", I: i, List: "segments", J: j}))
			}
		}
	}
	return one("The following segment ids are used by strategies but no imported segment has them:", g.items)
}
