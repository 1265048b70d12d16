package importvalidate

import (
	"math"
	"strconv"
	"strings"

	"github.com/flagadmin/flagadmin/importvalidate/internal/jsvalue"
	"github.com/flagadmin/flagadmin/model"
)

// The import creates every strategy of the cleaned file at once, after
// deleting the strategies of the file's features in the target environment
// (feature-toggle-service.js unprotectedCreateStrategy): the feature must
// belong to the target project, the segments to it or to none, then the
// constraints are counted and checked, the strategy counted and inserted,
// and its segments linked.

// refusalEachStrategy calls f with every strategy of the cleaned file.
func (in *Input) refusalEachStrategy(f func(i int, s *model.Strategy)) {
	for _, i := range in.resolved().keptStrategies {
		f(int(i), &in.Import.Data.FeatureStrategies[i])
	}
}

// refusalNotInProject is the import's message for a feature that does not
// belong to the target project (validateFeatureBelongsToProject): the
// project it belongs to, when it exists, is named.
func refusalNotInProject(feature, project, actual string) string {
	msg := `There's no feature named "` + feature + `" in project "` + project + `"`
	if actual != "" {
		return msg + `, but there's a feature with that name in project "` + actual + `"`
	}
	return msg + "."
}

// checkImportStrategyFeatureNotInProject reports strategies whose feature
// is not in the target project once the features are written: a feature
// that exists nowhere, or in another project. (One of the project, even
// archived or absent from the file, gets the strategy.)
func checkImportStrategyFeatureNotInProject(in *Input) []Issue {
	v := in.resolved()
	var out []Issue
	for _, k := range v.notes.strategyOutsideProject {
		i := int(k)
		name := *in.Import.Data.FeatureStrategies[i].FeatureName
		p := v.refs[v.strategy[i]].projectAfterFeatures(in)
		out = append(out, refusalIssue(refusalNotInProject(name, in.Project, p), name, ptr("featureStrategies", i, "featureName")))
	}
	return out
}

// refusalExceeds is the message of Unleash's ExceedsLimitError.
func refusalExceeds(resource string, limit int64) string {
	return "Failed to create " + resource + ". You can't create more than the established limit of " +
		strconv.FormatInt(limit, 10) + "."
}

// checkImportTooManyConstraints reports strategies with more constraints
// than the instance's limit.
func checkImportTooManyConstraints(in *Input) []Issue {
	if !in.Facts.Limits.Known || !in.countsLimits() {
		return nil
	}
	limit := in.Facts.Limits.Value.Constraints
	if int64(in.resolved().maxConstraints) <= limit {
		return nil
	}
	var items []Item
	in.refusalEachStrategy(func(i int, s *model.Strategy) {
		if s.Constraints != nil && int64(len(*s.Constraints)) > limit {
			items = append(items, Item{Value: *s.FeatureName, Locations: []Location{at(ptr("featureStrategies", i, "constraints"))}})
		}
	})
	return one(refusalExceeds("constraints", limit), items)
}

// checkImportTooManyConstraintValues reports constraints with more values
// than the instance's limit.
func checkImportTooManyConstraintValues(in *Input) []Issue {
	if !in.Facts.Limits.Known || !in.countsLimits() {
		return nil
	}
	limit := in.Facts.Limits.Value.ConstraintValues
	if int64(in.refusalConstraintList().maxValues) <= limit {
		return nil
	}
	var out []Issue
	in.refusalEachConstraint(func(at refusalConstraintAt, c *model.Constraint) {
		if c.Values != nil && int64(len(*c.Values)) > limit {
			out = append(out, refusalIssue(refusalExceeds("constraint values for "+c.ContextName, limit), c.ContextName, at.ptr("values")))
		}
	})
	return out
}

// checkImportTooManyStrategies reports the strategies the import certainly
// refuses for the instance's limit of strategies per feature and
// environment: each counts the feature's strategies in the environment
// before it is inserted, and a feature absent from the file keeps its
// strategies, so when it already has the limit every strategy the file
// adds to it is refused.
func checkImportTooManyStrategies(in *Input) []Issue {
	if !in.Facts.Limits.Known || !in.Facts.Features.Known || !in.countsLimits() {
		return nil
	}
	limit := in.Facts.Limits.Value.FeatureEnvironmentStrategies
	v := in.resolved()
	if int64(v.notes.maxOutsideStrategies) < limit {
		return nil
	}
	var items []Item
	in.refusalEachStrategy(func(i int, s *model.Strategy) {
		name := *s.FeatureName
		ref := &v.refs[v.strategy[i]]
		if ref.inFile {
			return
		}
		if ref.hasFacts && int64(ref.facts.Strategies) >= limit {
			items = append(items, Item{Value: name, Locations: []Location{at(ptr("featureStrategies", i, ""))}})
		}
	})
	return one(refusalExceeds("strategy", limit), items)
}

// checkImportTooManyStrategiesInFile warns of the features to which the
// file gives, with the strategies they keep, more strategies in the
// environment than the instance's limit when the import cannot be said to
// refuse them: the strategies are created concurrently, each counting
// those present when its own count runs, so whether the import refuses
// the file or stores more than the limit depends on the order its
// queries run (plain strategies all count before any is inserted; one
// with constraints or segments counts later).
func checkImportTooManyStrategiesInFile(in *Input) []Issue {
	if !in.Facts.Limits.Known || !in.Facts.Features.Known || !in.countsLimits() {
		return nil
	}
	limit := in.Facts.Limits.Value.FeatureEnvironmentStrategies
	// Count by feature name; a feature outside the file keeps its
	// strategies.
	v := in.resolved()
	if int64(len(v.keptStrategies)) <= limit && !v.outsideStrategies() {
		return nil // no feature can get more than the limit
	}
	counts := make([]int32, len(v.refs))
	for _, i := range v.keptStrategies {
		counts[v.strategy[i]]++
	}
	var out []Issue
	in.refusalEachStrategy(func(i int, s *model.Strategy) {
		name := *s.FeatureName
		r := v.strategy[i]
		total := int64(counts[r])
		counts[r] = 0 // reported once, at its first strategy
		if ref := &v.refs[r]; ref.first < 0 {
			kept := int64(ref.facts.Strategies)
			total += kept
			if kept >= limit {
				return // refused for certain: checkImportTooManyStrategies
			}
		}
		if total > limit {
			msg := "The import gives feature " + strconv.Quote(name) + " " + strconv.FormatInt(total, 10) +
				" strategies in environment " + strconv.Quote(in.Environment) + ", more than the limit of " +
				strconv.FormatInt(limit, 10) + `: it either refuses the file ("` + refusalExceeds("strategy", limit) +
				`") or stores them all, depending on the order in which its queries run.`
			out = append(out, refusalIssue(msg, name, ptr("featureStrategies", i, "")))
		}
	})
	return out
}

// refusalStrategyColumns are the columns of the insert into
// feature_strategies, in the order knex writes them.
var refusalStrategyColumns = [...]string{"constraints", "created_at", "disabled", "environment", "feature_name", "id",
	"parameters", "project_name", "sort_order", "strategy_name", "title", "variants"}

// refusalStrategyInsert is the message of the insert of strategy s when
// PostgreSQL refuses it with pgMessage: knex's SQL, then the message.
// knex writes DEFAULT for a column whose value is undefined (created_at
// always, disabled and title when the file leaves them out) and numbers
// its parameters over the others.
func refusalStrategyInsert(s *model.Strategy, pgMessage string) string {
	undefined := func(c string) bool {
		return c == "created_at" || (c == "disabled" && !s.Disabled.Present) || (c == "title" && !s.Title.Present)
	}
	return refusalKnexInsert("feature_strategies", refusalStrategyColumns[:], undefined) + " - " + pgMessage
}

// refusalPlainSortOrder reports whether a sortOrder is absent or an
// integer of PostgreSQL's integer range, the common case, which the
// import writes as one.
func refusalPlainSortOrder(v *float64) bool {
	return v == nil || (*v == math.Trunc(*v) && *v >= math.MinInt32 && *v <= math.MaxInt32)
}

// checkImportStrategySortOrder reports sort orders that PostgreSQL's
// integer column refuses: node-postgres sends the number as JavaScript
// writes it, so 1.5 and 1e+21 are not integers and 3000000000 is out of
// range.
func checkImportStrategySortOrder(in *Input) []Issue {
	if !in.resolved().oddSortOrder {
		return nil
	}
	var out []Issue
	in.refusalEachStrategy(func(i int, s *model.Strategy) {
		if refusalPlainSortOrder(s.SortOrder) {
			return
		}
		text := jsvalue.FormatFloat(*s.SortOrder)
		var pg string
		digits := strings.TrimPrefix(text, "-")
		switch {
		case digits == "" || strings.Trim(digits, "0123456789") != "":
			pg = `invalid input syntax for type integer: "` + text + `"`
		default:
			if v, err := strconv.ParseInt(text, 10, 32); err != nil || v != int64(int32(v)) {
				pg = `value "` + text + `" is out of range for type integer`
			}
		}
		if pg != "" {
			out = append(out, refusalIssue(refusalStrategyInsert(s, pg), text, ptr("featureStrategies", i, "sortOrder")))
		}
	})
	return out
}

// refusalSegmentSelectUndefined is the import's answer (a 500) when a
// strategy's segment id names none of data.segments: the id maps to
// undefined, and knex refuses to look that up.
const refusalSegmentSelectUndefined = `Undefined binding(s) detected when compiling SELECT. Undefined column(s): [id] query: ` +
	`select "segments"."id", "segments"."name", "segments"."description", "segments"."segment_project_id", ` +
	`"segments"."created_by", "segments"."created_at", "segments"."constraints" from "segments" where "id" = ?`

// refusalSegmentDuplicate is the import's answer (a 500) when two segments
// of a strategy map to the same existing segment.
const refusalSegmentDuplicate = `insert into "feature_strategy_segment" ("feature_strategy_id", "segment_id") values ($1, $2) - ` +
	`duplicate key value violates unique constraint "feature_strategy_segment_pkey"`

// refusalSegmentMap maps the ids of data.segments to the existing segment
// of the same name that the import links instead (remapSegments): the
// first of that name; a later entry of the same id wins. An id that
// data.segments does not list is absent; a listed id whose name no
// segment has maps to nil.
func (in *Input) refusalSegmentMap() map[float64]*model.SnapshotSegment {
	d := &in.Import.Data
	m := make(map[float64]*model.SnapshotSegment, len(d.Segments))
	for k := range d.Segments {
		var seg *model.SnapshotSegment
		if existing := in.Segments[d.Segments[k].Name]; len(existing) > 0 {
			seg = &existing[0]
		}
		m[d.Segments[k].ID] = seg
	}
	return m
}

// checkImportStrategySegmentNotListed reports strategy segment ids that
// data.segments does not list: the import maps them to undefined and
// fails on looking that up (a 500).
func checkImportStrategySegmentNotListed(in *Input) []Issue {
	return in.refusalSegments(refusalSegmentNotListed)
}

// checkImportStrategySegmentOtherProject reports strategy segments that
// map to a segment of another project: the import maps by name to the
// first segment of that name, whatever its project.
func checkImportStrategySegmentOtherProject(in *Input) []Issue {
	return in.refusalSegments(refusalSegmentOtherProject)
}

// checkImportStrategyTooManySegments reports strategies with more
// segments than the instance's limit (repeated ones count).
func checkImportStrategyTooManySegments(in *Input) []Issue {
	if !in.Facts.Limits.Known {
		return nil
	}
	return in.refusalSegments(refusalSegmentTooMany)
}

// checkImportStrategyDuplicateSegment reports strategy segments that map
// to a segment the strategy already has: linking it twice breaks the
// primary key (a 500).
func checkImportStrategyDuplicateSegment(in *Input) []Issue {
	return in.refusalSegments(refusalSegmentDuplicated)
}

// refusalSegmentsElsewhere reports whether a segment the import may map
// to (the first of its name) belongs to a project other than the target.
func (in *Input) refusalSegmentsElsewhere() bool {
	for _, segs := range in.Segments {
		if len(segs) > 0 && scope(segs[0].Project) != "" && scope(segs[0].Project) != in.Project {
			return true
		}
	}
	return false
}

// refusalSegmentCheck names one of the segment checks.
type refusalSegmentCheck int

const (
	refusalSegmentNotListed refusalSegmentCheck = iota
	refusalSegmentOtherProject
	refusalSegmentTooMany
	refusalSegmentDuplicated
)

// refusalSegments runs one segment check over the strategies that have
// segments.
func (in *Input) refusalSegments(which refusalSegmentCheck) []Issue {
	v := in.resolved()
	switch {
	case len(v.segmented) == 0,
		which == refusalSegmentOtherProject && !in.refusalSegmentsElsewhere(),
		which == refusalSegmentTooMany && int64(v.maxSegments) <= in.Facts.Limits.Value.StrategySegments,
		which == refusalSegmentDuplicated && v.maxSegments < 2:
		return nil
	}
	var out []Issue
	var mapped map[float64]*model.SnapshotSegment
	d := &in.Import.Data
	for _, k := range v.segmented {
		i, s := int(k), &d.FeatureStrategies[k]
		if mapped == nil {
			mapped = in.refusalSegmentMap()
		}
		segs := *s.Segments
		segAt := func(k int) string { return ptr("featureStrategies", i, "segments/"+strconv.Itoa(k)) }
		switch which {
		case refusalSegmentNotListed:
			// The import fails at the first id it cannot map: one item
			// per strategy, at that id (a strategy of thousands of such
			// ids is one finding, not thousands).
			for k, id := range segs {
				if _, ok := mapped[id]; !ok {
					out = append(out, refusalIssue(refusalSegmentSelectUndefined, jsvalue.FormatFloat(id), segAt(k)))
					break
				}
			}
		case refusalSegmentOtherProject:
			var names []string
			var items []Item
			for k, id := range segs {
				if seg := mapped[id]; seg != nil && scope(seg.Project) != "" && scope(seg.Project) != in.Project {
					names = append(names, seg.Name+" with id "+strconv.FormatInt(seg.ID, 10))
					items = append(items, Item{Value: seg.Name, Locations: []Location{at(segAt(k))}})
				}
			}
			if len(items) > 0 {
				msg := "The segments " + strings.Join(names, ",") + ` does not belong to project "` + in.Project + `"`
				out = append(out, Issue{Message: msg, Items: items})
			}
		case refusalSegmentTooMany:
			limit := in.Facts.Limits.Value.StrategySegments
			if int64(len(segs)) > limit {
				out = append(out, refusalIssue("Strategies may not have more than "+strconv.FormatInt(limit, 10)+" segments",
					*s.FeatureName, ptr("featureStrategies", i, "segments")))
			}
		case refusalSegmentDuplicated:
			if len(segs) < 2 {
				continue
			}
			seen := make(map[int64]bool, len(segs))
			var items []Item
			for k, id := range segs {
				seg := mapped[id]
				if seg == nil {
					continue
				}
				if seen[seg.ID] {
					items = append(items, Item{Value: seg.Name, Locations: []Location{at(segAt(k))}})
				}
				seen[seg.ID] = true
			}
			out = append(out, one(refusalSegmentDuplicate, items)...)
		}
	}
	return out
}
