package unleashapi

import (
	"context"
	"net/http"
	"slices"
	"strings"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/model"
)

// The shapes of the answers the import's facts read
// (importvalidate.PartFacts).
type (
	featureTypesAnswer struct {
		Types []struct {
			ID string `json:"id"`
		} `json:"types"`
	}
	tagsAnswer struct {
		Tags []model.SnapshotTag `json:"tags"`
	}
	// resourceLimitsAnswer is the resourceLimits member of GET
	// /api/admin/ui-config.
	resourceLimitsAnswer struct {
		Constraints                  *int64 `json:"constraints"`
		ConstraintValues             *int64 `json:"constraintValues"`
		FeatureEnvironmentStrategies *int64 `json:"featureEnvironmentStrategies"`
		StrategySegments             *int64 `json:"strategySegments"`
		FeatureFlags                 *int64 `json:"featureFlags"`
	}
	// factsExportAnswer is what the import's facts read of an export.
	factsExportAnswer struct {
		Features []struct {
			Name           string  `json:"name"`
			Type           *string `json:"type"`
			Description    *string `json:"description"`
			Stale          bool    `json:"stale"`
			ImpressionData bool    `json:"impressionData"`
		} `json:"features"`
		FeatureStrategies []struct {
			FeatureName string `json:"featureName"`
			Disabled    *bool  `json:"disabled"`
		} `json:"featureStrategies"`
		FeatureEnvironments []struct {
			FeatureName string `json:"featureName"`
			Enabled     bool   `json:"enabled"`
		} `json:"featureEnvironments"`
		Dependencies []factsDependencies `json:"dependencies"`
	}
	factsDependencies struct {
		Feature      string `json:"feature"`
		Dependencies []struct {
			Feature string `json:"feature"`
		} `json:"dependencies"`
	}
)

// importCache holds the instance-wide answers the import's facts read.
type importCache struct {
	featureTypes cached[featureTypesAnswer]
	tags         cached[tagsAnswer]
}

// openSource reports whether GET /api/admin/ui-config says the instance
// is the open-source edition, as Unleash 5.12 to 8.x decide it
// (create-config's isOss): it runs no enterprise version
// (versionInfo.current.enterprise is "") and its UI environment is the
// default, "Open Source" (the hosted Pro edition says "Pro"). The
// open-source edition has no API that enables change requests or adds
// release plans: its change-request settings and release-plan milestone
// strategies are none, unless written into its database directly.
func openSource(environment, enterprise *string) bool {
	return environment != nil && strings.EqualFold(*environment, "Open Source") && enterprise != nil && *enterprise == ""
}

// versionFacts are what the client read with the instance's version: its
// resource limits (nil when it shows none) and whether it is the
// open-source edition.
func (c *Client) versionFacts() (*importvalidate.ResourceLimits, bool) {
	c.versionMu.Lock()
	defer c.versionMu.Unlock()
	return c.limits, c.openSource
}

// ossExportEnvironments are the environments whose feature settings the
// export of an open-source instance shows (its feature environment store
// filters the others out).
var ossExportEnvironments = []string{"default", "development", "production"}

// sourceName names the instance's admin API in findings.
const sourceName = "the admin API"

// factsReads are the answers the import's facts read (Read with
// importvalidate.PartFacts and Options.ImportFacts), beyond the target
// project's overview.
type factsReads struct {
	// names are the features named, but "": no feature has an empty name,
	// and the export refuses one (400).
	names []string
	// withFeatures is set when the export of names in the environment
	// tells the features' facts: on the open-source edition, only in the
	// environments it exports (ossExportEnvironments); withChildren when
	// the export of the target project counts their children too.
	withFeatures, withChildren bool
	types                      *featureTypesAnswer
	tags                       *tagsAnswer
	ex, project                factsExportAnswer
	// active is the number of active features, when the import may
	// create one (mayCreate).
	active *int64
}

// factsTasks returns the requests, for Client.parallel, of the facts of
// q beyond the target's overview and the export of the named features
// (f.ex when f.withFeatures, which Read sends with the features' own):
// the feature types, the tags (reused for Options.ListTTL) and the export
// of the target project.
func (c *Client) factsTasks(q importvalidate.Query, f *factsReads) []func(context.Context) error {
	f.names = slices.DeleteFunc(slices.Clone(model.StorableOnly(q.Features)), func(n string) bool { return n == "" })
	f.withFeatures = len(f.names) > 0 && slices.Contains(ossExportEnvironments, q.Environment)
	// An export without a project would export every feature.
	f.withChildren = f.withFeatures && q.Project != ""
	tasks := []func(context.Context) error{
		func(ctx context.Context) (err error) {
			f.types, err = get(ctx, c, &c.ic.featureTypes, "/api/admin/feature-types")
			return err
		},
	}
	if len(q.Tags) > 0 {
		tasks = append(tasks, func(ctx context.Context) (err error) {
			f.tags, err = get(ctx, c, &c.ic.tags, "/api/admin/tags")
			return err
		})
	}
	if f.withChildren {
		tasks = append(tasks, func(ctx context.Context) error { return c.exportProject(ctx, q.Project, q.Environment, &f.project) })
	}
	return tasks
}

// countActive reads, after the others, the number of active features when
// the import may create a feature (see mayCreate) among those of exist:
// from an export of every feature, whose size is the instance's.
func (c *Client) countActive(ctx context.Context, env string, f *factsReads, exist []model.SnapshotFeature) error {
	if !mayCreate(f.names, exist) {
		return nil
	}
	var all factsExportAnswer
	if err := c.exportAll(ctx, env, &all); err != nil {
		return err
	}
	n := int64(len(all.Features))
	f.active = &n
	return nil
}

// factsOf are the import's facts of q. Without Options.ImportFacts (f
// nil) they tell the resource limits, read with the version, and, on the
// open-source edition, that change requests are enabled nowhere. With
// it, they tell the rest from f and the target project's overview ov
// (nil when the project does not exist): its state, environments and
// link templates; the feature types and tags from their lists; the named
// features' settings in the environment, strategies and parents from the
// instance's export of them, and the number of each one's children from
// those exports and an export of the target project, whose size is that
// of the project: a feature's children are in its project, and an export
// of a project leaves out its archived features, so that an archived
// child that the file does not name is not counted; the number of active
// features, which only the instance's feature limit reads, from an
// export of every feature when the import may create one. The admin API
// shows neither change-request settings nor release-plan milestone
// strategies (the export leaves those out): on the open-source edition,
// which the version's answer tells (see openSource), there are none; on
// another those facts are unknown, and the strategies counted are the
// others. The export of an open-source instance shows the feature
// settings of the environments default, development and production only:
// in another, the features' facts are unknown.
func (c *Client) factsOf(q importvalidate.Query, ov *projectOverviewAnswer, f *factsReads) *importvalidate.ImportFacts {
	limits, oss := c.versionFacts()
	out := &importvalidate.ImportFacts{Source: sourceName,
		ChangeRequests: importvalidate.Known[importvalidate.ChangeRequests]{Known: oss}}
	if limits != nil {
		out.Limits = importvalidate.Known[importvalidate.ResourceLimits]{Value: *limits, Known: true}
	}
	if f == nil {
		return out
	}
	if f.active != nil {
		out.ActiveFeatures = importvalidate.Known[int64]{Value: *f.active, Known: true}
	}
	ft := make(map[string]bool, len(f.types.Types))
	for _, t := range f.types.Types {
		ft[t.ID] = true
	}
	out.FeatureTypes = importvalidate.Known[map[string]bool]{Value: ft, Known: true}
	out.ProjectArchived.Known, out.ProjectEnvironment.Known, out.LinkTemplates.Known = true, true, true
	if ov != nil {
		out.ProjectArchived.Value = ov.ArchivedAt != nil
		for _, e := range ov.Environments {
			out.ProjectEnvironment.Value = out.ProjectEnvironment.Value || e.Environment == q.Environment
		}
		for _, t := range ov.LinkTemplates {
			out.LinkTemplates.Value = append(out.LinkTemplates.Value, importvalidate.LinkTemplate{URLTemplate: t.URLTemplate, Title: t.Title})
		}
	}
	tagSet := make(map[model.SnapshotTag]bool, len(q.Tags))
	if f.tags != nil {
		want := make(map[model.SnapshotTag]bool, len(q.Tags))
		for _, t := range q.Tags {
			want[t] = true
		}
		for _, t := range f.tags.Tags {
			if want[t] {
				tagSet[t] = true
			}
		}
	}
	out.Tags = importvalidate.Known[map[model.SnapshotTag]bool]{Value: tagSet, Known: true}
	if f.withFeatures || len(f.names) == 0 {
		out.Features = importvalidate.Known[map[string]importvalidate.FeatureFacts]{Value: featureFactsOf(&f.ex, &f.project, oss), Known: true}
	}
	return out
}

// mayCreate reports whether an import that names the features names may
// create one: whether one of them is not among exist, those of them that
// exist (archived ones included). Only then does a check read the number of active
// features (the instance's feature limit), and only then is it asked,
// after the others: from an export of every feature, whose size is the
// instance's. The feature search would tell it in one small answer, but
// Unleash 8 answers it 15 times a minute by default
// (SEARCH_FEATURES_RATE_LIMIT_PER_MINUTE), then 429, which a few commands
// in a row would reach; the projects' list would not do either (the
// open-source edition lists project default alone).
func mayCreate(names []string, exist []model.SnapshotFeature) bool {
	set := make(map[string]bool, len(exist))
	for _, f := range exist {
		set[f.Name] = true
	}
	return slices.ContainsFunc(names, func(n string) bool { return !set[n] })
}

// featureFactsOf are the facts of the features of ex, an export of them
// in the target environment, with their children counted in project, an
// export of the target project (dependencies are within one project).
// Their release-plan milestone strategies, which an export leaves out,
// are known to be none when openSource, else unknown. On 6.x, whose
// export says the environment's enabled
// (profile.AdminAPI.ExportEnvironmentEnabled), Enabled is that, which no
// check of the import reads.
func featureFactsOf(ex, project *factsExportAnswer, openSource bool) map[string]importvalidate.FeatureFacts {
	out := make(map[string]importvalidate.FeatureFacts, len(ex.Features))
	for _, f := range ex.Features {
		md := importvalidate.FeatureMetadata{Type: "release", Stale: f.Stale, ImpressionData: f.ImpressionData}
		if f.Type != nil {
			md.Type = *f.Type
		}
		if f.Description != nil {
			md.Description = *f.Description
		}
		out[f.Name] = importvalidate.FeatureFacts{Milestones: importvalidate.Known[int]{Known: openSource},
			Metadata: importvalidate.Known[importvalidate.FeatureMetadata]{Value: md, Known: true}}
	}
	edit := func(name string, f func(*importvalidate.FeatureFacts)) {
		if ff, ok := out[name]; ok {
			f(&ff)
			out[name] = ff
		}
	}
	for _, s := range ex.FeatureStrategies {
		edit(s.FeatureName, func(ff *importvalidate.FeatureFacts) {
			ff.Strategies++
			if s.Disabled != nil && *s.Disabled {
				ff.Disabled++
			}
		})
	}
	for _, e := range ex.FeatureEnvironments {
		edit(e.FeatureName, func(ff *importvalidate.FeatureFacts) { ff.InEnvironment, ff.Enabled = true, e.Enabled })
	}
	for _, d := range ex.Dependencies {
		edit(d.Feature, func(ff *importvalidate.FeatureFacts) {
			for _, p := range d.Dependencies {
				ff.Parents = append(ff.Parents, p.Feature)
			}
			slices.Sort(ff.Parents)
		})
	}
	// A child is counted once, whichever export shows it.
	children := map[[2]string]bool{}
	for _, deps := range [][]factsDependencies{project.Dependencies, ex.Dependencies} {
		for _, d := range deps {
			for _, p := range d.Dependencies {
				if k := [2]string{p.Feature, d.Feature}; !children[k] {
					children[k] = true
					edit(p.Feature, func(ff *importvalidate.FeatureFacts) { ff.Children++ })
				}
			}
		}
	}
	return out
}

// exportAll exports every feature that is not archived, in env, into v:
// the export of an empty list of features (the instance's schema asks
// for a list, a project or a tag).
func (c *Client) exportAll(ctx context.Context, env string, v any) error {
	return c.exportBody(ctx, map[string]any{"environment": env, "features": []string{}}, v)
}

// exportProject exports every feature of project in env into v.
func (c *Client) exportProject(ctx context.Context, project, env string, v any) error {
	return c.exportBody(ctx, map[string]any{"project": project, "environment": env}, v)
}

// exportBody sends the export of body and decodes the answer into v.
func (c *Client) exportBody(ctx context.Context, body map[string]any, v any) error {
	r := request{method: http.MethodPost, path: pathExport, body: body}
	a, err := c.do(ctx, r)
	if err != nil {
		return err
	}
	return c.decode(r, a, v)
}

// limitsOf are the instance's limits as ui-config shows them, Unleash's
// defaults where it leaves one out; nil when it shows none.
func limitsOf(a *resourceLimitsAnswer) *importvalidate.ResourceLimits {
	if a == nil {
		return nil
	}
	l := importvalidate.DefaultResourceLimits
	for _, f := range []struct{ in, out *int64 }{{a.Constraints, &l.Constraints}, {a.ConstraintValues, &l.ConstraintValues},
		{a.FeatureEnvironmentStrategies, &l.FeatureEnvironmentStrategies}, {a.StrategySegments, &l.StrategySegments},
		{a.FeatureFlags, &l.FeatureFlags}} {
		if f.in != nil {
			*f.out = *f.in
		}
	}
	return &l
}
