package unleashapi

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/flagadmin/flagadmin/internal/suggest"
	"github.com/flagadmin/flagadmin/model/exportfile"
)

// ExportQuery selects the features of an export, in one environment:
// exactly one of Project, Features and TagType with TagValue.
type ExportQuery struct {
	// Environment is the environment whose configuration the export
	// holds (required).
	Environment string
	// Project exports the project's features, archived ones left out (as
	// the UI's Export button does).
	Project string
	// Features exports the features of these names, archived ones
	// included; a name the instance does not know is in Export.Missing.
	Features []string
	// TagType and TagValue export the features that carry that tag,
	// archived ones left out.
	TagType, TagValue string
	// File chooses what the file keeps.
	File FileOptions
}

// FileOptions choose what an export file keeps beyond the instance's
// own export: the ids the instance regenerates on every import
// (KeepIDs), each strategy's place in the order Unleash evaluates them
// (SortOrder).
type FileOptions = exportfile.Options

// Export is an instance's export of the features a query selected.
type Export struct {
	// File is the export in its canonical form (see Export).
	File []byte
	// Features are the names of the exported features, sorted; Archived
	// those among them that are archived; Projects their projects,
	// sorted.
	Features, Archived, Projects []string
	// Missing are the names of ExportQuery.Features that the instance
	// does not have.
	Missing []string
}

// ErrEnvironment is wrapped by the error of an export whose environment
// a selected feature's project does not have: the instance would answer
// with the features and nothing of their configuration.
var ErrEnvironment = errors.New("the environment is not in the project")

// ErrNoProject is wrapped by the error of an export of a project that
// does not exist (the instance would answer with no feature).
var ErrNoProject = errors.New("no such project")

// Export reads the export of the features q selects (POST
// /api/admin/features-batch/export) and the order in which Unleash
// evaluates their strategies (POST /api/admin/playground, which the
// export does not keep), and returns the export in a canonical form for
// version control: pretty printed, every list in an order that depends
// on its content only and a feature's strategies in the order Unleash
// evaluates them, so that exporting an unchanged instance again gives the
// same bytes (docs/CLI.md, flagadmin export). It only reads. It costs three requests, one more
// for a project (its overview, to check that it exists and has the
// environment) and one more for a tag: the instance exports by a tag's
// value, whatever its type, so the features that carry the tag of
// TagType are found in a first export, then exported by name. On 6.x,
// whose export says the environment's enabled, each feature's status
// comes from its own endpoint, one more request per feature
// (featuresEnabled).
func (c *Client) Export(ctx context.Context, q ExportQuery) (*Export, error) {
	if err := q.check(); err != nil {
		return nil, err
	}
	if err := c.checkVersion(ctx); err != nil {
		return nil, err
	}
	var body map[string]any
	switch {
	case q.Project != "":
		if err := c.projectHasEnvironment(ctx, q.Project, q.Environment); err != nil {
			return nil, err
		}
		body = map[string]any{"environment": q.Environment, "project": q.Project}
	case len(q.Features) > 0:
		body = map[string]any{"environment": q.Environment, "features": q.Features}
	default:
		names, err := c.taggedFeatures(ctx, q)
		if err != nil {
			return nil, err
		}
		if len(names) == 0 {
			return c.emptyExport(q)
		}
		body = map[string]any{"environment": q.Environment, "features": names}
	}
	raw, err := c.exportRaw(ctx, body)
	if err != nil {
		return nil, err
	}
	var ex exportAnswerEnv
	r := request{method: http.MethodPost, path: pathExport}
	if err := c.decode(r, answer{body: raw}, &ex); err != nil {
		return nil, err
	}
	out := &Export{}
	inEnv := map[string]bool{}
	for _, fe := range ex.FeatureEnvironments {
		inEnv[fe.FeatureName] = true
	}
	var noEnv []string
	for _, f := range ex.Features {
		out.Features = append(out.Features, f.Name)
		if f.Archived {
			out.Archived = append(out.Archived, f.Name)
		}
		if !slices.Contains(out.Projects, f.Project) {
			out.Projects = append(out.Projects, f.Project)
		}
		if !inEnv[f.Name] && !f.Archived {
			noEnv = append(noEnv, fmt.Sprintf("%q (project %q)", f.Name, f.Project))
		}
	}
	if len(noEnv) > 0 {
		return nil, fmt.Errorf("unleashapi: export: %w: %q is not an environment of the project of %s", ErrEnvironment, q.Environment, strings.Join(noEnv, ", "))
	}
	for _, n := range q.Features {
		if !slices.Contains(out.Features, n) && !slices.Contains(out.Missing, n) {
			out.Missing = append(out.Missing, n)
		}
	}
	slices.Sort(out.Features)
	slices.Sort(out.Projects)
	if c.knownVersion().Profile.AdminAPI.ExportEnvironmentEnabled {
		if raw, err = c.featuresEnabled(ctx, raw, &ex, q.Environment); err != nil {
			return nil, err
		}
	}
	var order map[string][]string
	if len(out.Features) > len(out.Archived) {
		if order, err = c.strategyOrder(ctx, out.Projects, q.Environment); err != nil {
			return nil, err
		}
	}
	if out.File, err = exportfile.Canonical(raw, order, q.File); err != nil {
		return nil, err
	}
	return out, nil
}

// pathExport is the export's endpoint.
const pathExport = "/api/admin/features-batch/export"

// exportAnswerEnv is what Export reads of an export.
type exportAnswerEnv struct {
	Features []struct {
		Name     string `json:"name"`
		Project  string `json:"project"`
		Archived bool   `json:"archived"`
	} `json:"features"`
	FeatureEnvironments []struct {
		FeatureName string `json:"featureName"`
		Enabled     bool   `json:"enabled"`
	} `json:"featureEnvironments"`
	FeatureTags []struct {
		FeatureName string `json:"featureName"`
		TagType     string `json:"tagType"`
		TagValue    string `json:"tagValue"`
	} `json:"featureTags"`
}

func (q *ExportQuery) check() error {
	n := 0
	for _, given := range []bool{q.Project != "", len(q.Features) > 0, q.TagType != "" || q.TagValue != ""} {
		if given {
			n++
		}
	}
	switch {
	case q.Environment == "":
		return errors.New("unleashapi: export: no environment")
	case n != 1:
		return errors.New("unleashapi: export: give exactly one of a project, feature names and a tag")
	case (q.TagType == "") != (q.TagValue == ""):
		return errors.New("unleashapi: export: a tag needs its type and its value")
	case slices.Contains(q.Features, ""):
		return errors.New("unleashapi: export: an empty feature name")
	}
	return nil
}

// exportRaw sends an export with body and returns the answer's body.
func (c *Client) exportRaw(ctx context.Context, body map[string]any) ([]byte, error) {
	a, err := c.do(ctx, request{method: http.MethodPost, path: pathExport, body: body})
	if err != nil {
		return nil, err
	}
	return a.body, nil
}

// taggedFeatures returns the names of the features, not archived, that
// carry the tag q.TagType:q.TagValue.
func (c *Client) taggedFeatures(ctx context.Context, q ExportQuery) ([]string, error) {
	raw, err := c.exportRaw(ctx, map[string]any{"environment": q.Environment, "tag": q.TagValue})
	if err != nil {
		return nil, err
	}
	var ex exportAnswerEnv
	if err := c.decode(request{method: http.MethodPost, path: pathExport}, answer{body: raw}, &ex); err != nil {
		return nil, err
	}
	archived := map[string]bool{}
	for _, f := range ex.Features {
		archived[f.Name] = f.Archived
	}
	var names []string
	for _, t := range ex.FeatureTags {
		if t.TagType == q.TagType && t.TagValue == q.TagValue && !archived[t.FeatureName] && !slices.Contains(names, t.FeatureName) {
			names = append(names, t.FeatureName)
		}
	}
	slices.Sort(names)
	return names, nil
}

// emptyExport is the export of no feature, which the instance cannot be
// asked for (an empty list of names exports every feature).
func (c *Client) emptyExport(q ExportQuery) (*Export, error) {
	raw := []byte(`{"features":[],"featureStrategies":[],"featureEnvironments":[],"contextFields":[],"featureTags":[],"segments":[],"tagTypes":[],"dependencies":[],"links":[]}`)
	file, err := exportfile.Canonical(raw, nil, q.File)
	if err != nil {
		return nil, err
	}
	return &Export{File: file}, nil
}

// projectHasEnvironment checks that the project exists and has env, from
// its overview.
func (c *Client) projectHasEnvironment(ctx context.Context, project, env string) error {
	path, ok := projectPath(project, "/overview")
	if !ok {
		return c.noProject(ctx, project)
	}
	r := request{method: http.MethodGet, path: path, accept: []int{http.StatusNotFound}}
	a, err := c.do(ctx, r)
	if err != nil {
		return err
	}
	if a.status == http.StatusNotFound {
		return c.noProject(ctx, project)
	}
	var o struct {
		Environments []struct {
			Environment string `json:"environment"`
		} `json:"environments"`
	}
	if err := c.decode(r, a, &o); err != nil {
		return err
	}
	var names []string
	for _, e := range o.Environments {
		if e.Environment == env {
			return nil
		}
		names = append(names, e.Environment)
	}
	return fmt.Errorf("unleashapi: export: %w: project %q has no environment %q (it has %s)", ErrEnvironment, project, env, strings.Join(quoteAll(names), ", "))
}

// noProject is the error of an export of project, which the instance
// does not have, with the nearest project it has when one is close.
func (c *Client) noProject(ctx context.Context, project string) error {
	hint := ""
	if list, err := get(ctx, c, &c.projects, "/api/admin/projects"); err == nil {
		ids := make([]string, len(list.Projects))
		for i, p := range list.Projects {
			ids[i] = p.ID
		}
		if near := suggest.Nearest(project, ids); near != "" {
			hint = fmt.Sprintf("; did you mean %q?", near)
		}
	}
	return fmt.Errorf("unleashapi: export: %w: %q%s", ErrNoProject, project, hint)
}

func quoteAll(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = fmt.Sprintf("%q", n)
	}
	return out
}
