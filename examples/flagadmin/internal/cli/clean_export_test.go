package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
	"github.com/flagadmin/flagadmin/internal/testharness/unleashtest"
	"github.com/flagadmin/flagadmin/model/profile"
)

// TestCleanExport: a fresh export, validated right back over -unleash,
// -database and a snapshot of either, has no finding but feature-exists
// (every feature it holds exists), and `-fail-on warning -accept
// feature-exists` passes on it. The features are the test's own, in
// project other and environment production: strategies with a
// constraint, a segment and variants, a disabled feature, variants of
// the environment, a tag, a dependency and, from 7.x, a link. The quick
// suite runs it on the shared Unleash 8.2.0 (in parallel with
// TestExportApply, which works in project default); the long tests
// (FLAGADMIN_LONG=1, .ci/long) on each other version FLAGADMIN_VERSIONS
// selects too, each started seeded.
func TestCleanExport(t *testing.T) {
	t.Parallel()
	t.Run(unleashtest.UnleashVersion, func(t *testing.T) { cleanExport(t, unleash.Need(t)) })
	if !testutil.Long() {
		return
	}
	for _, v := range unleashtest.LiveVersions(t) {
		if v != unleashtest.UnleashVersion {
			t.Run(v, func(t *testing.T) {
				cleanExport(t, unleashtest.StartForTest(t, unleashtest.Options{Version: v, Seed: true}))
			})
		}
	}
}

// cleanBody is the import that makes the test's features, with the id of
// its segment; links names the data.links member, "" before 7.x.
const cleanBody = `{"project":"other","environment":"production","data":{
 "features":[{"name":"clean-checkout","description":"Checkout","type":"release","project":"other"},
  {"name":"clean-search","type":"experiment","project":"other"},{"name":"clean-parent","project":"other"}],
 "featureStrategies":[
  {"name":"flexibleRollout","featureName":"clean-checkout","title":"eu half","sortOrder":0,
   "parameters":{"rollout":"50","stickiness":"default","groupId":"clean-checkout"},
   "constraints":[{"contextName":"region","operator":"IN","values":["eu"]}],"segments":[%[1]d],
   "variants":[{"name":"blue","weight":1000,"weightType":"variable","stickiness":"default"}]},
  {"name":"default","featureName":"clean-checkout","title":"everyone else","sortOrder":1},
  {"name":"remoteAddress","featureName":"clean-search","parameters":{"IPs":"10.0.0.1"}},
  {"name":"default","featureName":"clean-parent"}],
 "featureEnvironments":[{"name":"clean-checkout","featureName":"clean-checkout","enabled":true,
   "variants":[{"name":"a","weight":500,"weightType":"variable","stickiness":"default"},{"name":"b","weight":500,"weightType":"variable","stickiness":"default"}]},
  {"name":"clean-search","featureName":"clean-search","enabled":false},{"name":"clean-parent","featureName":"clean-parent","enabled":true}],
 "contextFields":[{"name":"region","legalValues":[{"value":"eu"},{"value":"us"}]}],
 "featureTags":[{"featureName":"clean-checkout","tagType":"team","tagValue":"clean-export"}],
 "segments":[{"id":%[1]d,"name":"clean-export"}],
 "tagTypes":[{"name":"team"}],
 "dependencies":[{"feature":"clean-search","dependencies":[{"feature":"clean-parent"}]}]%[2]s}}`

// cleanLinks is the data.links member of cleanBody from 7.x.
const cleanLinks = `,"links":[{"feature":"clean-checkout","links":[{"url":"https://example.com/checkout","title":"docs"}]}]`

// cleanExport makes the test's features on s, exports them and validates
// the export over each source.
func cleanExport(t *testing.T, s *unleashtest.Server) {
	ctx := context.Background()
	dir := t.TempDir()
	adminFile := testutil.WriteFile(t, dir, "admin-token", s.AdminToken+"\n")
	pat, err := s.AdminPersonalToken(ctx)
	if err != nil {
		t.Fatal(err)
	}
	seg, err := s.Do(ctx, "POST", "/api/admin/segments", "",
		[]byte(`{"name":"clean-export","constraints":[{"contextName":"region","operator":"IN","values":["us"]}]}`))
	if err != nil {
		t.Fatal(err)
	}
	var segment struct{ ID int64 }
	if err := json.Unmarshal(seg, &segment); err != nil || segment.ID == 0 {
		t.Fatalf("the new segment: %s (%v)", seg, err)
	}
	res, err := profile.Resolve(s.Release.Version, profile.FromInstance)
	if err != nil {
		t.Fatal(err)
	}
	links := ""
	if res.Profile.Schema.DataLinks {
		links = cleanLinks
	}
	if _, err := s.Do(ctx, "POST", "/api/admin/features-batch/import", pat, []byte(fmt.Sprintf(cleanBody, segment.ID, links))); err != nil {
		t.Fatal(err)
	}

	export := filepath.Join(dir, "export.json")
	unleashFlags := []string{"-unleash", s.URL, "-token-file", adminFile}
	database := []string{"-database", s.Cluster.URL(s.Database)}
	if code, _, errOut := run(nil, nil, append([]string{"export", "-project", "other", "-environment", "production", "-o", export}, unleashFlags...)...); code != ExitOK {
		t.Fatalf("export: exit %d\n%s", code, errOut)
	}
	snapshot := func(name string, source []string) []string {
		code, out, errOut := run(nil, nil, append([]string{"snapshot"}, source...)...)
		if code != ExitOK {
			t.Fatalf("snapshot %s: exit %d\n%s", name, code, errOut)
		}
		return []string{"-state", testutil.WriteFile(t, dir, name+".json", out)}
	}
	sources := []struct {
		name string
		args []string
	}{
		{"-unleash", unleashFlags},
		{"-database", database},
		{"a snapshot of -unleash", snapshot("unleash", unleashFlags)},
		{"a snapshot of -database", snapshot("database", database)},
	}
	for _, src := range sources {
		args := append([]string{"validate", "-project", "other", "-environment", "production"}, src.args...)
		code, out, errOut := run(nil, nil, append(append(args, "-format", "json"), export)...)
		var got struct {
			Files []struct {
				Findings []struct{ Code, Severity, Message string }
			}
		}
		if err := json.Unmarshal([]byte(out), &got); err != nil || len(got.Files) != 1 {
			t.Fatalf("over %s: exit %d, %v\n%s%s", src.name, code, err, out, errOut)
		}
		var codes []string
		for _, f := range got.Files[0].Findings {
			if f.Code != "feature-exists" {
				t.Errorf("over %s: %s %s: %s", src.name, f.Severity, f.Code, f.Message)
			}
			codes = append(codes, f.Code)
		}
		if !slices.Contains(codes, "feature-exists") || code != ExitOK {
			t.Errorf("over %s: exit %d, codes %q; want exit 0 and feature-exists", src.name, code, codes)
		}
		if code, out, errOut := run(nil, nil, append(args, "-fail-on", "warning", "-accept", "feature-exists", export)...); code != ExitOK {
			t.Errorf("over %s, -fail-on warning -accept feature-exists: exit %d\n%s%s", src.name, code, out, errOut)
		}
		if strings.Contains(errOut, "note:") {
			t.Errorf("over %s: a note on standard error:\n%s", src.name, errOut)
		}
	}
}
