package importvalidate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// refusalOtherReasons are the recorded files the import refused for a
// reason no refusal rule reports as an error: a member that the reference
// schema does not list (the structural tier's), and more strategies than
// the limit for a feature of the file, which the import refuses or stores
// depending on the order its queries run (a warning).
var refusalOtherReasons = map[string]bool{
	"feature-tag-old-members":            true,
	"feature-variants-member":            true,
	"strategy-too-many-strategies-mixed": true,
}

// importRefusalRules are the rules of the import's refusals, in catalogue
// order.
func importRefusalRules() []Rule {
	refusal := map[Code]bool{}
	_, refusals := importCodes()
	for _, info := range refusals {
		refusal[info.Code] = true
	}
	var out []Rule
	for _, r := range Catalogue() {
		if refusal[r.Code] {
			out = append(out, r)
		}
	}
	return out
}

// TestImportRefusalsOverAllCases runs every refusal rule on every recorded
// file: where the import accepted the file, no rule may report an error
// (green means it imports); where it refused it for a reason of its own,
// some rule must report an error with the import's message.
func TestImportRefusalsOverAllCases(t *testing.T) {
	names, err := filepath.Glob(filepath.Join("testdata", "import", "*.body.json"))
	if err != nil {
		t.Fatal(err)
	}
	rules := importRefusalRules()
	for _, path := range names {
		name := strings.TrimSuffix(filepath.Base(path), ".body.json")
		t.Run(name, func(t *testing.T) {
			answer := readRefusalAnswer(t, name)
			if refusalOtherReasons[name] {
				return
			}
			in := refusalCaseInput(t, name)
			var errs []Issue
			for _, r := range rules {
				found, err := r.Check(t.Context(), in)
				if err != nil {
					t.Fatal(err)
				}
				if r.Severity == SeverityError {
					errs = append(errs, found...)
				}
			}
			switch {
			case answer.Status == 200:
				if len(errs) > 0 {
					t.Errorf("the import accepted the file; errors: %s", refusalDescribe(errs))
				}
			default:
				for _, is := range errs {
					if is.Message == answer.message() || is.Message == answer.Body.Message {
						return
					}
				}
				t.Errorf("the import refused the file (%d %q); errors: %s", answer.Status, answer.message(), refusalDescribe(errs))
			}
		})
	}
	if _, err := os.Stat(filepath.Join("testdata", "import", "ok-baseline.body.json")); err != nil {
		t.Fatal(err)
	}
}

// TestImportRefusalRulesRegister checks that the refusal rules are in the
// catalogue and make a validator with the other built-in ones: codes of
// the import's prefix, a summary each, errors but for the three warnings
// of what cannot be told.
func TestImportRefusalRulesRegister(t *testing.T) {
	st, _ := refusalSeedState(t)
	rules := importRefusalRules()
	if _, err := New(Options{State: st}); err != nil {
		t.Fatal(err)
	}
	warnings := map[Code]bool{CodeImportTooManyStrategiesInFile: true, CodeImportConstraintDateLenient: true, CodeImportLinkURLUntold: true}
	for _, r := range rules {
		if !strings.HasPrefix(string(r.Code), "import-") || r.Summary == "" || r.Reference || r.Strict {
			t.Errorf("%s: %+v", r.Code, r)
		}
		if want := map[bool]Severity{true: SeverityWarning, false: SeverityError}[warnings[r.Code]]; r.Severity != want {
			t.Errorf("%s: severity %s, want %s", r.Code, r.Severity, want)
		}
	}
	if len(rules) != 70 {
		t.Errorf("%d rules", len(rules))
	}
}
