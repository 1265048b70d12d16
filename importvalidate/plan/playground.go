package plan

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/flagadmin/flagadmin/model"
)

// An instance's export lists a feature's strategies in the order its
// database returns the rows, which is not the order Unleash evaluates
// them in (by sort order, then id), and it leaves the sort order out. A
// Source over the admin API orders them with the instance's playground
// (POST /api/admin/playground), which lists every feature's strategies
// of an environment, disabled ones included, in the order Unleash
// evaluates them, by id, in one request per project or for all projects.

// PlaygroundRequest is the body of POST /api/admin/playground that lists
// the strategies of env for the projects (nil: all projects), for
// PlaygroundOrder.
func PlaygroundRequest(projects []string, env string) []byte {
	body := map[string]any{"environment": env, "context": map[string]string{"appName": "flagadmin"}, "projects": "*"}
	if projects != nil {
		body["projects"] = projects
	}
	b, _ := json.Marshal(body)
	return b
}

// PlaygroundOrder reads the ids of each feature's strategies, in the
// order Unleash evaluates them, from the body of Unleash 8.2.0's answer
// to POST /api/admin/playground.
func PlaygroundOrder(body []byte) (map[string][]string, error) {
	var p struct {
		Features []struct {
			Name       string `json:"name"`
			Strategies struct {
				Data []struct {
					ID string `json:"id"`
				} `json:"data"`
			} `json:"strategies"`
		} `json:"features"`
	}
	if err := json.Unmarshal(body, &p); err != nil {
		return nil, fmt.Errorf("plan: playground: %w", err)
	}
	out := make(map[string][]string, len(p.Features))
	for _, f := range p.Features {
		ids := make([]string, len(f.Strategies.Data))
		for i, s := range f.Strategies.Data {
			ids[i] = s.ID
		}
		out[f.Name] = ids
	}
	return out, nil
}

// OrderStrategies sorts the strategies of export d in the order that
// order gives each feature's strategy ids (PlaygroundOrder). A strategy
// whose id order does not hold keeps its place after those it holds.
func OrderStrategies(d *model.ExportData, order map[string][]string) {
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
