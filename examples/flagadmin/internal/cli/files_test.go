package cli

import (
	"encoding/json"
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
)

// TestFileWords: an empty file, a file that is not JSON, a directory
// without .json files and an export without a target each get one clear
// line that speaks of the file.
func TestFileWords(t *testing.T) {
	dir := t.TempDir()
	empty := testutil.WriteFile(t, dir, "empty.json", " \n")
	yaml := testutil.WriteFile(t, dir, "flags.yaml", "features: []\n")
	noJSON := filepath.Join(dir, "nothing")
	if err := os.Mkdir(noJSON, 0o700); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name         string
		args         []string
		code         int
		stdout       string
		stderr       string
		stdoutAbsent string
	}{
		{"empty", []string{"-demo", empty}, 1, empty + ":1:1: error syntax: The file is empty; an export is a JSON object", "", "required"},
		{"not JSON", []string{"-demo", yaml}, 1, yaml + ":1:1: error syntax: The file is not JSON: it starts with 'f'", "", "Unexpected"},
		{"directory without JSON", []string{"-demo", noJSON}, 2, "", noJSON + ": the directory holds no .json file", ""},
		{"export without target", []string{"-demo", "testdata/export-clean.json"}, 2, "", "testdata/export-clean.json: the export does not say its target (no feature names its project; no featureEnvironments entry names an environment): give -project and -environment", ""},
		{"request words", []string{"-demo", "-"}, 1, "The `/data` property is required. The file lacks it.", "", "you sent"},
		{"an export as the state", []string{"-state", "testdata/export-clean.json", clean}, 2, "",
			"testdata/export-clean.json is a feature export, not a state snapshot. A state snapshot describes the instance to check against", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := invoke(`{"project":"default","environment":"development"}`, tc.args...)
			if code != tc.code || !strings.Contains(out, tc.stdout) || !strings.Contains(errOut, tc.stderr) ||
				tc.stdoutAbsent != "" && strings.Contains(out, tc.stdoutAbsent) {
				t.Errorf("exit %d; want %d\nstdout:\n%s\nstderr:\n%s", code, tc.code, out, errOut)
			}
			if tc.code == 1 && strings.Count(out, "error syntax") > 1 {
				t.Errorf("more than one line for the file:\n%s", out)
			}
		})
	}
}

// TestManyFiles: files, directories and patterns; each file's findings
// under its own name; the last line counts files.
func TestManyFiles(t *testing.T) {
	code, out, errOut := invoke("", "-state", state, "-project", "default", "-environment", "development", "testdata/export-*.json", clean)
	if code != 1 {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if last := lines[len(lines)-1]; last != "3 files (1 failed): 3 errors, 2 warnings, 0 missing permissions" {
		t.Errorf("last line %q", last)
	}
	if !strings.HasPrefix(lines[0], "testdata/export-broken.json:3:15: error duplicate-feature") {
		t.Errorf("first line %q", lines[0])
	}
}

// TestMachineFormats: sarif and json parse, junit is XML, github escapes
// what workflow commands need escaped.
func TestMachineFormats(t *testing.T) {
	args := []string{"-state", state, "-project", "default", "-environment", "development", "-token", viewerToken}
	_, out, _ := invoke("", append(args, "-format", "sarif", "testdata/export-broken.json")...)
	var log struct {
		Version string `json:"version"`
		Runs    []struct {
			Tool struct {
				Driver struct {
					Rules []struct {
						ID string `json:"id"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Results []struct {
				RuleID    string `json:"ruleId"`
				Level     string `json:"level"`
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct {
							URI string `json:"uri"`
						} `json:"artifactLocation"`
						Region *struct {
							StartLine, StartColumn int
						} `json:"region"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil || log.Version != "2.1.0" || len(log.Runs) != 1 {
		t.Fatalf("sarif: %v\n%s", err, out)
	}
	run := log.Runs[0]
	if len(run.Results) != 7 || len(run.Tool.Driver.Rules) != 4 {
		t.Errorf("sarif: %d results, %d rules\n%s", len(run.Results), len(run.Tool.Driver.Rules), out)
	}
	if r := run.Results[0]; r.RuleID != "duplicate-feature" || r.Level != "error" || r.Locations[0].PhysicalLocation.Region.StartLine != 3 ||
		r.Locations[0].PhysicalLocation.ArtifactLocation.URI != "testdata/export-broken.json" {
		t.Errorf("first result %+v", r)
	}
	if r := run.Results[6]; r.Level != "note" || r.Locations[0].PhysicalLocation.Region != nil {
		t.Errorf("missing permission %+v", r)
	}

	_, out, _ = invoke("", append(args, "-format", "junit", "testdata/export-broken.json", "testdata/export-clean.json")...)
	var suites struct {
		Tests    int `xml:"tests,attr"`
		Failures int `xml:"failures,attr"`
	}
	if err := xml.Unmarshal([]byte(out), &suites); err != nil || suites.Tests != 2 || suites.Failures != 1 {
		t.Errorf("junit: %v %+v\n%s", err, suites, out)
	}

	odd := testutil.WriteFile(t, t.TempDir(), "a,b:c%.json", "{}")
	_, out, _ = invoke("", "-demo", "-project", "default", "-environment", "development", "-format", "github", odd)
	if want := "::error file=" + filepath.ToSlash(filepath.Dir(odd)) + "/a%2Cb%3Ac%25.json,line=1,col=1,title=required::"; !strings.HasPrefix(out, want) {
		t.Errorf("github:\n%s\nwant a line starting %s", out, want)
	}
}

// TestDirectoryScan: a state snapshot found in a directory or by a
// pattern is skipped with a note, and validated when named; -exclude
// leaves out files and directories by path or base name.
func TestDirectoryScan(t *testing.T) {
	dir := t.TempDir()
	snapshot, err := os.ReadFile(state)
	if err != nil {
		t.Fatal(err)
	}
	snap := testutil.WriteFile(t, dir, "state.json", string(snapshot))
	testutil.WriteFile(t, dir, "a-export.json", `{"features":[{"name":"a"}],"featureStrategies":[],"tagTypes":[]}`)
	testutil.WriteFile(t, dir, "ignored.json", `{"features":[{"name":"b"}],"featureStrategies":[],"tagTypes":[]}`)
	if err := os.Mkdir(filepath.Join(dir, "vendor"), 0o700); err != nil {
		t.Fatal(err)
	}
	testutil.WriteFile(t, filepath.Join(dir, "vendor"), "c.json", `{"features":[{"name":"c"}],"featureStrategies":[],"tagTypes":[]}`)
	target := []string{"-demo", "-project", "default", "-environment", "development"}
	note := "flagadmin validate: note: " + snap + ": skipped, a state snapshot rather than an export (name the file to validate it anyway, or leave it out with -exclude)\n"
	for _, tc := range []struct {
		name        string
		args        []string
		code        int
		files       string
		stderr      string
		absentFiles []string
	}{
		{"directory", []string{dir}, 0, "3 files: ", note, []string{"state.json"}},
		{"pattern", []string{filepath.Join(dir, "*.json")}, 0, "2 files: ", note, []string{"state.json"}},
		{"named", []string{snap}, 1, "1 file (1 failed): ", "", nil},
		{"exclude", []string{"-exclude", "ignored.json", "-exclude", "vendor", "-exclude", "state.json", dir}, 0, "1 file: ", "", []string{"ignored.json", "c.json"}},
		{"exclude by path", []string{"-exclude", filepath.Join(dir, "vendor"), dir}, 0, "2 files: ", note, []string{"c.json"}},
		{"exclude everything", []string{"-exclude", "*.json", dir}, 2, "", dir + ": the directory holds no .json file that -exclude leaves in", nil},
		{"bad pattern", []string{"-exclude", "[", dir}, 2, "", `invalid value "[" for flag -exclude`, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := invoke("", append(append([]string{}, target...), append([]string{"-format", "json"}, tc.args...)...)...)
			if tc.code == 2 {
				if code != 2 || !strings.Contains(stderr, tc.stderr) {
					t.Errorf("exit %d, want 2 and %q\n%s", code, tc.stderr, stderr)
				}
				return
			}
			_, text, _ := invoke("", append(append([]string{}, target...), tc.args...)...)
			if code != tc.code || stderr != tc.stderr || !strings.Contains(text, "\n"+tc.files) && !strings.HasPrefix(text, tc.files) {
				t.Errorf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tc.code, text, stderr)
			}
			var doc struct{ Files []struct{ File string } }
			if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
				t.Fatal(err)
			}
			for _, f := range doc.Files {
				for _, absent := range tc.absentFiles {
					if filepath.Base(f.File) == absent {
						t.Errorf("%s was validated", f.File)
					}
				}
			}
		})
	}
}
