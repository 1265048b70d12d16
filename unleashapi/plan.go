package unleashapi

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/flagadmin/flagadmin/importvalidate/plan"
	"github.com/flagadmin/flagadmin/model"
)

var _ plan.Source = (*Client)(nil)

// Current implements plan.Source: the named features' configuration in
// the environment comes from the instance's own export of them (POST
// /api/admin/features-batch/export), their strategies put in the order
// Unleash evaluates them by the project's playground (POST
// /api/admin/playground, see plan.PlaygroundOrder), the existing context
// fields, tag types and segment names from their lists, and the
// project's default stickiness and default strategy from its overview:
// six requests, sent concurrently, whatever the number of features
// (after the check of the instance's version that a Client makes once).
// Nothing is reused from an earlier answer, since a plan tells what the
// import will meet now.
func (c *Client) Current(ctx context.Context, q plan.Query) (*plan.Current, error) {
	if err := c.checkVersion(ctx); err != nil {
		return nil, err
	}
	cur := &plan.Current{}
	var ex model.ExportData
	var overview json.RawMessage
	var fields []contextFieldAnswer
	var segments segmentsAnswer
	var tagTypes tagTypesAnswer
	var order map[string][]string
	err := c.parallel(ctx,
		func(ctx context.Context) error {
			if len(q.Features) == 0 {
				return nil // an empty list would export every feature
			}
			return c.exportFeatures(ctx, q.Environment, q.Features, &ex)
		},
		func(ctx context.Context) (err error) {
			if len(q.Features) > 0 {
				order, err = c.strategyOrder(ctx, []string{q.Project}, q.Environment)
			}
			return err
		},
		func(ctx context.Context) error {
			path, ok := projectPath(q.Project, "/overview")
			if !ok {
				overview = json.RawMessage(`{}`) // a project the API cannot reach
				return nil
			}
			return c.getJSON(ctx, path, &overview)
		},
		func(ctx context.Context) error { return c.getJSON(ctx, pathContext, &fields) },
		func(ctx context.Context) error { return c.getJSON(ctx, "/api/admin/segments", &segments) },
		func(ctx context.Context) error { return c.getJSON(ctx, "/api/admin/tag-types", &tagTypes) },
	)
	if err != nil {
		return nil, err
	}
	plan.OrderStrategies(&ex, order)
	cur.Features = plan.FromExport(&ex)
	fieldName := func(f contextFieldAnswer) string { return f.Name }
	cur.ContextFields = named(fields, q.ContextFields, fieldName, fieldName)
	tagTypeName := func(t tagTypeAnswer) string { return t.Name }
	cur.TagTypes = named(tagTypes.TagTypes, q.TagTypes, tagTypeName, tagTypeName)
	names := make(map[float64]string, len(segments.Segments))
	for _, s := range segments.Segments {
		names[float64(s.ID)] = s.Name
	}
	cur.DefaultStickiness, cur.DefaultStrategy, err = plan.OverviewDefaults(overview, q.Environment, names)
	if err != nil {
		return nil, err
	}
	return cur, nil
}

// strategyOrder reads the ids of the strategies of each feature of the
// projects (nil: all) in env, in the order Unleash evaluates them, from
// the playground.
func (c *Client) strategyOrder(ctx context.Context, projects []string, env string) (map[string][]string, error) {
	r := request{method: http.MethodPost, path: "/api/admin/playground", body: json.RawMessage(plan.PlaygroundRequest(projects, env))}
	a, err := c.do(ctx, r)
	if err != nil {
		return nil, err
	}
	var raw json.RawMessage
	if err := c.decode(r, a, &raw); err != nil {
		return nil, err
	}
	return plan.PlaygroundOrder(raw)
}
