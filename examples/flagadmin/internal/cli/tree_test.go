package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/importvalidate/plan"
	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
	"github.com/flagadmin/flagadmin/internal/testharness/unleashtest"
	"github.com/flagadmin/flagadmin/model/profile"
)

// treeServer is an Unleash of the tree tests, with an admin user's
// personal access token: the package's shared server on the dump, with
// its project other as the second project, in the quick run; in the long
// one a server of each version on an empty database, with the project
// shop beside default (made in SQL: the open-source edition has no API
// for it).
type treeServer struct {
	*eaServer
	version string
	prof    profile.Profile
	// second is the project beside default.
	second string
}

// treeSQL makes the project shop, with the environments development and
// production.
const treeSQL = `
INSERT INTO projects (id, name, description) VALUES ('shop', 'Shop', 'tree tests');
INSERT INTO project_settings (project, project_mode) VALUES ('shop', 'open');
INSERT INTO project_environments (project_id, environment_name) VALUES ('shop', 'development'), ('shop', 'production');
`

// treeStart are the features of the tree tests: in default, a rollout
// that is renamed, a flag that is removed, a parent and its child; in
// shop, two flags.
const treeStart = `{"project":"default","environment":"development","data":{
 "features":[{"name":"checkout-v2","type":"release","project":"default"},{"name":"old-banner","project":"default"},
  {"name":"search","project":"default"},{"name":"parent-flag","project":"default"},{"name":"child-flag","project":"default"}],
 "featureStrategies":[{"name":"flexibleRollout","featureName":"checkout-v2","parameters":{"rollout":"25","stickiness":"default","groupId":"checkout-v2"}},
  {"name":"default","featureName":"search"}],
 "featureEnvironments":[{"name":"checkout-v2","featureName":"checkout-v2","enabled":true},{"name":"search","featureName":"search","enabled":true}],
 "tagTypes":[],
 "dependencies":[{"feature":"child-flag","dependencies":[{"feature":"parent-flag"}]}]}}`

// treeShop is the import of the two flags of the second project.
func treeShop(project string) string {
	return strings.ReplaceAll(`{"project":"shop","environment":"development","data":{
 "features":[{"name":"shop-a","project":"shop"},{"name":"shop-b","project":"shop"}],
 "featureStrategies":[{"name":"default","featureName":"shop-a"}],
 "featureEnvironments":[{"name":"shop-a","featureName":"shop-a","enabled":true}],"tagTypes":[]}}`, `"shop"`, fmt.Sprintf("%q", project))
}

// startTree starts a server of version for the tree tests, on an empty
// database with the project shop.
func startTree(t *testing.T, version string) *treeServer {
	t.Helper()
	s := unleashtest.StartForTest(t, unleashtest.Options{Version: version})
	if err := s.Cluster.Exec(context.Background(), s.Database, treeSQL); err != nil {
		t.Fatal(err)
	}
	pat, err := s.AdminPersonalToken(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	e := &eaServer{Server: s, pat: pat, dir: t.TempDir()}
	e.patFile = testutil.WriteFile(t, e.dir, "pat", pat+"\n")
	e.adminFile = testutil.WriteFile(t, e.dir, "admin-token", s.AdminToken+"\n")
	return onTree(t, e, "shop")
}

// onTree imports the tree tests' flags into e's project default and its
// project second.
func onTree(t *testing.T, e *eaServer, second string) *treeServer {
	t.Helper()
	for _, body := range []string{treeStart, treeShop(second)} {
		if _, err := e.Do(context.Background(), "POST", "/api/admin/features-batch/import", e.pat, []byte(body)); err != nil {
			t.Fatal(err)
		}
	}
	res, err := profile.Resolve(e.Release.Version, profile.FromInstance)
	if err != nil {
		t.Fatal(err)
	}
	return &treeServer{eaServer: e, version: e.Release.Version, prof: res.Profile, second: second}
}

// TestTree runs the tree tests (treeTests) on every version of
// FLAGADMIN_VERSIONS, a server of its own each, with a project over the
// request limit: a long test. The quick run runs them on Unleash 8.2.0,
// the package's shared server, in TestExportApply.
func TestTree(t *testing.T) {
	testutil.SkipUnlessLong(t)
	for _, v := range unleashtest.LiveVersions(t) {
		t.Run(v, func(t *testing.T) {
			s := startTree(t, v)
			treeTests(t, s)
			t.Run("a project over the request limit", func(t *testing.T) { treeOverLimit(t, s, filepath.Join(s.dir, "flags")) })
		})
	}
}

// treeTests run export -all, plan DIR and apply DIR on s; the change in
// one environment and the drift, which apply the tree twice each, are
// long tests.
func treeTests(t *testing.T, s *treeServer) {
	dir := filepath.Join(s.dir, "flags")
	t.Run("export -all writes every project and environment", func(t *testing.T) { treeExport(t, s, dir) })
	t.Run("an exported tree re-plans empty", func(t *testing.T) { s.treePlanCode(t, dir, ExitOK) })
	t.Run("a file whose features differ from the project's others", func(t *testing.T) { treeInconsistent(t, s, dir) })
	t.Run("a change in one environment's file", func(t *testing.T) { testutil.SkipUnlessLong(t); treeOneEnvironment(t, s, dir) })
	t.Run("removed and renamed flags, kept then archived", func(t *testing.T) { treeRemoved(t, s, dir) })
	t.Run("drift made in the UI, and a stale saved plan", func(t *testing.T) { testutil.SkipUnlessLong(t); treeDrift(t, s, dir) })
	t.Run("a prune that the instance would refuse", func(t *testing.T) { treeRefusedPrune(t, s, dir) })
}

// treeFiles are the tree's files, by path under dir, with their content.
func treeFiles(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			b, rerr := os.ReadFile(p)
			rel, _ := filepath.Rel(dir, p)
			out[filepath.ToSlash(rel)] = string(b)
			err = rerr
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// edit replaces old with new in every file of project in the tree.
func edit(t *testing.T, dir, project string, f func(env, content string) string) {
	t.Helper()
	for rel, content := range treeFiles(t, filepath.Join(dir, project)) {
		env := strings.TrimSuffix(rel, ".json")
		if err := os.WriteFile(filepath.Join(dir, project, rel), []byte(f(env, content)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// editJSON edits, with f, the export of every file of project in the
// tree, by environment.
func editJSON(t *testing.T, dir, project string, f func(env string, ex map[string]any)) {
	t.Helper()
	edit(t, dir, project, func(env, content string) string {
		var ex map[string]any
		if err := json.Unmarshal([]byte(content), &ex); err != nil {
			t.Fatal(err)
		}
		f(env, ex)
		b, _ := json.MarshalIndent(ex, "", "  ")
		return string(b)
	})
}

// without drops the feature name from the lists of ex.
func without(ex map[string]any, name string) {
	for _, k := range []string{"features", "featureEnvironments", "featureStrategies", "featureTags"} {
		list, _ := ex[k].([]any)
		var kept []any
		for _, f := range list {
			m := f.(map[string]any)
			if m["name"] != name && m["featureName"] != name {
				kept = append(kept, f)
			}
		}
		if kept == nil {
			kept = []any{}
		}
		ex[k] = kept
	}
}

// treePlanCode runs plan -detailed-exitcode on the tree, wants code and
// returns the output.
func (s *treeServer) treePlanCode(t *testing.T, dir string, code int, args ...string) string {
	t.Helper()
	got, out, errOut := run(nil, nil, append([]string{"plan", "-detailed-exitcode", "-unleash", s.URL, "-token-file", s.patFile}, append(args, dir)...)...)
	if got != code {
		t.Fatalf("plan %v %s: exit %d, want %d\n%s%s", args, dir, got, code, out, errOut)
	}
	return out + errOut
}

// treeApply runs apply -auto-approve on the tree or a saved plan, wants
// code and returns the output.
func (s *treeServer) treeApply(t *testing.T, target string, code int, args ...string) string {
	t.Helper()
	got, out, errOut := s.apply(t, nil, append([]string{"-unleash", s.URL, "-auto-approve"}, append(args, target)...)...)
	if got != code {
		t.Fatalf("apply %v %s: exit %d, want %d\n%s%s", args, target, got, code, out, errOut)
	}
	return out + errOut
}

// projectFeatures are the active features of project.
func (s *treeServer) projectFeatures(t *testing.T, project string) []string {
	t.Helper()
	var list struct{ Features []struct{ Name string } }
	if err := json.Unmarshal(s.do(t, "GET", "/api/admin/projects/"+project+"/features", ""), &list); err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, f := range list.Features {
		out = append(out, f.Name)
	}
	slices.Sort(out)
	return out
}

// treeExport: export -all writes a file per project and environment,
// each the bytes of export -project -environment; -project -o writes
// one project's.
func treeExport(t *testing.T, s *treeServer, dir string) {
	code, out, errOut := run(nil, nil, "export", "-unleash", s.URL, "-token-file", s.patFile, "-all", "-o", dir)
	if code != ExitOK {
		t.Fatalf("export -all: exit %d\n%s%s", code, out, errOut)
	}
	files := treeFiles(t, dir)
	for _, want := range []string{"default/development.json", "default/production.json", s.second + "/development.json", s.second + "/production.json"} {
		if _, ok := files[want]; !ok {
			t.Errorf("export -all wrote no %s: %v", want, slices.Sorted(mapsKeys(files)))
		}
	}
	for rel, content := range files {
		project, env, _ := strings.Cut(strings.TrimSuffix(rel, ".json"), "/")
		if one := s.export(t, "-project", project, "-environment", env); one != content {
			t.Errorf("%s is not the export of project %s, environment %s:\n%s\n%s", rel, project, env, content, one)
		}
	}
	one := filepath.Join(s.dir, "one")
	if code, out, errOut := run(nil, nil, "export", "-unleash", s.URL, "-token-file", s.patFile, "-project", s.second, "-o", one); code != ExitOK {
		t.Fatalf("export -project %s -o: exit %d\n%s%s", s.second, code, out, errOut)
	}
	if got := treeFiles(t, one); len(got) != 2 || got[s.second+"/production.json"] != files[s.second+"/production.json"] {
		t.Errorf("export -project %s -o DIR wrote %v", s.second, slices.Sorted(mapsKeys(got)))
	}
}

func mapsKeys(m map[string]string) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// treeInconsistent: a file that lacks a feature of its project's other
// files is refused, named.
func treeInconsistent(t *testing.T, s *treeServer, dir string) {
	path := filepath.Join(dir, s.second, "production.json")
	was, _ := os.ReadFile(path)
	defer os.WriteFile(path, was, 0o644)
	editJSON(t, dir, s.second, func(env string, ex map[string]any) {
		if env == "production" {
			without(ex, "shop-b")
		}
	})
	out := s.treePlanCode(t, dir, ExitFindings)
	if !strings.Contains(out, path+` lacks "shop-b"`) {
		t.Errorf("the file is not named:\n%s", out)
	}
}

// treeOneEnvironment: a change in one environment's file changes that
// environment alone; applied, the tree re-plans empty.
func treeOneEnvironment(t *testing.T, s *treeServer, dir string) {
	editJSON(t, dir, "default", func(env string, ex map[string]any) {
		if env != "production" {
			return
		}
		for _, f := range ex["featureEnvironments"].([]any) {
			if m := f.(map[string]any); m["featureName"] == "search" {
				m["enabled"] = m["enabled"] != true
			}
		}
	})
	code, out, errOut := run(nil, nil, "plan", "-unleash", s.URL, "-token-file", s.patFile, "-format", "json", dir)
	if code != ExitOK {
		t.Fatalf("plan -format json: exit %d\n%s%s", code, out, errOut)
	}
	var tp struct {
		Files []struct {
			File string
			Plan *plan.Plan
		}
	}
	if err := json.Unmarshal([]byte(out), &tp); err != nil {
		t.Fatal(err)
	}
	var changed []string
	for _, f := range tp.Files {
		if f.Plan.HasChanges() {
			changed = append(changed, f.File)
		}
	}
	if want := filepath.Join(dir, "default", "production.json"); len(changed) != 1 || changed[0] != want {
		t.Fatalf("files with changes: %v, want %s alone\n%s", changed, want, out)
	}
	s.treeApply(t, dir, ExitOK)
	s.treePlanCode(t, dir, ExitOK)
}

// treeRemoved: old-banner removed from every file and checkout-v2
// renamed checkout-v3: without -prune the old flags are left out and
// kept, with a rename hint; with -prune (a saved plan) they are archived.
func treeRemoved(t *testing.T, s *treeServer, dir string) {
	editJSON(t, dir, "default", func(env string, ex map[string]any) { without(ex, "old-banner") })
	edit(t, dir, "default", func(env, content string) string { return strings.ReplaceAll(content, "checkout-v2", "checkout-v3") })
	out := s.treePlanCode(t, dir, ExitChanges)
	for _, want := range []string{"old-banner: left out: kept", "checkout-v2: left out: kept", "+ checkout-v3: renamed from checkout-v2?", "+ checkout-v3\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("plan without -prune: no %q:\n%s", want, out)
		}
	}
	s.treeApply(t, dir, ExitOK)
	if got := s.projectFeatures(t, "default"); !slices.Contains(got, "old-banner") || !slices.Contains(got, "checkout-v2") || !slices.Contains(got, "checkout-v3") {
		t.Errorf("after apply without -prune: %v", got)
	}
	out = s.treePlanCode(t, dir, ExitChanges)
	if !strings.Contains(out, "2 left out (kept)") {
		t.Errorf("the left-out flags after apply:\n%s", out)
	}
	planFile := filepath.Join(s.dir, "prune-plan.json")
	out = s.treePlanCode(t, dir, ExitChanges, "-prune", "-out", planFile)
	if !strings.Contains(out, "- old-banner: archived") || !strings.Contains(out, "2 to archive") {
		t.Errorf("plan -prune:\n%s", out)
	}
	out = s.treeApply(t, planFile, ExitOK)
	if !strings.Contains(out, `Archived in project default: 2 features (checkout-v2, old-banner)`) {
		t.Errorf("apply of the pruning plan:\n%s", out)
	}
	if got := s.projectFeatures(t, "default"); slices.Contains(got, "old-banner") || slices.Contains(got, "checkout-v2") {
		t.Errorf("after apply of the pruning plan: %v", got)
	}
	s.treePlanCode(t, dir, ExitOK, "-prune")
}

// treeDrift: a change made in the UI shows as drift (exit 2) naming the
// flag; a saved tree plan goes stale when the instance changes again;
// apply DIR puts the instance back.
func treeDrift(t *testing.T, s *treeServer, dir string) {
	s.do(t, "PATCH", "/api/admin/projects/default/features/search", `[{"op":"replace","path":"/description","value":"changed in the UI"}]`)
	out := s.treePlanCode(t, dir, ExitChanges)
	if !strings.Contains(out, "~ search") || !strings.Contains(out, `"changed in the UI"`) {
		t.Errorf("drift:\n%s", out)
	}
	planFile := filepath.Join(s.dir, "drift-plan.json")
	s.treePlanCode(t, dir, ExitChanges, "-out", planFile)
	s.do(t, "POST", "/api/admin/projects/"+s.second+"/features/shop-a/environments/development/strategies", `{"name":"default","title":"sneaked in"}`)
	out = s.treeApply(t, planFile, ExitFindings)
	if !strings.Contains(out, "is stale") || !strings.Contains(out, `"shop-a"`) {
		t.Errorf("a stale tree plan:\n%s", out)
	}
	s.treeApply(t, dir, ExitOK)
	s.treePlanCode(t, dir, ExitOK)
}

// treeRefusedPrune: a prune that would archive a parent of a kept flag is
// refused, and so is one outside default on an open-source instance that
// refuses it (6.x and later); apply changes nothing.
func treeRefusedPrune(t *testing.T, s *treeServer, dir string) {
	saved := treeFiles(t, dir)
	defer func() {
		for rel, content := range saved {
			_ = os.WriteFile(filepath.Join(dir, rel), []byte(content), 0o644)
		}
	}()
	// parent-flag leaves the files; child-flag keeps depending on it.
	editJSON(t, dir, "default", func(env string, ex map[string]any) { without(ex, "parent-flag") })
	out := s.treePlanCode(t, dir, ExitFindings, "-prune")
	if !strings.Contains(out, `"child-flag" depends on "parent-flag", which would be archived`) {
		t.Errorf("prune of a parent:\n%s", out)
	}
	before := s.projectFeatures(t, "default")
	out = s.treeApply(t, dir, ExitFindings, "-prune")
	if !strings.Contains(out, "nothing was imported") {
		t.Errorf("apply -prune of a parent:\n%s", out)
	}
	if after := s.projectFeatures(t, "default"); !slices.Equal(before, after) {
		t.Errorf("the refused prune changed the instance: %v -> %v", before, after)
	}
	for rel, content := range saved {
		_ = os.WriteFile(filepath.Join(dir, rel), []byte(content), 0o644)
	}
	// shop-b leaves the files of the second project.
	editJSON(t, dir, s.second, func(env string, ex map[string]any) { without(ex, "shop-b") })
	if !s.prof.AdminAPI.ArchiveDefaultOnly {
		out := s.treeApply(t, dir, ExitOK, "-prune")
		if !strings.Contains(out, "Archived in project "+s.second+": 1 feature (shop-b)") {
			t.Errorf("apply -prune in %s on %s:\n%s", s.second, s.version, out)
		}
		return
	}
	out = s.treePlanCode(t, dir, ExitFindings, "-prune")
	if !strings.Contains(out, "refuses (403) a personal access token archiving outside the project default") {
		t.Errorf("prune outside default:\n%s", out)
	}
	s.treeApply(t, dir, ExitFindings, "-prune")
	if got := s.projectFeatures(t, s.second); !slices.Contains(got, "shop-b") {
		t.Errorf("the refused prune archived shop-b: %v", got)
	}
}

// treeOverLimit: a project of 1 200 features, whose file is over the
// request limit, is planned in several imports and applied completely.
func treeOverLimit(t *testing.T, s *treeServer, dir string) {
	ctx := context.Background()
	if err := s.Cluster.Exec(ctx, s.Database, `INSERT INTO projects (id, name) VALUES ('big', 'Big');
INSERT INTO project_settings (project, project_mode) VALUES ('big', 'open');
INSERT INTO project_environments (project_id, environment_name) VALUES ('big', 'development');`); err != nil {
		t.Fatal(err)
	}
	var features, strategies []string
	for i := range 1200 {
		name := fmt.Sprintf("big-%04d", i)
		features = append(features, fmt.Sprintf(`{"name":%q,"project":"big","description":%q}`, name, strings.Repeat("d", 300)))
		strategies = append(strategies, fmt.Sprintf(`{"name":"flexibleRollout","featureName":%q,"sortOrder":0,"parameters":{"rollout":"%d","stickiness":"default","groupId":%q}}`, name, i%100, name))
	}
	file := `{"features":[` + strings.Join(features, ",") + `],"featureStrategies":[` + strings.Join(strategies, ",") + `],"tagTypes":[]}`
	if err := os.MkdirAll(filepath.Join(dir, "big"), 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "big", "development.json")
	if err := os.WriteFile(path, []byte(file), 0o644); err != nil {
		t.Fatal(err)
	}
	out := s.treePlanCode(t, dir, ExitChanges)
	if !strings.Contains(out, "it is sent in 2 imports") && !strings.Contains(out, "it is sent in 3 imports") {
		t.Fatalf("the plan of the big file:\n%s", out)
	}
	out = s.treeApply(t, dir, ExitOK)
	if !strings.Contains(out, "Imported "+path+" (import 1 of 2)") || !strings.Contains(out, "Applied "+path) {
		t.Errorf("apply of the big file:\n%s", out)
	}
	if got := s.projectFeatures(t, "big"); len(got) != 1200 {
		t.Errorf("%d features in project big, want 1200", len(got))
	}
	s.treePlanCode(t, dir, ExitOK)
}
