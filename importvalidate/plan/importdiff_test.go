package plan_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/importvalidate/plan"
	statesource "github.com/flagadmin/flagadmin/instance"
	"github.com/flagadmin/flagadmin/internal/testharness/exportgen"
	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
	"github.com/flagadmin/flagadmin/internal/testharness/unleashtest"
	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/model/profile"
	"github.com/flagadmin/flagadmin/unleashapi"
	"github.com/flagadmin/flagadmin/unleashdb"
)

// The environment of TestValidateMatchesRealImport: the number of files
// (default 8, 20 in the long tests) and the seed (default 1; "random" for
// a new one each run).
const (
	diffCasesEnv = "FLAGADMIN_IMPORT_DIFF_CASES"
	diffSeedEnv  = "FLAGADMIN_IMPORT_DIFF_SEED"
	// diffSourceEnv set to api reads Unleash 8.2.0's state over its admin
	// API instead of its database.
	diffSourceEnv = "FLAGADMIN_IMPORT_DIFF_SOURCE"
	// diffVerboseEnv set logs every file's edits and the import's answer.
	diffVerboseEnv = "FLAGADMIN_IMPORT_DIFF_VERBOSE"
)

// knownDisagreements are the edit kinds whose files may disagree with the
// real import, each with the reason; the test logs their disagreements
// instead of failing.
var knownDisagreements = map[string]string{}

// TestValidateMatchesRealImport is the differential proof that a green
// validation means the file imports: for each file, an export of a
// starting state of the instance edited by hand (exportgen.ApplyEdits),
// the validation (errors in the rich report, the import's own findings
// included) and the plan (its failures) against the instance's state read
// over its admin API (unleashapi with Options.ImportFacts) must agree with
// the real import: the report has an error, or the plan a failure,
// exactly when the import is refused. Each file gets a project of its
// own, created empty, so that files do not depend on each other.
//
// The versions are those of FLAGADMIN_VERSIONS (the older ones where
// FLAGADMIN_IMPORT_DIFF_CASES is set), each validated and planned with its
// version's profile and held to the same proof. A longer run:
//
//	FLAGADMIN_IMPORT_DIFF_CASES=300 FLAGADMIN_IMPORT_DIFF_SEED=random \
//	    go test ./importvalidate/plan -run TestValidateMatchesRealImport
func TestValidateMatchesRealImport(t *testing.T) {
	versions := proofVersions(t, diffCasesEnv)
	cases, seed := proofRun(t, diffCasesEnv, testutil.Sized(8, 20), diffSeedEnv)
	for _, version := range versions {
		t.Run(version, func(t *testing.T) {
			s := unleash.Need(t, version)
			runDiff(t, s, seed, cases)
		})
	}
}

// diffFixture is what every file of a run refers to in the instance.
type diffFixture struct {
	s         *unleashtest.Server
	pat       string
	env       exportgen.EditEnv
	segment   float64
	validator *importvalidate.Validator
	planner   *plan.Planner
	prof      profile.Profile
}

func runDiff(t *testing.T, s *unleashtest.Server, seed uint64, cases int) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Minute)
	defer cancel()
	stop := t.Fatal
	pat, err := s.AdminPersonalToken(ctx)
	if err != nil {
		stop(err)
	}
	run := fmt.Sprintf("%x", seed%0xffffff)
	fx := &diffFixture{s: s, pat: pat, segment: prepare(ctx, t, s)}
	// Another project, with a feature of its own.
	other := "dfo-" + run
	if err := createProject(ctx, s, other); err != nil {
		stop(err)
	}
	otherFeature := "df-" + run + "-elsewhere"
	body, _ := json.Marshal(map[string]any{"name": otherFeature})
	if _, err := s.Do(ctx, http.MethodPost, "/api/admin/projects/"+other+"/features", "", body); err != nil && !strings.Contains(err.Error(), "409") {
		stop(err)
	}
	// The tags the starting files use, made once: concurrent imports
	// that each create the same new tag collide in the database (a 500).
	for _, v := range []string{"core", "web", "ops"} {
		if _, err := s.Do(ctx, http.MethodPost, "/api/admin/tags", "", mustJSON(map[string]string{"type": "team", "value": v})); err != nil &&
			!strings.Contains(err.Error(), "409") {
			stop(err)
		}
	}
	fx.env = exportgen.EditEnv{OtherProject: other, OtherProjectFeature: otherFeature, SegmentID: fx.segment,
		SegmentName: "beta-users", LegalContextField: "region", LegalValues: []string{"eu", "us"}, TagType: "team"}
	// The state as the command reads it, nothing reused between files:
	// Unleash 8.2's database (unleashdb), which holds every fact, or the
	// admin API with the import's facts (unleashapi, Options.ImportFacts)
	// for the versions unleashdb does not read or when
	// FLAGADMIN_IMPORT_DIFF_SOURCE=api.
	var inst *statesource.Instance
	if s.Release.Version == unleashtest.UnleashVersion && os.Getenv(diffSourceEnv) != "api" {
		// The instance runs with Unleash's default resource limits, which
		// its configuration sets and its database does not hold: the
		// source takes its version's, as flagadmin's -database does.
		db, err := unleashdb.Open(ctx, s.Cluster.URL(s.Database), unleashdb.Options{})
		if err != nil {
			stop(err)
		}
		inst = db.Instance()
		t.Cleanup(inst.Close)
		t.Log("the state: the instance's database (unleashdb)")
	} else {
		client, err := unleashapi.New(s.URL, pat, unleashapi.Options{ImportFacts: true, ListTTL: -1, TokenTTL: -1, MaxRetryWait: time.Minute})
		if err != nil {
			stop(err)
		}
		if _, err := client.Version(ctx); err != nil {
			stop(err)
		}
		inst = client.Instance()
		t.Log("the state: the instance's admin API (unleashapi with ImportFacts)")
	}
	prof := inst.Profile()
	fx.prof = prof
	if fx.validator, err = importvalidate.New(importvalidate.Options{State: inst.State, Profile: &prof}); err != nil {
		stop(err)
	}
	if fx.planner, err = plan.New(plan.Options{Source: inst.State, Profile: &prof}); err != nil {
		stop(err)
	}
	start := time.Now()
	type result struct {
		msg, known string
		refused    bool
		kinds      []string
	}
	results := make([]result, cases)
	errs := make([]error, cases)
	// The files are independent: a few at a time.
	sem := make(chan struct{}, diffParallel)
	var wg sync.WaitGroup
	for i := range cases {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			r := rand.New(rand.NewPCG(seed, uint64(i)))
			results[i].msg, results[i].known, results[i].refused, results[i].kinds, errs[i] = diffOne(ctx, t, fx, r, fmt.Sprintf("df%s-%d", run, i))
		}()
	}
	wg.Wait()
	disagree, refused := 0, 0
	perKind := map[string][2]int{} // files with the kind, refused ones
	for i, res := range results {
		if res.refused {
			refused++
		}
		for _, k := range slices.Compact(slices.Sorted(slices.Values(res.kinds))) {
			c := perKind[k]
			c[0]++
			if res.refused {
				c[1]++
			}
			perKind[k] = c
		}
		switch {
		case errs[i] != nil:
			t.Errorf("file %d: %v", i, errs[i])
		case res.msg == "":
		case res.known != "":
			disagree++
			t.Logf("file %d: disagreement%s:\n%s", i, res.known, res.msg)
		default:
			disagree++
			t.Errorf("file %d: %s", i, res.msg)
		}
	}
	var kinds []string
	for _, k := range slices.Sorted(maps.Keys(perKind)) {
		kinds = append(kinds, fmt.Sprintf("%s %d/%d", k, perKind[k][1], perKind[k][0]))
	}
	t.Logf("edit kinds (refused/files): %s", strings.Join(kinds, ", "))
	took := time.Since(start)
	t.Logf("Unleash %s: %d files (%d refused), %d disagreements, %v (%v a file, %d at a time)", s.Release.Version, cases, refused, disagree,
		took.Round(time.Millisecond), (took / time.Duration(cases)).Round(time.Millisecond), diffParallel)
}

// diffParallel is the number of files made and imported at once.
const diffParallel = 4

// createProject creates an empty project with the environments
// development and production, in the database, as the open-source admin
// API cannot.
func createProject(ctx context.Context, s *unleashtest.Server, id string) error {
	return s.Cluster.Exec(ctx, s.Database, fmt.Sprintf(`
INSERT INTO projects (id, name, description) VALUES ('%[1]s', '%[1]s', 'import proof');
INSERT INTO project_settings (project, project_mode) VALUES ('%[1]s', 'open');
INSERT INTO project_environments (project_id, environment_name) VALUES ('%[1]s', 'development'), ('%[1]s', 'production');`, id))
}

// diffOne makes one file in a project of its own and compares flagadmin's
// verdict with the import's. It returns "" when they agree, else the
// whole story; known is the reason of a known disagreement.
func diffOne(ctx context.Context, t *testing.T, fx *diffFixture, r *rand.Rand, project string) (msg, known string, refused bool, kinds []string, err error) {
	s := fx.s
	if err := createProject(ctx, s, project); err != nil {
		return "", "", false, nil, err
	}
	// The starting state: a generated file imported into the project,
	// one of its features archived.
	g := &gen{r: r, prefix: project + "-", segment: fx.segment, prof: fx.prof}
	base := g.file()
	base.Project = project
	for i := range base.Data.Features {
		base.Data.Features[i].Project = ptr(project)
		base.Data.Features[i].Archived = nil
	}
	if fx.prof.Import.ConstraintContextMustExist {
		// Versions that refuse a constraint on a context field that does
		// not exist would refuse the starting file: its strategies keep
		// the constraints on the fields that exist.
		for i := range base.Data.FeatureStrategies {
			if cs := base.Data.FeatureStrategies[i].Constraints; cs != nil {
				*cs = slices.DeleteFunc(*cs, func(c model.Constraint) bool { return strings.HasSuffix(c.ContextName, "nosuch") })
			}
		}
	}
	if err := importBody(ctx, s, fx.pat, base); err != nil {
		t.Logf("%s: the starting import was refused, the project starts empty: %.300v", project, err)
	}
	var names []string
	for _, f := range base.Data.Features {
		names = append(names, f.Name)
	}
	env := fx.env
	env.Prefix = project + "-"
	for _, f := range base.Data.Features {
		if !g.isParent(f.Name) && r.IntN(3) == 0 {
			if _, err := s.Do(ctx, http.MethodDelete, "/api/admin/projects/"+project+"/features/"+url.PathEscape(f.Name), "", nil); err == nil {
				env.ArchivedFeature = f.Name
			}
			break
		}
	}
	export, err := s.Do(ctx, http.MethodPost, "/api/admin/features-batch/export", "",
		mustJSON(map[string]any{"features": names, "environment": "development"}))
	if err != nil {
		return "", "", false, nil, err
	}
	body := []byte(fmt.Sprintf(`{"project":%q,"environment":"development","data":%s}`, project, export))
	var edited []byte
	edited, kinds, err = exportgen.ApplyEdits(body, env, r, []int{0, 0, 1, 1, 1, 1, 1, 2, 2, 3}[r.IntN(10)])
	if err != nil {
		return "", "", false, nil, err
	}
	rep, err := fx.validator.Validate(ctx, edited, importvalidate.Target{Permissions: importvalidate.AllPermissions{}})
	if err != nil {
		return "", "", false, nil, fmt.Errorf("edits %v: validate: %w", kinds, err)
	}
	var failures []string
	red := rep.HasErrors()
	if !red {
		// The plan is made of a file the validation passes.
		p, err := fx.planner.Plan(ctx, rep)
		if err != nil {
			return "", "", false, nil, fmt.Errorf("edits %v: plan: %w", kinds, err)
		}
		for _, f := range p.Failures {
			failures = append(failures, f.Message())
		}
	}
	status, answer, err := postImport(ctx, s.URL, fx.pat, edited)
	if err != nil {
		return "", "", false, nil, err
	}
	refused = status != http.StatusOK
	if os.Getenv(diffVerboseEnv) != "" {
		t.Logf("%s: edits %v: validate red=%v; import %d %.300s", project, kinds, rep.HasErrors(), status, answer)
	}
	if red == refused && (len(failures) == 0 || refused) {
		return "", "", refused, kinds, nil
	}
	for _, k := range kinds {
		if why, ok := knownDisagreements[k]; ok {
			known = " (known: " + k + ": " + why + ")"
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "edits %v: validate red=%v, plan failures %q; the import answered %d %.600s\n", kinds, red, failures, status, answer)
	for _, d := range rep.Diagnostics() {
		fmt.Fprintln(&b, "  "+importvalidate.FormatDiagnostic(project+".json", d))
	}
	fmt.Fprintf(&b, "  the file: %.4000s", edited)
	return b.String(), known, refused, kinds, nil
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// postImport sends body to the import endpoint and returns the status and
// the answer.
func postImport(ctx context.Context, base, pat string, body []byte) (int, []byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+"/api/admin/features-batch/import", bytes.NewReader(body))
	if err != nil {
		return 0, nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", pat)
	resp, out, err := testutil.Fetch(http.DefaultClient, req)
	if err != nil {
		return 0, nil, err
	}
	return resp.StatusCode, out, nil
}
