package findings

import (
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/importvalidate"
)

func TestApply(t *testing.T) {
	rule := func(code importvalidate.Code, sev importvalidate.Severity, items ...string) importvalidate.Issue {
		is := importvalidate.Issue{Code: code, Severity: sev, Category: importvalidate.CategoryRule}
		for _, it := range items {
			is.Items = append(is.Items, importvalidate.Item{Value: it})
		}
		return is
	}
	rep := &importvalidate.Report{Issues: []importvalidate.Issue{
		rule("duplicate-feature", importvalidate.SeverityError, "a", "b", "c"),
		rule("feature-exists", importvalidate.SeverityWarning, "x"),
		{Code: "missing-permissions", Severity: importvalidate.SeverityError, Category: importvalidate.CategoryPermission,
			Items: []importvalidate.Item{{Value: "Create feature flags"}}},
	}}
	for _, tc := range []struct {
		name   string
		p      Policy
		shown  int
		counts importvalidate.Counts
		failed bool
	}{
		{"all", Policy{}, 5, importvalidate.Counts{Errors: 3, Warnings: 1, Permissions: 1}, true},
		{"max same", Policy{MaxSame: 1}, 3, importvalidate.Counts{Errors: 3, Warnings: 1, Permissions: 1}, true},
		{"errors disabled", Policy{Disabled: []string{"duplicate-feature"}}, 2, importvalidate.Counts{Warnings: 1, Permissions: 1}, false},
		{"warnings fail", Policy{Disabled: []string{"duplicate-feature"}, FailOnWarning: true}, 2, importvalidate.Counts{Warnings: 1, Permissions: 1}, true},
		{"warning accepted", Policy{Disabled: []string{"duplicate-feature"}, FailOnWarning: true, Accept: []string{"feature-exists"}}, 2, importvalidate.Counts{Warnings: 1, Permissions: 1}, false},
		{"permissions fail", Policy{Disabled: []string{"duplicate-feature"}, FailOnPermission: true}, 2, importvalidate.Counts{Warnings: 1, Permissions: 1}, true},
		{"only failing", Policy{OnlyFailing: true}, 3, importvalidate.Counts{Errors: 3, Warnings: 1, Permissions: 1}, true},
	} {
		r := tc.p.Apply(rep)
		if len(r.Shown) != tc.shown || r.Counts != tc.counts || r.Failed != tc.failed {
			t.Errorf("%s: %d shown, %+v, failed %v; want %d, %+v, %v", tc.name, len(r.Shown), r.Counts, r.Failed, tc.shown, tc.counts, tc.failed)
		}
	}
	// What the import refuses (an error of the import category) fails by
	// default, as every error does; a permission the import asks for
	// fails with -fail-on permission, as every missing permission does.
	refusal := &importvalidate.Report{Issues: []importvalidate.Issue{{Code: importvalidate.CodeImportTagInvalid,
		Severity: importvalidate.SeverityError, Category: importvalidate.CategoryImport, Items: []importvalidate.Item{{Value: "x"}}}}}
	if r := (Policy{}).Apply(refusal); !r.Failed || r.Counts.Errors != 1 {
		t.Errorf("an import refusal: failed %v, %+v; want it to fail as an error", r.Failed, r.Counts)
	}
	asked := &importvalidate.Report{Issues: []importvalidate.Issue{{Code: importvalidate.CodeImportMissingPermissions,
		Severity: importvalidate.SeverityError, Category: importvalidate.CategoryPermission, Items: []importvalidate.Item{{Value: "Create feature flags"}}}}}
	if (Policy{}).Apply(asked).Failed || !(Policy{FailOnPermission: true}).Apply(asked).Failed {
		t.Error("a permission the import asks for: want it to fail with FailOnPermission only")
	}
	if got := (Policy{MaxSame: 1}).Apply(rep).OmittedLines("f.json", "-max-same"); len(got) != 1 || got[0] != "f.json: 2 more duplicate-feature findings not shown (-max-same)" {
		t.Errorf("omitted lines %q", got)
	}
}

func TestParse(t *testing.T) {
	if w, p, err := ParseFailOn([]string{"error", "warning", "permission"}); !w || !p || err != nil {
		t.Errorf("ParseFailOn = %v %v %v", w, p, err)
	}
	if _, _, err := ParseFailOn([]string{"warnings"}); err == nil {
		t.Error("ParseFailOn accepted warnings")
	}
	if rules, err := RuleCodes([]string{"unknown-strategy", "coerced"}); err != nil || len(rules) != 1 || rules[0] != "unknown-strategy" {
		t.Errorf("RuleCodes = %v, %v", rules, err)
	}
	for _, tc := range []struct {
		codes []string
		want  string
	}{
		{[]string{"required"}, `"required" is the code of a structural error, which stops the rules and cannot be left out`},
		{[]string{"unknown-strategi"}, `no rule or structural warning has the code "unknown-strategi"; did you mean "unknown-strategy"? (the codes: docs/RULES.md`},
		{[]string{"feature-exist"}, `did you mean "feature-exists"?`},
		{[]string{"coerce"}, `did you mean "coerced"?`},
		{[]string{"nothing-like-it"}, `no rule or structural warning has the code "nothing-like-it" (the codes`},
	} {
		if _, err := RuleCodes(tc.codes); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("RuleCodes(%q) = %v, want an error saying %q", tc.codes, err, tc.want)
		}
	}
	if err := CheckAccept([]string{"feature-exists", "missing-permissions", "import-missing-permissions"}); err != nil {
		t.Errorf("CheckAccept of a warning's and the permissions' codes: %v", err)
	}
	for _, tc := range []struct{ code, want string }{
		{"feature-exist", `no finding has the code "feature-exist"; did you mean "feature-exists"?`},
		{"duplicate-feature", `"duplicate-feature" is the code of an error, which fails whatever is accepted`},
		{"required", `"required" is the code of an error`},
	} {
		if err := CheckAccept([]string{tc.code}); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("CheckAccept(%q) = %v, want an error saying %q", tc.code, err, tc.want)
		}
	}
	if _, _, err := ParseFailOn([]string{"warnings"}); err == nil || !strings.Contains(err.Error(), `did you mean "warning"?`) {
		t.Errorf("ParseFailOn(warnings) = %v", err)
	}
}
