package importmodel

import (
	"slices"

	"github.com/flagadmin/flagadmin/model"
)

// strategies is deleteStrategies then importStrategies: the strategies of
// every imported feature in the environment are replaced by the file's,
// standardised as createStrategy does, in the order the import gives them
// (see after_order.go).
func (r *replay) strategies() {
	for _, c := range r.want {
		c.Strategies = nil
	}
	created := make([]creation, 0, len(r.d.FeatureStrategies))
	for i := range r.d.FeatureStrategies {
		if r.stop() {
			return
		}
		s := &r.d.FeatureStrategies[i]
		if !namesFeature(s.FeatureName) {
			continue
		}
		c := r.want[*s.FeatureName]
		if c == nil {
			continue
		}
		st := Strategy{Name: s.Name}
		if s.Title.Valid {
			st.Title = &s.Title.Value // shared, never changed
		}
		if v, ok := s.Disabled.Get(); ok {
			st.Disabled = v
		}
		if s.Parameters != nil {
			st.Parameters = *s.Parameters // shared; withDefaults copies before it adds
		}
		if s.Constraints != nil {
			st.Constraints = normalizeConstraints(*s.Constraints)
		}
		if s.Segments != nil {
			st.Segments = r.segments(s)
		}
		if s.Variants != nil && len(*s.Variants) > 0 {
			st.Variants, _ = fixStrategyVariants(*s.Variants)
		}
		r.withDefaults(&st, c.Name)
		cr := creation{ordered: ordered[*Config]{feature: c, index: i, rounds: r.roundsBefore(s)}, strategy: st}
		if s.SortOrder != nil {
			// One that is no integer of 32 bits refuses the import
			// (import-strategy-sort-order).
			cr.given, cr.sortOrder = true, int64(*s.SortOrder)
		}
		created = append(created, cr)
	}
	r.order(created)
}

// segments names the segments of s by the file's data.segments, an id
// given twice once. An id missing there, an id given twice and more
// segments than the instance allows refuse the import
// (import-strategy-segment-not-listed, import-strategy-duplicate-segment,
// import-strategy-too-many-segments); the names are then incomplete. The
// ids are as many as the body holds: each is one lookup, and whether it
// came before is told by r.segmentIDs, never by a search of the ids
// before it.
func (r *replay) segments(s *model.Strategy) []string {
	r.segmentIDs.reset()
	var names []string
	for _, id := range *s.Segments {
		if r.stop() {
			return nil
		}
		// An id and an earlier one equal to it are both named or both
		// not: only the named ones need telling apart.
		if n, ok := r.segmentName[id]; ok && r.segmentIDs.first(id) {
			names = append(names, n)
		}
	}
	return names
}

// withDefaults completes the parameters of s, a strategy of feature that
// the import creates, as the instance's version does
// (profile.Import.StrategyParameters: from 7.x, parametersWithDefaults
// gives a flexibleRollout rollout 100, the project's default stickiness
// and the feature's name as group id when the file leaves them out).
func (r *replay) withDefaults(s *Strategy, feature string) {
	s.Parameters = r.imp.StrategyParameters(s.Name, feature, s.Parameters, r.before.DefaultStickiness)
}

// normalizeConstraints gives each constraint its values array (joi's
// default), as the instance stores it.
func normalizeConstraints(cs []model.Constraint) []model.Constraint {
	for _, c := range cs {
		if c.Values == nil {
			out := slices.Clone(cs)
			for i := range out {
				if out[i].Values == nil {
					out[i].Values = &emptyValues
				}
			}
			return out
		}
	}
	// The constraints are shared, never changed.
	return cs
}

// emptyValues is the values of a constraint without any; shared, never
// changed.
var emptyValues = []string{}
