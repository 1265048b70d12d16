package importmodel

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

// eachStrategy calls f with every strategy of the cleaned file.
func (in *Input) eachStrategy(f func(i int, s *model.Strategy)) {
	for _, i := range in.resolved().keptStrategies {
		f(int(i), &in.Import.Data.FeatureStrategies[i])
	}
}

// notInProject is the import's message for a feature that does not
// belong to the target project (validateFeatureBelongsToProject): the
// project it belongs to, when it exists, is named.
func notInProject(feature, project, actual string) string {
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
func checkImportStrategyFeatureNotInProject(in *Input) []Finding {
	v := in.resolved()
	var out []Finding
	for _, k := range v.notes.strategyOutsideProject {
		i := int(k)
		name := *in.Import.Data.FeatureStrategies[i].FeatureName
		p := v.refs[v.strategy[i]].projectAfterFeatures(in)
		out = append(out, single(notInProject(name, in.Project, p), name, place("featureStrategies", i, "featureName")))
	}
	return out
}

// exceeds is the message of Unleash's ExceedsLimitError.
func exceeds(resource string, limit int64) string {
	return "Failed to create " + resource + ". You can't create more than the established limit of " +
		strconv.FormatInt(limit, 10) + "."
}

// checkImportTooManyConstraints reports strategies with more constraints
// than the instance's limit.
func checkImportTooManyConstraints(in *Input) []Finding {
	if !in.Facts.Limits.Known || !in.countsLimits() {
		return nil
	}
	limit := in.Facts.Limits.Value.Constraints
	if int64(in.resolved().maxConstraints) <= limit {
		return nil
	}
	var items []Item
	in.eachStrategy(func(i int, s *model.Strategy) {
		if s.Constraints != nil && int64(len(*s.Constraints)) > limit {
			items = append(items, Item{Value: *s.FeatureName, Places: []Place{place("featureStrategies", i, "constraints")}})
		}
	})
	return one(exceeds("constraints", limit), items)
}

// checkImportTooManyConstraintValues reports constraints with more values
// than the instance's limit.
func checkImportTooManyConstraintValues(in *Input) []Finding {
	if !in.Facts.Limits.Known || !in.countsLimits() {
		return nil
	}
	limit := in.Facts.Limits.Value.ConstraintValues
	if int64(in.constraintList().maxValues) <= limit {
		return nil
	}
	var out []Finding
	in.eachConstraint(func(at constraintAt, c *model.Constraint) {
		if c.Values != nil && int64(len(*c.Values)) > limit {
			out = append(out, single(exceeds("constraint values for "+c.ContextName, limit), c.ContextName, at.member("values")))
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
func checkImportTooManyStrategies(in *Input) []Finding {
	if !in.Facts.Limits.Known || !in.Facts.Features.Known || !in.countsLimits() {
		return nil
	}
	limit := in.Facts.Limits.Value.FeatureEnvironmentStrategies
	v := in.resolved()
	if int64(v.notes.maxOutsideStrategies) < limit {
		return nil
	}
	var items []Item
	in.eachStrategy(func(i int, s *model.Strategy) {
		name := *s.FeatureName
		ref := &v.refs[v.strategy[i]]
		if ref.inFile {
			return
		}
		if ref.hasFacts && int64(ref.facts.Strategies) >= limit {
			items = append(items, Item{Value: name, Places: []Place{place("featureStrategies", i, "")}})
		}
	})
	return one(exceeds("strategy", limit), items)
}

// checkImportTooManyStrategiesInFile warns of the features to which the
// file gives, with the strategies they keep, more strategies in the
// environment than the instance's limit when the import cannot be said to
// refuse them: the strategies are created concurrently, each counting
// those present when its own count runs, so whether the import refuses
// the file or stores more than the limit depends on the order its
// queries run (plain strategies all count before any is inserted; one
// with constraints or segments counts later).
func checkImportTooManyStrategiesInFile(in *Input) []Finding {
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
	var out []Finding
	in.eachStrategy(func(i int, s *model.Strategy) {
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
				strconv.FormatInt(limit, 10) + `: it either refuses the file ("` + exceeds("strategy", limit) +
				`") or stores them all, depending on the order in which its queries run.`
			out = append(out, single(msg, name, place("featureStrategies", i, "")))
		}
	})
	return out
}

// strategyColumns are the columns of the insert into
// feature_strategies, in the order knex writes them.
var strategyColumns = [...]string{"constraints", "created_at", "disabled", "environment", "feature_name", "id",
	"parameters", "project_name", "sort_order", "strategy_name", "title", "variants"}

// strategyInsert is the message of the insert of strategy s when
// PostgreSQL refuses it with pgMessage: knex's SQL, then the message.
// knex writes DEFAULT for a column whose value is undefined (created_at
// always, disabled and title when the file leaves them out) and numbers
// its parameters over the others.
func strategyInsert(s *model.Strategy, pgMessage string) string {
	undefined := func(c string) bool {
		return c == "created_at" || (c == "disabled" && !s.Disabled.Present) || (c == "title" && !s.Title.Present)
	}
	return knexInsert("feature_strategies", strategyColumns[:], undefined) + " - " + pgMessage
}

// plainSortOrder reports whether a sortOrder is absent or an
// integer of PostgreSQL's integer range, the common case, which the
// import writes as one.
func plainSortOrder(v *float64) bool {
	return v == nil || (*v == math.Trunc(*v) && *v >= math.MinInt32 && *v <= math.MaxInt32)
}

// checkImportStrategySortOrder reports sort orders that PostgreSQL's
// integer column refuses: node-postgres sends the number as JavaScript
// writes it, so 1.5 and 1e+21 are not integers and 3000000000 is out of
// range.
func checkImportStrategySortOrder(in *Input) []Finding {
	if !in.resolved().oddSortOrder {
		return nil
	}
	var out []Finding
	in.eachStrategy(func(i int, s *model.Strategy) {
		if plainSortOrder(s.SortOrder) {
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
			out = append(out, single(strategyInsert(s, pg), text, place("featureStrategies", i, "sortOrder")))
		}
	})
	return out
}

// segmentSelectUndefined is the import's answer (a 500) when a
// strategy's segment id names none of data.segments: the id maps to
// undefined, and knex refuses to look that up.
const segmentSelectUndefined = `Undefined binding(s) detected when compiling SELECT. Undefined column(s): [id] query: ` +
	`select "segments"."id", "segments"."name", "segments"."description", "segments"."segment_project_id", ` +
	`"segments"."created_by", "segments"."created_at", "segments"."constraints" from "segments" where "id" = ?`

// segmentDuplicate is the import's answer (a 500) when two segments
// of a strategy map to the same existing segment.
const segmentDuplicate = `insert into "feature_strategy_segment" ("feature_strategy_id", "segment_id") values ($1, $2) - ` +
	`duplicate key value violates unique constraint "feature_strategy_segment_pkey"`

// fileSegmentNames names the ids of data.segments, as the import maps a
// strategy's segment ids (remapSegments): a later entry of the same id
// wins. The replay (after_strategies.go) and segmentMap read it.
func fileSegmentNames(segments []model.Segment) map[float64]string {
	m := make(map[float64]string, len(segments))
	for _, s := range segments {
		m[s.ID] = s.Name
	}
	return m
}

// segmentMap maps the ids of data.segments (fileSegmentNames) to the
// existing segment of the same name that the import links instead
// (remapSegments): the first of that name. An id that data.segments does
// not list is absent; a listed id whose name no segment has maps to nil.
func (in *Input) segmentMap() map[float64]*model.SnapshotSegment {
	names := fileSegmentNames(in.Import.Data.Segments)
	m := make(map[float64]*model.SnapshotSegment, len(names))
	for id, name := range names {
		var seg *model.SnapshotSegment
		if existing := in.Segments[name]; len(existing) > 0 {
			seg = &existing[0]
		}
		m[id] = seg
	}
	return m
}

// checkImportStrategySegmentNotListed reports strategy segment ids that
// data.segments does not list: the import maps them to undefined and
// fails on looking that up (a 500).
func checkImportStrategySegmentNotListed(in *Input) []Finding {
	return in.segments(segmentNotListed)
}

// checkImportStrategySegmentOtherProject reports strategy segments that
// map to a segment of another project: the import maps by name to the
// first segment of that name, whatever its project.
func checkImportStrategySegmentOtherProject(in *Input) []Finding {
	return in.segments(segmentOtherProject)
}

// checkImportStrategyTooManySegments reports strategies with more
// segments than the instance's limit (repeated ones count).
func checkImportStrategyTooManySegments(in *Input) []Finding {
	if !in.Facts.Limits.Known {
		return nil
	}
	return in.segments(segmentTooMany)
}

// checkImportStrategyDuplicateSegment reports strategy segments that map
// to a segment the strategy already has: linking it twice breaks the
// primary key (a 500).
func checkImportStrategyDuplicateSegment(in *Input) []Finding {
	return in.segments(segmentDuplicated)
}

// segmentsElsewhere reports whether a segment the import may map
// to (the first of its name) belongs to a project other than the target.
func (in *Input) segmentsElsewhere() bool {
	for _, segs := range in.Segments {
		if len(segs) > 0 && Scope(segs[0].Project) != "" && Scope(segs[0].Project) != in.Project {
			return true
		}
	}
	return false
}

// segmentCheck names one of the segment checks.
type segmentCheck int

const (
	segmentNotListed segmentCheck = iota
	segmentOtherProject
	segmentTooMany
	segmentDuplicated
)

// segments runs one segment check over the strategies that have
// segments.
func (in *Input) segments(which segmentCheck) []Finding {
	v := in.resolved()
	switch {
	case len(v.segmented) == 0,
		which == segmentOtherProject && !in.segmentsElsewhere(),
		which == segmentTooMany && int64(v.maxSegments) <= in.Facts.Limits.Value.StrategySegments,
		which == segmentDuplicated && v.maxSegments < 2:
		return nil
	}
	var out []Finding
	var mapped map[float64]*model.SnapshotSegment
	d := &in.Import.Data
	for _, k := range v.segmented {
		i, s := int(k), &d.FeatureStrategies[k]
		if mapped == nil {
			mapped = in.segmentMap()
		}
		segs := *s.Segments
		segAt := func(k int) Place { return placeIn("featureStrategies", i, "segments", k, "") }
		switch which {
		case segmentNotListed:
			// The import fails at the first id it cannot map: one item
			// per strategy, at that id (a strategy of thousands of such
			// ids is one finding, not thousands).
			for k, id := range segs {
				if _, ok := mapped[id]; !ok {
					out = append(out, single(segmentSelectUndefined, jsvalue.FormatFloat(id), segAt(k)))
					break
				}
			}
		case segmentOtherProject:
			var names []string
			var items []Item
			for k, id := range segs {
				if seg := mapped[id]; seg != nil && Scope(seg.Project) != "" && Scope(seg.Project) != in.Project {
					names = append(names, seg.Name+" with id "+strconv.FormatInt(seg.ID, 10))
					items = append(items, Item{Value: seg.Name, Places: []Place{segAt(k)}})
				}
			}
			if len(items) > 0 {
				msg := "The segments " + strings.Join(names, ",") + ` does not belong to project "` + in.Project + `"`
				out = append(out, Finding{Message: msg, Items: items})
			}
		case segmentTooMany:
			limit := in.Facts.Limits.Value.StrategySegments
			if int64(len(segs)) > limit {
				out = append(out, single("Strategies may not have more than "+strconv.FormatInt(limit, 10)+" segments",
					*s.FeatureName, place("featureStrategies", i, "segments")))
			}
		case segmentDuplicated:
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
					items = append(items, Item{Value: seg.Name, Places: []Place{segAt(k)}})
				}
				seen[seg.ID] = true
			}
			out = append(out, one(segmentDuplicate, items)...)
		}
	}
	return out
}

// StrategyTypes are the featureStrategies entries sorted by their type,
// read once per input for every check that asks: the indices of those
// whose type does not exist (Unknown) and of those of an existing type
// that is not built in (Custom), in input order.
type StrategyTypes struct {
	Unknown, Custom []int32
}

// StrategyTypes returns the entries sorted by their type. Most entries
// are of the type of the entry before them: that answer serves again.
func (in *Input) StrategyTypes() *StrategyTypes {
	if in.strategyTypesCache != nil {
		return in.strategyTypesCache
	}
	t := &StrategyTypes{}
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
			t.Unknown = append(t.Unknown, int32(i))
		case !def.BuiltIn:
			t.Custom = append(t.Custom, int32(i))
		}
	}
	in.strategyTypesCache = t
	return t
}

// UnknownSegments are the imported segments with no existing segment of
// the same name that is global or belongs to the target project (the
// imported id is ignored), each at its name: E7 and the import's E7
// report them. Input order, duplicates kept.
func (in *Input) UnknownSegments() []Item {
	var items []Item
	for i, s := range in.Import.Data.Segments {
		found := false
		for _, def := range in.Segments[s.Name] {
			if p := Scope(def.Project); p == "" || p == in.Project {
				found = true
				break
			}
		}
		if !found {
			items = append(items, Item{Value: s.Name, Places: []Place{place("segments", i, "name")}})
		}
	}
	return items
}
