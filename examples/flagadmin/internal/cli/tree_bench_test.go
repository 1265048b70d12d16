package cli

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
	"github.com/flagadmin/flagadmin/internal/testharness/unleashtest"
)

// BenchmarkTreePlan plans a tree of 20 projects of 3 environments and
// 200 flags each (60 files, 12 000 features in all, each with a
// strategy) over -unleash, on the real Unleash 8.2.0 of an empty
// database, through a proxy that counts the requests: requests/file is
// what a file of the tree costs the instance, whatever its size.
//
//	go test ./examples/flagadmin/internal/cli -run '^$' -bench TreePlan -benchtime 3x
func BenchmarkTreePlan(b *testing.B) {
	const projects, flags = 20, 200
	s := unleashtest.StartForTest(b, unleashtest.Options{})
	ctx := context.Background()
	var sql strings.Builder
	// The open-source edition exports the settings of the environments
	// default, development and production only; a fresh 7.x or 8.x has
	// no default (5.x and 6.x do).
	sql.WriteString("INSERT INTO environments (name, type, sort_order, enabled, protected) VALUES ('default', 'production', 1, true, false) ON CONFLICT DO NOTHING;\n")
	for p := range projects {
		id := fmt.Sprintf("team-%02d", p)
		fmt.Fprintf(&sql, "INSERT INTO projects (id, name) VALUES ('%[1]s', '%[1]s');\n", id)
		fmt.Fprintf(&sql, "INSERT INTO project_settings (project, project_mode) VALUES ('%s', 'open');\n", id)
		fmt.Fprintf(&sql, "INSERT INTO project_environments (project_id, environment_name) VALUES ('%[1]s', 'default'), ('%[1]s', 'development'), ('%[1]s', 'production');\n", id)
	}
	if err := s.Cluster.Exec(ctx, s.Database, sql.String()); err != nil {
		b.Fatal(err)
	}
	pat, err := s.AdminPersonalToken(ctx)
	if err != nil {
		b.Fatal(err)
	}
	dir := b.TempDir()
	patFile := testutil.WriteFile(b, dir, "pat", pat+"\n")
	for p := range projects {
		id := fmt.Sprintf("team-%02d", p)
		var features, strategies []string
		for i := range flags {
			name := fmt.Sprintf("%s-flag-%03d", id, i)
			features = append(features, fmt.Sprintf(`{"name":%q,"project":%q,"description":"flag %d of %s"}`, name, id, i, id))
			strategies = append(strategies, fmt.Sprintf(`{"name":"flexibleRollout","featureName":%q,"sortOrder":0,"parameters":{"rollout":"%d","stickiness":"default","groupId":%q}}`, name, i%100, name))
		}
		body := fmt.Sprintf(`{"project":%q,"environment":"development","data":{"features":[%s],"featureStrategies":[%s],"tagTypes":[]}}`,
			id, strings.Join(features, ","), strings.Join(strategies, ","))
		if _, err := s.Do(ctx, "POST", "/api/admin/features-batch/import", pat, []byte(body)); err != nil {
			b.Fatal(err)
		}
	}
	tree := filepath.Join(dir, "flags")
	if code, _, errOut := run(nil, nil, "export", "-unleash", s.URL, "-token-file", patFile, "-all", "-o", tree); code != ExitOK {
		b.Fatalf("export -all: exit %d\n%s", code, errOut)
	}
	files, err := readTree(tree)
	if err != nil || len(files) != projects*3+2 { // and default's two environments
		b.Fatalf("%d files in the tree, %v", len(files), err)
	}
	p := unleashtest.NewProxy(b, s.URL)
	b.ResetTimer()
	var requests int64
	for range b.N {
		p.Reset()
		code, out, errOut := run(nil, nil, "plan", "-detailed-exitcode", "-unleash", p.URL, "-token-file", patFile, tree)
		if code != ExitOK {
			b.Fatalf("plan: exit %d\n%s%s", code, out[max(0, len(out)-2000):], errOut)
		}
		requests += p.Total()
	}
	b.ReportMetric(float64(requests)/float64(b.N), "requests/op")
	b.ReportMetric(float64(requests)/float64(b.N)/float64(len(files)), "requests/file")
}
