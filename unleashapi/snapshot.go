package unleashapi

import (
	"cmp"
	"context"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"time"

	"github.com/flagadmin/flagadmin/model"
)

// More shapes of answers, read by Snapshot.
type (
	projectsAnswer struct {
		Projects []struct {
			ID string `json:"id"`
		} `json:"projects"`
	}
	environmentsAnswer struct {
		Environments []environmentAnswer `json:"environments"`
	}
	environmentAnswer struct {
		Name      string `json:"name"`
		Type      string `json:"type"`
		SortOrder int64  `json:"sortOrder"`
	}
	searchAnswer struct {
		Total    int64           `json:"total"`
		Features []searchFeature `json:"features"`
	}
	searchFeature struct {
		Name         string     `json:"name"`
		Project      string     `json:"project"`
		CreatedAt    time.Time  `json:"createdAt"`
		ArchivedAt   *time.Time `json:"archivedAt"`
		Environments []struct {
			environmentAnswer
			HasStrategies bool `json:"hasStrategies"`
		} `json:"environments"`
	}
	apiTokensAnswer struct {
		Tokens []apiToken `json:"tokens"`
	}
	apiToken struct {
		Secret    string     `json:"secret"`
		Type      string     `json:"type"`
		ExpiresAt *time.Time `json:"expiresAt"`
		CreatedAt time.Time  `json:"createdAt"`
	}
)

// Snapshot reads the state of the instance as a state snapshot, as far as
// the admin API shows it (the package documentation lists what it does
// not). Its requests go out concurrently, each fan-out at most
// Options.Concurrency at once; the feature search is read page by page. It needs an admin token
// (or the personal token of an Admin) for the API tokens; without the
// right to list them, the snapshot has none. Each token is held by the
// SHA-256 of its secret (secretSha256), never by the secret; the users'
// e-mail addresses and invitation links are left out (SnapshotWith with
// SnapshotOptions.PersonalData keeps them). Unlike a database snapshot it
// is not read at one instant.
func (c *Client) Snapshot(ctx context.Context) (*model.Snapshot, error) {
	return c.snapshot(ctx, false)
}

// snapshot is Snapshot, with the users' personal data when personal is
// true.
func (c *Client) snapshot(ctx context.Context, personal bool) (*model.Snapshot, error) {
	var (
		envs     *environmentsAnswer
		projects *projectsAnswer
		lists    *instanceLists
		ua       *userAdminAnswer
		tokens   apiTokensAnswer
		active   []searchFeature
		archived []searchFeature
	)
	if err := c.checkVersion(ctx); err != nil {
		return nil, err
	}
	err := c.parallel(ctx,
		load(c, &c.envs, &envs, "/api/admin/environments"),
		load(c, &c.projects, &projects, "/api/admin/projects"),
		func(ctx context.Context) (err error) { lists, err = c.lists(ctx); return },
		func(ctx context.Context) (err error) { ua, err = c.userAdmin(ctx); return },
		func(ctx context.Context) error { return c.apiTokens(ctx, &tokens) },
		func(ctx context.Context) (err error) { active, err = c.searchAll(ctx, false); return },
		func(ctx context.Context) (err error) { archived, err = c.archivedFeatures(ctx); return },
	)
	if err != nil {
		return nil, err
	}
	s := &model.Snapshot{Version: c.knownVersion().Version}
	features := append(active, archived...)

	// Environments: those the API lists, and those the features show
	// (the open-source edition lists only development and production).
	envByName := map[string]environmentAnswer{}
	for _, e := range envs.Environments {
		envByName[e.Name] = e
	}
	for _, f := range features {
		for _, e := range f.Environments {
			if _, ok := envByName[e.Name]; !ok {
				envByName[e.Name] = e.environmentAnswer
			}
		}
	}
	envList := make([]environmentAnswer, 0, len(envByName))
	for _, e := range envByName {
		envList = append(envList, e)
	}
	slices.SortFunc(envList, func(a, b environmentAnswer) int {
		return cmp.Or(cmp.Compare(a.SortOrder, b.SortOrder), cmp.Compare(a.Name, b.Name))
	})
	for _, e := range envList {
		s.Environments = append(s.Environments, model.SnapshotEnvironment{Name: e.Name, Type: e.Type})
	}

	// Projects: those the API lists and those that hold a feature, each
	// with the settings of its overview.
	ids := map[string]bool{}
	for _, p := range projects.Projects {
		ids[p.ID] = true
	}
	for _, f := range features {
		ids[f.Project] = true
	}
	if err := c.snapshotProjects(ctx, s, ids); err != nil {
		return nil, err
	}

	for _, st := range lists.strategies.Strategies {
		s.Strategies = append(s.Strategies, st.snapshot())
	}
	cfs := slices.Clone(*lists.context)
	slices.SortStableFunc(cfs, func(a, b contextFieldAnswer) int {
		return cmp.Or(cmp.Compare(a.SortOrder, b.SortOrder), cmp.Compare(a.Name, b.Name))
	})
	for _, f := range cfs {
		s.ContextFields = append(s.ContextFields, f.snapshot())
	}
	for _, sg := range lists.segments.Segments {
		s.Segments = append(s.Segments, sg.snapshot())
	}
	slices.SortFunc(s.Segments, func(a, b model.SnapshotSegment) int { return cmp.Compare(a.ID, b.ID) })
	for _, t := range lists.tagTypes.TagTypes {
		s.TagTypes = append(s.TagTypes, model.SnapshotTagType{Name: t.Name})
	}
	slices.SortFunc(s.TagTypes, func(a, b model.SnapshotTagType) int { return cmp.Compare(a.Name, b.Name) })

	slices.SortStableFunc(features, func(a, b searchFeature) int {
		return cmp.Or(a.CreatedAt.Compare(b.CreatedAt), cmp.Compare(a.Name, b.Name))
	})
	for _, f := range features {
		sf := model.SnapshotFeature{Name: f.Name, Project: f.Project, Archived: f.ArchivedAt != nil}
		for _, e := range f.Environments {
			if e.HasStrategies {
				sf.StrategyEnvironments = append(sf.StrategyEnvironments, e.Name)
			}
		}
		slices.Sort(sf.StrategyEnvironments)
		if sf.StrategyEnvironments == nil {
			sf.StrategyEnvironments = []string{}
		}
		s.Features = append(s.Features, sf)
	}
	if err := c.snapshotImportFacts(ctx, s, features); err != nil {
		return nil, err
	}

	s.Roles = ua.roles()
	s.Users = ua.users()
	if !personal {
		s.WithoutPersonalData()
	}

	slices.SortStableFunc(tokens.Tokens, func(a, b apiToken) int {
		return cmp.Or(a.CreatedAt.Compare(b.CreatedAt), cmp.Compare(a.Secret, b.Secret))
	})
	now := time.Now()
	for _, t := range tokens.Tokens {
		if t.ExpiresAt != nil && !t.ExpiresAt.After(now) {
			continue
		}
		typ := t.Type
		if typ == "backend" {
			typ = model.TokenClient
		}
		switch typ {
		case model.TokenAdmin, model.TokenClient, model.TokenFrontend:
		default:
			return nil, fmt.Errorf("unleashapi: GET /api/admin/api-tokens: an API token has the unknown type %q", t.Type)
		}
		s.Tokens = append(s.Tokens, model.SnapshotToken{SecretSHA256: model.TokenDigest(t.Secret), Type: typ})
	}
	return s, nil
}

// apiTokens reads GET /api/admin/api-tokens; a token without the right to
// list them gets none.
func (c *Client) apiTokens(ctx context.Context, out *apiTokensAnswer) error {
	r := request{method: "GET", path: "/api/admin/api-tokens", accept: []int{403}}
	a, err := c.do(ctx, r)
	if err != nil || a.status == 403 {
		return err
	}
	return c.decode(r, a, out)
}

// archivedFeatures lists the archived features: from the feature search,
// or up to 5.x (whose search ignores the filter) from GET
// /api/admin/archive/features, which shows no environments.
func (c *Client) archivedFeatures(ctx context.Context) ([]searchFeature, error) {
	if c.knownVersion().Profile.AdminAPI.SearchArchived {
		return c.searchAll(ctx, true)
	}
	var a struct {
		Features []searchFeature `json:"features"`
	}
	if err := c.getJSON(ctx, "/api/admin/archive/features", &a); err != nil {
		return nil, err
	}
	return a.Features, nil
}

// searchAll reads every page of the feature search, of the archived
// features or of the others.
func (c *Client) searchAll(ctx context.Context, archived bool) ([]searchFeature, error) {
	var out []searchFeature
	for offset := 0; ; {
		q := url.Values{}
		q.Set("limit", strconv.Itoa(c.opts.PageSize))
		q.Set("offset", strconv.Itoa(offset))
		q.Set("sortBy", "createdAt")
		q.Set("sortOrder", "asc")
		if archived {
			q.Set("archived", "IS:true")
		}
		var page searchAnswer
		if err := c.getJSON(ctx, "/api/admin/search/features?"+q.Encode(), &page); err != nil {
			return nil, err
		}
		out = append(out, page.Features...)
		offset += len(page.Features)
		if len(page.Features) == 0 || int64(offset) >= page.Total {
			return out, nil
		}
	}
}

// snapshotProjects reads the overview of each project in ids,
// concurrently, into s.Projects.
func (c *Client) snapshotProjects(ctx context.Context, s *model.Snapshot, ids map[string]bool) error {
	list := make([]string, 0, len(ids))
	for id := range ids {
		list = append(list, id)
	}
	slices.Sort(list)
	// Each reader writes only its own element; parallel returns after all
	// of them. An element left without an ID is a project with no
	// overview.
	out := make([]model.SnapshotProject, len(list))
	fns := make([]func(context.Context) error, len(list))
	for i, id := range list {
		fns[i] = func(ctx context.Context) error {
			ov, ok, err := c.overview(ctx, id)
			if err != nil || !ok {
				return err
			}
			p := ov.snapshot(id)
			p.Archived = ov.ArchivedAt != nil
			for _, e := range ov.Environments {
				p.Environments = append(p.Environments, e.Environment)
			}
			slices.Sort(p.Environments)
			for _, t := range ov.LinkTemplates {
				p.LinkTemplates = append(p.LinkTemplates, model.SnapshotLinkTemplate{URLTemplate: t.URLTemplate, Title: t.Title})
			}
			out[i] = p
			return nil
		}
	}
	if err := c.parallel(ctx, fns...); err != nil {
		return err
	}
	for _, p := range out {
		if p.ID != "" {
			s.Projects = append(s.Projects, p)
		}
	}
	return nil
}
