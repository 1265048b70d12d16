package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/internal/testharness/conformance"
	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
	"github.com/flagadmin/flagadmin/model"
)

const (
	clean    = "testdata/clean.json"
	broken   = "testdata/broken.json"
	syntax   = "testdata/syntax.json"
	existing = "testdata/existing.json"
	state    = "testdata/state.json"

	viewerToken = "user:test-viewer-token"
	clientToken = "default:development.test-client-token"
)

// invoke runs the validate subcommand without environment variables and
// returns its exit code, stdout and stderr.
func invoke(stdin string, args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	code := Validate(context.Background(), args, Env{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errOut})
	return code, out.String(), errOut.String()
}

// oneFile is the last line of a run over one file with these counts.
func oneFile(failed bool, counts string) string {
	if failed {
		return "1 file (1 failed): " + counts + "\n"
	}
	return "1 file: " + counts + "\n"
}

// lineCol returns the line:col of the n-th (0-based) occurrence of s in
// the file.
func lineCol(t *testing.T, file, s string, n int) string {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	off := -1
	for i := 0; i <= n; i++ {
		j := strings.Index(text[off+1:], s)
		if j < 0 {
			t.Fatalf("%s: occurrence %d of %q not found", file, n, s)
		}
		off += 1 + j
	}
	line := 1 + strings.Count(text[:off], "\n")
	col := off - strings.LastIndex(text[:off], "\n")
	return fmt.Sprintf("%d:%d", line, col)
}

func TestExitCodes(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		code int
	}{
		{"clean", []string{"-demo", clean}, 0},
		{"warnings only", []string{"-state", state, existing}, 0},
		{"warnings fail", []string{"-state", state, "-fail-on", "warning", existing}, 1},
		{"missing permissions only", []string{"-state", state, "-token", viewerToken, clean}, 0},
		{"missing permissions fail", []string{"-state", state, "-token", viewerToken, "-fail-on", "permission", clean}, 1},
		{"errors", []string{"-demo", broken}, 1},
		{"errors disabled", []string{"-demo", "-disable", "duplicate-feature,unknown-strategy,import-duplicate-feature,import-unknown-strategy", broken}, 0},
		{"syntax error", []string{"-demo", syntax}, 1},
		{"errors, json", []string{"-demo", "-format", "json", broken}, 1},
		{"errors, unleash", []string{"-demo", "-format", "unleash", broken}, 1},
		{"errors, sarif", []string{"-demo", "-format", "sarif", broken}, 1},
		{"errors, github", []string{"-demo", "-format", "github", broken}, 1},
		{"errors, junit", []string{"-demo", "-format", "junit", broken}, 1},
		{"flags after the file", []string{broken, "-format", "json", "-demo"}, 1},
		{"two files", []string{"-demo", clean, broken}, 1},
		{"a directory", []string{"-state", state, "-project", "default", "-environment", "development", "testdata"}, 1},
		{"a pattern", []string{"-state", state, "-project", "default", "-environment", "development", "testdata/export-*.json"}, 1},
		{"export", []string{"-state", state, "-project", "default", "-environment", "development", "testdata/export-clean.json"}, 0},
		{"export without a target", []string{"-state", state, "testdata/export-clean.json"}, 2},
		{"help", []string{"-h"}, 0},
		{"no file", []string{"-demo"}, 2},
		{"no state", []string{clean}, 2},
		{"two states", []string{"-demo", "-state", state, clean}, 2},
		{"missing file", []string{"-demo", "testdata/nope.json"}, 2},
		{"pattern without a match", []string{"-demo", "testdata/nope-*.json"}, 2},
		{"unknown flag", []string{"-nope", clean}, 2},
		{"unknown format", []string{"-demo", "-format", "xml", clean}, 2},
		{"unleash of two files", []string{"-demo", "-format", "unleash", clean, broken}, 2},
		{"unknown fail-on", []string{"-demo", "-fail-on", "warnings", clean}, 2},
		{"unknown disabled code", []string{"-demo", "-disable", "required", clean}, 2},
		{"negative max-same", []string{"-demo", "-max-same", "-1", clean}, 2},
		{"missing state", []string{"-state", "testdata/nope.json", clean}, 2},
		{"invalid state", []string{"-state", broken, clean}, 2},
		{"unknown token", []string{"-state", state, "-token", "user:nobody", clean}, 2},
		{"client token", []string{"-state", state, "-token", clientToken, clean}, 2},
		{"token of another state", []string{"-demo", "-token", viewerToken, clean}, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := invoke("", tc.args...)
			if code != tc.code {
				t.Errorf("exit %d; want %d\nstdout:\n%s\nstderr:\n%s", code, tc.code, out, errOut)
			}
			if code == 2 && errOut == "" {
				t.Errorf("a usage or I/O problem goes to stderr only: stdout %q, stderr %q", out, errOut)
			}
		})
	}
}

func TestTokenIsNeverPrinted(t *testing.T) {
	for _, args := range [][]string{
		{"-state", state, "-token", "user:secret-that-is-unknown", clean},
		{"-state", state, "-token", clientToken, clean},
		{"-state", state, "-token", viewerToken, clean},
	} {
		_, out, errOut := invoke("", args...)
		if strings.Contains(out+errOut, args[3]) {
			t.Errorf("the token appears in the output:\n%s%s", out, errOut)
		}
	}
}

func TestTextLocatesItems(t *testing.T) {
	code, out, _ := invoke("", "-demo", broken)
	if code != 1 {
		t.Fatalf("exit %d", code)
	}
	// File order: the duplicate names come before the strategy; the
	// import's own refusals of the same names are the same mistakes,
	// said once; the summary counts the three lines.
	want := broken + ":" + lineCol(t, broken, `"checkout-v2"`, 0) + ": error duplicate-feature: We detected the following features are duplicate in your import data: (checkout-v2)\n" +
		broken + ":" + lineCol(t, broken, `"checkout-v2"`, 1) + ": error duplicate-feature: We detected the following features are duplicate in your import data: (checkout-v2)\n" +
		broken + ":" + lineCol(t, broken, `"no-such-strategy"`, 0) + ": error unknown-strategy: We detected the following custom strategy that needs to be created first: (no-such-strategy)\n" +
		oneFile(true, "3 errors, 0 warnings, 0 missing permissions")
	if out != want {
		t.Errorf("stdout\n%s\nwant\n%s", out, want)
	}
	// The located place holds the item.
	if !strings.Contains(want, broken+":10:17: ") {
		t.Errorf("the strategy name is at 10:17 of %s", broken)
	}
}

func TestTextStructuralProblem(t *testing.T) {
	code, out, _ := invoke("", "-demo", syntax)
	if code != 1 {
		t.Fatalf("exit %d", code)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	prefix := syntax + ":" + lineCol(t, syntax, `"featureStrategies"`, 0) + ": error syntax: "
	if len(lines) != 3 || !strings.HasPrefix(lines[0], prefix) || lines[1] != syntax+": 1 structural problem; the import rules did not run" ||
		lines[2] != "1 file (1 failed): 1 error, 0 warnings, 0 missing permissions" {
		t.Errorf("stdout:\n%s\nwant a line starting with %q and the summary", out, prefix)
	}
}

func TestTextUnplacedItemsAndSummary(t *testing.T) {
	code, out, _ := invoke("", "-state", state, "-token", viewerToken, existing)
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	want := existing + ":" + lineCol(t, existing, `"existing-flag"`, 0) + ": warning feature-exists: The following features already exist in this project and will be overwritten: (existing-flag)\n" +
		existing + ": permission missing-permissions: We detected you are missing the following permissions: (Update feature flags)\n" +
		oneFile(false, "0 errors, 1 warning, 1 missing permission")
	if out != want {
		t.Errorf("stdout\n%s\nwant\n%s", out, want)
	}
}

func TestTextFileOrderAndCounts(t *testing.T) {
	// The recorded many-problems body holds errors, warnings and missing
	// permissions: located lines come in file order, the unlocated after
	// them, and the summary counts every line printed.
	file := filepath.Join("..", "..", "..", "..", "testdata", "exports", "recorded-many-problems-viewer.json")
	oracle := conformance.StatePath()
	code, out, _ := invoke("", "-state", oracle, "-token", "user:62e4aa0433ed0562b9cef06ab66a0b7233fab6fc07064da0816b9497", file)
	if code != 1 {
		t.Fatalf("exit %d", code)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	body, summary := lines[:len(lines)-1], lines[len(lines)-1]
	counts := map[string]int{}
	lastLine, unlocated := 0, false
	for _, l := range body {
		rest := strings.TrimPrefix(l, file)
		var line, col int
		if n, _ := fmt.Sscanf(rest, ":%d:%d:", &line, &col); n == 2 {
			if unlocated || line < lastLine {
				t.Errorf("line out of file order: %s", l)
			}
			lastLine = line
		} else {
			unlocated = true
		}
		for _, sev := range []string{"error", "warning", "permission"} {
			if strings.Contains(l, ": "+sev+" ") {
				counts[sev]++
			}
		}
	}
	want := fmt.Sprintf("1 file (1 failed): %d errors, %d warnings, %d missing permissions", counts["error"], counts["warning"], counts["permission"])
	if summary != want || counts["error"] == 0 || counts["warning"] == 0 || counts["permission"] == 0 {
		t.Errorf("summary %q, want %q (with some of each)", summary, want)
	}
}

func TestJSONKeepsTargetOfBrokenStructure(t *testing.T) {
	code, out, _ := invoke(`{"project":"p<1>","environment":"e&2","data":{}}`, "-demo", "-format", "json", "-")
	if code != 1 {
		t.Fatalf("exit %d", code)
	}
	if !strings.Contains(out, `"project": "p<1>"`) || !strings.Contains(out, `"environment": "e&2"`) {
		t.Errorf("want the file's target, unescaped, in:\n%s", out)
	}
	if strings.Contains(out, "/body") || !strings.Contains(out, "The `/data/features` property is required. The file lacks it.") {
		t.Errorf("want one pointer style, from the file's root, in the JSON report:\n%s", out)
	}
}

func TestTextNamesDocumentPointers(t *testing.T) {
	_, out, _ := invoke(`{"project":"default","environment":"development","data":{}}`, "-demo", "-")
	if strings.Contains(out, "/body") || !strings.Contains(out, "The `/data/features` property is required.") {
		t.Errorf("want pointers from the document's root:\n%s", out)
	}
}

func TestUnknownFlagReportedOnce(t *testing.T) {
	code, _, errOut := invoke("", "-demo", "-nope", clean)
	if code != 2 || strings.Count(errOut, "-nope") != 1 {
		t.Errorf("exit %d, stderr:\n%s\nwant exit 2 and one mention of -nope", code, errOut)
	}
}

func TestBadStateFileIsPlaced(t *testing.T) {
	bad := testutil.WriteFile(t, t.TempDir(), "state.json", "{\n  \"projects\": [{\"id\": \"p\", \"colour\": 1}]\n}\n")
	code, _, errOut := invoke("", "-state", bad, clean)
	if code != 2 || !strings.Contains(errOut, bad+":2:28: /projects/0/colour: unknown member") {
		t.Errorf("exit %d, stderr:\n%s", code, errOut)
	}
}

func TestProjectOverride(t *testing.T) {
	// existing-flag lives in project default: importing it into another
	// project is an error.
	code, out, _ := invoke("", "-state", state, "-project", "other", existing)
	if code != 1 || !strings.Contains(out, "error feature-in-other-project: ") || !strings.Contains(out, "(existing-flag (in project default))") {
		t.Errorf("exit %d, stdout:\n%s", code, out)
	}
	code, out, _ = invoke("", "-demo", "-format", "json", "-project", "p1", "-environment", "e1", clean)
	var rep jsonReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil || len(rep.Files) != 1 {
		t.Fatalf("exit %d: %v\n%s", code, err, out)
	}
	if f := rep.Files[0]; f.Project != "p1" || f.Environment != "e1" {
		t.Errorf("target = %s/%s; want p1/e1", f.Project, f.Environment)
	}
}

func TestStdin(t *testing.T) {
	b, err := os.ReadFile(broken)
	if err != nil {
		t.Fatal(err)
	}
	code, out, _ := invoke(string(b), "-demo", "-")
	if code != 1 {
		t.Fatalf("exit %d", code)
	}
	if !strings.HasPrefix(out, "<stdin>:6:17: error duplicate-feature: ") || !strings.Contains(out, "\n<stdin>:10:17: error unknown-strategy: ") {
		t.Errorf("stdout:\n%s", out)
	}
	code, out, _ = invoke(`{"project":"default","environment":"development","data":{"features":[],"featureStrategies":[],"tagTypes":[]}}`, "-demo", "-format", "unleash", "-")
	if code != 0 || out != `{"errors":[],"warnings":[],"permissions":[]}`+"\n" {
		t.Errorf("exit %d, stdout:\n%s", code, out)
	}
}

// jsonReport mirrors the output of -format json.
type jsonReport struct {
	Files []struct {
		File        string                `json:"file"`
		Project     string                `json:"project"`
		Environment string                `json:"environment"`
		RulesRan    bool                  `json:"rulesRan"`
		Failed      bool                  `json:"failed"`
		Counts      importvalidate.Counts `json:"counts"`
		Findings    []struct {
			Severity string `json:"severity"`
			Code     string `json:"code"`
			Item     string `json:"item"`
			Pointer  string `json:"pointer"`
			Line     int    `json:"line"`
			Column   int    `json:"column"`
		} `json:"findings"`
	} `json:"files"`
	Failed int                   `json:"failed"`
	Counts importvalidate.Counts `json:"counts"`
}

func TestJSONFormat(t *testing.T) {
	code, out, _ := invoke("", "-demo", "-format", "json", broken, clean)
	if code != 1 {
		t.Fatalf("exit %d", code)
	}
	var rep jsonReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if len(rep.Files) != 2 || rep.Files[0].File != broken || rep.Files[1].File != clean || rep.Failed != 1 ||
		rep.Counts != (importvalidate.Counts{Errors: 3}) || rep.Files[0].Counts != rep.Counts || !rep.Files[0].RulesRan {
		t.Fatalf("files and counts:\n%s", out)
	}
	// File order, not rule order.
	var got []string
	for _, f := range rep.Files[0].Findings {
		got = append(got, fmt.Sprintf("%s:%s@%d:%d%s", f.Severity, f.Code, f.Line, f.Column, f.Pointer))
	}
	want := []string{
		"error:duplicate-feature@" + lineCol(t, broken, `"checkout-v2"`, 0) + "/data/features/0/name",
		"error:duplicate-feature@" + lineCol(t, broken, `"checkout-v2"`, 1) + "/data/features/1/name",
		"error:unknown-strategy@" + lineCol(t, broken, `"no-such-strategy"`, 0) + "/data/featureStrategies/0/name",
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("findings\n%v\nwant\n%v", got, want)
	}

	code, out, _ = invoke("", "-demo", "-format", "json", syntax)
	rep = jsonReport{}
	if err := json.Unmarshal([]byte(out), &rep); err != nil || code != 1 || len(rep.Files) != 1 || rep.Files[0].RulesRan ||
		len(rep.Files[0].Findings) != 1 || rep.Files[0].Findings[0].Code != string(importvalidate.CodeSyntax) {
		t.Errorf("exit %d, err %v, report:\n%s", code, err, out)
	}
}

func TestUnleashFormat(t *testing.T) {
	code, out, _ := invoke("", "-demo", "-format", "unleash", broken)
	if code != 1 {
		t.Fatalf("exit %d", code)
	}
	var resp model.ValidateResponse
	if err := json.Unmarshal([]byte(out), &resp); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	want := model.ValidateResponse{
		Errors: []model.Issue{
			{Message: "We detected the following custom strategy that needs to be created first:", AffectedItems: []string{"no-such-strategy"}},
			{Message: "We detected the following features are duplicate in your import data:", AffectedItems: []string{"checkout-v2"}},
		},
		Warnings:    []model.Issue{},
		Permissions: []model.Issue{},
	}
	if got, _ := json.Marshal(resp); string(got) != string(mustJSON(t, want)) {
		t.Errorf("got %s\nwant %s", got, mustJSON(t, want))
	}

	// A structurally invalid body: the details of the reference 400.
	code, out, _ = invoke("", "-demo", "-format", "unleash", syntax)
	var bad struct {
		ID      *string             `json:"id"`
		Name    string              `json:"name"`
		Message string              `json:"message"`
		Details []model.ErrorDetail `json:"details"`
	}
	if err := json.Unmarshal([]byte(out), &bad); err != nil || code != 1 {
		t.Fatalf("exit %d, %v\n%s", code, err, out)
	}
	if bad.ID != nil || bad.Name != "BadDataError" || len(bad.Details) != 1 || !strings.Contains(bad.Details[0].Message, "line 8, column 5") {
		t.Errorf("stdout:\n%s", out)
	}
}

func TestStrict(t *testing.T) {
	// A variable variant whose weight is not 1000: by default the
	// warning that the import gives it the weight it computes (the extra
	// rule variant-weights says the same mistake, once); with -strict an
	// error, in every format (the reference's shape has no place for the
	// import's silent changes, and holds the extra rule's finding).
	body := `{"project":"default","environment":"development","data":{"features":[{"name":"f1"}],"featureStrategies":[{"name":"default","featureName":"f1",` +
		`"variants":[{"name":"v","weight":500,"weightType":"variable","stickiness":"default"}]}],"tagTypes":[]}}`
	for _, format := range []string{"text", "json", "unleash"} {
		if code, out, _ := invoke(body, "-demo", "-format", format, "-"); code != 0 {
			t.Errorf("%s without -strict: exit %d\n%s", format, code, out)
		}
		code, out, _ := invoke(body, "-demo", "-strict", "-format", format, "-")
		if code != 1 || !strings.Contains(out, "the weight 1000, not 500") && !strings.Contains(out, "weights sum to 500") {
			t.Errorf("%s with -strict: exit %d\n%s", format, code, out)
		}
	}
	_, out, _ := invoke(body, "-demo", "-strict", "-")
	if !strings.HasPrefix(out, "<stdin>:1:176: error import-variant-weights-recomputed: ") || strings.Contains(out, "variant-weights:") {
		t.Errorf("stdout:\n%s", out)
	}
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestVersionNote: when nothing says the instance's version (a snapshot
// without one, no -unleash-version), the reports say that the default
// was used: once on standard error, and per file in -format json.
func TestVersionNote(t *testing.T) {
	const note = "flagadmin validate: note: no Unleash version given: validated as Unleash 8.2.0"
	for _, tc := range []struct {
		name string
		args []string
		note bool
	}{
		{"snapshot without version", []string{"-state", state, clean, existing}, true},
		{"override", []string{"-state", state, "-unleash-version", "8.2.0", clean, existing}, false},
		{"demo", []string{"-demo", clean}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, stderr := invoke("", tc.args...)
			if got := strings.Count(stderr, note); got != map[bool]int{true: 1}[tc.note] {
				t.Errorf("stderr says the note %d times:\n%s", got, stderr)
			}
			_, out, _ := invoke("", append([]string{"-format", "json"}, tc.args...)...)
			var doc struct {
				Files []struct {
					VersionNote string `json:"versionNote"`
				} `json:"files"`
			}
			if err := json.Unmarshal([]byte(out), &doc); err != nil || len(doc.Files) == 0 {
				t.Fatalf("%v:\n%s", err, out)
			}
			for _, f := range doc.Files {
				if (f.VersionNote != "") != tc.note {
					t.Errorf("versionNote %q", f.VersionNote)
				}
			}
		})
	}
}
