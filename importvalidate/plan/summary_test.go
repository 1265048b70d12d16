package plan_test

import (
	"testing"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/importvalidate/plan"
)

// TestSummaryCounts: a refused plan counts its failures as validate
// counts them: a missing permission is one, not an error.
func TestSummaryCounts(t *testing.T) {
	refusal := importvalidate.Diagnostic{Severity: importvalidate.SeverityError, Category: importvalidate.CategoryImport,
		Code: importvalidate.CodeImportDuplicateFeature}
	permission := importvalidate.Diagnostic{Severity: importvalidate.SeverityError, Category: importvalidate.CategoryPermission,
		Code: importvalidate.CodeImportMissingPermissions}
	for _, tc := range []struct {
		failures []importvalidate.Diagnostic
		more     int
		want     string
	}{
		{[]importvalidate.Diagnostic{refusal}, 0, "(1 error)"},
		{[]importvalidate.Diagnostic{permission}, 0, "(1 missing permission)"},
		{[]importvalidate.Diagnostic{refusal, refusal, permission, permission}, 0, "(2 errors and 2 missing permissions)"},
		{[]importvalidate.Diagnostic{refusal}, 5, "(6 errors)"},
	} {
		got := plan.Summary(&plan.Plan{Failures: tc.failures, MoreFailures: tc.more})
		if want := "Plan: the import will be refused " + tc.want + "; nothing changes."; got != want {
			t.Errorf("Summary = %q; want %q", got, want)
		}
	}
}
