package importmodel

import "math"

// Strategies whose order the import leaves to chance.
//
// Two strategies of one feature that end with the same sort order are
// evaluated in the order of their ids. From 7.x the ids are ULIDs, made
// as each strategy is inserted, which follow the inserts only to the
// millisecond: within one, their random part decides. Up to 6.x
// (profile.Import.OrderedTies false) the ids are random and the database
// returns such strategies in an order of its own. The import inserts the
// strategies of a file within a few milliseconds, so no one can know
// their order: After shows them in the order of their inserts, the
// likelier one, and says so in a Note. Distinct sort orders in the file
// make the order certain: After.SortOrders gives the strategies the sort
// orders the import assigns them, ties made distinct.

// NoteKind is what a Note says.
type NoteKind uint8

// The kinds of notes.
const (
	// NoteStrategyTie: strategies of a feature get the same sort order,
	// so their order is chance: from 7.x, that of the ids made at their
	// inserts, which follow the inserts to the millisecond only; up to
	// 6.x (profile.Import.OrderedTies false), the database's.
	NoteStrategyTie NoteKind = iota + 1
)

// Note is a place where what After shows of a feature is not certain,
// for a plan to word.
type Note struct {
	Kind NoteKind
	// Feature is the feature's name.
	Feature string
	// Place is the place (0-based) of the first of the strategies the
	// note is about among the feature's strategies in After, Count their
	// number: Strategies[Place:Place+Count].
	Place, Count int
	// Index is the place in data.featureStrategies of the one of them
	// that comes first in the file.
	Index int
	// SortOrder is the sort order they share.
	SortOrder int64
}

// settle records, for list, the strategies of one feature that the
// import creates in the order After gives them, the sort order that
// makes each one's place certain, and a note for each run of equal sort
// orders.
func (r *replay) settle(list []*creation) {
	if r.sortOrders == nil {
		r.sortOrders = make(map[int]int64, len(r.d.FeatureStrategies))
	}
	for i, so := range certainSortOrders(list) {
		r.sortOrders[list[i].index] = so
	}
	for start := 0; start < len(list); {
		end := start + 1
		for end < len(list) && list[end].sortOrder == list[start].sortOrder {
			end++
		}
		if end-start > 1 {
			f := list[start].feature
			if r.notes == nil {
				r.notes = map[string][]Note{}
			}
			r.notes[f.Name] = append(r.notes[f.Name], tieNote(f.Name, list[start:end], start))
		}
		start = end
	}
}

// certainSortOrders are the sort orders of list, a feature's created
// strategies in order, each at least one more than the one before it:
// the sort orders that the import assigns, ties made distinct. Where
// that would pass the largest 32-bit integer, which no sort order can,
// they are 0, 1, 2 and so on.
func certainSortOrders(list []*creation) []int64 {
	out := make([]int64, len(list))
	for i, c := range list {
		out[i] = c.sortOrder
		if i > 0 && out[i] <= out[i-1] {
			out[i] = out[i-1] + 1
		}
	}
	if len(out) > 0 && out[len(out)-1] > math.MaxInt32 {
		for i := range out {
			out[i] = int64(i)
		}
	}
	return out
}

// tieNote is the note of tied, strategies of feature of the same sort
// order, the first at place (0-based) among the feature's strategies.
func tieNote(feature string, tied []*creation, place int) Note {
	index := tied[0].index
	for _, c := range tied {
		index = min(index, c.index)
	}
	return Note{Kind: NoteStrategyTie, Feature: feature, Place: place, Count: len(tied), Index: index, SortOrder: tied[0].sortOrder}
}
