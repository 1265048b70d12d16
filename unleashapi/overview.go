package unleashapi

import (
	"context"
	"net/http"

	"github.com/flagadmin/flagadmin/model"
)

// overviewAnswer is what an import applies of a project's settings, as
// Unleash 8.2.0's GET /api/admin/projects/{id}/overview shows them: its
// default stickiness and its default strategy in every environment.
type overviewAnswer struct {
	DefaultStickiness *string `json:"defaultStickiness"`
	Environments      []struct {
		Environment     string          `json:"environment"`
		DefaultStrategy *model.Strategy `json:"defaultStrategy"`
	} `json:"environments"`
}

// defaults is the overview's defaults of project in a snapshot's form
// (the strategies' segments are ids).
func (o *overviewAnswer) defaults(project string) model.SnapshotProjectDefaults {
	d := model.SnapshotProjectDefaults{Project: project}
	if o.DefaultStickiness != nil {
		d.Stickiness = *o.DefaultStickiness
	}
	for _, e := range o.Environments {
		if e.DefaultStrategy != nil {
			d.Strategies = append(d.Strategies, model.SnapshotDefaultStrategy{Environment: e.Environment, Strategy: *e.DefaultStrategy})
		}
	}
	return d
}

// projectDefaults reads a project's defaults from its overview. A project
// the API cannot reach, or one that does not exist (up to 6.x its
// overview is a 404), has none.
func (c *Client) projectDefaults(ctx context.Context, id string) (model.SnapshotProjectDefaults, error) {
	var o overviewAnswer
	if path, ok := projectPath(id, "/overview"); ok {
		r := request{method: http.MethodGet, path: path, accept: []int{http.StatusNotFound}}
		a, err := c.do(ctx, r)
		if err != nil {
			return model.SnapshotProjectDefaults{}, err
		}
		if a.status != http.StatusNotFound {
			if err := c.decode(r, a, &o); err != nil {
				return model.SnapshotProjectDefaults{}, err
			}
		}
	}
	return o.defaults(id), nil
}
