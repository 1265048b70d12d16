package cli

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
)

// TestFeatureExistsGrouped: re-exporting a project of five features gives
// five feature-exists warnings, one per feature in json and on the wire,
// but one line per file in text and github, with the first names and the
// count; -max-same does not cut it; a single one stays as it was.
func TestFeatureExistsGrouped(t *testing.T) {
	dir := t.TempDir()
	var feats, names []string
	for i := range 5 {
		n := fmt.Sprintf("flag-%d", i)
		names = append(names, n)
		feats = append(feats, fmt.Sprintf(`{"name":%q,"project":"default"}`, n))
	}
	st := testutil.WriteFile(t, dir, "state.json", `{"projects":[{"id":"default"}],"environments":[{"name":"development"}],"features":[`+strings.Join(feats, ",")+`]}`)
	var exp []string
	for _, n := range names {
		exp = append(exp, fmt.Sprintf(`{"name":%q}`, n))
	}
	export := testutil.WriteFile(t, dir, "export.json", "{\"features\":[\n"+strings.Join(exp, ",\n")+"],\n\"featureStrategies\":[],\"tagTypes\":[]}")
	one := testutil.WriteFile(t, dir, "one.json", `{"features":[{"name":"flag-0"}],"featureStrategies":[],"tagTypes":[]}`)
	base := []string{"-state", st, "-project", "default", "-environment", "development"}
	const msg = "The following features already exist in this project and will be overwritten: "
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"text", []string{export}, export + ":2:9: warning feature-exists: " + msg + "(flag-0, flag-1, flag-2 and 2 more; 5 features)\n" +
			"1 file: 0 errors, 5 warnings, 0 missing permissions\n"},
		{"text -max-same", []string{"-max-same", "2", export}, export + ":2:9: warning feature-exists: " + msg + "(flag-0, flag-1 and 3 more; 5 features)\n" +
			"1 file: 0 errors, 5 warnings, 0 missing permissions\n"},
		{"github", []string{"-format", "github", export}, "::warning file=" + export + ",line=2,col=9,title=feature-exists::" + msg + "(flag-0, flag-1, flag-2 and 2 more; 5 features)\n" +
			"1 file: 0 errors, 5 warnings, 0 missing permissions\n"},
		{"one", []string{one}, one + ":1:22: warning feature-exists: " + msg + "(flag-0)\n1 file: 0 errors, 1 warning, 0 missing permissions\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := invoke("", append(append([]string{}, base...), tc.args...)...)
			if code != 0 || stdout != tc.want {
				t.Errorf("exit %d, stderr %q\n got %q\nwant %q", code, stderr, stdout, tc.want)
			}
		})
	}
	_, stdout, _ := invoke("", append(base, "-format", "json", export)...)
	var doc struct {
		Files []struct{ Findings []struct{ Code, Item string } }
	}
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil || len(doc.Files) != 1 || len(doc.Files[0].Findings) != 5 {
		t.Errorf("json: %v\n%s", err, stdout)
	}
	_, stdout, _ = invoke("", append(base, "-format", "unleash", export)...)
	if !strings.Contains(stdout, `"affectedItems":["flag-0","flag-1","flag-2","flag-3","flag-4"]`) {
		t.Errorf("unleash: %s", stdout)
	}
}
