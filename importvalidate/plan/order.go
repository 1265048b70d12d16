package plan

import (
	"cmp"
	"slices"

	"github.com/flagadmin/flagadmin/importvalidate/importmodel"
	"github.com/flagadmin/flagadmin/model"
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
// millisecond at random): the plan orders them by their insert, and
// notes that their order is chance (ties.go).
//
// The rounds were read in the source of unleash-server 8.2.0
// (export-import-service.js, feature-toggle-service.js,
// feature-toggle-strategies-store.js, constraints-read-model.js) and
// checked in the statement log of its PostgreSQL; docs/PLAN.md tells how.
// Up to 6.x (profile.Import.StickinessInStore), a constraint's context
// field is one read and the store reads the default stickiness between
// the next sort order and the insert, for every strategy; ties of sort
// order are then in the database's order (random ids), which the plan
// takes to be the inserts'.

// creation is a strategy the import creates.
type creation struct {
	feature  *config
	strategy strategy
	// index is the strategy's place in data.featureStrategies.
	index int
	// rounds is the number of queries before the next sort order (or,
	// with a given sort order, before the insert).
	rounds int
	// given reports a sort order given by the file; sortOrder is the
	// strategy's sort order, given or assigned.
	given     bool
	sortOrder int64
	// inserted is the strategy's place among the inserts.
	inserted int
}

// roundsBefore is the number of rounds the creation of s takes before it
// reads the next sort order (importmodel.StrategyCreationRounds, as
// the instance's version creates it), the context fields that exist being
// the instance's and the file's; the default stickiness that the store
// reads after the next sort order, up to 6.x, is in gap.
func (a *applier) roundsBefore(s *model.Strategy) int {
	return importmodel.StrategyCreationRounds(s, func(name string) bool { return a.contextFields[name] }, a.imp)
}

// gap is the number of rounds from the read of the next sort order to
// the insert: 1, or 2 where the store reads the default stickiness in
// between (profile.Import.StickinessInStore). A creation with a given
// sort order skips the read but not the stickiness.
func (a *applier) gap() int {
	if a.imp.StickinessInStore {
		return 2
	}
	return 1
}

// order assigns each created strategy its sort order as the import does,
// and sets the strategies of each feature in the order Unleash evaluates
// them.
func (a *applier) order(created []creation) {
	// The events of the creations: each reads the next sort order (unless
	// given) and inserts, in rounds.
	type event struct {
		round  int
		c      *creation
		insert bool
	}
	events := make([]event, 0, 2*len(created))
	gap := a.gap()
	for i := range created {
		c := &created[i]
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
	inserted := make(map[*config]top, len(a.want))
	inserts := 0
	for _, e := range events {
		if a.stop() {
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
			// One past the largest 32-bit integer refuses the import
			// (import-strategy-next-sort-order).
			e.c.sortOrder = t.max + 1
		default:
			e.c.sortOrder = 0
		}
	}
	// Each feature's strategies by sort order, then by their insert.
	slices.SortFunc(created, func(x, y creation) int {
		return cmp.Or(cmp.Compare(x.sortOrder, y.sortOrder), cmp.Compare(x.inserted, y.inserted))
	})
	byFeature := make(map[*config][]*creation, len(a.want))
	var features []*config
	for i := range created {
		c := &created[i]
		c.feature.Strategies = append(c.feature.Strategies, c.strategy)
		if byFeature[c.feature] == nil {
			features = append(features, c.feature)
		}
		byFeature[c.feature] = append(byFeature[c.feature], c)
	}
	for _, f := range features {
		if a.stop() {
			return
		}
		a.settle(byFeature[f])
	}
}

// appendConstraintFields appends to names the context fields that the
// constraints of strategies name and names does not hold.
func appendConstraintFields(names []string, strategies []model.Strategy) []string {
	var seen map[string]bool
	for i := range strategies {
		s := &strategies[i]
		if s.Constraints == nil {
			continue
		}
		for _, c := range *s.Constraints {
			if seen == nil {
				seen = make(map[string]bool, len(names))
				for _, n := range names {
					seen[n] = true
				}
			}
			if !seen[c.ContextName] {
				seen[c.ContextName] = true
				names = append(names, c.ContextName)
			}
		}
	}
	return names
}
