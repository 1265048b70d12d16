package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/flagadmin/flagadmin/importvalidate/plan/planfile"
	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
	"github.com/flagadmin/flagadmin/internal/testharness/unleashtest"
	"github.com/flagadmin/flagadmin/unleashapi"
)

// importPath is the import's endpoint, as a proxy's faults name it.
const importPath = unleashapi.ImportPath

// withFeature is the exported body with one more feature, name, enabled
// in development with the default strategy, and desc as its
// description.
func withFeature(t *testing.T, body, name, desc string) string {
	t.Helper()
	var b map[string]any
	if err := json.Unmarshal([]byte(body), &b); err != nil {
		t.Fatal(err)
	}
	d := b["data"].(map[string]any)
	d["features"] = append(d["features"].([]any), map[string]any{"name": name, "project": "default", "description": desc})
	d["featureStrategies"] = append(d["featureStrategies"].([]any), map[string]any{"name": "default", "featureName": name})
	d["featureEnvironments"] = append(d["featureEnvironments"].([]any), map[string]any{"name": name, "featureName": name, "enabled": true})
	out, _ := json.Marshal(b)
	return string(out)
}

// forwardLate is a fault that sends each import on to target itself,
// whatever becomes of the client's request, and then answers status, or
// no answer at all when status is 0 (holding the request until the
// client gives up): an import the instance commits after the client
// stopped waiting, or behind a gateway that answers 5xx.
func forwardLate(target string, status int) unleashtest.Fault {
	return func(w http.ResponseWriter, r *http.Request) bool {
		if r.URL.Path != importPath {
			return false
		}
		body, err := io.ReadAll(r.Body)
		if err != nil {
			return true
		}
		req, _ := http.NewRequestWithContext(context.Background(), http.MethodPost, target+importPath, bytes.NewReader(body))
		req.Header = r.Header.Clone()
		if resp, err := http.DefaultClient.Do(req); err == nil {
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
		if status == 0 {
			<-r.Context().Done()
			return true
		}
		w.WriteHeader(status)
		return true
	}
}

// unknownOutcomes: an import whose answer does not say what happened is
// followed by reads of the instance: one that lands after the client gave
// up, or behind a gateway's 503, is reported as landed (exit 0, late);
// one that never reached the instance, behind a 503, is unknown (exit 4),
// never "nothing was changed". The quick suite runs the timeout (the
// dropped connection of refusedImport is its unknown outcome); the two
// answers of a gateway are long tests.
func unknownOutcomes(t *testing.T, e *eaServer) {
	body := e.export(t, "-environment", "development", "-project", "default", "-body")
	for i, c := range []struct {
		name  string
		fault unleashtest.Fault
		code  int
		says  string
		long  bool
	}{
		{"timeout, landed later", forwardLate(e.URL, 0), ExitOK, "the import landed", false},
		{"gateway 503, landed", forwardLate(e.URL, http.StatusServiceUnavailable), ExitOK, "the import landed", true},
		{"gateway 503, not passed on", unleashtest.Status(importPath, http.StatusServiceUnavailable, `{"message":"gateway"}`), ExitImportFailed, "the outcome is unknown: the instance was still as before", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.long {
				testutil.SkipUnlessLong(t)
			}
			p := unleashtest.NewProxy(t, e.URL)
			p.SetFault(c.fault)
			name := fmt.Sprintf("ea-late-%d", i)
			file := e.file(t, name+".json", withFeature(t, body, name, "late"))
			code, out, errOut := e.apply(t, nil, "-unleash", p.URL, "-auto-approve", "-import-timeout", "1s", "-outcome-wait", "3s", file)
			if code != c.code || !strings.Contains(errOut, c.says) || strings.Contains(errOut, "nothing was changed") {
				t.Errorf("exit %d, want %d saying %q:\n%s%s", code, c.code, c.says, out, errOut)
			}
			if p.Requests(importPath) != 1 {
				t.Errorf("%d imports sent, want 1", p.Requests(importPath))
			}
			exported := e.export(t, "-environment", "development", "-project", "default")
			if landed := strings.Contains(exported, `"`+name+`"`); landed != (c.code == ExitOK) {
				t.Errorf("the feature exists: %v", landed)
			}
		})
	}
}

// racingApplies: two plans made from the same state, one enabling a
// flag and one changing its description; the second apply's import is
// held until the first has applied. The first exits 0; the second, whose
// import carries the flag's old state and so undoes the first's change,
// does not claim success: it names the other writer (exit 3).
func racingApplies(t *testing.T, e *eaServer) {
	body := e.export(t, "-environment", "development", "-project", "default", "-body")
	base := withFeature(t, body, "ea-race", "race")
	if code, out, errOut := e.apply(t, nil, "-unleash", e.URL, "-auto-approve", e.file(t, "race-0.json", base)); code != ExitOK {
		t.Fatalf("set up: exit %d\n%s%s", code, out, errOut)
	}
	exported := e.export(t, "-environment", "development", "-project", "default", "-body")
	enable := strings.Replace(exported, `"ea-race","featureName":"ea-race","enabled":true`, `"ea-race","featureName":"ea-race","enabled":false`, 1)
	if enable == exported {
		var b bytes.Buffer
		_ = json.Compact(&b, []byte(exported))
		exported = b.String()
		enable = strings.Replace(exported, `"enabled":true,"featureName":"ea-race"`, `"enabled":false,"featureName":"ea-race"`, 1)
	}
	describe := strings.Replace(exported, `"description":"race"`, `"description":"raced"`, 1)
	if enable == exported || describe == exported {
		t.Fatalf("the edits changed nothing:\n%s", exported)
	}
	pa, pb := unleashtest.NewProxy(t, e.URL), unleashtest.NewProxy(t, e.URL)
	planVia := func(p *unleashtest.Proxy, name, content string) string {
		out := filepath.Join(e.dir, name+"-plan.json")
		code, stdout, errOut := run(nil, nil, "plan", "-unleash", p.URL, "-token-file", e.patFile, "-out", out, e.file(t, name+".json", content))
		if code != ExitOK {
			t.Fatalf("plan %s: exit %d\n%s%s", name, code, stdout, errOut)
		}
		return out
	}
	planA, planB := planVia(pa, "race-a", enable), planVia(pb, "race-b", describe)
	release := make(chan struct{})
	var once sync.Once
	pb.SetFault(func(w http.ResponseWriter, r *http.Request) bool {
		if r.URL.Path == importPath {
			once.Do(func() {})
			<-release
		}
		return false
	})
	type result struct {
		code     int
		out, err string
	}
	bDone := make(chan result, 1)
	go func() {
		code, out, errOut := e.apply(t, nil, "-unleash", pb.URL, "-auto-approve", planB)
		bDone <- result{code, out, errOut}
	}()
	// B holds at its import; A runs whole.
	deadline := time.Now().Add(30 * time.Second)
	for pb.Requests(importPath) == 0 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	codeA, outA, errA := e.apply(t, nil, "-unleash", pa.URL, "-auto-approve", planA)
	close(release)
	b := <-bDone
	if codeA != ExitOK {
		t.Errorf("A: exit %d\n%s%s", codeA, outA, errA)
	}
	// Both use one user's token: the second import into the target by
	// that user is what names the other writer.
	named := strings.Contains(b.err, "feature ea-race: feature-environment-disabled") || strings.Contains(b.err, "2 imports into project default, environment development by this token's user")
	if b.code != ExitDiffers || !strings.Contains(b.err, "another writer changed the same features") || !named {
		t.Errorf("B: exit %d, want %d naming A's change:\n%s%s", b.code, ExitDiffers, b.out, b.err)
	}
}

// editedPlanFiles: a saved plan binds the instance, the targets, the
// bodies, the plans and the reads. The token goes only to an instance
// the command line names; a file edited in any part is refused, and one
// edited with a matching digest is refused when apply plans again.
func editedPlanFiles(t *testing.T, e *eaServer) {
	body := e.export(t, "-environment", "development", "-project", "default", "-body")
	devPlan := e.planOut(t, e.file(t, "dev.json", withFeature(t, body, "ea-edit-dev", "dev")))
	prodBody := strings.ReplaceAll(e.export(t, "-environment", "production", "-project", "default", "-body"), `"environment": "production"`, `"environment":"production"`)
	prodPlan := e.planOut(t, e.file(t, "prod.json", withFeature(t, prodBody, "ea-edit-prod", "prod")))
	read := func(path string) planfile.File {
		var f planfile.File
		raw, err := os.ReadFile(path)
		if err != nil || json.Unmarshal(raw, &f) != nil {
			t.Fatalf("read %s: %v", path, err)
		}
		return f
	}
	write := func(name string, f planfile.File, reseal bool) string {
		if reseal {
			f.Seal()
		}
		raw, _ := json.Marshal(f)
		return e.file(t, name, string(raw))
	}
	other := unleashtest.NewProxy(t, e.URL)
	before := e.export(t, "-environment", "production", "-project", "default")

	// The URL the file names gets nothing without the operator naming it.
	f := read(devPlan)
	f.Unleash = other.URL
	moved := write("moved.json", f, true)
	if code, _, errOut := e.apply(t, nil, "-auto-approve", moved); code != ExitUsage || !strings.Contains(errOut, "give -unleash URL") {
		t.Errorf("no -unleash: exit %d\n%s", code, errOut)
	}
	if code, _, errOut := e.apply(t, nil, "-unleash", e.URL, "-auto-approve", moved); code != ExitFindings || !strings.Contains(errOut, "the plan was made for") {
		t.Errorf("another instance: exit %d\n%s", code, errOut)
	}
	if other.Total() != 0 {
		t.Errorf("%d requests reached the instance the file named", other.Total())
	}
	// UNLEASH_URL names the instance as -unleash does.
	if code, _, errOut := run(nil, map[string]string{"UNLEASH_URL": other.URL}, "apply", "-token-file", e.patFile, "-auto-approve", devPlan); code != ExitFindings || !strings.Contains(errOut, "the plan was made for") {
		t.Errorf("UNLEASH_URL: exit %d\n%s", code, errOut)
	}

	// Production's body and plan in the development plan: the digest,
	// then (resealed) the reads apply makes again, refuse it.
	dev, prod := read(devPlan), read(prodPlan)
	swapped := dev
	swapped.Plans = []planfile.Entry{dev.Plans[0]}
	swapped.Plans[0].Body, swapped.Plans[0].Plan = prod.Plans[0].Body, prod.Plans[0].Plan
	swapped.Plans[0].Project, swapped.Plans[0].Environment = prod.Plans[0].Project, prod.Plans[0].Environment
	for _, c := range []struct {
		name   string
		reseal bool
		code   int
		says   string
	}{
		{"digest kept", false, ExitUsage, "digest"},
		{"digest made again", true, ExitFindings, "stale"},
	} {
		code, out, errOut := e.apply(t, nil, "-unleash", e.URL, "-auto-approve", write("swapped.json", swapped, c.reseal))
		if code != c.code || !strings.Contains(errOut, c.says) {
			t.Errorf("swapped, %s: exit %d, want %d with %q:\n%s%s", c.name, code, c.code, c.says, out, errOut)
		}
	}
	noReads := read(devPlan)
	noReads.Plans[0].Reads = nil
	if code, _, errOut := e.apply(t, nil, "-unleash", e.URL, "-auto-approve", write("noreads.json", noReads, true)); code != ExitUsage || !strings.Contains(errOut, "no reads") {
		t.Errorf("no reads: exit %d\n%s", code, errOut)
	}
	raw, _ := os.ReadFile(devPlan)
	if code, _, errOut := e.apply(t, nil, "-unleash", e.URL, "-auto-approve", e.file(t, "cut.json", string(raw[:len(raw)/2]))); code != ExitUsage || !strings.Contains(errOut, "truncated") {
		t.Errorf("truncated: exit %d\n%s", code, errOut)
	}
	if after := e.export(t, "-environment", "production", "-project", "default"); after != before {
		t.Errorf("an edited plan changed production")
	}
	// The plan file is its owner's alone.
	if st, err := os.Stat(devPlan); err != nil || st.Mode().Perm() != 0o600 {
		t.Errorf("the plan file's mode: %v %v", st.Mode(), err)
	}
	// The one that was reviewed applies, naming the target.
	code, out, errOut := e.apply(t, nil, "-unleash", e.URL, "-auto-approve", devPlan)
	if code != ExitOK || !strings.Contains(out, "to project default, environment development: the instance now matches the plan") || !strings.Contains(out, "Instance: "+e.URL) {
		t.Errorf("the reviewed plan: exit %d\n%s%s", code, out, errOut)
	}
}

// escapedNames: a file name with control characters is written escaped
// in every line of plan and apply.
func escapedNames(t *testing.T, e *eaServer) {
	body := e.export(t, "-environment", "development", "-project", "default", "-body")
	file := e.file(t, "a\x1b[1A\x1b[2K\rNo changes.\x1b[8m.json", withFeature(t, body, "ea-escape", "esc"))
	planFile := e.planOut(t, file)
	code, out, errOut := e.apply(t, nil, "-unleash", e.URL, "-auto-approve", planFile)
	if code != ExitOK || strings.ContainsAny(out+errOut, "\x1b\r") {
		t.Errorf("exit %d, raw control characters: %q %q", code, out, errOut)
	}
}

// segmentChanged: the constraints of a segment the file uses, changed
// between plan and apply, make the plan stale. The segment is its own
// (the long tests delete gamma before).
func segmentChanged(t *testing.T, e *eaServer) {
	const name = "ea-seg-delta"
	e.do(t, "POST", "/api/admin/segments", `{"name":"`+name+`","constraints":[{"contextName":"userId","operator":"IN","values":["2"]}]}`)
	var segs struct {
		Segments []struct {
			ID   int64
			Name string
		}
	}
	_ = json.Unmarshal(e.do(t, "GET", "/api/admin/segments", ""), &segs)
	var id int64
	for _, s := range segs.Segments {
		if s.Name == name {
			id = s.ID
		}
	}
	if id == 0 {
		t.Fatal("no segment " + name)
	}
	body := e.export(t, "-environment", "development", "-project", "default", "-body")
	var b map[string]any
	_ = json.Unmarshal([]byte(withFeature(t, body, "ea-seg", "seg")), &b)
	d := b["data"].(map[string]any)
	d["segments"] = append(d["segments"].([]any), map[string]any{"id": id, "name": name})
	d["featureStrategies"] = append(d["featureStrategies"].([]any), map[string]any{"name": "default", "featureName": "ea-seg", "segments": []any{id}})
	raw, _ := json.Marshal(b)
	planFile := e.planOut(t, e.file(t, "seg.json", string(raw)))
	e.do(t, "PUT", fmt.Sprintf("/api/admin/segments/%d", id), `{"name":"`+name+`","constraints":[{"contextName":"userId","operator":"IN","values":["2","3"]}]}`)
	code, out, errOut := e.apply(t, nil, "-unleash", e.URL, "-auto-approve", planFile)
	if code != ExitFindings || !strings.Contains(errOut, `segment "`+name+`"`) || !strings.Contains(errOut, "constraints") {
		t.Errorf("exit %d, want %d naming the segment's constraints:\n%s%s", code, ExitFindings, out, errOut)
	}
}

// overLimit: a body over the instance's request limit is planned in
// several imports (applying them is TestTree's, in the long run); a
// feature over the limit on its own is refused by plan and by apply,
// with nothing sent.
func overLimit(t *testing.T, e *eaServer) {
	body := e.export(t, "-environment", "development", "-project", "default", "-body")
	big := func(name string, features int, size int) string {
		var b map[string]any
		_ = json.Unmarshal([]byte(body), &b)
		d := b["data"].(map[string]any)
		for i := range features {
			d["features"] = append(d["features"].([]any), map[string]any{"name": fmt.Sprintf("ea-big-%04d", i), "project": "default", "description": strings.Repeat("x", size)})
		}
		raw, _ := json.Marshal(b)
		return e.file(t, name, string(raw))
	}
	code, out := e.planCode(t, big("big.json", 1300, 500))
	if code != ExitChanges || !strings.Contains(out, "it is sent in 2 imports") {
		t.Errorf("plan: exit %d\n%s", code, out)
	}
	file := big("huge.json", 1, 600_000)
	code, out = e.planCode(t, file)
	if code != ExitFindings || !strings.Contains(out, "over the 512000 bytes") || !strings.Contains(out, "one feature is over the limit on its own") {
		t.Errorf("plan of a feature over the limit: exit %d\n%s", code, out)
	}
	p := unleashtest.NewProxy(t, e.URL)
	code, stdout, errOut := e.apply(t, nil, "-unleash", p.URL, "-auto-approve", file)
	if code != ExitFindings || !strings.Contains(stdout+errOut, "one feature is over the limit on its own") || p.Requests(importPath) != 0 {
		t.Errorf("apply: exit %d, %d imports sent\n%s%s", code, p.Requests(importPath), stdout, errOut)
	}
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(b []byte) (int, error) { return f(b) }
