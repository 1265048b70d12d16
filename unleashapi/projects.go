package unleashapi

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
)

// The reads of a repository of exports, one file per project and
// environment (flagadmin export -all, flagadmin plan DIR): which projects
// the instance has, which environments a project has, which features a
// project holds, and whether the instance is the open-source edition.

// Projects returns the ids of the instance's projects, sorted: those GET
// /api/admin/projects lists and those that hold an active feature (one
// export of every active feature, in an environment the instance lists:
// the feature search would take a page per 500 features, and Unleash 8
// answers it 15 times a minute). The open-source edition lists only the
// project default, whatever its database holds, so a project without an
// active feature is found only where the instance lists it.
func (c *Client) Projects(ctx context.Context) ([]string, error) {
	if err := c.checkVersion(ctx); err != nil {
		return nil, err
	}
	var list *projectsAnswer
	var envs *environmentsAnswer
	err := c.parallel(ctx,
		load(c, &c.projects, &list, "/api/admin/projects"),
		load(c, &c.envs, &envs, "/api/admin/environments"),
	)
	if err != nil {
		return nil, err
	}
	var ids []string
	for _, p := range list.Projects {
		ids = append(ids, p.ID)
	}
	if len(envs.Environments) > 0 {
		var all exportAnswer
		if err := c.exportAll(ctx, envs.Environments[0].Name, &all); err != nil {
			return nil, err
		}
		for _, f := range all.Features {
			if !f.Archived {
				ids = append(ids, f.Project)
			}
		}
	}
	slices.Sort(ids)
	return slices.Compact(ids), nil
}

// ProjectEnvironments returns the environments of the project, sorted,
// from its overview (GET /api/admin/projects/{id}/overview); the error
// wraps ErrNoProject when there is no such project.
func (c *Client) ProjectEnvironments(ctx context.Context, project string) ([]string, error) {
	ov, ok, err := c.readOverview(ctx, project)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, c.noProject(ctx, project)
	}
	var out []string
	for _, e := range ov.Environments {
		out = append(out, e.Environment)
	}
	slices.Sort(out)
	return out, nil
}

// ProjectFeatures returns the names of the project's active features,
// sorted, in one request (GET /api/admin/projects/{id}/features, which
// every version from 5.12 to 8.2 answers with the whole list, archived
// features left out); none for a project that does not exist.
func (c *Client) ProjectFeatures(ctx context.Context, project string) ([]string, error) {
	if err := c.checkVersion(ctx); err != nil {
		return nil, err
	}
	path, ok := projectPath(project, "/features")
	if !ok {
		return nil, nil
	}
	r := request{method: http.MethodGet, path: path, accept: []int{http.StatusNotFound}}
	a, err := c.do(ctx, r)
	if err != nil || a.status == http.StatusNotFound {
		return nil, err
	}
	var list struct {
		Features []struct {
			Name     string `json:"name"`
			Archived bool   `json:"archived"`
		} `json:"features"`
	}
	if err := c.decode(r, a, &list); err != nil {
		return nil, err
	}
	out := make([]string, 0, len(list.Features))
	for _, f := range list.Features {
		if !f.Archived {
			out = append(out, f.Name)
		}
	}
	slices.Sort(out)
	return slices.Compact(out), nil
}

// OpenSource reports whether the instance is the open-source edition, as
// GET /api/admin/ui-config says (read once with the version).
func (c *Client) OpenSource(ctx context.Context) (bool, error) {
	if err := c.checkVersion(ctx); err != nil {
		return false, err
	}
	_, oss := c.versionFacts()
	return oss, nil
}

// Archive archives the named features of project (POST
// /api/admin/projects/{project}/archive, {"features": [...]}), sent once.
// Unleash archives them together, and refuses (403) to archive a feature
// that a feature left active depends on; the open-source edition refuses
// a personal access token outside the project default from 6.x on
// (profile.AdminAPI.ArchiveDefaultOnly). A refusal is a *RefusedError,
// and nothing was archived; a feature already archived or missing is
// passed over. Other errors are as Import's.
func (im *Importer) Archive(ctx context.Context, project string, features []string) error {
	if _, err := im.Caller(ctx); err != nil {
		return err
	}
	path, ok := projectPath(project, "/archive")
	if !ok {
		return fmt.Errorf("unleashapi: archive: the project %q cannot be reached over the admin API", project)
	}
	if len(features) == 0 || slices.Contains(features, "") {
		return fmt.Errorf("unleashapi: archive: no feature, or a feature without a name, in project %q", project)
	}
	r := request{method: http.MethodPost, path: path, body: map[string]any{"features": features}, noRetry: true, anyBody: true,
		timeout: im.c.opts.ImportTimeout,
		accept:  []int{http.StatusBadRequest, http.StatusForbidden, http.StatusNotFound, http.StatusConflict}}
	a, err := im.c.do(ctx, r)
	if err != nil {
		return err
	}
	if a.status >= 200 && a.status < 300 {
		return nil
	}
	out := refused(a)
	out.action = "archive " + strings.Join(quoteAll(features), ", ")
	return out
}
