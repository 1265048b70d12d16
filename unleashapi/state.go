package unleashapi

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"slices"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/model"
)

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

// defaultExportEnv is the environment of the exports that read the
// features of no environment: the features listed do not depend on it
// (one that does not exist is accepted).
const defaultExportEnv = "development"

// export asks POST /api/admin/features-batch/export, in one request
// whatever their number, for the features among names (archived ones
// included) and their strategies in env, and records what it learns; the
// answer is decoded into each of also too. The export changes no state
// (the instance records in its event log that it happened).
func (c *Client) export(ctx context.Context, env string, names []string, also ...any) (map[string]featureFact, map[string]bool, error) {
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
	if err := c.exportFeatures(ctx, env, list, append([]any{&ex}, also...)...); err != nil {
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
// features in env and decodes the answer into each of vs. The features
// must not be empty: an empty list would export every feature.
func (c *Client) exportFeatures(ctx context.Context, env string, features []string, vs ...any) error {
	r := request{method: http.MethodPost, path: "/api/admin/features-batch/export",
		body: map[string]any{"features": features, "environment": env}}
	a, err := c.do(ctx, r)
	if err != nil {
		return err
	}
	for _, v := range vs {
		if err := c.decode(r, a, v); err != nil {
			return err
		}
	}
	return nil
}

// namedFeatures reads the features among names (archived ones included)
// and those of them that have a strategy in env: what it does not know
// from a recent answer is asked in one export of env. No feature has
// strategies in environment "", which no environment is named, and which
// the instance's export reads as every environment.
func (c *Client) namedFeatures(ctx context.Context, env string, names []string) ([]model.SnapshotFeature, []string, error) {
	if len(names) == 0 {
		return nil, nil, nil
	}
	var features []model.SnapshotFeature
	var with []string
	missing := c.features.scan(names, c.opts.ListTTL, func(n string, f featureFact) {
		if f.exists {
			features = append(features, c.feature(n, f))
		}
	})
	exportEnv := defaultExportEnv
	var missingWith []string
	if env != "" {
		exportEnv = env
		missingWith = c.strategiesIn.in(env).scan(names, c.opts.ListTTL, func(n string, has bool) {
			if has {
				with = append(with, n)
			}
		})
	}
	if len(missing)+len(missingWith) == 0 {
		return features, with, nil
	}
	found, more, err := c.export(ctx, exportEnv, append(slices.Clip(missing), missingWith...))
	if err != nil {
		return nil, nil, err
	}
	return c.appendFeatures(features, with, missing, missingWith, found, more)
}

// appendFeatures appends to features and with what an export told of the
// names missing and missingWith (found, more), each name once.
func (c *Client) appendFeatures(features []model.SnapshotFeature, with, missing, missingWith []string,
	found map[string]featureFact, more map[string]bool) ([]model.SnapshotFeature, []string, error) {
	for _, n := range missing {
		if f := found[n]; f.exists {
			features = append(features, c.feature(n, f))
			found[n] = featureFact{} // once, should a name repeat
		}
	}
	for _, n := range missingWith {
		if more[n] {
			with = append(with, n)
			more[n] = false
		}
	}
	return features, with, nil
}

// projectOf is the project id of its overview ov: its feature limit and
// naming pattern, and the number of its features that are not archived
// (the sum of its feature type counts).
func projectOf(id string, ov *projectOverviewAnswer) *importvalidate.Project {
	p := &importvalidate.Project{SnapshotProject: ov.snapshot(id)}
	for _, t := range ov.FeatureTypeCounts {
		p.FeatureCount += t.Count
	}
	return p
}

// The answers of the admin API in the types of a state snapshot, for Read
// and Snapshot alike. Only the values of a context field's
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
