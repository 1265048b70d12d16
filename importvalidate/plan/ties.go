package plan

import (
	"fmt"
	"strconv"

	"github.com/flagadmin/flagadmin/importvalidate/importmodel"
	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/model/profile"
)

// NoteStrategyOrder is the code of the note of a feature whose
// strategies the import orders by chance: two or more end with the same
// sort order (importmodel.NoteStrategyTie). The plan shows them in the
// order of their inserts, the likelier one; distinct sort orders in the
// file make the order certain (SortOrders).
const NoteStrategyOrder = "strategy-order-undetermined"

// notesOf is notes, importmodel's notes of feature c after the import of
// imp's version, as the plan words them; nil when there are none.
func notesOf(imp profile.Import, notes []importmodel.Note, c *importmodel.Config) []Note {
	var out []Note
	for _, n := range notes {
		if n.Kind == importmodel.NoteStrategyTie {
			out = append(out, tieNote(imp, n, c))
		}
	}
	return out
}

// tieNote is the note of n, a tie of c's strategies, located at the one
// of them that comes first in the file.
func tieNote(imp profile.Import, n importmodel.Note, c *importmodel.Config) Note {
	first := n.Place + 1
	var which string
	if n.Count == 2 {
		which = fmt.Sprintf("strategies %d (%s) and %d (%s)", first, short(strategyKey(c.Strategies[n.Place])), first+1, short(strategyKey(c.Strategies[n.Place+1])))
	} else {
		which = fmt.Sprintf("strategies %d to %d", first, first+n.Count-1)
	}
	why := "Unleash orders them by their ids, which follow the inserts only to the millisecond"
	if !imp.OrderedTies {
		why = "Unleash returns them in its database's order (their ids are random)"
	}
	return Note{Code: NoteStrategyOrder,
		Message: fmt.Sprintf("%s get the same sort order, %d, so their order is chance: %s. Shown in the order of the inserts; "+
			"distinct sort orders in the file make it certain", which, n.SortOrder, why),
		Location: model.Location{Pointer: "/data/featureStrategies/" + strconv.Itoa(n.Index), Offset: -1}}
}
