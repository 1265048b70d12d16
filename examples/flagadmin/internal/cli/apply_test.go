package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
	"github.com/flagadmin/flagadmin/internal/testharness/unleashtest"
)

// eaServer is the real Unleash 8.2.0 that the export and apply tests run
// on, with an admin user's personal access token (imports need one).
type eaServer struct {
	*unleashtest.Server
	pat, patFile, adminFile string
	dir                     string
}

// run runs flagadmin with args, stdin and the environment vars.
func run(stdin io.Reader, vars map[string]string, args ...string) (int, string, string) {
	var stdout, stderr bytes.Buffer
	if stdin == nil {
		stdin = strings.NewReader("")
	}
	code := Main(context.Background(), args, Env{Stdin: stdin, Stdout: &stdout, Stderr: &stderr, Getenv: testutil.Env(vars)})
	return code, stdout.String(), stderr.String()
}

// the starting state: three features of project default in development,
// one with two ordered strategies (a constraint, a segment, strategy
// variants), feature variants, tags, a link and a parent.
const eaStart = `{"project":"default","environment":"development","data":{
 "features":[{"name":"ea-checkout","description":"Checkout","type":"release","project":"default"},
  {"name":"ea-search","type":"experiment","project":"default"},{"name":"ea-parent","project":"default"}],
 "featureStrategies":[
  {"name":"flexibleRollout","featureName":"ea-checkout","title":"eu half","sortOrder":0,
   "parameters":{"rollout":"50","stickiness":"default","groupId":"ea-checkout"},
   "constraints":[{"contextName":"region","operator":"IN","values":["eu"]}],"segments":[1],
   "variants":[{"name":"blue","weight":1000,"weightType":"variable","stickiness":"default"}]},
  {"name":"default","featureName":"ea-checkout","title":"everyone else","sortOrder":1},
  {"name":"remoteAddress","featureName":"ea-search","parameters":{"IPs":"10.0.0.1"}},
  {"name":"default","featureName":"ea-parent"}],
 "featureEnvironments":[{"name":"ea-checkout","featureName":"ea-checkout","enabled":true,
   "variants":[{"name":"a","weight":500,"weightType":"variable","stickiness":"default"},{"name":"b","weight":500,"weightType":"variable","stickiness":"default"}]},
  {"name":"ea-search","featureName":"ea-search","enabled":false},{"name":"ea-parent","featureName":"ea-parent","enabled":true}],
 "contextFields":[{"name":"region","legalValues":[{"value":"eu"},{"value":"us"}]}],
 "featureTags":[{"featureName":"ea-checkout","tagType":"team","tagValue":"web"},{"featureName":"ea-search","tagType":"team","tagValue":"core"}],
 "segments":[{"id":1,"name":"beta-users"}],
 "tagTypes":[{"name":"team"}],
 "dependencies":[{"feature":"ea-search","dependencies":[{"feature":"ea-parent"}]}],
 "links":[{"feature":"ea-checkout","links":[{"url":"https://example.com/checkout","title":"docs"}]}]}}`

// startEA brings s, a server on the dump, to the starting state with a
// new personal access token of the admin user.
func startEA(t *testing.T, s *unleashtest.Server) *eaServer {
	t.Helper()
	ctx := context.Background()
	pat, err := s.AdminPersonalToken(ctx)
	if err != nil {
		t.Fatal(err)
	}
	e := &eaServer{Server: s, pat: pat, dir: t.TempDir()}
	e.patFile = testutil.WriteFile(t, e.dir, "pat", pat+"\n")
	e.adminFile = testutil.WriteFile(t, e.dir, "admin-token", s.AdminToken+"\n")
	// The dump holds the segment beta-users (id 1) and the tag type team.
	e.do(t, "POST", "/api/admin/segments", `{"name":"gamma","constraints":[{"contextName":"userId","operator":"IN","values":["2"]}]}`)
	if _, err := s.Do(ctx, "POST", "/api/admin/features-batch/import", pat, []byte(eaStart)); err != nil {
		t.Fatal(err)
	}
	return e
}

// do sends a request with the admin API token and fails t on an error.
func (e *eaServer) do(t *testing.T, method, path, body string) []byte {
	t.Helper()
	var b []byte
	if body != "" {
		b = []byte(body)
	}
	out, err := e.Do(context.Background(), method, path, "", b)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	return out
}

// export runs flagadmin export with args and returns the file.
func (e *eaServer) export(t *testing.T, args ...string) string {
	t.Helper()
	code, out, errOut := run(nil, nil, append([]string{"export", "-unleash", e.URL, "-token-file", e.patFile}, args...)...)
	if code != ExitOK {
		t.Fatalf("export %v: exit %d\n%s", args, code, errOut)
	}
	return out
}

// file writes content to a new file of the test's directory.
func (e *eaServer) file(t *testing.T, name, content string) string {
	t.Helper()
	return testutil.WriteFile(t, e.dir, name, content)
}

// apply runs flagadmin apply with the PAT, -auto-approve and args.
func (e *eaServer) apply(t *testing.T, stdin io.Reader, args ...string) (int, string, string) {
	t.Helper()
	return run(stdin, nil, append([]string{"apply", "-token-file", e.patFile}, args...)...)
}

// planOut saves the plan of file (a body) to a plan file and returns it.
func (e *eaServer) planOut(t *testing.T, file string) string {
	t.Helper()
	out := filepath.Join(e.dir, fmt.Sprintf("plan-%d.json", time.Now().UnixNano()))
	code, stdout, errOut := run(nil, nil, "plan", "-unleash", e.URL, "-token-file", e.patFile, "-out", out, file)
	if code != ExitOK {
		t.Fatalf("plan -out %s: exit %d\n%s%s", file, code, stdout, errOut)
	}
	return out
}

// planCode is the exit code of plan -detailed-exitcode of file, and its
// output.
func (e *eaServer) planCode(t *testing.T, file string, args ...string) (int, string) {
	t.Helper()
	code, out, errOut := run(nil, nil, append([]string{"plan", "-detailed-exitcode", "-unleash", e.URL, "-token-file", e.patFile}, append(args, file)...)...)
	return code, out + errOut
}

// TestExportApply runs export, plan -out and apply on the real Unleash
// 8.2.0 on the dump, into its project default (the dump's features and
// the test's). Its tests run in two groups side by side, each on a
// server of its own (the plan that apply checks again reads the whole
// instance, such as its count of features, so two applies must not run
// at once on one server): on the package's shared server export, apply
// and the plan's guards, after the tests that read the dump's state
// (t.Parallel: after every test of the package that is not parallel);
// and the order of strategies; on a second server, started early by
// TestMain, the tests that mostly wait (a terminal, an import that does
// not answer).
// The rounds of generated edits and every kind of stale plan are long
// tests (FLAGADMIN_LONG=1, .ci/long), and so are the repeats of a path
// that the quick suite proves once: the rounds of equal sort orders
// after the first, the gateway's answers of an unknown outcome, the
// empty answer at the prompt. Last on the shared server, the tree tests
// (tree_test.go) run with the dump's projects.
func TestExportApply(t *testing.T) {
	t.Parallel()
	t.Run("shared server", func(t *testing.T) {
		t.Parallel()
		e := startEA(t, unleash.Need(t))
		t.Run("export is stable", func(t *testing.T) { exportStable(t, e) })
		t.Run("export then apply changes nothing", func(t *testing.T) { exportApplyNothing(t, e) })
		t.Run("admin token refused before anything is sent", func(t *testing.T) { adminTokenRefused(t, e) })
		t.Run("generated edits are applied as planned", func(t *testing.T) { testutil.SkipUnlessLong(t); generatedEdits(t, e) })
		t.Run("a stale plan is refused", func(t *testing.T) { testutil.SkipUnlessLong(t); stalePlans(t, e) })
		t.Run("a refused import changes nothing", func(t *testing.T) { refusedImport(t, e) })
		t.Run("promotion between environments", func(t *testing.T) { promotion(t, e) })
		t.Run("racing applies", func(t *testing.T) { racingApplies(t, e) })
		t.Run("edited plan files", func(t *testing.T) { editedPlanFiles(t, e) })
		t.Run("file names escaped", func(t *testing.T) { escapedNames(t, e) })
		t.Run("a changed segment makes a plan stale", func(t *testing.T) { segmentChanged(t, e) })
		t.Run("a body over the request limit", func(t *testing.T) { overLimit(t, e) })
		t.Run("strategies of equal sort order are applied in the plan's order", func(t *testing.T) { tiesApplied(t, e) })
		// Last: the tree of every project, with the dump's project other.
		t.Run("a tree of exports", func(t *testing.T) { treeTests(t, onTree(t, e, "other")) })
	})
	t.Run("own server", func(t *testing.T) {
		t.Parallel()
		e := startEA(t, unleashtest.TakeForTest(t, unleashBeside))
		t.Run("confirmation", func(t *testing.T) { confirmation(t, e) })
		t.Run("an import of unknown outcome is read until it tells", func(t *testing.T) { unknownOutcomes(t, e) })
		t.Run("interrupt at the prompt", func(t *testing.T) { interruptAtPrompt(t, e) })
		t.Run("progress on a terminal", func(t *testing.T) { progressOnTerminal(t, e) })
	})
}

// exportStable: two exports of the unchanged instance are the same
// bytes; so is one after updates that write the same values again (which
// reorder Unleash's own export); the ids come only with -ids; each
// selection exports what it says.
func exportStable(t *testing.T, e *eaServer) {
	e.do(t, "PUT", "/api/admin/tag-types/team", `{"name":"team","description":"Teams","icon":"people"}`)
	first := e.export(t, "-environment", "development", "-project", "default")
	if again := e.export(t, "-environment", "development", "-project", "default"); again != first {
		t.Fatalf("two exports differ:\n%s\n%s", first, again)
	}
	// Write the tag type and a strategy again with their own values.
	e.do(t, "PUT", "/api/admin/tag-types/team", `{"name":"team","description":"Teams","icon":"people"}`)
	var strategies []struct {
		ID, Name   string
		Parameters map[string]string
	}
	if err := json.Unmarshal(e.do(t, "GET", "/api/admin/projects/default/features/ea-search/environments/development/strategies", ""), &strategies); err != nil || len(strategies) != 1 {
		t.Fatalf("strategies of ea-search: %v %v", err, strategies)
	}
	e.do(t, "PUT", "/api/admin/projects/default/features/ea-search/environments/development/strategies/"+strategies[0].ID,
		`{"name":"remoteAddress","parameters":{"IPs":"10.0.0.1"},"constraints":[],"segments":[]}`)
	if again := e.export(t, "-environment", "development", "-project", "default"); again != first {
		t.Fatalf("an export after writing the same values differs:\n%s\n%s", first, again)
	}
	if strings.Contains(first, `"id": "`) {
		t.Error("an export without -ids holds string ids")
	}
	withIDs := e.export(t, "-environment", "development", "-project", "default", "-ids")
	if !strings.Contains(withIDs, `"id": "`) {
		t.Error("-ids kept no id")
	}
	// The order of ea-checkout's strategies is the evaluation order.
	if i, j := strings.Index(first, `"eu half"`), strings.Index(first, `"everyone else"`); i < 0 || j < i {
		t.Errorf("ea-checkout's strategies are not in their order")
	}
	tagged := e.export(t, "-environment", "development", "-tag", "team:core")
	if !strings.Contains(tagged, `"ea-search"`) || strings.Contains(tagged, `"name": "ea-checkout"`) {
		t.Errorf("-tag team:core:\n%s", tagged)
	}
	if none := e.export(t, "-environment", "development", "-tag", "other:core"); strings.Contains(none, "ea-search") {
		t.Errorf("-tag other:core exported ea-search:\n%s", none)
	}
	named := e.export(t, "-environment", "development", "-features", "ea-parent,ea-search")
	if !strings.Contains(named, `"ea-parent"`) || strings.Contains(named, `"name": "ea-checkout"`) {
		t.Errorf("-features:\n%s", named)
	}
	for _, c := range []struct {
		args []string
		code int
		says string
	}{
		{[]string{"-environment", "development", "-features", "ea-parent,no-such"}, ExitFindings, `no such feature: "no-such"`},
		{[]string{"-environment", "nowhere", "-project", "default"}, ExitFindings, `no environment "nowhere"`},
		{[]string{"-environment", "development", "-project", "nope"}, ExitFindings, "no such project"},
		{[]string{"-environment", "development"}, ExitUsage, "exactly one of"},
		{[]string{"-environment", "development", "-tag", "core"}, ExitUsage, "TYPE:VALUE"},
	} {
		code, _, errOut := run(nil, nil, append([]string{"export", "-unleash", e.URL, "-token-file", e.patFile}, c.args...)...)
		if code != c.code || !strings.Contains(errOut, c.says) {
			t.Errorf("export %v: exit %d, want %d with %q:\n%s", c.args, code, c.code, c.says, errOut)
		}
	}
}

// exportApplyNothing: the export, applied, is an empty plan, and nothing
// is imported: a new export is the same bytes. With or without ids, the
// file validates and plans the same.
func exportApplyNothing(t *testing.T, e *eaServer) {
	before := e.export(t, "-environment", "development", "-project", "default")
	// Without the sort orders (the Export button's file), the import
	// would move a strategy, and the plan says so.
	unsorted := e.file(t, "unsorted.json", e.export(t, "-environment", "development", "-project", "default", "-sort-order=false"))
	if code, out := e.planCode(t, unsorted, "-project", "default", "-environment", "development"); code != ExitChanges || !strings.Contains(out, "position: 1 -> 2") {
		t.Errorf("plan of the export without sort orders: exit %d\n%s", code, out)
	}
	for _, args := range [][]string{{}, {"-ids"}} {
		file := e.file(t, "export.json", e.export(t, append([]string{"-environment", "development", "-project", "default"}, args...)...))
		if code, out := e.planCode(t, file, "-project", "default", "-environment", "development"); code != ExitOK {
			t.Errorf("plan of the export %v: exit %d\n%s", args, code, out)
		}
		code, out, errOut := e.apply(t, nil, "-unleash", e.URL, "-auto-approve", "-project", "default", "-environment", "development", file)
		if code != ExitOK || !strings.Contains(out, "No changes. Nothing to import.") {
			t.Errorf("apply of the export %v: exit %d\n%s%s", args, code, out, errOut)
		}
	}
	body := e.file(t, "body.json", e.export(t, "-environment", "development", "-project", "default", "-body"))
	planFile := e.planOut(t, body)
	if code, out, errOut := e.apply(t, nil, "-unleash", e.URL, "-auto-approve", planFile); code != ExitOK || !strings.Contains(out, "No changes") {
		t.Errorf("apply of the saved plan of the export: exit %d\n%s%s", code, out, errOut)
	}
	if after := e.export(t, "-environment", "development", "-project", "default"); after != before {
		t.Errorf("the instance changed:\n%s\n%s", before, after)
	}
}

// adminTokenRefused: apply with an admin API token is refused with the
// reason and what to use, after one request (who the token is), before
// any import or other read.
func adminTokenRefused(t *testing.T, e *eaServer) {
	p := unleashtest.NewProxy(t, e.URL)
	body := e.file(t, "new.json", strings.Replace(eaStart, `"ea-parent","project":"default"}]`, `"ea-parent","project":"default"},{"name":"ea-admin-only"}]`, 1))
	code, out, errOut := run(nil, nil, "apply", "-unleash", p.URL, "-token-file", e.adminFile, "-auto-approve", body)
	if code != ExitFindings || !strings.Contains(errOut, "admin API token cannot import") || !strings.Contains(errOut, "personal access token") {
		t.Errorf("exit %d\n%s%s", code, out, errOut)
	}
	if n := p.Requests("/api/admin/features-batch/import"); n != 0 || p.Total() != 1 || p.Requests("/api/admin/user") != 1 {
		t.Errorf("%d imports sent, %d requests in all, %d to /api/admin/user; want 0, 1, 1", n, p.Total(), p.Requests("/api/admin/user"))
	}
	if strings.Contains(errOut+out, e.AdminToken) {
		t.Error("the token was printed")
	}
}

// mutate applies a few random edits to the data of an import body.
func mutate(t *testing.T, r *rand.Rand, body string, round int) string {
	t.Helper()
	var b map[string]any
	if err := json.Unmarshal([]byte(body), &b); err != nil {
		t.Fatal(err)
	}
	d := b["data"].(map[string]any)
	list := func(k string) []any { l, _ := d[k].([]any); return l }
	features := list("features")
	pickFeature := func() map[string]any { return features[r.IntN(len(features))].(map[string]any) }
	strategiesOf := func(name string) []map[string]any {
		var out []map[string]any
		for _, s := range list("featureStrategies") {
			if m := s.(map[string]any); m["featureName"] == name {
				out = append(out, m)
			}
		}
		return out
	}
	edits := 2 + r.IntN(3)
	for range edits {
		switch r.IntN(8) {
		case 0:
			pickFeature()["description"] = fmt.Sprintf("edited %d", r.IntN(1000))
		case 1:
			fes := list("featureEnvironments")
			fe := fes[r.IntN(len(fes))].(map[string]any)
			fe["enabled"] = !(fe["enabled"] == true)
		case 2:
			f := pickFeature()["name"].(string)
			d["featureStrategies"] = append(list("featureStrategies"), map[string]any{"name": "flexibleRollout", "featureName": f,
				"title": fmt.Sprintf("added %d", r.IntN(1000)), "parameters": map[string]any{"rollout": strconv.Itoa(10 + r.IntN(80)), "stickiness": "default", "groupId": f},
				"constraints": []any{map[string]any{"contextName": "region", "operator": "IN", "values": []any{"us"}}},
				"sortOrder":   10 + r.IntN(10)})
		case 3:
			f := pickFeature()["name"].(string)
			if ss := strategiesOf(f); len(ss) > 1 {
				drop := ss[r.IntN(len(ss))]
				var kept []any
				for _, s := range list("featureStrategies") {
					if s.(map[string]any)["featureName"] != f || !strings.EqualFold(fmt.Sprint(s), fmt.Sprint(drop)) {
						kept = append(kept, s)
					}
				}
				d["featureStrategies"] = kept
			}
		case 4:
			f := pickFeature()["name"].(string)
			if ss := strategiesOf(f); len(ss) > 1 {
				ss[0]["sortOrder"], ss[len(ss)-1]["sortOrder"] = ss[len(ss)-1]["sortOrder"], ss[0]["sortOrder"]
			}
		case 5:
			f := pickFeature()["name"].(string)
			d["featureTags"] = append(list("featureTags"), map[string]any{"featureName": f, "tagType": "team", "tagValue": fmt.Sprintf("t%d", 10+r.IntN(90))})
		case 6:
			name := fmt.Sprintf("ea-new-%d-%d", round, r.IntN(1000))
			d["features"] = append(list("features"), map[string]any{"name": name, "type": "release", "project": "default", "description": "new"})
			features = list("features")
			d["featureStrategies"] = append(list("featureStrategies"), map[string]any{"name": "flexibleRollout", "featureName": name,
				"parameters": map[string]any{"rollout": "30", "stickiness": "default", "groupId": name}, "segments": []any{}, "sortOrder": 0})
			d["featureEnvironments"] = append(list("featureEnvironments"), map[string]any{"name": name, "featureName": name, "enabled": true,
				"variants": []any{map[string]any{"name": "x", "weight": 1000, "weightType": "variable", "stickiness": "default"}}})
		case 7:
			for _, s := range list("featureStrategies") {
				if m := s.(map[string]any); m["name"] == "flexibleRollout" {
					m["parameters"].(map[string]any)["rollout"] = strconv.Itoa(1 + r.IntN(99))
					break
				}
			}
		}
	}
	out, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// generatedEdits: for edits of the exported body, plan -out then apply:
// apply says the instance matches the plan (it compares them aspect by
// aspect), and a fresh plan of the same file is empty.
func generatedEdits(t *testing.T, e *eaServer) {
	r := rand.New(rand.NewPCG(7, 11))
	for i := range 5 {
		body := e.export(t, "-environment", "development", "-project", "default", "-body")
		edited := e.file(t, fmt.Sprintf("edited-%d.json", i), mutate(t, r, body, i))
		planFile := e.planOut(t, edited)
		code, out, errOut := e.apply(t, nil, "-unleash", e.URL, "-auto-approve", planFile)
		switch {
		case code == ExitOK && strings.Contains(out, "No changes"):
			t.Logf("case %d: the edits changed nothing", i)
		case code != ExitOK || !strings.Contains(out, "the instance now matches the plan"):
			t.Fatalf("case %d: apply: exit %d\n%s%s", i, code, out, errOut)
		}
		if code, out := e.planCode(t, edited); code != ExitOK {
			t.Errorf("case %d: a fresh plan after apply: exit %d\n%s", i, code, out)
		}
	}
}

// stalePlans: for each kind of state a plan depends on, a change made
// between plan -out and apply makes apply refuse the plan, naming the
// change, and import nothing.
func stalePlans(t *testing.T, e *eaServer) {
	base := e.export(t, "-environment", "development", "-project", "default", "-body")
	edit := func(f func(d map[string]any)) string {
		var b map[string]any
		if err := json.Unmarshal([]byte(base), &b); err != nil {
			t.Fatal(err)
		}
		f(b["data"].(map[string]any))
		out, _ := json.Marshal(b)
		return string(out)
	}
	addFeature := func(name string, extra func(d map[string]any)) func(d map[string]any) {
		return func(d map[string]any) {
			d["features"] = append(d["features"].([]any), map[string]any{"name": name, "project": "default"})
			if extra != nil {
				extra(d)
			}
		}
	}
	var segID float64
	var segs struct {
		Segments []struct {
			ID   float64
			Name string
		}
	}
	_ = json.Unmarshal(e.do(t, "GET", "/api/admin/segments", ""), &segs)
	for _, s := range segs.Segments {
		if s.Name == "gamma" {
			segID = s.ID
		}
	}
	for _, c := range []struct {
		name   string
		file   func(d map[string]any)
		change func()
		says   string
	}{
		{"a feature's configuration", addFeature("ea-stale-1", nil), func() {
			e.do(t, "PATCH", "/api/admin/projects/default/features/ea-search", `[{"op":"replace","path":"/description","value":"changed"}]`)
		}, `feature "ea-search" in "development": description changed`},
		{"a feature's strategies", addFeature("ea-stale-2", nil), func() {
			e.do(t, "POST", "/api/admin/projects/default/features/ea-parent/environments/development/strategies", `{"name":"default","title":"sneaked in"}`)
		}, `feature "ea-parent" in "development": strategies changed`},
		{"a feature the plan creates", addFeature("ea-stale-3", nil), func() {
			e.do(t, "POST", "/api/admin/projects/default/features", `{"name":"ea-stale-3"}`)
		}, `feature "ea-stale-3": created`},
		{"a segment", addFeature("ea-stale-4", func(d map[string]any) {
			d["segments"] = append(d["segments"].([]any), map[string]any{"id": segID, "name": "gamma"})
			d["featureStrategies"] = append(d["featureStrategies"].([]any), map[string]any{"name": "default", "featureName": "ea-stale-4", "segments": []any{segID}})
		}), func() {
			e.do(t, "DELETE", "/api/admin/segments/"+strconv.FormatFloat(segID, 'f', -1, 64), "")
		}, `segment "gamma": deleted`},
		{"a context field", addFeature("ea-stale-5", nil), func() {
			e.do(t, "PUT", "/api/admin/context/region", `{"name":"region","legalValues":[{"value":"eu"},{"value":"us"},{"value":"apac"}]}`)
		}, `context field "region": legalValues`},
		{"a tag type", addFeature("ea-stale-6", func(d map[string]any) {
			d["tagTypes"] = append(d["tagTypes"].([]any), map[string]any{"name": "squad"})
			d["featureTags"] = append(d["featureTags"].([]any), map[string]any{"featureName": "ea-stale-6", "tagType": "squad", "tagValue": "blue"})
		}), func() {
			e.do(t, "POST", "/api/admin/tag-types", `{"name":"squad"}`)
		}, `tag type "squad": created`},
		{"the project's default strategy", addFeature("ea-stale-7", func(d map[string]any) {
			d["featureEnvironments"] = append(d["featureEnvironments"].([]any), map[string]any{"name": "ea-stale-7", "featureName": "ea-stale-7", "enabled": true})
		}), func() {
			e.do(t, "POST", "/api/admin/projects/default/environments/development/default-strategy",
				`{"name":"flexibleRollout","constraints":[],"parameters":{"rollout":"25","stickiness":"default","groupId":""},"segments":[]}`)
		}, `default strategy in "development"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			file := e.file(t, "stale.json", edit(c.file))
			planFile := e.planOut(t, file)
			c.change()
			before := e.export(t, "-environment", "development", "-project", "default")
			code, out, errOut := e.apply(t, nil, "-unleash", e.URL, "-auto-approve", planFile)
			if code != ExitFindings || !strings.Contains(errOut, "is stale") || !strings.Contains(errOut, c.says) {
				t.Errorf("exit %d, want %d naming %q:\n%s%s", code, ExitFindings, c.says, out, errOut)
			}
			if after := e.export(t, "-environment", "development", "-project", "default"); after != before {
				t.Errorf("the stale plan changed the instance")
			}
		})
	}
}

// refusedImport: an import Unleash refuses in its last step (a parent
// that has a parent: a check neither the validation nor the plan makes),
// after updating a feature in an earlier step, changes nothing, and
// apply says so; a connection dropped before the import arrives, the
// same.
func refusedImport(t *testing.T, e *eaServer) {
	base := e.export(t, "-environment", "development", "-project", "default", "-body")
	var b map[string]any
	if err := json.Unmarshal([]byte(base), &b); err != nil {
		t.Fatal(err)
	}
	d := b["data"].(map[string]any)
	for _, f := range d["features"].([]any) {
		if m := f.(map[string]any); m["name"] == "ea-checkout" {
			m["description"] = "refused with the rest"
		}
	}
	// ea-checkout gets ea-search as parent, which has a parent itself.
	d["dependencies"] = append(d["dependencies"].([]any), map[string]any{"feature": "ea-checkout", "dependencies": []any{map[string]any{"feature": "ea-search"}}})
	raw, _ := json.Marshal(b)
	file := e.file(t, "transitive.json", string(raw))
	before := e.export(t, "-environment", "development", "-project", "default")
	code, out, errOut := e.apply(t, nil, "-unleash", e.URL, "-auto-approve", file)
	switch {
	case code == ExitFindings && strings.Contains(errOut, "nothing was imported"):
		t.Logf("refused before the import:\n%s", errOut)
	case code != ExitImportFailed || !strings.Contains(errOut, "nothing was changed (Unleash imports a file in one transaction)"):
		t.Errorf("exit %d\n%s%s", code, out, errOut)
	}
	if after := e.export(t, "-environment", "development", "-project", "default"); after != before {
		t.Errorf("the refused import changed the instance:\n%s", after)
	}

	p := unleashtest.NewProxy(t, e.URL)
	p.SetFault(unleashtest.Drop("/api/admin/features-batch/import"))
	edited := strings.Replace(base, `"Checkout"`, `"dropped"`, 1)
	// The connection dropped after the import was sent: the instance
	// cannot have said, so apply reads it (twice, a second apart), and
	// says the outcome is unknown while it is as before, never that
	// nothing was changed.
	code, out, errOut = e.apply(t, nil, "-unleash", p.URL, "-auto-approve", "-outcome-wait", "1s", e.file(t, "dropped.json", edited))
	if code != ExitImportFailed || !strings.Contains(errOut, "the outcome is unknown: the instance was still as before") || strings.Contains(errOut, "nothing was changed") {
		t.Errorf("dropped: exit %d\n%s%s", code, out, errOut)
	}
}

// promotion: export from development piped into apply into production,
// then a plan of the same export against production is empty.
func promotion(t *testing.T, e *eaServer) {
	exported := e.export(t, "-environment", "development", "-project", "default")
	code, out, errOut := e.apply(t, strings.NewReader(exported), "-unleash", e.URL, "-auto-approve", "-project", "default", "-environment", "production", "-")
	if code != ExitOK || !strings.Contains(out, "the instance now matches the plan") {
		t.Fatalf("apply into production: exit %d\n%s%s", code, out, errOut)
	}
	file := e.file(t, "dev.json", exported)
	if code, out := e.planCode(t, file, "-project", "default", "-environment", "production"); code != ExitOK {
		t.Errorf("a plan of development's export against production: exit %d\n%s", code, out)
	}
	prod := e.export(t, "-environment", "production", "-project", "default")
	if strings.ReplaceAll(prod, `"production"`, `"development"`) != exported {
		t.Errorf("production's export is not development's:\n%s\n%s", exported, prod)
	}
}

// confirmation without a terminal: refused unless -auto-approve, even
// with "yes" on standard input.
func confirmation(t *testing.T, e *eaServer) {
	body := e.export(t, "-environment", "development", "-project", "default", "-body")
	file := e.file(t, "confirm.json", strings.Replace(body, `"experiment"`, `"operational"`, 1))
	code, out, errOut := e.apply(t, strings.NewReader("yes\n"), "-unleash", e.URL, file)
	if code != ExitFindings || !strings.Contains(errOut, "no terminal to confirm on") {
		t.Errorf("no terminal: exit %d\n%s%s", code, out, errOut)
	}
	devNull, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer devNull.Close()
	if code, _, errOut := e.apply(t, devNull, "-unleash", e.URL, file); code != ExitFindings || !strings.Contains(errOut, "no terminal") {
		t.Errorf("/dev/null: exit %d\n%s", code, errOut)
	}
	confirmOnTerminal(t, e, file)
}
