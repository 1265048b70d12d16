package cli

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/internal/safetext"
	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
)

// hostileNames are names of features, strategies and JSON keys that would
// drive a terminal, reorder the text, break a line or forge a GitHub
// Actions workflow command if an output wrote them raw.
var hostileNames = []string{
	"a\n::error file=ci.yml,line=1::forged",
	"b\r\n::add-mask::secret",
	"::warning::at the start",
	"c ##[error]legacy",
	"\x1bc\x1b[2J\x1b[H",
	"\x1b]8;;https://evil.example\x1b\\link\x1b]8;;\x1b\\",
	"\x1b]0;title\x07",
	"back\b\b\bspace",
	"c1\u009b2J",
	"rtl\u202eevil",
	"sep\u2028para\u2029",
	"bad\xff\xfeutf8",
}

// hostileFiles are file names alike (git accepts each of them).
var hostileFiles = []string{
	"a\n::error file=ci.yml,line=1::forged.json",
	"::error file=ci.yml::lead.json",
	"##[error]legacy.json",
	"\x1b[2J\x1bc.json",
	"\x1b]0;title\x07.json",
	"back\b\b.json",
	"rtl\u202enosj.json",
	"sep\u2028.json",
	"bad\xff.json",
}

// jsonString writes s as a JSON string the way a hostile file would: its
// C0 controls escaped (JSON allows them no other way), everything else,
// ill-formed UTF-8 included, as raw bytes.
func jsonString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c < 0x20:
			fmt.Fprintf(&b, `\u%04x`, c)
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// hostileExports writes, for each hostile name, an export whose findings
// quote it (a duplicate feature, an unknown strategy) under a hostile file
// name, an export whose unknown key is the name, and a file that starts
// with an escape sequence; it returns the directory.
func hostileExports(t *testing.T) string {
	dir := t.TempDir()
	for i, n := range hostileNames {
		q := jsonString(n)
		rules := fmt.Sprintf(`{"features":[{"name":%s},{"name":%s}],"featureStrategies":[{"name":%s,"featureName":%s}],"tagTypes":[]}`, q, q, q, q)
		testutil.WriteFile(t, dir, hostileFiles[i%len(hostileFiles)]+fmt.Sprint(i)+".json", rules)
		keys := fmt.Sprintf(`{"features":[{"name":"ok",%s:1}],"featureStrategies":[],"tagTypes":[]}`, q)
		testutil.WriteFile(t, dir, fmt.Sprintf("keys-%02d.json", i), keys)
	}
	testutil.WriteFile(t, dir, "\x1b[31mescape.json", "\x1b[2J{}")
	return dir
}

// noRaw fails when out carries what the output rule forbids.
func noRaw(t *testing.T, what, out string) {
	t.Helper()
	if c := safetext.Check(out); c != "" {
		t.Errorf("%s carries %s raw: %q", what, c, out)
	}
}

// TestHostileNamesInEveryFormat validates files whose names, keys and
// file names are hostile, in every format, and checks that no output
// writes them raw, that the JSON and XML formats parse, and that the only
// workflow commands of -format github are its own annotations.
func TestHostileNamesInEveryFormat(t *testing.T) {
	dir := hostileExports(t)
	base := []string{"-demo", "-project", "default", "-environment", "development", "-max-same", "1"}
	for _, format := range []string{"text", "json", "sarif", "github", "junit"} {
		t.Run(format, func(t *testing.T) {
			code, stdout, stderr := invoke("", append(base, "-format", format, dir)...)
			if code != ExitFindings {
				t.Errorf("exit %d, want %d\n%s", code, ExitFindings, stderr)
			}
			noRaw(t, "stderr", stderr)
			switch format {
			case "github":
				checkAnnotations(t, stdout)
			default:
				noRaw(t, "stdout", stdout)
			}
			switch format {
			case "json", "sarif":
				if !json.Valid([]byte(stdout)) {
					t.Errorf("the %s output is not JSON:\n%s", format, stdout)
				}
			case "junit":
				checkXML(t, stdout)
			}
			// Every hostile file is named, escaped, in the output.
			for i := range hostileNames {
				name := safetext.String(filepath.Join(dir, hostileFiles[i%len(hostileFiles)]+fmt.Sprint(i)+".json"))
				if format == "json" || format == "sarif" {
					name = strings.Trim(string(mustJSON(t, name)), `"`)
				}
				if format == "github" {
					name = strings.NewReplacer("%", "%25", ":", "%3A", ",", "%2C").Replace(name)
				}
				if format == "junit" {
					var b bytes.Buffer
					_ = xml.EscapeText(&b, []byte(name))
					name = b.String()
				}
				if !strings.Contains(stdout, name) {
					t.Errorf("the output does not name %q", name)
				}
			}
		})
	}
	t.Run("unleash", func(t *testing.T) {
		for i := range hostileNames {
			file := filepath.Join(dir, hostileFiles[i%len(hostileFiles)]+fmt.Sprint(i)+".json")
			_, stdout, stderr := invoke("", append(base, "-format", "unleash", file)...)
			noRaw(t, "stdout", stdout)
			noRaw(t, "stderr", stderr)
			var resp struct {
				Errors []struct{ AffectedItems []string }
			}
			if err := json.Unmarshal([]byte(stdout), &resp); err != nil || len(resp.Errors) == 0 {
				t.Fatalf("%q: %v\n%s", hostileNames[i], err, stdout)
			}
		}
	})
}

// checkXML fails unless s is well-formed XML.
func checkXML(t *testing.T, s string) {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(s))
	for {
		_, err := d.Token()
		if errors.Is(err, io.EOF) {
			return
		}
		if err != nil {
			t.Fatalf("the XML is ill-formed: %v\n%s", err, s)
		}
	}
}

// checkAnnotations reads the output of -format github as the Actions
// runner reads a log: a line that starts with "::" once trimmed is a
// command, "##[" anywhere a legacy one. Each command must be one of the
// format's annotations with only its own properties; every other text
// must pass the output rule.
func checkAnnotations(t *testing.T, out string) {
	t.Helper()
	var rest []string
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if strings.Contains(line, "##[") {
			t.Errorf("a legacy workflow command: %q", line)
		}
		trimmed := strings.TrimLeft(line, " \t")
		if !strings.HasPrefix(trimmed, "::") {
			rest = append(rest, line)
			continue
		}
		cmd, data, ok := strings.Cut(trimmed[2:], "::")
		name, props, _ := strings.Cut(cmd, " ")
		if !ok || (name != "error" && name != "warning" && name != "notice") {
			t.Errorf("a workflow command the format does not write: %q", line)
			continue
		}
		for _, p := range strings.Split(props, ",") {
			k, _, _ := strings.Cut(p, "=")
			if k != "file" && k != "line" && k != "col" && k != "title" {
				t.Errorf("a property the format does not write, %q: %q", k, line)
			}
		}
		noRaw(t, "an annotation's message", data)
	}
	noRaw(t, "the lines beside the annotations", strings.Join(rest, "\n"))
}

// TestHostileStderr checks the messages of standard error: a file name
// that cannot be read, a glob that matches nothing, and a syntax error
// that quotes a leading escape.
func TestHostileStderr(t *testing.T) {
	dir := t.TempDir()
	for _, f := range hostileFiles {
		_, _, stderr := invoke("", "-demo", "-project", "default", "-environment", "development", filepath.Join(dir, f))
		if !strings.HasPrefix(stderr, "flagadmin validate: ") {
			t.Errorf("%q: %s", f, stderr)
		}
		noRaw(t, "stderr", stderr)
		_, _, stderr = invoke("", "-demo", filepath.Join(dir, f+"*"))
		noRaw(t, "stderr", stderr)
	}
	esc := testutil.WriteFile(t, dir, "esc.json", "\x1b[2J{}")
	code, stdout, _ := invoke("", "-demo", "-project", "default", "-environment", "development", esc)
	if code != ExitFindings || !strings.Contains(stdout, `it starts with '\u001b'`) {
		t.Errorf("exit %d:\n%s", code, stdout)
	}
	noRaw(t, "stdout", stdout)
}

// TestHostilePlan checks the plan's text and JSON, and its refusal, with
// hostile names: as names, which the import refuses (they are not URL
// friendly), and as a description and a parameter, which it keeps.
func TestHostilePlan(t *testing.T) {
	dir := t.TempDir()
	state := testutil.WriteFile(t, dir, "state.json", `{"projects":[{"id":"default"}],"environments":[{"name":"development"}],
		"strategies":[{"name":"default","builtIn":true}],"tagTypes":[{"name":"simple"}]}`)
	for _, n := range hostileNames {
		q := jsonString(n)
		body := fmt.Sprintf(`{"project":"default","environment":"development","data":{"features":[{"name":%s,"description":%s}],
			"featureStrategies":[{"name":"default","featureName":%s,"parameters":{%s:%s}}],"featureTags":[{"featureName":%s,"tagType":"simple","tagValue":%s}],
			"tagTypes":[{"name":"simple"}],"contextFields":[{"name":%s}]}}`, q, q, q, q, q, q, q, q)
		kept := fmt.Sprintf(`{"project":"default","environment":"development","data":{"features":[{"name":"f","description":%s}],
			"featureStrategies":[{"name":"default","featureName":"f","parameters":{"p":%s}}],"tagTypes":[]}}`, q, q)
		for _, tc := range []struct {
			body    string
			refused bool
		}{{body, true}, {kept, false}} {
			file := testutil.WriteFile(t, dir, "import.json", tc.body)
			for _, format := range []string{"text", "json"} {
				code, stdout, stderr := runPlan(nil, nil, "-state", state, "-format", format, file)
				noRaw(t, "stdout", stdout)
				noRaw(t, "stderr", stderr)
				switch {
				case tc.refused && (code != 1 || !refusedIn(format, stdout)):
					t.Errorf("%q as a name: exit %d, want the refusal:\n%s", n, code, stdout)
				case !tc.refused && format == "json" && (code != 0 || !json.Valid([]byte(stdout))):
					t.Errorf("%q: the plan is not JSON (exit %d):\n%s%s", n, code, stdout, stderr)
				}
			}
		}
	}
	_ = os.Remove(state)
}

// refusedIn says whether a plan printed in format says that the import
// will be refused: in words, or as the failures of its JSON.
func refusedIn(format, stdout string) bool {
	if format != "json" {
		return strings.Contains(stdout, "the import will be refused")
	}
	var p struct {
		Failures []json.RawMessage `json:"failures"`
	}
	return json.Unmarshal([]byte(stdout), &p) == nil && len(p.Failures) > 0
}
