package importmodel

import "github.com/flagadmin/flagadmin/model"

// tags is importTags: the tags of every imported feature are replaced by
// the file's, only the tagged items counting.
func (r *replay) tags() {
	for _, c := range r.want {
		c.Tags = nil
	}
	places := placeIndex[model.SnapshotTag, model.SnapshotTag]{key: func(t model.SnapshotTag) model.SnapshotTag { return t }}
	for _, ft := range r.d.FeatureTags {
		if r.stop() {
			return
		}
		if r.archived(ft.FeatureName) || !tagged(&ft) {
			continue
		}
		c := r.want[ft.FeatureName]
		if c == nil {
			continue
		}
		t := model.SnapshotTag{Type: *ft.TagType, Value: ft.TagValue}
		if places.find(c, c.Tags, t) < 0 {
			c.Tags = append(c.Tags, t)
			places.added(c, c.Tags)
		}
	}
}
