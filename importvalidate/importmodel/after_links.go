package importmodel

// links is importLinks: a feature listed in data.links has its links
// replaced by the file's, URLs normalised (normalizeURL).
func (r *replay) links() {
	if !r.imp.Links {
		return // before 7.0, no import changes links (nor has any)
	}
	for _, fl := range r.d.Links {
		if r.stop() {
			return
		}
		c := r.want[fl.Feature]
		if c == nil || c.Archived {
			continue // the import refuses links of a feature it does not keep active (import-link-feature-not-active)
		}
		c.Links = make([]Link, 0, len(fl.Links))
		for j := range fl.Links {
			if r.stop() {
				return
			}
			l := &fl.Links[j]
			u, v := normalizeURL(l.URL)
			if v == urlInvalid {
				continue // the import refuses it (import-link-invalid-url)
			}
			var title *string
			if l.Title.Valid && l.Title.Value != "" {
				title = &l.Title.Value // shared, never changed
			}
			c.Links = append(c.Links, Link{URL: u, Title: title})
		}
	}
}
