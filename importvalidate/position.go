package importvalidate

import "github.com/flagadmin/flagadmin/importvalidate/internal/jsonwire"

// positions fills in Line and Column of each location from its byte offset
// in src. Lines are separated by '\n'; columns count bytes from 1. It reads
// src once, however many locations there are.
func positions(src []byte, locs ...*Location) {
	if len(locs) == 0 {
		return
	}
	lines := jsonwire.NewLines(src)
	for _, l := range locs {
		if l == nil || l.Offset < 0 {
			continue
		}
		l.Line, l.Column = lines.Position(l.Offset)
	}
}
