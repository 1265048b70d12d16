package cli

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestPlanSeveralFilesAndExitCodes: several files are planned each on
// its own; -detailed-exitcode says 2 for changes, 0 for none, 1 for a
// refusal and for a usage problem; markdown and JSON carry every file.
func TestPlanSeveralFilesAndExitCodes(t *testing.T) {
	const state, imp = "testdata/plan/state.json", "testdata/plan/import.json"
	empty := `{"project":"default","environment":"development","data":{"features":[],"featureStrategies":[],"tagTypes":[]}}`
	code, out, errOut := runPlan(nil, []byte(empty), "-state", state, "-detailed-exitcode", imp, "-")
	if code != ExitChanges || !strings.Contains(out, "--- "+imp) || !strings.Contains(out, "--- <stdin>") || strings.Count(out, "Plan: ") != 2 {
		t.Errorf("two files with changes: exit %d\n%s%s", code, out, errOut)
	}
	if code, out, errOut := runPlan(nil, []byte(empty), "-state", state, "-detailed-exitcode", "-"); code != ExitOK {
		t.Errorf("no changes: exit %d\n%s%s", code, out, errOut)
	}
	if code, _, _ := runPlan(nil, nil, "-state", state, imp); code != ExitOK {
		t.Errorf("changes without -detailed-exitcode: exit %d", code)
	}
	for _, args := range [][]string{{"-state", state, "-detailed-exitcode", "no-such.json"}, {"-detailed-exitcode", "-format", "yaml", imp}, {"-detailed-exitcode", "-no-such-flag", imp}} {
		if code, _, errOut := runPlan(nil, nil, args...); code != ExitFindings {
			t.Errorf("%v: exit %d, want 1 under -detailed-exitcode\n%s", args, code, errOut)
		}
	}
	refused := `{"project":"default","environment":"development","data":{"features":[{"name":"x"},{"name":"x"}],"featureStrategies":[],"tagTypes":[]}}`
	if code, out, _ := runPlan(nil, []byte(refused), "-state", state, "-detailed-exitcode", "-"); code != ExitFindings || !strings.Contains(out, "refused") {
		t.Errorf("refused: exit %d\n%s", code, out)
	}
	if code, _, errOut := runPlan(nil, nil, "-state", state, "-out", "x.json", imp); code != ExitUsage || !strings.Contains(errOut, "-out needs -unleash") {
		t.Errorf("-out without -unleash: exit %d %s", code, errOut)
	}
	if code, _, errOut := runPlan(nil, nil, "-unleash", "http://127.0.0.1:1", "-import-facts=false", "-out", "x.json", imp); code != ExitUsage ||
		!strings.Contains(errOut, "-out needs the import's facts") {
		t.Errorf("-out with -import-facts=false: exit %d %s", code, errOut)
	}

	_, md, _ := runPlan(nil, []byte(empty), "-state", state, "-format", "markdown", imp, "-")
	if strings.Count(md, "```diff") != 1 || strings.Count(md, "#### ") != 2 || !strings.Contains(md, "**Plan: 1 to create") {
		t.Errorf("markdown:\n%s", md)
	}
	_, js, _ := runPlan(nil, []byte(empty), "-state", state, "-format", "json", imp, "-")
	var list []struct {
		File string
		Plan struct {
			Summary struct{ Create, Update int }
		}
	}
	if err := json.Unmarshal([]byte(js), &list); err != nil || len(list) != 2 || list[0].Plan.Summary.Create != 1 || list[0].Plan.Summary.Update != 1 {
		t.Errorf("json (%v):\n%s", err, js)
	}
}
