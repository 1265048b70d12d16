package layers

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// module is the module's path.
const module = "github.com/flagadmin/flagadmin"

// The side trees of the layer table, by the word of their layer column.
const (
	harness = "harness" // may import layers 1 to 7
	measure = "measure" // may import anything but examples/
)

// harnessCeiling is the highest layer the test harness may import.
const harnessCeiling = 7

// maxInternal bounds the entries at the top level of internal/.
const maxInternal = 8

// rule is one row of the layer table: the packages a pattern names (a
// path, or a subtree ending in /...) and their layer, 0 for a side tree.
type rule struct {
	pattern string
	layer   int
	side    string
}

// matches reports whether the package at path (relative to the module,
// "." for its root) is one the rule names.
func (r rule) matches(path string) bool {
	if tree, ok := strings.CutSuffix(r.pattern, "/..."); ok {
		return path == tree || strings.HasPrefix(path, tree+"/")
	}
	return path == r.pattern
}

// where names the rule's place for messages.
func (r rule) where() string {
	if r.side != "" {
		return r.side
	}
	return "layer " + strconv.Itoa(r.layer)
}

var (
	rowRE     = regexp.MustCompile(`^\| *([^|]+?) *\| *([^|]+?) *\|`)
	packageRE = regexp.MustCompile("`([^`]+)`")
)

// parseLayers reads the table of the section "## Layers" of doc.
func parseLayers(doc []byte) ([]rule, error) {
	var rules []rule
	in := false
	sc := bufio.NewScanner(bytes.NewReader(doc))
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "## ") {
			in = line == "## Layers"
			continue
		}
		m := rowRE.FindStringSubmatch(line)
		if !in || m == nil || m[1] == "layer" || strings.HasPrefix(m[1], "---") {
			continue
		}
		r := rule{}
		switch word, _, _ := strings.Cut(m[1], " "); word {
		case harness, measure:
			r.side = word
		default:
			n, err := strconv.Atoi(word)
			if err != nil || n < 1 {
				return nil, fmt.Errorf("row %q: the layer is a number from 1 or %q or %q", line, harness, measure)
			}
			r.layer = n
		}
		names := packageRE.FindAllStringSubmatch(m[2], -1)
		if len(names) == 0 {
			return nil, fmt.Errorf("row %q names no package", line)
		}
		for _, n := range names {
			r.pattern = n[1]
			rules = append(rules, r)
		}
	}
	if len(rules) == 0 {
		return nil, fmt.Errorf("no layer table under \"## Layers\"")
	}
	return rules, sc.Err()
}

// ruleOf is the rule of the package at path: that of the longest pattern
// that names it.
func ruleOf(rules []rule, path string) (rule, bool) {
	var best rule
	found := false
	for _, r := range rules {
		if r.matches(path) && (!found || len(r.pattern) > len(best.pattern)) {
			best, found = r, true
		}
	}
	return best, found
}

// pkg is a package of the module with its imports of the module's
// packages, relative to the module.
type pkg struct {
	path              string
	imports, testOnly []string
}

// listPackages lists the module's packages with go list, run in root.
func listPackages(t *testing.T, root string) []pkg {
	t.Helper()
	cmd := exec.Command("go", "list", "-f", "{{.ImportPath}}|{{join .Imports \" \"}}|{{join .TestImports \" \"}} {{join .XTestImports \" \"}}", "./...")
	cmd.Dir = root
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.Bytes())
	}
	var pkgs []pkg
	for line := range strings.Lines(strings.TrimSpace(string(out))) {
		fields := strings.Split(strings.TrimSpace(line), "|")
		if len(fields) != 3 {
			t.Fatalf("go list line %q", line)
		}
		p := pkg{path: rel(fields[0])}
		for _, imp := range strings.Fields(fields[1]) {
			if own(imp) {
				p.imports = append(p.imports, rel(imp))
			}
		}
		for _, imp := range strings.Fields(fields[2]) {
			if own(imp) && rel(imp) != p.path {
				p.testOnly = append(p.testOnly, rel(imp))
			}
		}
		pkgs = append(pkgs, p)
	}
	return pkgs
}

// own reports whether the import path is the module's.
func own(path string) bool { return path == module || strings.HasPrefix(path, module+"/") }

// rel is path relative to the module, "." for its root.
func rel(path string) string {
	if path == module {
		return "."
	}
	return strings.TrimPrefix(path, module+"/")
}

// inExamples reports whether the package at path is under examples/.
func inExamples(path string) bool { return strings.HasPrefix(path, "examples/") }

// check returns the imports of pkgs that the rules forbid.
func check(rules []rule, pkgs []pkg) []string {
	var bad []string
	for _, p := range pkgs {
		r, ok := ruleOf(rules, p.path)
		if !ok {
			bad = append(bad, fmt.Sprintf("%s: no row of the layer table names it", p.path))
			continue
		}
		for _, imp := range p.imports {
			ir, ok := ruleOf(rules, imp)
			switch {
			case !ok:
				bad = append(bad, fmt.Sprintf("%s imports %s, which no row of the layer table names", p.path, imp))
			case inExamples(imp) && !inExamples(p.path):
				bad = append(bad, fmt.Sprintf("%s (%s) imports %s: only examples/ imports examples/", p.path, r.where(), imp))
			case r.side == measure:
			case r.side == harness && (ir.side == harness || ir.side == "" && ir.layer <= harnessCeiling):
			case r.side == harness:
				bad = append(bad, fmt.Sprintf("%s (%s) imports %s (%s): the harness imports layers 1 to %d", p.path, r.where(), imp, ir.where(), harnessCeiling))
			case ir.side != "" || ir.layer > r.layer:
				bad = append(bad, fmt.Sprintf("%s (%s) imports %s (%s), above it", p.path, r.where(), imp, ir.where()))
			}
		}
		for _, imp := range p.testOnly {
			if inExamples(imp) && !inExamples(p.path) {
				bad = append(bad, fmt.Sprintf("the tests of %s import %s: only examples/ imports examples/", p.path, imp))
			}
		}
	}
	return bad
}

// root returns the module's root directory.
func root(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", "..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "go.mod")); err != nil {
		t.Fatalf("no go.mod at %s: %v", dir, err)
	}
	return dir
}

// TestImportsFollowTheLayers checks every import of the module's packages
// against the layer table of docs/LAYOUT.md.
func TestImportsFollowTheLayers(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command to list the packages with")
	}
	dir := root(t)
	doc, err := os.ReadFile(filepath.Join(dir, "docs", "LAYOUT.md"))
	if err != nil {
		t.Fatal(err)
	}
	rules, err := parseLayers(doc)
	if err != nil {
		t.Fatalf("docs/LAYOUT.md: %v", err)
	}
	pkgs := listPackages(t, dir)
	if len(pkgs) < 20 {
		t.Fatalf("go list gave %d packages; want the whole module", len(pkgs))
	}
	for _, b := range check(rules, pkgs) {
		t.Error(b)
	}
	for _, r := range rules {
		if !slices.ContainsFunc(pkgs, func(p pkg) bool { return r.matches(p.path) }) {
			t.Errorf("docs/LAYOUT.md names %s, which is no package of the module", r.pattern)
		}
	}
}

// TestInternalIsSmall: internal/ holds at most maxInternal entries at its
// top level.
func TestInternalIsSmall(t *testing.T) {
	entries, err := os.ReadDir(filepath.Join(root(t), "internal"))
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) > maxInternal {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("internal/ has %d entries (%s); at most %d", len(entries), strings.Join(names, ", "), maxInternal)
	}
}

// TestCheckRefuses: the check finds each kind of forbidden import, and
// passes the allowed ones.
func TestCheckRefuses(t *testing.T) {
	doc := []byte("# x\n\n## Layers\n\n| layer | packages | what |\n|---|---|---|\n" +
		"| 1 bytes | `internal/low` | |\n| 2 model | `model`, `auth` | |\n| 3 top | `examples/app/...` | |\n" +
		"| harness | `internal/testharness/...` | |\n| measure | `internal/measure/...` | |\n\n## Other\n\n| 9 | `ignored` | |\n")
	rules, err := parseLayers(doc)
	if err != nil {
		t.Fatal(err)
	}
	if len(rules) != 6 {
		t.Fatalf("parsed %d rules: %+v; want 6", len(rules), rules)
	}
	for _, tc := range []struct {
		name string
		p    pkg
		bad  string
	}{
		{"down", pkg{path: "model", imports: []string{"internal/low"}}, ""},
		{"sideways", pkg{path: "model", imports: []string{"auth"}}, ""},
		{"subtree", pkg{path: "examples/app/internal/x", imports: []string{"examples/app", "model"}}, ""},
		{"up", pkg{path: "internal/low", imports: []string{"model"}}, "above it"},
		{"unnamed", pkg{path: "stray"}, "no row"},
		{"unnamed import", pkg{path: "model", imports: []string{"stray"}}, "which no row"},
		{"harness down", pkg{path: "internal/testharness/h", imports: []string{"model", "internal/testharness/g"}}, ""},
		{"harness into examples", pkg{path: "internal/testharness/h", imports: []string{"examples/app"}}, "only examples/"},
		{"measure anything", pkg{path: "internal/measure/m", imports: []string{"internal/testharness/h", "model"}}, ""},
		{"measure into examples", pkg{path: "internal/measure/m", imports: []string{"examples/app"}}, "only examples/"},
		{"library onto harness", pkg{path: "model", imports: []string{"internal/testharness/h"}}, "above it"},
		{"test into examples", pkg{path: "model", testOnly: []string{"examples/app"}}, "the tests of model"},
		{"test of examples", pkg{path: "examples/app", testOnly: []string{"examples/app/internal/x", "internal/testharness/h"}}, ""},
	} {
		got := check(rules, []pkg{tc.p})
		switch {
		case tc.bad == "" && len(got) > 0:
			t.Errorf("%s: refused: %q", tc.name, got)
		case tc.bad != "" && (len(got) != 1 || !strings.Contains(got[0], tc.bad)):
			t.Errorf("%s: %q; want one refusal with %q", tc.name, got, tc.bad)
		}
	}
	for _, doc := range []string{"no table", "## Layers\n\n| layer | packages |\n|---|---|\n| x | `a` |\n", "## Layers\n\n| 1 | none |\n"} {
		if _, err := parseLayers([]byte(doc)); err == nil {
			t.Errorf("parseLayers(%q) passed", doc)
		}
	}
}
