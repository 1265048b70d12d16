package importvalidate

import (
	"context"

	"github.com/flagadmin/flagadmin/importvalidate/internal/jsonwire"
)

// locateItems fills in the offset, line and column of every item location
// of issues from body, in one read of body. It returns ctx's error when
// ctx ends first.
func locateItems(ctx context.Context, body []byte, issues []Issue) error {
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
	locatePointers(body, locs)
	return ctx.Err()
}

// locatePointers sets the Offset of every location whose Pointer names a
// value of data (a JSON text without syntax errors), then its Line and
// Column. Locations whose pointer is not found keep their offset. It reads
// data once however many locations there are.
func locatePointers(data []byte, locs []*Location) {
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
	for i, off := range jsonwire.Locate(data, pointers) {
		if off >= 0 {
			kept[i].Offset = off
		}
	}
	positions(data, locs...)
}
