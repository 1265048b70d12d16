package unleashapi

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
)

// Event is an entry of the instance's event log.
type Event struct {
	ID        int64  `json:"id"`
	Type      string `json:"type"`
	CreatedBy string `json:"createdBy"`
	// CreatedByUserID is the writer's user id (an admin API token's is
	// negative); nil when the log does not say.
	CreatedByUserID *int64  `json:"createdByUserId"`
	CreatedAt       string  `json:"createdAt"`
	FeatureName     *string `json:"featureName"`
	Project         *string `json:"project"`
	Environment     *string `json:"environment"`
	// GroupID is shared by the events one transaction wrote, such as
	// those of one import (7.x and later); nil before.
	GroupID *string `json:"groupId"`
}

// Bounds of ProjectEvents.
const (
	// eventPages bounds the pages read: an import writes about four
	// events per feature.
	eventPages = 40
)

// ProjectEvents returns the events of project's log whose id is greater
// than after, newest first as the instance lists them (by the start of
// the transaction that wrote them; under concurrent writers that is not
// the ids' order). It reads pages until one holds no event newer than
// after, at most eventPages of them; more is an error. after 0 reads the
// first page only: its greatest id is where a later read starts
// (LatestProjectEvent). Any user's token may read its projects' events.
func (c *Client) ProjectEvents(ctx context.Context, project string, after int64) ([]Event, error) {
	prof, err := c.Profile(ctx)
	if err != nil {
		return nil, err
	}
	limit := 100
	if prof.Profile.AdminAPI.EventSearch {
		limit = 1000
	}
	var out []Event
	for page := range eventPages {
		var got struct {
			Events []Event `json:"events"`
		}
		if prof.Profile.AdminAPI.EventSearch {
			q := url.Values{"project": {"IS:" + project}, "limit": {fmt.Sprint(limit)}, "offset": {fmt.Sprint(page * limit)}}
			err = c.getJSON(ctx, "/api/admin/search/events?"+q.Encode(), &got)
		} else {
			r := request{method: http.MethodPost, path: "/api/admin/events/search",
				body: map[string]any{"project": project, "limit": limit, "offset": page * limit}}
			var a answer
			if a, err = c.do(ctx, r); err == nil {
				err = c.decode(r, a, &got)
			}
		}
		if err != nil {
			return nil, err
		}
		newer := false
		for _, e := range got.Events {
			if e.ID > after {
				out = append(out, e)
				newer = true
			}
		}
		if after == 0 || !newer || len(got.Events) < limit {
			return out, nil
		}
	}
	return nil, fmt.Errorf("unleashapi: more than %d events of project %q since event %d", eventPages*limit, project, after)
}

// LatestProjectEvent returns the greatest id among the newest events of
// project's log (0 when it has none): the events a later ProjectEvents
// after it returns are those written since, and those of transactions
// under way now.
func (c *Client) LatestProjectEvent(ctx context.Context, project string) (int64, error) {
	evs, err := c.ProjectEvents(ctx, project, 0)
	if err != nil {
		return 0, err
	}
	var max int64
	for _, e := range evs {
		if e.ID > max {
			max = e.ID
		}
	}
	return max, nil
}
