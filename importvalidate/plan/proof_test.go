package plan_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/importvalidate/plan"
	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
	"github.com/flagadmin/flagadmin/internal/testharness/unleashtest"
	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/model/profile"
	"github.com/flagadmin/flagadmin/unleashapi"
)

// server is a running Unleash (internal/testharness/unleashtest's Server):
// Do sends a JSON body (nil for none) with token (its admin API token
// when "") and returns the body of a 2xx answer.
type server interface {
	Do(ctx context.Context, method, path, token string, body []byte) ([]byte, error)
}

func getJSON(ctx context.Context, inst server, path string, v any) error {
	b, err := inst.Do(ctx, http.MethodGet, path, "", nil)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, v)
}

func exportRaw(ctx context.Context, inst server, names []string, env string) ([]byte, error) {
	body, _ := json.Marshal(map[string]any{"features": names, "environment": env})
	return inst.Do(ctx, http.MethodPost, "/api/admin/features-batch/export", "", body)
}

// placed is a strategy's place in the order Unleash evaluates a
// feature's strategies: by sort order, then by id.
type placed struct {
	ID        string
	SortOrder int
}

// strategyOrder reads, feature by feature (GET
// /api/admin/projects/default/features/{name}/environments/{env}/strategies,
// which shows an archived feature's too; independently of the playground
// that unleashapi reads), the ids and sort orders of the strategies in
// env of each of names, in the order Unleash evaluates them. A feature
// that does not exist is left out.
func strategyOrder(ctx context.Context, inst server, names []string, env string) (map[string][]placed, error) {
	out := make(map[string][]placed, len(names))
	for _, name := range names {
		b, err := inst.Do(ctx, http.MethodGet, "/api/admin/projects/default/features/"+url.PathEscape(name)+
			"/environments/"+url.PathEscape(env)+"/strategies", "", nil)
		if err != nil {
			if strings.Contains(err.Error(), "404") {
				continue
			}
			return nil, err
		}
		var ps []placed
		if err := json.Unmarshal(b, &ps); err != nil {
			return nil, fmt.Errorf("strategies of %s: %w", name, err)
		}
		sort.Slice(ps, func(i, j int) bool {
			return ps[i].SortOrder < ps[j].SortOrder || (ps[i].SortOrder == ps[j].SortOrder && ps[i].ID < ps[j].ID)
		})
		out[name] = ps
	}
	return out, nil
}

// enabledIn reads, feature by feature (GET
// /api/admin/projects/default/features/{name}), whether each of names is
// enabled in env: Unleash 6.x's export says the environment's enabled
// instead (its join lets the environments table's column win). A feature
// that does not exist, or is archived, is left out.
func enabledIn(ctx context.Context, inst server, names []string, env string) (map[string]bool, error) {
	out := make(map[string]bool, len(names))
	for _, name := range names {
		b, err := inst.Do(ctx, http.MethodGet, "/api/admin/projects/default/features/"+url.PathEscape(name), "", nil)
		if err != nil {
			if strings.Contains(err.Error(), "404") {
				continue
			}
			return nil, err
		}
		var f struct {
			Environments []struct {
				Name    string
				Enabled bool
			}
		}
		if err := json.Unmarshal(b, &f); err != nil {
			return nil, fmt.Errorf("feature %s: %w", name, err)
		}
		for _, e := range f.Environments {
			if e.Name == env {
				out[name] = e.Enabled
			}
		}
	}
	return out, nil
}

// byChance lists the features of order whose strategies' order is
// partly chance, which no plan can foresee: two of equal sort order
// whose ids (ULIDs) were made in the same millisecond, which Unleash
// orders by the random part of their ids; or, where the ids do not
// follow the inserts (ordered false: random UUIDs up to 6.x, and no order
// by id), any two of equal sort order, which come in the order the
// database returns them.
func byChance(order map[string][]placed, ordered bool) map[string]bool {
	out := map[string]bool{}
	for name, ps := range order {
		for i := 1; i < len(ps); i++ {
			if ps[i].SortOrder == ps[i-1].SortOrder && (!ordered || len(ps[i].ID) >= 10 && ps[i].ID[:10] == ps[i-1].ID[:10]) {
				out[name] = true
			}
		}
	}
	return out
}

// baseURL is the instance's base URL.
func baseURL(inst server) string {
	switch i := inst.(type) {
	case envInstance:
		return i.url
	case *unleashtest.Server:
		return i.URL
	}
	return ""
}

// envInstance is an instance given by the environment
// (FLAGADMIN_PLAN_UNLEASH_URL, FLAGADMIN_PLAN_UNLEASH_PAT: an admin
// user's personal access token, which also reads).
type envInstance struct{ url, token string }

func (e envInstance) Do(ctx context.Context, method, path, token string, body []byte) ([]byte, error) {
	if token == "" {
		token = e.token
	}
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, e.url+path, rd)
	if err != nil {
		return nil, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Authorization", token)
	resp, out, err := testutil.Fetch(http.DefaultClient, req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode/100 != 2 {
		return nil, fmt.Errorf("%s %s: %s: %.300s", method, path, resp.Status, out)
	}
	return out, nil
}

// target is an instance the proof runs on: its version's profile and a
// personal access token of an admin user, which imports need.
type target struct {
	inst server
	pat  string
	prof profile.Profile
}

// targets returns the instances the proof runs on, by version: the
// instance given by FLAGADMIN_PLAN_UNLEASH_URL and
// FLAGADMIN_PLAN_UNLEASH_PAT (an admin user's token, which also reads)
// when set, with the version it reports; else one the tests start for
// each version FLAGADMIN_VERSIONS selects (8.2.0 alone by default), on an
// empty database, shared with TestValidateMatchesRealImport (main_test.go).
func targets(t *testing.T) map[string]func(*testing.T) target {
	t.Helper()
	out := map[string]func(*testing.T) target{}
	if url, pat := os.Getenv("FLAGADMIN_PLAN_UNLEASH_URL"), os.Getenv("FLAGADMIN_PLAN_UNLEASH_PAT"); url != "" && pat != "" {
		c, err := unleashapi.New(url, pat, unleashapi.Options{})
		if err != nil {
			t.Fatal(err)
		}
		r, err := c.Profile(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		out[r.Version] = func(*testing.T) target { return target{envInstance{url: url, token: pat}, pat, r.Profile} }
		return out
	}
	for _, v := range proofVersions(t, "FLAGADMIN_PLAN_PROOF_CASES") {
		out[v] = func(t *testing.T) target {
			t.Helper()
			r, err := profile.Resolve(v, profile.FromInstance)
			if err != nil {
				t.Fatal(err)
			}
			s := unleash.Need(t, v)
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			pat, err := s.AdminPersonalToken(ctx)
			if err != nil {
				t.Fatal(err)
			}
			return target{s, pat, r.Profile}
		}
	}
	return out
}

// prepare gives the instance what the generated files refer to: the
// context field region, the segment beta-users, the tag type team.
func prepare(ctx context.Context, t *testing.T, inst server) (segmentID float64) {
	t.Helper()
	post := func(path, body string) {
		if _, err := inst.Do(ctx, http.MethodPost, path, "", []byte(body)); err != nil && !strings.Contains(err.Error(), "409") {
			t.Logf("prepare %s: %v", path, err)
		}
	}
	post("/api/admin/context", `{"name":"region","legalValues":[{"value":"eu"},{"value":"us"}]}`)
	post("/api/admin/tag-types", `{"name":"team"}`)
	post("/api/admin/segments", `{"name":"beta-users","constraints":[{"contextName":"userId","operator":"IN","values":["1","2"]}]}`)
	var segs struct {
		Segments []struct {
			ID   float64
			Name string
		}
	}
	if err := getJSON(ctx, inst, "/api/admin/segments", &segs); err != nil {
		t.Fatal(err)
	}
	for _, s := range segs.Segments {
		if s.Name == "beta-users" {
			return s.ID
		}
	}
	t.Fatal("no segment beta-users")
	return 0
}

// TestPlanMatchesRealImport computes the plan of generated files over
// generated starting states, applies the real import, exports the same
// features again and checks that the features the plan calls update
// differ in exactly the aspects it names, that the others do not differ
// at all, and that a plan right after the import says unchanged. The
// strategies are compared in the order Unleash evaluates them, read from
// the instance (strategyOrder), except where two of equal sort order were
// inserted in the same millisecond, whose order their ids' random part
// decides (byChance).
// FLAGADMIN_PLAN_PROOF_CASES sets the number of cases (default 3, 8 in
// the long tests) and FLAGADMIN_PLAN_PROOF_SEED the seed (default 1;
// "random" for a new one each run), for a longer randomized run in a CI
// stage of its own:
//
//	FLAGADMIN_PLAN_PROOF_CASES=300 FLAGADMIN_PLAN_PROOF_SEED=random \
//	    go test ./importvalidate/plan -run TestPlanMatchesRealImport
func TestPlanMatchesRealImport(t *testing.T) {
	cases, seed := proofRun(t, "FLAGADMIN_PLAN_PROOF_CASES", testutil.Sized(3, 8), "FLAGADMIN_PLAN_PROOF_SEED")
	tgs := targets(t)
	for _, v := range slices.Sorted(maps.Keys(tgs)) {
		t.Run(v, func(t *testing.T) { proveVersion(t, tgs[v](t), seed, cases) })
	}
}

// proveVersion runs the proof's cases on one instance, with plans made
// for its version's profile.
func proveVersion(t *testing.T, tg target, seed uint64, cases int) {
	inst, pat := tg.inst, tg.pat
	// About 20 s a case on a busy machine, each file validated over the
	// instance too.
	ctx, cancel := context.WithTimeout(context.Background(), max(20*time.Minute, time.Duration(cases)*time.Minute))
	defer cancel()
	seg := prepare(ctx, t, inst)
	// The plans read the instance through unleashapi's Source, as
	// flagadmin plan -unleash does.
	client, err := unleashapi.New(baseURL(inst), pat, unleashapi.Options{})
	if err != nil {
		t.Fatal(err)
	}
	planner, err := plan.New(plan.Options{Source: client, Profile: &tg.prof})
	if err != nil {
		t.Fatal(err)
	}
	// The plans are of the files' validations over the same instance, its
	// state read afresh each time: their failures are the validation's.
	fresh, err := unleashapi.New(baseURL(inst), pat, unleashapi.Options{ListTTL: -1})
	if err != nil {
		t.Fatal(err)
	}
	v, err := importvalidate.New(importvalidate.Options{State: fresh, Profile: &tg.prof})
	if err != nil {
		t.Fatal(err)
	}
	run := fmt.Sprintf("%x", seed%0xffffff)
	for i := range cases {
		g := &gen{r: rand.New(rand.NewPCG(seed, uint64(i))), prefix: fmt.Sprintf("pp-%s-%d-", run, i), segment: seg, prof: tg.prof}
		t.Run(strconv.Itoa(i), func(t *testing.T) { proveOne(ctx, t, inst, pat, v, planner, g, tg.prof) })
	}
}

// proofRun reads a proof's number of cases from the environment variable
// casesEnv (def when unset) and its seed from seedEnv (1 when unset, a new
// one each run for "random"), and logs them.
// proofVersions are the versions a proof runs on: those of
// FLAGADMIN_VERSIONS, where casesEnv sets the number of cases, as the
// proofs' own stages of .ci/run do; else 8.2.0 alone, so that the suites
// (the race suite and the long tests, run with every version) do not
// start a server of each older version for each proof again.
func proofVersions(t *testing.T, casesEnv string) []string {
	t.Helper()
	versions := unleashtest.LiveVersions(t)
	if os.Getenv(casesEnv) != "" {
		return versions
	}
	if slices.Contains(versions, unleashtest.UnleashVersion) {
		return []string{unleashtest.UnleashVersion}
	}
	t.Skipf("the proof runs on %v only with %s set", versions, casesEnv)
	return nil
}

func proofRun(t *testing.T, casesEnv string, def int, seedEnv string) (cases int, seed uint64) {
	t.Helper()
	cases, seed = def, 1
	if v := os.Getenv(casesEnv); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n <= 0 {
			t.Fatalf("%s=%q: a positive number", casesEnv, v)
		}
		cases = n
	}
	switch v := os.Getenv(seedEnv); v {
	case "":
	case "random":
		seed = uint64(time.Now().UnixNano())
	default:
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			t.Fatalf("%s=%q: a number or random", seedEnv, v)
		}
		seed = n
	}
	t.Logf("seed %d (%s), %d cases (%s)", seed, seedEnv, cases, casesEnv)
	return cases, seed
}

func importBody(ctx context.Context, inst server, pat string, imp *model.ImportRequest) error {
	b, err := json.Marshal(imp)
	if err != nil {
		return err
	}
	_, err = inst.Do(ctx, http.MethodPost, "/api/admin/features-batch/import", pat, b)
	return err
}

func proveOne(ctx context.Context, t *testing.T, inst server, pat string, v *importvalidate.Validator, planner *plan.Planner, g *gen, prof profile.Profile) {
	validated := func(imp *model.ImportRequest) *importvalidate.Report {
		t.Helper()
		rep, err := v.ValidateImport(ctx, imp, importvalidate.Target{Permissions: importvalidate.AllPermissions{}})
		if err != nil {
			t.Fatal(err)
		}
		return rep
	}
	// The project's default strategy, which enabling a feature without an
	// active strategy adds: now and then one of the test's own.
	def := `{"name":"flexibleRollout","constraints":[],"parameters":{"rollout":"100","stickiness":"default","groupId":""},"segments":[]}`
	if g.one(0.5) {
		def = fmt.Sprintf(`{"name":"flexibleRollout","constraints":[{"contextName":"region","operator":"IN","values":["us"]}],`+
			`"parameters":{"rollout":"%d","stickiness":"","groupId":""},"segments":[]}`, 10+g.pick(80))
	}
	if _, err := inst.Do(ctx, http.MethodPost, "/api/admin/projects/default/environments/development/default-strategy", "", []byte(def)); err != nil {
		t.Fatalf("default strategy: %v", err)
	}
	// The starting state: a first generated file, imported, with some of
	// its features archived.
	start := g.file()
	startErr := importBody(ctx, inst, pat, start)
	if startErr != nil {
		t.Logf("starting import refused, so the state is as before: %.200v", startErr)
	}
	for _, f := range start.Data.Features {
		if g.r.IntN(8) == 0 && !g.isParent(f.Name) && startErr == nil {
			if _, err := inst.Do(ctx, http.MethodDelete, "/api/admin/projects/default/features/"+f.Name, "", nil); err != nil {
				t.Fatalf("archive %s: %v", f.Name, err)
			}
		}
	}
	imp := g.file()
	g.reorder(start, imp)
	names := make([]string, len(imp.Data.Features))
	for i, f := range imp.Data.Features {
		names[i] = f.Name
	}
	// read returns the aspects of the file's features now, and those
	// whose strategies' order is partly chance.
	read := func() (map[string]map[plan.Aspect]string, map[string]bool) {
		t.Helper()
		raw, err := exportRaw(ctx, inst, names, imp.Environment)
		if err != nil {
			t.Fatal(err)
		}
		order, err := strategyOrder(ctx, inst, names, imp.Environment)
		if err != nil {
			t.Fatal(err)
		}
		on, err := enabledIn(ctx, inst, names, imp.Environment)
		if err != nil {
			t.Fatal(err)
		}
		return aspectsOf(t, raw, order, on), byChance(order, prof.Import.OrderedTies)
	}
	bAspects, _ := read()
	rep := validated(imp)
	p, err := planner.Plan(ctx, rep)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Failures) > 0 {
		// The plan says the import will be refused: it must be, changing
		// nothing.
		t.Logf("planned failures: %v", p.Failures)
		if err := importBody(ctx, inst, pat, imp); err == nil {
			t.Fatalf("the plan foresaw failures %v; the import succeeded", p.Failures)
		}
		if aAspects, _ := read(); !reflect.DeepEqual(aAspects, bAspects) {
			t.Errorf("a refused import changed the features")
		}
		return
	}
	if err := importBody(ctx, inst, pat, imp); err != nil {
		body, _ := json.Marshal(imp)
		t.Fatalf("import: %v\n%s", err, body)
	}
	aAspects, chance := read()
	c := p.Count()
	noted := 0
	for _, fp := range p.Features {
		if len(fp.Notes) > 0 {
			noted++
		}
	}
	t.Logf("planned: %d create, %d update, %d unchanged, %d skip; %d with a note of strategies of equal sort order, %d ordered by chance",
		c.Create, c.Update, c.Unchanged, c.Skip, noted, len(chance))
	// Where the order was chance, the plan said so.
	mustHaveNoted(t, p, chance)
	compareWithPlan(t, p, bAspects, aAspects, chance)
	again, err := planner.Plan(ctx, validated(imp))
	if err != nil {
		t.Fatal(err)
	}
	for _, fp := range again.Features {
		if fp.Action != plan.Unchanged && fp.Action != plan.Skip && !(chance[fp.Name] && onlyMoves(fp.Changes)) {
			t.Errorf("%s: a plan after the import says %s: %+v", fp.Name, fp.Action, fp.Changes)
		}
	}
	if len(again.ContextFields)+len(again.TagTypes) > 0 {
		t.Errorf("a plan after the import still creates %v %v", again.ContextFields, again.TagTypes)
	}
	// Importing it again, where the plan says unchanged, changes nothing.
	if err := importBody(ctx, inst, pat, imp); err != nil {
		t.Fatalf("second import: %v", err)
	}
	tAspects, chanceTwice := read()
	mustHaveNoted(t, again, chanceTwice)
	for _, fp := range again.Features {
		x, y := maps.Clone(tAspects[fp.Name]), maps.Clone(aAspects[fp.Name])
		if chance[fp.Name] || chanceTwice[fp.Name] {
			delete(x, plan.AspectStrategies)
			delete(y, plan.AspectStrategies)
		}
		if !reflect.DeepEqual(x, y) {
			t.Errorf("%s: planned %s, a second import changed it", fp.Name, fp.Action)
		}
	}
	// The file with the plan's sort orders (as apply sends it): its plan
	// has no note, and the import orders every feature's strategies as
	// the plan shows them, nothing left to chance.
	_, orders, err := planner.PlanSortOrders(ctx, validated(imp))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := json.Marshal(imp)
	fixed, _, err := orders.InBody(body)
	if err != nil {
		t.Fatal(err)
	}
	var certain model.ImportRequest
	if err := json.Unmarshal(fixed, &certain); err != nil {
		t.Fatal(err)
	}
	pc, err := planner.Plan(ctx, validated(&certain))
	if err != nil || pc.Refused() {
		t.Fatalf("the plan of the file with sort orders: %v %v", err, pc.Failures)
	}
	for _, fp := range pc.Features {
		if len(fp.Notes) > 0 {
			t.Errorf("%s: the file with the plan's sort orders has notes %v", fp.Name, fp.Notes)
		}
	}
	if err := importBody(ctx, inst, pat, &certain); err != nil {
		t.Fatalf("import with sort orders: %v\n%s", err, fixed)
	}
	cAspects, chanceCertain := read()
	for _, fp := range pc.Features {
		if chanceCertain[fp.Name] && fp.Action != plan.Skip {
			t.Errorf("%s: strategies of equal sort order after an import with the plan's", fp.Name)
		}
		if fp.Action == plan.Skip {
			// Not imported: its strategies are as an earlier import
			// left them.
			delete(chanceCertain, fp.Name)
		}
	}
	compareWithPlan(t, pc, tAspects, cAspects, chanceCertain)
}

// mustHaveNoted fails t for each feature of chance (its strategies'
// order was chance in the import) whose plan in p has no note that says
// so; a skipped feature's strategies are an earlier import's.
func mustHaveNoted(t *testing.T, p *plan.Plan, chance map[string]bool) {
	t.Helper()
	for _, fp := range p.Features {
		noted := slices.ContainsFunc(fp.Notes, func(n plan.Note) bool { return n.Code == plan.NoteStrategyOrder })
		switch {
		case fp.Action == plan.Skip:
		case chance[fp.Name] && !noted:
			t.Errorf("%s: the import ordered strategies of equal sort order by chance; the plan has no note of it: %+v", fp.Name, fp.Changes)
		case chance[fp.Name]:
			t.Logf("%s: strategies of equal sort order made in the same millisecond: their order is chance, as the plan notes", fp.Name)
		}
	}
}

// compareWithPlan fails t for each feature of p whose aspects before and
// after the import differ otherwise than p says: an update in exactly
// the aspects it names, none for unchanged and skipped features. Where
// the new order of the strategies is chance (chance), the strategies are
// not compared (the other aspects are).
func compareWithPlan(t *testing.T, p *plan.Plan, before, after map[string]map[plan.Aspect]string, chance map[string]bool) {
	t.Helper()
	for _, fp := range p.Features {
		b, a := before[fp.Name], after[fp.Name]
		checked := func(asp plan.Aspect) bool { return asp != plan.AspectStrategies || !chance[fp.Name] }
		var differ []string
		for _, asp := range allAspects {
			if b[asp] != a[asp] && checked(asp) {
				differ = append(differ, string(asp))
			}
		}
		var named []string
		for _, c := range fp.Changes {
			if checked(c.Aspect) {
				named = append(named, string(c.Aspect))
			}
		}
		switch fp.Action {
		case plan.Update:
			if !slices.Equal(differ, named) {
				t.Errorf("%s: plan updates %v, the import changed %v", fp.Name, named, differ)
				logDiffering(t, b, a)
			}
		case plan.Unchanged, plan.Skip:
			if len(differ) > 0 {
				t.Errorf("%s: plan says %s, the import changed %v", fp.Name, fp.Action, differ)
				logDiffering(t, b, a)
			}
		case plan.Create:
			if b != nil || a == nil {
				t.Errorf("%s: plan creates it; existed before: %v, after: %v", fp.Name, b != nil, a != nil)
			}
		}
	}
}

// logDiffering logs the aspects in which b and a differ.
func logDiffering(t *testing.T, b, a map[plan.Aspect]string) {
	t.Helper()
	for _, asp := range allAspects {
		if b[asp] != a[asp] {
			t.Logf("  %s: %s\n   -> %s", asp, b[asp], a[asp])
		}
	}
}

// onlyMoves reports whether changes only move strategies: no other
// aspect, and no strategy added, removed or changed but in its position.
func onlyMoves(changes []plan.Change) bool {
	for _, c := range changes {
		if c.Aspect != plan.AspectStrategies || len(c.Added)+len(c.Removed) > 0 {
			return false
		}
		for _, ic := range c.Changed {
			for _, f := range ic.Fields {
				if f.Field != "position" {
					return false
				}
			}
		}
	}
	return true
}

var allAspects = []plan.Aspect{plan.AspectType, plan.AspectDescription, plan.AspectImpressionData,
	plan.AspectStale, plan.AspectArchived, plan.AspectEnabled, plan.AspectStrategies, plan.AspectVariants,
	plan.AspectTags, plan.AspectDependencies, plan.AspectLinks}

// aspectsOf reads each feature's aspects from the raw JSON of an export,
// independently of the plan's own reading: what the instance assigns
// (ids, sort orders) is dropped, the strategies come in the order Unleash
// evaluates them (order, read from another endpoint), the other lists
// the instance orders freely are sorted, and each aspect is compared as
// JSON text.
func aspectsOf(t *testing.T, raw []byte, order map[string][]placed, enabled map[string]bool) map[string]map[plan.Aspect]string {
	t.Helper()
	var d map[string][]map[string]any
	if err := json.Unmarshal(raw, &d); err != nil {
		t.Fatal(err)
	}
	out := map[string]map[plan.Aspect]string{}
	js := func(v any) string { b, _ := json.Marshal(v); return string(b) }
	sorted := func(items []string) string { sort.Strings(items); return "[" + strings.Join(items, ",") + "]" }
	for _, f := range d["features"] {
		name := f["name"].(string)
		out[name] = map[plan.Aspect]string{
			plan.AspectType: js(f["type"]), plan.AspectDescription: js(f["description"]),
			plan.AspectImpressionData: js(f["impressionData"]), plan.AspectStale: js(f["stale"]),
			plan.AspectArchived: js(f["archived"]),
		}
	}
	lists := map[string]map[plan.Aspect][]string{}
	add := func(name string, a plan.Aspect, v string) {
		if lists[name] == nil {
			lists[name] = map[plan.Aspect][]string{}
		}
		lists[name][a] = append(lists[name][a], v)
	}
	for _, fe := range d["featureEnvironments"] {
		name, _ := fe["featureName"].(string)
		if out[name] == nil {
			continue
		}
		out[name][plan.AspectEnabled] = js(fe["enabled"])
		if on, ok := enabled[name]; ok {
			out[name][plan.AspectEnabled] = js(on)
		}
		vs, _ := fe["variants"].([]any)
		var items []string
		for _, v := range vs {
			items = append(items, js(v))
		}
		out[name][plan.AspectVariants] = sorted(items)
	}
	// The strategies of each feature by id, in the export's order.
	byID := map[string]map[string]string{}
	exported := map[string][]string{}
	for _, s := range d["featureStrategies"] {
		name, _ := s["featureName"].(string)
		id, _ := s["id"].(string)
		delete(s, "id")
		delete(s, "sortOrder")
		if segs, ok := s["segments"].([]any); ok {
			sort.Slice(segs, func(i, j int) bool { return js(segs[i]) < js(segs[j]) })
		}
		if vs, ok := s["variants"].([]any); ok {
			sort.Slice(vs, func(i, j int) bool { return js(vs[i]) < js(vs[j]) })
		}
		if byID[name] == nil {
			byID[name] = map[string]string{}
		}
		byID[name][id] = js(s)
		exported[name] = append(exported[name], id)
	}
	for name, ids := range exported {
		// In the order Unleash evaluates them; those the order does not
		// list (an archived feature's), after, in the export's order.
		for _, p := range order[name] {
			if v, ok := byID[name][p.ID]; ok {
				add(name, plan.AspectStrategies, v)
				delete(byID[name], p.ID)
			}
		}
		for _, id := range ids {
			if v, ok := byID[name][id]; ok {
				add(name, plan.AspectStrategies, v)
			}
		}
	}
	for _, tg := range d["featureTags"] {
		add(tg["featureName"].(string), plan.AspectTags, js(tg["tagType"])+":"+js(tg["tagValue"]))
	}
	for _, dep := range d["dependencies"] {
		name := dep["feature"].(string)
		ps, _ := dep["dependencies"].([]any)
		for _, p := range ps {
			add(name, plan.AspectDependencies, js(p))
		}
	}
	for _, l := range d["links"] {
		name := l["feature"].(string)
		ls, _ := l["links"].([]any)
		for _, x := range ls {
			m := x.(map[string]any)
			delete(m, "id")
			add(name, plan.AspectLinks, js(m))
		}
	}
	for name, asp := range out {
		asp[plan.AspectStrategies] = "[" + strings.Join(lists[name][plan.AspectStrategies], ",") + "]"
		for _, a := range []plan.Aspect{plan.AspectTags, plan.AspectDependencies, plan.AspectLinks} {
			asp[a] = sorted(lists[name][a])
		}
	}
	return out
}
