package importvalidate_test

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/importvalidate"
)

// rulesDoc is the user documentation of the rules, which lists the
// catalogue as a table.
const rulesDoc = "../docs/RULES.md"

// catalogueHeading opens the section of rulesDoc whose first table is the
// catalogue.
const catalogueHeading = "## The rule catalogue"

// catalogueColumns are the columns of that table; the last one is free
// text and not compared.
var catalogueColumns = []string{"code", "severity", "category", "reference", "runs", "summary", "reported when"}

// docRule is one row of the catalogue table in the columns Catalogue also
// has.
type docRule struct {
	line                                               int
	code, severity, category, reference, runs, summary string
}

func (r docRule) String() string {
	return fmt.Sprintf("| `%s` | %s | %s | %s | %s | %s |", r.code, r.severity, r.category, r.reference, r.runs, r.summary)
}

// TestRulesDocMatchesCatalogue holds docs/RULES.md to Catalogue: every
// rule has a row and every row a rule, in catalogue order, with the same
// severity, category, reference flag, strict flag and summary.
func TestRulesDocMatchesCatalogue(t *testing.T) {
	data, err := os.ReadFile(rulesDoc)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := parseCatalogueTable(data)
	if err != nil {
		t.Fatalf("%s: %v", rulesDoc, err)
	}

	byCode := map[string]docRule{}
	for _, r := range rows {
		if prev, dup := byCode[r.code]; dup {
			t.Errorf("%s:%d: code %q is listed twice (first on line %d)", rulesDoc, r.line, r.code, prev.line)
		}
		byCode[r.code] = r
	}

	cat := importvalidate.Catalogue()
	inCatalogue := map[string]bool{}
	misordered := false
	for i, rule := range cat {
		inCatalogue[string(rule.Code)] = true
		want := catalogueRow(rule)
		got, ok := byCode[string(rule.Code)]
		if !ok {
			t.Errorf("%s: no row for rule %q of Catalogue; add\n%s", rulesDoc, rule.Code, want)
			continue
		}
		want.line = got.line
		if got != want {
			t.Errorf("%s:%d: row of %q disagrees with Catalogue\n got: %s\nwant: %s", rulesDoc, got.line, rule.Code, got, want)
		}
		if i < len(rows) && rows[i].code != string(rule.Code) && !misordered {
			misordered = true
			t.Errorf("%s:%d: row %d is %q; Catalogue has %q there (the table keeps catalogue order)", rulesDoc, rows[i].line, i+1, rows[i].code, rule.Code)
		}
	}
	for _, r := range rows {
		if !inCatalogue[r.code] {
			t.Errorf("%s:%d: code %q is not in Catalogue", rulesDoc, r.line, r.code)
		}
	}
}

// catalogueRow is the row rulesDoc should hold for rule.
func catalogueRow(rule importvalidate.Rule) docRule {
	sev := rule.Severity
	if sev == 0 {
		sev = importvalidate.SeverityError
	}
	cat := rule.Category
	if cat == 0 {
		cat = importvalidate.CategoryRule
	}
	ref := "no"
	if rule.Reference {
		ref = "yes"
	}
	runs := "always"
	if rule.Strict {
		runs = "strict"
	}
	return docRule{code: string(rule.Code), severity: sev.String(), category: cat.String(),
		reference: ref, runs: runs, summary: rule.Summary}
}

// parseCatalogueTable reads the first table after catalogueHeading. The
// reference column may carry the reference's name of the rule after the
// flag, as in "yes (E1)"; only the flag is kept.
func parseCatalogueTable(data []byte) ([]docRule, error) {
	sc := bufio.NewScanner(bytes.NewReader(data))
	var (
		rows      []docRule
		n         int
		inSection bool
		inTable   bool
		header    bool
	)
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		switch {
		case !inSection:
			inSection = line == catalogueHeading
			continue
		case strings.HasPrefix(line, "#") && !inTable:
			return nil, fmt.Errorf("line %d: the section %q has no table", n, catalogueHeading)
		case !strings.HasPrefix(line, "|"):
			if inTable {
				return rows, nil
			}
			continue
		}
		inTable = true
		cells := strings.Split(strings.Trim(line, "|"), "|")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		if !header {
			if strings.Join(cells, "|") != strings.Join(catalogueColumns, "|") {
				return nil, fmt.Errorf("line %d: table columns %q; want %q", n, cells, catalogueColumns)
			}
			header = true
			continue
		}
		if strings.Trim(line, "|-") == "" {
			continue // the delimiter row
		}
		if len(cells) != len(catalogueColumns) {
			return nil, fmt.Errorf("line %d: %d cells; want %d", n, len(cells), len(catalogueColumns))
		}
		code := cells[0]
		if len(code) < 2 || code[0] != '`' || code[len(code)-1] != '`' {
			return nil, fmt.Errorf("line %d: code %q is not in backquotes", n, code)
		}
		ref, _, _ := strings.Cut(cells[3], " ")
		rows = append(rows, docRule{line: n, code: code[1 : len(code)-1], severity: cells[1],
			category: cells[2], reference: ref, runs: cells[4], summary: cells[5]})
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if !inSection {
		return nil, fmt.Errorf("no heading %q", catalogueHeading)
	}
	return rows, nil
}
