package importvalidate

import (
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// FirstDiagnostics is Diagnostics filtered by keep, cut after n, with
// the others counted: for every n, on a report with located findings,
// findings at one place and findings without a place.
func TestFirstDiagnostics(t *testing.T) {
	body, err := os.ReadFile("../testdata/exports/recorded-many-problems-admin.json")
	if err != nil {
		t.Fatal(err)
	}
	rep := mustValidate(t, Options{}, body)
	// A finding without a place, as a missing permission has.
	rep.Issues = append(rep.Issues, Issue{Severity: SeverityError, Category: CategoryPermission, Code: CodeImportMissingPermissions,
		Message: "m", Items: []Item{{Value: "Create feature flags"}, {Value: "Update feature flags"}}})
	all := rep.Diagnostics()
	for name, keep := range map[string]func(Diagnostic) bool{
		"all":    func(Diagnostic) bool { return true },
		"errors": func(d Diagnostic) bool { return d.Severity == SeverityError },
		"none":   func(Diagnostic) bool { return false },
	} {
		var want []Diagnostic
		for _, d := range all {
			if keep(d) {
				want = append(want, d)
			}
		}
		for n := 0; n <= len(want)+1; n++ {
			first, more := rep.FirstDiagnostics(n, keep)
			cut := want[:min(n, len(want))]
			if len(cut) == 0 {
				cut = nil
			}
			if d := cmp.Diff(cut, first, cmp.AllowUnexported(Diagnostic{})); d != "" || more != len(want)-len(cut) {
				t.Errorf("%s, n %d: %d more, want %d (-want +got):\n%s", name, n, more, len(want)-len(cut), d)
			}
		}
	}
}
