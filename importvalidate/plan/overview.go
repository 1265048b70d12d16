package plan

import (
	"encoding/json"
	"fmt"

	"github.com/flagadmin/flagadmin/model"
)

// OverviewProjectDefaults reads what an import applies of a project's
// settings, its default stickiness and its default strategy in every
// environment, in a snapshot's form (the strategies' segments are ids),
// for project, from the body of Unleash 8.2.0's GET
// /api/admin/projects/{id}/overview (members defaultStickiness and
// environments[].defaultStrategy), for a Source over the admin API.
func OverviewProjectDefaults(project string, body []byte) (model.SnapshotProjectDefaults, error) {
	d := model.SnapshotProjectDefaults{Project: project}
	var o struct {
		DefaultStickiness *string `json:"defaultStickiness"`
		Environments      []struct {
			Environment     string          `json:"environment"`
			DefaultStrategy *model.Strategy `json:"defaultStrategy"`
		} `json:"environments"`
	}
	if err := json.Unmarshal(body, &o); err != nil {
		return d, fmt.Errorf("plan: project overview: %w", err)
	}
	if o.DefaultStickiness != nil {
		d.Stickiness = *o.DefaultStickiness
	}
	for _, e := range o.Environments {
		if e.DefaultStrategy != nil {
			d.Strategies = append(d.Strategies, model.SnapshotDefaultStrategy{Environment: e.Environment, Strategy: *e.DefaultStrategy})
		}
	}
	return d, nil
}

// SegmentNames reads the segment names by id from the body of Unleash
// 8.2.0's GET /api/admin/segments.
func SegmentNames(body []byte) (map[float64]string, error) {
	var s struct {
		Segments []struct {
			ID   float64 `json:"id"`
			Name string  `json:"name"`
		} `json:"segments"`
	}
	if err := json.Unmarshal(body, &s); err != nil {
		return nil, fmt.Errorf("plan: segments: %w", err)
	}
	out := make(map[float64]string, len(s.Segments))
	for _, sg := range s.Segments {
		out[sg.ID] = sg.Name
	}
	return out, nil
}
