package unleashapi

import (
	"cmp"
	"context"
	"slices"

	"github.com/flagadmin/flagadmin/model"
)

// snapshotImportFacts completes s with what the import's own checks read
// and the admin API shows: the resource limits, the feature types and
// tags, and each feature's environments as the feature search showed them
// (features, in the order of s.Features). Change requests and release-plan
// milestone strategies it does not show: on the open-source edition there
// are none (see openSource); on another they are named unknown. Each
// feature's strategies are not counted (the search says only whether it
// has some in an environment), nor its parents listed (a snapshot with
// featureConfigs has them there).
func (c *Client) snapshotImportFacts(ctx context.Context, s *model.Snapshot, features []searchFeature) error {
	var types *featureTypesAnswer
	var tags *tagsAnswer
	err := c.parallel(ctx,
		func(ctx context.Context) (err error) {
			types, err = get(ctx, c, &c.ic.featureTypes, "/api/admin/feature-types")
			return err
		},
		func(ctx context.Context) (err error) {
			tags, err = get(ctx, c, &c.ic.tags, "/api/admin/tags")
			return err
		},
	)
	if err != nil {
		return err
	}
	limits, oss := c.versionFacts()
	if limits != nil {
		s.ResourceLimits = limits.Snapshot()
	} else {
		s.Unknown = append(s.Unknown, model.UnknownResourceLimits)
	}
	if !oss {
		s.Unknown = append(s.Unknown, model.UnknownChangeRequests, model.UnknownMilestones)
	}
	s.FeatureTypes = []model.SnapshotFeatureType{}
	for _, t := range types.Types {
		s.FeatureTypes = append(s.FeatureTypes, model.SnapshotFeatureType{ID: t.ID})
	}
	slices.SortFunc(s.FeatureTypes, func(a, b model.SnapshotFeatureType) int { return cmp.Compare(a.ID, b.ID) })
	s.Tags = slices.Clone(tags.Tags)
	slices.SortFunc(s.Tags, func(a, b model.SnapshotTag) int {
		return cmp.Or(cmp.Compare(a.Type, b.Type), cmp.Compare(a.Value, b.Value))
	})
	for i, f := range features {
		var envs []string
		for _, e := range f.Environments {
			envs = append(envs, e.Name)
		}
		slices.Sort(envs)
		s.Features[i].Environments = envs
	}
	return nil
}
