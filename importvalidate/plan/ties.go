package plan

import (
	"fmt"
	"math"
	"strconv"

	"github.com/flagadmin/flagadmin/model"
)

// Strategies whose order the import leaves to chance.
//
// Two strategies of one feature that end with the same sort order are
// evaluated in the order of their ids. From 7.x the ids are ULIDs, made
// as each strategy is inserted, which follow the inserts only to the
// millisecond: within one, their random part decides. Up to 6.x
// (profile.Import.OrderedTies false) the ids are random and the database
// returns such strategies in an order of its own. The import inserts the
// strategies of a file within a few milliseconds, so the plan cannot
// know their order: it shows them in the order of their inserts, the
// likelier one, and says so in a note. Distinct sort orders in the file
// make the order certain: SortOrders gives the strategies the sort
// orders the plan assigned them, ties made distinct.

// NoteStrategyOrder is the code of the note of a feature whose
// strategies the import orders by chance: two or more end with the same
// sort order.
const NoteStrategyOrder = "strategy-order-undetermined"

// settle records, for list, the strategies of one feature that the
// import creates in the order the plan gives them, the sort order that
// makes each one's place certain, and a note for each run of equal sort
// orders.
func (a *applier) settle(list []*creation) {
	if a.sortOrders == nil {
		a.sortOrders = make(map[int]int64, len(a.d.FeatureStrategies))
	}
	for i, so := range certainSortOrders(list) {
		a.sortOrders[list[i].index] = so
	}
	for start := 0; start < len(list); {
		end := start + 1
		for end < len(list) && list[end].sortOrder == list[start].sortOrder {
			end++
		}
		if end-start > 1 {
			f := list[start].feature
			if a.notes == nil {
				a.notes = map[*config][]Note{}
			}
			a.notes[f] = append(a.notes[f], a.tieNote(list[start:end], start+1))
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

// tieNote is the note of tied, strategies of one feature of the same
// sort order, the first at place first (1-based) among the feature's
// strategies, located at the one that comes first in the file.
func (a *applier) tieNote(tied []*creation, first int) Note {
	index := tied[0].index
	for _, c := range tied {
		index = min(index, c.index)
	}
	var which string
	if len(tied) == 2 {
		which = fmt.Sprintf("strategies %d (%s) and %d (%s)", first, short(strategyKey(tied[0].strategy)), first+1, short(strategyKey(tied[1].strategy)))
	} else {
		which = fmt.Sprintf("strategies %d to %d", first, first+len(tied)-1)
	}
	why := "Unleash orders them by their ids, which follow the inserts only to the millisecond"
	if !a.imp.OrderedTies {
		why = "Unleash returns them in its database's order (their ids are random)"
	}
	return Note{Code: NoteStrategyOrder,
		Message: fmt.Sprintf("%s get the same sort order, %d, so their order is chance: %s. Shown in the order of the inserts; "+
			"distinct sort orders in the file make it certain", which, tied[0].sortOrder, why),
		Location: model.Location{Pointer: "/data/featureStrategies/" + strconv.Itoa(index), Offset: -1}}
}
