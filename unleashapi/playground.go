package unleashapi

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"

	"github.com/flagadmin/flagadmin/model"
)

// An instance's export lists a feature's strategies in the order its
// database returns the rows, which is not the order Unleash evaluates
// them in (by sort order, then id), and it leaves the sort order out.
// The instance's playground (POST /api/admin/playground) lists every
// feature's strategies of an environment, disabled ones included, in the
// order Unleash evaluates them, by id, in one request per project or for
// all projects.

// playgroundRequest is the body of POST /api/admin/playground that lists
// the strategies of env for the projects (nil: all projects).
func playgroundRequest(projects []string, env string) json.RawMessage {
	body := map[string]any{"environment": env, "context": map[string]string{"appName": "flagadmin"}, "projects": "*"}
	if projects != nil {
		body["projects"] = projects
	}
	b, _ := json.Marshal(body)
	return b
}

// playgroundAnswer is what a strategy order reads of Unleash 8.2.0's
// answer to POST /api/admin/playground.
type playgroundAnswer struct {
	Features []struct {
		Name       string `json:"name"`
		Strategies struct {
			Data []struct {
				ID string `json:"id"`
			} `json:"data"`
		} `json:"strategies"`
	} `json:"features"`
}

// order is the ids of each feature's strategies, in the order Unleash
// evaluates them.
func (p *playgroundAnswer) order() map[string][]string {
	out := make(map[string][]string, len(p.Features))
	for _, f := range p.Features {
		ids := make([]string, len(f.Strategies.Data))
		for i, s := range f.Strategies.Data {
			ids[i] = s.ID
		}
		out[f.Name] = ids
	}
	return out
}

// strategyOrder reads the ids of the strategies of each feature of the
// projects (nil: all) in env, in the order Unleash evaluates them, from
// the playground.
func (c *Client) strategyOrder(ctx context.Context, projects []string, env string) (map[string][]string, error) {
	r := request{method: http.MethodPost, path: "/api/admin/playground", body: playgroundRequest(projects, env)}
	a, err := c.do(ctx, r)
	if err != nil {
		return nil, err
	}
	var p playgroundAnswer
	if err := c.decode(r, a, &p); err != nil {
		return nil, err
	}
	return p.order(), nil
}

// orderStrategies sorts the strategies of export d in the order that
// order gives each feature's strategy ids (strategyOrder). A strategy
// whose id order does not hold keeps its place after those it holds.
func orderStrategies(d *model.ExportData, order map[string][]string) {
	rank := map[string]int{}
	for _, ids := range order {
		for i, id := range ids {
			rank[id] = i
		}
	}
	key := func(s *model.Strategy) int {
		if s.ID != nil {
			if r, ok := rank[*s.ID]; ok {
				return r
			}
		}
		return len(rank)
	}
	slices.SortStableFunc(d.FeatureStrategies, func(x, y model.Strategy) int { return key(&x) - key(&y) })
}
