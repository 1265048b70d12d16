package importvalidate

import (
	"context"

	"github.com/flagadmin/flagadmin/importvalidate/internal/jsonwire"
)

// locateItems fills in the offset, line and column of every item location
// of issues from body, in at most one read of body: starts, when not nil,
// gives where the items of data's arrays begin, and then only the wanted
// items are read. It returns ctx's error when ctx ends first.
func locateItems(ctx context.Context, body []byte, starts jsonwire.ItemStarts, issues []Issue) error {
	var locs []*Location
	for i := range issues {
		if err := ctx.Err(); err != nil {
			return err
		}
		for j := range issues[i].Items {
			it := &issues[i].Items[j]
			for k := range it.Locations {
				locs = append(locs, &it.Locations[k])
			}
		}
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	locatePointers(body, starts, locs)
	return ctx.Err()
}

// locatePointers sets the Offset of every location whose Pointer names a
// value of data (a JSON text without syntax errors), then its Line and
// Column. Locations whose pointer is not found keep their offset. It reads
// data at most once however many locations there are, and only the items
// wanted of the arrays in starts (nil: none known).
func locatePointers(data []byte, starts jsonwire.ItemStarts, locs []*Location) {
	if len(locs) == 0 {
		return
	}
	pointers := make([]string, 0, len(locs))
	kept := make([]*Location, 0, len(locs))
	for _, l := range locs {
		if l != nil {
			pointers = append(pointers, l.Pointer)
			kept = append(kept, l)
		}
	}
	for i, off := range jsonwire.LocateWith(data, pointers, starts) {
		if off >= 0 {
			kept[i].Offset = off
		}
	}
	positions(data, locs...)
}
