package cli

import (
	"fmt"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/internal/testharness/pgtest"
	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
)

// TestDatabaseLimits: over -database a strategy with 31 constraints is
// refused as the import refuses it, by the version's default limit of 30;
// -database-limits raises it as an instance's configuration would, and is
// refused without a database.
func TestDatabaseLimits(t *testing.T) {
	url := pg.Need(t).URL(pgtest.SharedDB)
	cs := make([]string, 31)
	for i := range cs {
		cs[i] = fmt.Sprintf(`{"contextName":"userId","operator":"IN","values":["%d"]}`, i)
	}
	file := testutil.WriteFile(t, t.TempDir(), "constraints.json", `{"project":"default","environment":"development","data":{
	  "features":[{"name":"many-constraints","project":"default"}],
	  "featureStrategies":[{"name":"default","featureName":"many-constraints","constraints":[`+strings.Join(cs, ",")+`]}],"tagTypes":[]}}`)
	for _, tt := range []struct {
		args []string
		code int
		want string
	}{
		{nil, ExitFindings, "error import-too-many-constraints: Failed to create constraints. You can't create more than the established limit of 30."},
		{[]string{"-database-limits", "constraints=40"}, ExitOK, "0 errors, 0 warnings"},
		{[]string{"-database-limits", "constraintValues=40"}, ExitFindings, "established limit of 30"},
	} {
		code, out, errOut := runIt(append(append([]string{"-database", url}, tt.args...), file)...)
		if code != tt.code || !strings.Contains(out, tt.want) || strings.Contains(out, "import-unknown-fact") {
			t.Errorf("%v: exit %d\n%s%s\nwant exit %d and %q", tt.args, code, out, errOut, tt.code, tt.want)
		}
	}
	for _, source := range [][]string{{"-demo"}, {"-unleash", "http://127.0.0.1:1"}} {
		code, _, errOut := runIt(append(source, "-database-limits", "constraints=40", file)...)
		if code != ExitUsage || !strings.Contains(errOut, "-database-limits is for -database, which is missing") {
			t.Errorf("-database-limits with %s: exit %d\n%s", source[0], code, errOut)
		}
	}
}
