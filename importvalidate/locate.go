package importvalidate

// locateItems fills in the offset, line and column of every item location
// of issues from body, in one read of body.
func locateItems(body []byte, issues []Issue) {
	var locs []*Location
	for i := range issues {
		for j := range issues[i].Items {
			it := &issues[i].Items[j]
			for k := range it.Locations {
				locs = append(locs, &it.Locations[k])
			}
		}
	}
	locatePointers(body, locs)
}
