package plan

import (
	"cmp"
	"slices"
	"strings"

	"github.com/flagadmin/flagadmin/internal/jsonwire"
	"github.com/flagadmin/flagadmin/model"
)

// Note is what a plan says of a feature beside its changes: a place in
// the file where what the plan shows is not certain.
type Note struct {
	// Code is the note's stable name, such as NoteStrategyOrder.
	Code string `json:"code"`
	// Message says what is not certain, and why.
	Message string `json:"message"`
	// Location is the place in the file: its Pointer into the import
	// request body ("/data/featureStrategies/3"); its Offset (-1 until
	// then), Line and Column once LocateNotes found it in the file.
	Location model.Location `json:"location"`
}

// LocateNotes places the notes of p in file, the file whose validation p
// was made of: an import request body, or a bare export (the body's
// "data", its pointers then without "/data"). A note whose place file
// does not have keeps its pointer alone.
func LocateNotes(p *Plan, file []byte) {
	var locs []*model.Location
	for i := range p.Features {
		for j := range p.Features[i].Notes {
			locs = append(locs, &p.Features[i].Notes[j].Location)
		}
	}
	if len(locs) == 0 {
		return
	}
	bare := !jsonwire.HasMember(file, "data")
	pointers := make([]string, len(locs))
	for i, l := range locs {
		pointers[i] = l.Pointer
		if bare {
			if rest, ok := strings.CutPrefix(l.Pointer, "/data"); ok {
				l.Pointer = rest
				pointers[i] = rest
			}
		}
	}
	for i, off := range jsonwire.Locate(file, pointers) {
		locs[i].Offset = off
	}
	// Lines are counted once, from the first place to the last.
	slices.SortFunc(locs, func(x, y *model.Location) int { return cmp.Compare(x.Offset, y.Offset) })
	c := jsonwire.NewLineCounter(file)
	for _, l := range locs {
		if l.Offset >= 0 {
			l.Line, l.Column = c.Position(l.Offset)
		}
	}
}

// noteLine is n as its feature's line of a plan's text shows it, as a
// failure is shown (failureLine): "file:line:col: note code: message",
// without "file:" when file is "", at its pointer when not located.
func noteLine(file string, n Note) string {
	place := n.Location.Pointer
	if n.Location.Line > 0 {
		place = n.Location.String()
	}
	s := place + ": note " + n.Code + ": " + n.Message
	if file != "" {
		s = file + ":" + s
	}
	return s
}
