package unleashapi

import (
	"cmp"
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"slices"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/model"
)

var _ importvalidate.State = (*Client)(nil)

// The shapes of the answers this package reads.
type (
	strategiesAnswer struct {
		Strategies []strategyAnswer `json:"strategies"`
	}
	strategyAnswer struct {
		Name       string `json:"name"`
		Editable   bool   `json:"editable"`
		Deprecated bool   `json:"deprecated"`
	}
	contextFieldAnswer struct {
		Name        string `json:"name"`
		SortOrder   int64  `json:"sortOrder"`
		LegalValues []struct {
			Value string `json:"value"`
		} `json:"legalValues"`
		Project *string `json:"project"`
	}
	segmentsAnswer struct {
		Segments []segmentAnswer `json:"segments"`
	}
	segmentAnswer struct {
		ID          int64           `json:"id"`
		Name        string          `json:"name"`
		Project     *string         `json:"project"`
		Constraints json.RawMessage `json:"constraints"`
	}
	tagTypesAnswer struct {
		TagTypes []tagTypeAnswer `json:"tagTypes"`
	}
	tagTypeAnswer struct {
		Name string `json:"name"`
	}
	projectOverviewAnswer struct {
		FeatureLimit  *int64 `json:"featureLimit"`
		FeatureNaming *struct {
			Pattern     *string `json:"pattern"`
			Example     *string `json:"example"`
			Description *string `json:"description"`
		} `json:"featureNaming"`
		FeatureTypeCounts []struct {
			Count int64 `json:"count"`
		} `json:"featureTypeCounts"`
		ArchivedAt   *string `json:"archivedAt"`
		Environments []struct {
			Environment string `json:"environment"`
		} `json:"environments"`
		LinkTemplates []struct {
			URLTemplate string  `json:"urlTemplate"`
			Title       *string `json:"title"`
		} `json:"linkTemplates"`
	}
	exportAnswer struct {
		Features []struct {
			Name     string `json:"name"`
			Project  string `json:"project"`
			Archived bool   `json:"archived"`
		} `json:"features"`
		FeatureStrategies []struct {
			FeatureName string `json:"featureName"`
		} `json:"featureStrategies"`
	}
)

// set returns names as a set, without "".
func set(names []string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		if n != "" {
			m[n] = true
		}
	}
	return m
}

// named returns, for each of items whose name is among names, in the
// items' order, what conv makes of it.
func named[T, R any](items []T, names []string, name func(T) string, conv func(T) R) []R {
	want := set(names)
	var out []R
	for _, it := range items {
		if want[name(it)] {
			out = append(out, conv(it))
		}
	}
	return out
}

// pick answers a lookup of importvalidate.State from the instance's
// lists: named of the items of items(l). No names asks nothing.
func pick[T, R any](ctx context.Context, c *Client, names []string, items func(*instanceLists) []T, name func(T) string, conv func(T) R) ([]R, error) {
	if len(names) == 0 {
		return nil, nil
	}
	l, err := c.lists(ctx)
	if err != nil {
		return nil, err
	}
	return named(items(l), names, name, conv), nil
}

// Strategies implements importvalidate.State from GET
// /api/admin/strategies. A strategy is built in when the instance says it
// is not editable.
func (c *Client) Strategies(ctx context.Context, names []string) ([]model.SnapshotStrategy, error) {
	return pick(ctx, c, names,
		func(l *instanceLists) []strategyAnswer { return l.strategies.Strategies },
		func(s strategyAnswer) string { return s.Name }, strategyAnswer.snapshot)
}

// ContextFields implements importvalidate.State from GET
// /api/admin/context?include=project: the instance-wide fields and those
// of every project, with their project.
func (c *Client) ContextFields(ctx context.Context, names []string) ([]model.SnapshotContextField, error) {
	return pick(ctx, c, names,
		func(l *instanceLists) []contextFieldAnswer { return *l.context },
		func(f contextFieldAnswer) string { return f.Name }, contextFieldAnswer.snapshot)
}

// Segments implements importvalidate.State from GET /api/admin/segments.
func (c *Client) Segments(ctx context.Context, names []string) ([]model.SnapshotSegment, error) {
	out, err := pick(ctx, c, names,
		func(l *instanceLists) []segmentAnswer { return l.segments.Segments },
		func(s segmentAnswer) string { return s.Name }, segmentAnswer.withConstraints)
	slices.SortFunc(out, func(a, b model.SnapshotSegment) int { return cmp.Compare(a.ID, b.ID) })
	return out, err
}

// TagTypes implements importvalidate.State from GET /api/admin/tag-types.
func (c *Client) TagTypes(ctx context.Context, names []string) ([]string, error) {
	return pick(ctx, c, names,
		func(l *instanceLists) []tagTypeAnswer { return l.tagTypes.TagTypes },
		func(t tagTypeAnswer) string { return t.Name },
		func(t tagTypeAnswer) string { return t.Name })
}

// featureFact is what an export says of a feature name: whether it
// exists, with its project (numbered by Client.projectIDs) and archived
// flag.
type featureFact struct {
	exists, archived bool
	project          uint32
}

// feature returns the existing feature name of fact f.
func (c *Client) feature(name string, f featureFact) model.SnapshotFeature {
	return model.SnapshotFeature{Name: name, Project: c.projectIDs.name(f.project), Archived: f.archived}
}

// defaultExportEnv is the environment of the exports that Features sends
// until a validation names one: the features listed do not depend on it
// (one that does not exist is accepted), and the strategies it gives are
// kept for FeaturesWithStrategies, so Features uses the environment the
// last validation asked about.
const defaultExportEnv = "development"

// exportEnv returns the environment of Features' exports.
func (c *Client) exportEnv() string {
	if e, ok := c.lastEnv.Load().(string); ok {
		return e
	}
	return defaultExportEnv
}

// export asks POST /api/admin/features-batch/export, in one request
// whatever their number, for the features among names (archived ones
// included) and their strategies in env, and records what it learns. The
// export changes no state (the instance records in its event log that it
// happened).
func (c *Client) export(ctx context.Context, env string, names []string) (map[string]featureFact, map[string]bool, error) {
	want := set(names)
	if len(want) == 0 {
		// An empty list would export every feature.
		return nil, nil, nil
	}
	if err := c.checkVersion(ctx); err != nil {
		return nil, nil, err
	}
	list := make([]string, 0, len(want))
	for n := range want {
		list = append(list, n)
	}
	slices.Sort(list)
	var ex exportAnswer
	if err := c.exportFeatures(ctx, env, list, &ex); err != nil {
		return nil, nil, err
	}
	found := make(map[string]featureFact, len(want))
	withStrategies := make(map[string]bool, len(want))
	for n := range want {
		found[n] = featureFact{}
		withStrategies[n] = false
	}
	for _, f := range ex.Features {
		if want[f.Name] {
			found[f.Name] = featureFact{exists: true, archived: f.Archived, project: c.projectIDs.number(f.Project)}
		}
	}
	for _, s := range ex.FeatureStrategies {
		if want[s.FeatureName] {
			withStrategies[s.FeatureName] = true
		}
	}
	c.features.store(found, c.opts.ListTTL)
	c.strategiesIn.in(env).store(withStrategies, c.opts.ListTTL)
	return found, withStrategies, nil
}

// exportFeatures sends POST /api/admin/features-batch/export for the
// features in env and decodes the answer into v. The features must not be
// empty: an empty list would export every feature.
func (c *Client) exportFeatures(ctx context.Context, env string, features []string, v any) error {
	r := request{method: http.MethodPost, path: "/api/admin/features-batch/export",
		body: map[string]any{"features": features, "environment": env}}
	a, err := c.do(ctx, r)
	if err != nil {
		return err
	}
	return c.decode(r, a, v)
}

// Features implements importvalidate.State: the features it does not
// know from a recent answer are asked in one export.
func (c *Client) Features(ctx context.Context, names []string) ([]model.SnapshotFeature, error) {
	if len(names) == 0 {
		return nil, nil
	}
	var out []model.SnapshotFeature
	missing := c.features.scan(names, c.opts.ListTTL, func(n string, f featureFact) {
		if f.exists {
			out = append(out, c.feature(n, f))
		}
	})
	if len(missing) > 0 {
		more, _, err := c.export(ctx, c.exportEnv(), missing)
		if err != nil {
			return nil, err
		}
		for _, n := range missing {
			if f := more[n]; f.exists {
				out = append(out, c.feature(n, f))
				more[n] = featureFact{} // once, should a name repeat
			}
		}
	}
	return out, nil
}

// FeaturesWithStrategies implements importvalidate.State: the features it
// does not know from a recent answer are asked in one export of env. No
// feature has strategies in environment "", which no environment is
// named, and which the instance's export reads as every environment.
func (c *Client) FeaturesWithStrategies(ctx context.Context, env string, names []string) ([]string, error) {
	if len(names) == 0 || env == "" {
		return nil, nil
	}
	c.lastEnv.Store(env)
	var out []string
	missing := c.strategiesIn.in(env).scan(names, c.opts.ListTTL, func(n string, has bool) {
		if has {
			out = append(out, n)
		}
	})
	if len(missing) > 0 {
		_, more, err := c.export(ctx, env, missing)
		if err != nil {
			return nil, err
		}
		for _, n := range missing {
			if more[n] {
				out = append(out, n)
				more[n] = false
			}
		}
	}
	return out, nil
}

// Project implements importvalidate.State from GET
// /api/admin/projects/{id}/overview: its feature limit and naming
// pattern, and the number of its features that are not archived (the sum
// of its feature type counts).
func (c *Client) Project(ctx context.Context, id string) (importvalidate.Project, bool, error) {
	ov, ok, err := c.overview(ctx, id)
	if err != nil || !ok {
		return importvalidate.Project{}, false, err
	}
	p := importvalidate.Project{SnapshotProject: ov.snapshot(id)}
	for _, t := range ov.FeatureTypeCounts {
		p.FeatureCount += t.Count
	}
	return p, true, nil
}

// The answers of the admin API in the types of a state snapshot, for the
// State methods and Snapshot alike. Only the values of a context field's
// legal values are kept, which is what an import compares.

func (s strategyAnswer) snapshot() model.SnapshotStrategy {
	return model.SnapshotStrategy{Name: s.Name, BuiltIn: !s.Editable}
}

func (f contextFieldAnswer) snapshot() model.SnapshotContextField {
	cf := model.SnapshotContextField{Name: f.Name, Project: f.Project}
	for _, v := range f.LegalValues {
		cf.LegalValues = append(cf.LegalValues, model.LegalValue{Value: v.Value})
	}
	return cf
}

func (s segmentAnswer) snapshot() model.SnapshotSegment {
	return model.SnapshotSegment{ID: s.ID, Name: s.Name, Project: s.Project}
}

// withConstraints is the segment with its constraints as the instance
// gives them (a saved plan's normal form compacts them); a snapshot
// leaves them out (its format has none).
func (s segmentAnswer) withConstraints() model.SnapshotSegment {
	out := s.snapshot()
	if string(s.Constraints) != "null" {
		out.Constraints = s.Constraints
	}
	return out
}

// snapshot is the project id of the overview; it has no naming without a
// pattern.
func (ov projectOverviewAnswer) snapshot(id string) model.SnapshotProject {
	p := model.SnapshotProject{ID: id, FeatureLimit: ov.FeatureLimit}
	if n := ov.FeatureNaming; n != nil && deref(n.Pattern) != "" {
		p.FeatureNaming = &model.FeatureNaming{Pattern: *n.Pattern, Example: deref(n.Example), Description: deref(n.Description)}
	}
	return p
}

// projectFact is a project's overview, nil when there is no such project.
type projectFact struct{ ov *projectOverviewAnswer }

// overview reads a project's overview, or reuses a recent one; ok is false
// when there is no such project.
func (c *Client) overview(ctx context.Context, id string) (*projectOverviewAnswer, bool, error) {
	if id == "" {
		return nil, false, nil
	}
	var hit *projectFact
	c.projectFacts.scan([]string{id}, c.opts.ListTTL, func(_ string, f projectFact) { hit = &f })
	if hit != nil {
		return hit.ov, hit.ov != nil, nil
	}
	ov, ok, err := c.readOverview(ctx, id)
	if err == nil {
		c.projectFacts.store(map[string]projectFact{id: {ov}}, c.opts.ListTTL)
	}
	return ov, ok, err
}

// readOverview asks for a project's overview.
func (c *Client) readOverview(ctx context.Context, id string) (*projectOverviewAnswer, bool, error) {
	path, ok := projectPath(id, "/overview")
	if !ok {
		return nil, false, nil
	}
	if err := c.checkVersion(ctx); err != nil {
		return nil, false, err
	}
	r := request{method: http.MethodGet, path: path, accept: []int{http.StatusNotFound}}
	a, err := c.do(ctx, r)
	if err != nil {
		return nil, false, err
	}
	if a.status == http.StatusNotFound {
		return nil, false, nil
	}
	var ov projectOverviewAnswer
	if err := c.decode(r, a, &ov); err != nil {
		return nil, false, err
	}
	if ov.FeatureLimit != nil && *ov.FeatureLimit < 0 {
		return nil, false, c.errorf(r, a.status, ErrBadAnswer, nil, "project %q has a negative feature limit %d", id, *ov.FeatureLimit)
	}
	return &ov, true, nil
}

// projectPath returns the path of the project id's endpoint under
// /api/admin/projects/{id}, whose rest is rest. A project named "." or
// ".." has none: such a path segment would name another path (Unleash
// allows the names, but its API cannot reach them), so ok is false.
func projectPath(id, rest string) (path string, ok bool) {
	if id == "." || id == ".." {
		return "", false
	}
	return "/api/admin/projects/" + url.PathEscape(id) + rest, true
}

func deref(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}
