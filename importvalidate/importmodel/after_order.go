package importmodel

import (
	"cmp"
	"slices"

	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/model/profile"
)

// The order of the strategies an import creates.
//
// Unleash evaluates a feature's strategies by their sort order, then by
// their ids (sortStrategies), and the first active strategy that matches
// decides which variants apply. An import creates the strategies of the
// file all at once (importStrategies: Promise.all over createStrategy),
// on the one connection of its transaction, which runs their queries one
// after the other in the order they are sent. Each creation sends a
// fixed sequence of queries, one at a time: whether change requests are
// on, the feature's project, whether the strategy type exists, the
// segments (all at once, when there are any), each constraint's context
// field (whether it exists, then, if it does, its legal values; all
// constraints at once), the project's default stickiness (a
// flexibleRollout strategy without one), the strategy limit, then the
// next sort order (the largest of the feature's strategies in the
// environment, plus one; 0 when it has none) and the insert. A strategy
// whose sortOrder the file gives skips the next sort order. So the
// creations advance in rounds, one query each per round, in the file's
// order within a round, and a creation reads the sort orders of the
// strategies inserted before its own read: those whose insert came in an
// earlier round, or in the same round earlier in the file. A strategy
// with a constraint thus comes after a plain one before it in the file.
// Strategies of equal sort order are ordered by their ids, which grow
// with the time of their insert (to the millisecond; within one
// millisecond at random): After orders them by their insert, and notes
// that their order is chance (after_ties.go).
//
// The rounds were read in the source of unleash-server 8.2.0
// (export-import-service.js, feature-toggle-service.js,
// feature-toggle-strategies-store.js, constraints-read-model.js) and
// checked in the statement log of its PostgreSQL; docs/PLAN.md tells how.
// Up to 6.x (profile.Import.StickinessInStore), a constraint's context
// field is one read and the store reads the default stickiness between
// the next sort order and the insert, for every strategy; ties of sort
// order are then in the database's order (random ids), which After
// takes to be the inserts'.

// StrategyCreationRounds is the number of queries Unleash's import sends,
// one at a time, creating strategy s before it reads the next sort order
// (or, for a strategy whose sortOrder the file gives, before its insert):
// whether change requests are on, the feature's project, whether the
// strategy type exists, then its segments (when it has any), its
// constraints' context fields (two queries when one of them exists, as
// exists says of a name, one else; when it has constraints), the
// project's default stickiness (a flexibleRollout strategy without one),
// and the strategy limit. Up to 6.x (imp.ConstraintContextMustExist), a
// constraint's context field is read once; where the store reads the
// default stickiness (imp.StickinessInStore) it does so after the next
// sort order, so it does not count here. The import creates all the
// file's strategies at once on one connection, so the creations advance
// in rounds of one query each; Apply orders the strategies by them
// (docs/PLAN.md, rule 19) and import-strategy-next-sort-order reads them.
func StrategyCreationRounds(s *model.Strategy, exists func(contextField string) bool, imp profile.Import) int {
	n := 4
	if s.Segments != nil && len(*s.Segments) > 0 {
		n++
	}
	if s.Constraints != nil && len(*s.Constraints) > 0 {
		n++
		if !imp.ConstraintContextMustExist && slices.ContainsFunc(*s.Constraints, func(c model.Constraint) bool { return exists(c.ContextName) }) {
			n++
		}
	}
	if !imp.StickinessInStore && s.Name == "flexibleRollout" && (s.Parameters == nil || (*s.Parameters)["stickiness"] == "") {
		n++
	}
	return n
}

// creation is a strategy the import creates.
type creation struct {
	ordered[*Config]
	strategy Strategy
}

// ordered is a strategy the import creates, as the order of the
// creations reads it (creationOrder), of the feature that K names.
type ordered[K comparable] struct {
	feature K
	// index is the strategy's place in data.featureStrategies.
	index int
	// rounds is the number of queries before the next sort order (or,
	// with a given sort order, before the insert).
	rounds int
	// given reports a sort order given by the file; sortOrder is the
	// strategy's sort order, given or assigned: the largest of the
	// feature's inserted before its read, plus one (it may pass the
	// largest 32-bit integer, which refuses the import), 0 when none was.
	given     bool
	sortOrder int64
	// inserted is the strategy's place among the inserts.
	inserted int
}

// roundsBefore is the number of rounds the creation of s takes before it
// reads the next sort order (StrategyCreationRounds, as the instance's
// version creates it), the context fields that exist being the
// instance's and the file's; the default stickiness that the store reads
// after the next sort order, up to 6.x, is in gap.
func (r *replay) roundsBefore(s *model.Strategy) int {
	return StrategyCreationRounds(s, func(name string) bool { return r.contextFields[name] }, r.imp)
}

// gap is the number of rounds from the read of the next sort order to
// the insert in imp's version: 1, or 2 where the store reads the default stickiness in
// between (profile.Import.StickinessInStore). A creation with a given
// sort order skips the read but not the stickiness.
func gap(imp profile.Import) int {
	if imp.StickinessInStore {
		return 2
	}
	return 1
}

// creationOrder runs the creations of list (at(&list[i]) is creation i),
// in file order, of some number of features, as the import
// of imp's version runs them: each reads the next sort order of its
// feature (unless given) after its rounds, and inserts gap rounds later;
// the events of one round come in file order. It sets each one's
// sortOrder and inserted. It is the one model of the order of the created
// strategies: Apply orders them by it (order), and
// import-strategy-next-sort-order (checkImportStrategyNextSortOrder)
// reports the reads it gives past the largest 32-bit integer. It stops,
// unfinished, when stop reports true.
func creationOrder[T any, K comparable](list []T, at func(*T) *ordered[K], features int, imp profile.Import, stop func() bool) {
	// The events of the creations: each reads the next sort order (unless
	// given) and inserts, in rounds.
	type event struct {
		round  int
		c      *ordered[K]
		insert bool
	}
	events := make([]event, 0, 2*len(list))
	gap := gap(imp)
	for i := range list {
		c := at(&list[i])
		if c.given {
			events = append(events, event{round: c.rounds + gap - 1, c: c, insert: true})
			continue
		}
		events = append(events, event{round: c.rounds, c: c}, event{round: c.rounds + gap, c: c, insert: true})
	}
	slices.SortFunc(events, func(x, y event) int {
		return cmp.Or(cmp.Compare(x.round, y.round), cmp.Compare(x.c.index, y.c.index))
	})
	// The largest sort order inserted so far, per feature.
	type top struct {
		max int64
		any bool
	}
	inserted := make(map[K]top, features)
	inserts := 0
	for _, e := range events {
		if stop() {
			return
		}
		t := inserted[e.c.feature]
		switch {
		case e.insert:
			if !t.any || e.c.sortOrder > t.max {
				inserted[e.c.feature] = top{max: e.c.sortOrder, any: true}
			}
			e.c.inserted = inserts
			inserts++
		case t.any:
			e.c.sortOrder = t.max + 1
		default:
			e.c.sortOrder = 0
		}
	}
}

// order assigns each created strategy its sort order as the import does
// (creationOrder), and sets the strategies of each feature in the order
// Unleash evaluates them.
func (r *replay) order(created []creation) {
	creationOrder(created, func(c *creation) *ordered[*Config] { return &c.ordered }, len(r.want), r.imp, r.stop)
	if r.err != nil {
		return
	}
	// Each feature's strategies by sort order, then by their insert.
	slices.SortFunc(created, func(x, y creation) int {
		return cmp.Or(cmp.Compare(x.sortOrder, y.sortOrder), cmp.Compare(x.inserted, y.inserted))
	})
	byFeature := make(map[*Config][]*creation, len(r.want))
	var features []*Config
	for i := range created {
		c := &created[i]
		c.feature.Strategies = append(c.feature.Strategies, c.strategy)
		if byFeature[c.feature] == nil {
			features = append(features, c.feature)
		}
		byFeature[c.feature] = append(byFeature[c.feature], c)
	}
	for _, f := range features {
		if r.stop() {
			return
		}
		r.settle(byFeature[f])
	}
}
