package importvalidate_test

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/importvalidate"
)

// rulesDoc is the user documentation of the codes, which lists the rules
// and the structural codes in two tables, each code with a link to its
// check and to its test.
const rulesDoc = "../docs/RULES.md"

// TestRulesDocMatchesCatalogue holds the first table of rulesDoc to
// Catalogue: every rule has a row and every row a rule, in catalogue
// order, with the same severity, category, reference flag, strict flag and
// summary; its check is the rule's, declared in the file linked; its test
// is declared in the file linked and names the code.
func TestRulesDocMatchesCatalogue(t *testing.T) {
	rows := docTable(t, "## The rule catalogue",
		"code", "severity", "category", "reference", "import", "summary", "check", "test", "reported when")
	cat := importvalidate.Catalogue()
	eachRow(t, rows, cat, "Catalogue", func(rule importvalidate.Rule) importvalidate.Code { return rule.Code },
		func(i int, r docRow, rule importvalidate.Rule) {
			want := catalogueRow(rule)
			got := []string{r.code(t), r.cells["severity"], r.cells["category"], r.flag("reference"), r.cells["import"], r.cells["summary"]}
			if strings.Join(got, "|") != strings.Join(want, "|") {
				t.Errorf("%s:%d: row %d disagrees with Catalogue (rows keep catalogue order)\n got: %q\nwant: %q", rulesDoc, r.line, i+1, got, want)
				return
			}
			check, _ := r.link(t, "check")
			if name := importvalidate.CheckName(rule.Code); check != name {
				t.Errorf("%s:%d: the check of %s is %s, not %s", rulesDoc, r.line, rule.Code, name, check)
			}
			r.declares(t, "check")
			r.exercises(t, rule.Code)
		})
}

// TestStructureDocMatchesCodes holds the table of the structural tier in
// rulesDoc to Codes: a row for every structural code, in their order,
// with its severity, a check declared in the file linked, and a test
// declared in the file linked that names the code.
func TestStructureDocMatchesCodes(t *testing.T) {
	rows := docTable(t, "## The structural tier", "code", "severity", "import", "check", "test", "reported when")
	var codes []importvalidate.CodeInfo
	for _, info := range importvalidate.Codes() {
		if info.Category == importvalidate.CategoryStructure {
			codes = append(codes, info)
		}
	}
	eachRow(t, rows, codes, "Codes", func(info importvalidate.CodeInfo) importvalidate.Code { return info.Code },
		func(i int, r docRow, info importvalidate.CodeInfo) {
			sev := info.Severity.String()
			switch {
			case info.Code == importvalidate.CodeTooManyProblems:
				sev += ", or warning when every problem it stands for is one"
			case info.Severity == importvalidate.SeverityWarning:
				sev += " (error with strict)"
			}
			if code := r.code(t); code != string(info.Code) || r.cells["severity"] != sev || r.cells["import"] != info.Import.String() {
				t.Errorf("%s:%d: row %d is %s, %s, %s; Codes has %s, %s, %s there", rulesDoc, r.line, i+1,
					code, r.cells["severity"], r.cells["import"], info.Code, sev, info.Import)
				return
			}
			r.declares(t, "check")
			r.exercises(t, info.Code)
		})
}

// eachRow pairs the rows of a table with the entries of list (named
// listed) in order, and checks each pair; it fails when the counts differ
// and for each entry without a row.
func eachRow[E any](t *testing.T, rows []docRow, list []E, listed string, code func(E) importvalidate.Code, check func(i int, r docRow, e E)) {
	t.Helper()
	if len(rows) != len(list) {
		t.Errorf("%s: %d rows; %s has %d", rulesDoc, len(rows), listed, len(list))
	}
	for i, e := range list {
		if i >= len(rows) {
			t.Errorf("%s: no row for %q of %s", rulesDoc, code(e), listed)
			continue
		}
		check(i, rows[i], e)
	}
}

// catalogueRow is what a row of the catalogue says of rule: code,
// severity, category, reference, what the import does with what it finds
// and summary.
func catalogueRow(rule importvalidate.Rule) []string {
	ref := "no"
	if rule.Reference {
		ref = "yes"
	}
	return []string{string(rule.Code), rule.Severity.String(), rule.Category.String(), ref, rule.Import.String(), rule.Summary}
}

// docRow is one row of a table of rulesDoc, its cells by column.
type docRow struct {
	line  int
	cells map[string]string
}

// code is the row's code, which its first cell holds in backquotes.
func (r docRow) code(t *testing.T) string {
	t.Helper()
	c := r.cells["code"]
	if len(c) < 2 || c[0] != '`' || c[len(c)-1] != '`' {
		t.Fatalf("%s:%d: code %q is not in backquotes", rulesDoc, r.line, c)
	}
	return c[1 : len(c)-1]
}

// flag is the yes or no of a column that may name more after it, as in
// "yes (E1)".
func (r docRow) flag(column string) string {
	f, _, _ := strings.Cut(r.cells[column], " ")
	return f
}

// link reads the cell of column, "[`name`](path)": the name's last part
// (the function of "schema.Checker.expand") and the path from the
// package's directory.
func (r docRow) link(t *testing.T, column string) (name, path string) {
	t.Helper()
	m := regexp.MustCompile("^\\[`([A-Za-z0-9_.]+)`\\]\\(([^)]+)\\)$").FindStringSubmatch(r.cells[column])
	if m == nil {
		t.Fatalf("%s:%d: the %s %q is no link [`name`](path)", rulesDoc, r.line, column, r.cells[column])
	}
	return m[1][strings.LastIndexByte(m[1], '.')+1:], filepath.Join(filepath.Dir(rulesDoc), m[2])
}

// declares fails unless the file that the cell of column links declares
// the function it names; it returns the file.
func (r docRow) declares(t *testing.T, column string) string {
	t.Helper()
	name, path := r.link(t, column)
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%s:%d: %v", rulesDoc, r.line, err)
	}
	if funcBody(string(src), name) == "" {
		t.Errorf("%s:%d: %s declares no function %s", rulesDoc, r.line, path, name)
	}
	return string(src)
}

// exercises fails unless the test the row links is declared in the file
// linked, and names code in its body or in the body of a function of that
// file it calls.
func (r docRow) exercises(t *testing.T, code importvalidate.Code) {
	t.Helper()
	src := r.declares(t, "test")
	name, path := r.link(t, "test")
	body := funcBody(src, name)
	bodies := []string{body}
	for _, m := range regexp.MustCompile(`\b([a-zA-Z_]\w*)\(`).FindAllStringSubmatch(body, -1) {
		if m[1] != name {
			bodies = append(bodies, funcBody(src, m[1]))
		}
	}
	named := regexp.MustCompile(`"` + regexp.QuoteMeta(string(code)) + `"|\b[Cc]ode` + constName(code) + `\b`)
	for _, b := range bodies {
		if named.MatchString(b) {
			return
		}
	}
	t.Errorf("%s:%d: %s of %s does not name %s", rulesDoc, r.line, name, path, code)
}

// constName is the name of code's constant after "Code".
func constName(code importvalidate.Code) string {
	var b strings.Builder
	for _, part := range strings.Split(string(code), "-") {
		switch part {
		case "id", "utf8", "json", "url":
			b.WriteString(strings.ToUpper(part))
		default:
			b.WriteString(strings.ToUpper(part[:1]) + part[1:])
		}
	}
	return b.String()
}

// funcBody is the text of the function or method name declared in src,
// from its declaration to its closing brace; "" when src declares none.
func funcBody(src, name string) string {
	loc := regexp.MustCompile(`(?m)^func (\([^)]*\) )?` + regexp.QuoteMeta(name) + `[\[(]`).FindStringIndex(src)
	if loc == nil {
		return ""
	}
	rest := src[loc[0]:]
	if end := strings.Index(rest, "\n}\n"); end >= 0 {
		return rest[:end+2]
	}
	return rest
}

// docTable reads the first table after heading in rulesDoc, whose header
// row must be columns.
func docTable(t *testing.T, heading string, columns ...string) []docRow {
	t.Helper()
	data, err := os.ReadFile(rulesDoc)
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	var (
		rows             []docRow
		n                int
		inSection, table bool
		header           bool
	)
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		switch {
		case !inSection:
			inSection = line == heading
			continue
		case strings.HasPrefix(line, "#") && !table:
			t.Fatalf("%s:%d: the section %q has no table", rulesDoc, n, heading)
		case !strings.HasPrefix(line, "|"):
			if table {
				return rows
			}
			continue
		}
		table = true
		cells := strings.Split(strings.Trim(line, "|"), "|")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		switch {
		case !header:
			if strings.Join(cells, "|") != strings.Join(columns, "|") {
				t.Fatalf("%s:%d: table columns %q; want %q", rulesDoc, n, cells, columns)
			}
			header = true
			continue
		case strings.Trim(line, "|-") == "":
			continue // the delimiter row
		case len(cells) != len(columns):
			t.Fatalf("%s:%d: %d cells; want %d", rulesDoc, n, len(cells), len(columns))
		}
		r := docRow{line: n, cells: map[string]string{}}
		for i, c := range columns {
			r.cells[c] = cells[i]
		}
		rows = append(rows, r)
	}
	if !inSection {
		t.Fatalf("%s: no heading %q", rulesDoc, heading)
	}
	if !table {
		t.Fatalf("%s: no table after %q", rulesDoc, heading)
	}
	return rows
}

// TestRestatedDocMatchesCodes holds the table of "One mistake, one
// finding" in rulesDoc to the codes' YieldsTo: a row for each code that
// yields, in the order of Codes, naming the codes it yields to in order.
func TestRestatedDocMatchesCodes(t *testing.T) {
	rows := docTable(t, "### One mistake, one finding", "code", "left out where one of these says the same")
	var yielding []importvalidate.CodeInfo
	for _, info := range importvalidate.Codes() {
		if len(info.YieldsTo) > 0 {
			yielding = append(yielding, info)
		}
	}
	eachRow(t, rows, yielding, "Codes", func(info importvalidate.CodeInfo) importvalidate.Code { return info.Code },
		func(i int, r docRow, info importvalidate.CodeInfo) {
			var want []string
			for _, c := range info.YieldsTo {
				want = append(want, "`"+string(c)+"`")
			}
			if code, by := r.code(t), r.cells["left out where one of these says the same"]; code != string(info.Code) || by != strings.Join(want, ", ") {
				t.Errorf("%s:%d: row %d is %s: %s; Codes has %s: %s", rulesDoc, r.line, i+1, code, by, info.Code, strings.Join(want, ", "))
			}
		})
}
