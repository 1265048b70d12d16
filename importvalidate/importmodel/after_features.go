package importmodel

import (
	"slices"

	"github.com/flagadmin/flagadmin/model"
)

// features is createOrUpdateToggles: the metadata comes from the file,
// with the defaults of featureMetadataSchema.
func (r *replay) features() {
	for i := range r.d.Features {
		if r.stop() {
			return
		}
		f := &r.d.Features[i]
		c := Config{Name: f.Name, Project: r.project}
		if old, ok := r.existing[f.Name]; ok {
			if skip := skipOf(old.Archived, old.Project, r.project); skip != 0 {
				r.skipped[f.Name] = skip
				continue
			}
			c = cloneConfig(old)
		}
		c.setMetadata(f, r.imp.DescriptionAsGiven)
		r.want[f.Name] = &c
	}
}

// setMetadata sets the settings of c that an import writes from f, its
// feature in a file, and an instance's export reads back the same way:
// the type ("release" when f has none), the description (none when empty;
// it points into f and is never written through), and whether it is
// stale, has impression data or is archived. Where the description is
// stored as given (asGiven, profile.Import.DescriptionAsGiven: 5.x), an
// empty one is kept, and an absent one leaves c's.
func (c *Config) setMetadata(f *model.Feature, asGiven bool) {
	det := f.Details()
	c.Type = "release"
	if f.Type != nil {
		c.Type = *f.Type
	}
	switch {
	case asGiven && !f.Description.Present:
	case f.Description.Valid && (asGiven || f.Description.Value != ""):
		c.Description = &f.Description.Value
	default:
		c.Description = nil
	}
	c.Stale = det.Stale != nil && *det.Stale
	c.ImpressionData = det.ImpressionData != nil && *det.ImpressionData
	c.Archived = f.Archived != nil && *f.Archived
}

// cloneConfig copies c for the import to change: the lists it replaces
// as a whole (strategies, variants, tags, links) are shared, the
// dependencies it changes in place are copied.
func cloneConfig(c *Config) Config {
	n := *c
	n.Dependencies = slices.Clone(c.Dependencies)
	return n
}

// featureEnvTarget is the feature a featureEnvironments item applies
// to, by its featureName; "" when the import drops the item (no
// featureName, or an archived feature).
func (r *replay) featureEnvTarget(fe *model.FeatureEnvironment) string {
	if !namesFeature(fe.FeatureName) || r.archived(*fe.FeatureName) {
		return ""
	}
	return *fe.FeatureName
}
