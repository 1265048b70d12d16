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
// /api/admin/features-batch/export, see plan.FromExport), their
// strategies put in the order Unleash evaluates them by the project's
// playground (POST /api/admin/playground, see plan.PlaygroundOrder), the
// existing context fields, tag types and segments from their lists, and
// the project's defaults from its overview: six requests, sent
// concurrently, whatever the number of features (after the check of the
// instance's version that a Client makes once). Nothing is reused from an
// earlier answer, since a plan tells what the import will meet now.
func (c *Client) Current(ctx context.Context, q plan.Query) (*model.Snapshot, error) {
	if err := c.checkVersion(ctx); err != nil {
		return nil, err
	}
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
	s := plan.FromExport(&ex, q.Environment)
	s.Segments = nil // the instance's list names them all
	for _, sg := range segments.Segments {
		s.Segments = append(s.Segments, sg.snapshot())
	}
	fieldName := func(f contextFieldAnswer) string { return f.Name }
	s.ContextFields = named(fields, q.ContextFields, fieldName, contextFieldAnswer.snapshot)
	s.TagTypes = named(tagTypes.TagTypes, q.TagTypes, func(t tagTypeAnswer) string { return t.Name },
		func(t tagTypeAnswer) model.SnapshotTagType { return model.SnapshotTagType{Name: t.Name} })
	d, err := plan.OverviewProjectDefaults(q.Project, overview)
	if err != nil {
		return nil, err
	}
	if d.Stickiness != "" || len(d.Strategies) > 0 {
		s.ProjectDefaults = []model.SnapshotProjectDefaults{d}
	}
	return s, nil
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
