package importvalidate

import (
	"context"

	"github.com/flagadmin/flagadmin/importvalidate/internal/schema"
	"github.com/flagadmin/flagadmin/internal/jsonwire"
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
	schema.Locate(body, starts, locs)
	return ctx.Err()
}
