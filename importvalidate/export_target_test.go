package importvalidate_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"testing"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/internal/testharness/exportgen"
	"github.com/flagadmin/flagadmin/model"
	"github.com/google/go-cmp/cmp"
)

// TestExportTarget: what an export names of its target is read from the
// bytes as from the decoded export, and Fill takes it where the target
// leaves it open, or says why it cannot.
func TestExportTarget(t *testing.T) {
	for _, tc := range []struct {
		name, raw string
		given     importvalidate.Target
		want      importvalidate.ExportTarget
		filled    importvalidate.Target // without Permissions
		err       string                // Fill's error, "" for none
	}{
		{
			name: "one of each",
			raw: `{"features": [{"name": "a", "project": "web"}, {"name": "b", "project": "web"}],
			       "featureStrategies": [], "tagTypes": [],
			       "featureEnvironments": [{"name": "a", "environment": "development", "enabled": true}, {"name": "b", "environment": "development", "enabled": false}]}`,
			want:   importvalidate.ExportTarget{Projects: []string{"web"}, Environments: []string{"development"}},
			filled: importvalidate.Target{Project: "web", Environment: "development"},
		},
		{
			name:   "the target's own win",
			raw:    `{"features": [{"name": "a", "project": "web"}], "featureStrategies": [], "tagTypes": [], "featureEnvironments": [{"name": "a", "environment": "development", "enabled": true}]}`,
			given:  importvalidate.Target{Environment: "production"},
			want:   importvalidate.ExportTarget{Projects: []string{"web"}, Environments: []string{"development"}},
			filled: importvalidate.Target{Project: "web", Environment: "production"},
		},
		{
			name: "several projects",
			raw: `{"features": [{"name": "a", "project": "web"}, {"name": "b", "project": "app"}, {"name": "c"}, {"name": "d", "project": 5}],
			       "featureStrategies": [], "tagTypes": [], "featureEnvironments": [{"name": "a", "environment": "production", "enabled": true}]}`,
			want:   importvalidate.ExportTarget{Projects: []string{"web", "app"}, Environments: []string{"production"}},
			filled: importvalidate.Target{Environment: "production"},
			err:    `importvalidate: the export names no single target: its features name 2 projects ("web", "app"): give Target.Project`,
		},
		{
			// Names are read as the validation decodes them: escapes
			// resolved, a lone surrogate kept; a repeated member's last
			// value counts, and keys match exactly.
			name: "escapes, repeats and look-alike keys",
			raw: `{"features": [{"name": "a", "project": "w\u0065b", "project": "web"}, {"name": "b", "project": "web"}],
			       "Features": [{"name": "c", "project": "app"}], "featureStrategies": [], "tagTypes": [],
			       "featureEnvironments": [{"name": "a", "environment": "dev\ud800"}], "featur\u0065Environments": [{"name": "a", "environment": "dev\ud800"}]}`,
			want:   importvalidate.ExportTarget{Projects: []string{"web"}, Environments: []string{"dev\xed\xa0\x80"}},
			filled: importvalidate.Target{Project: "web", Environment: "dev\xed\xa0\x80"},
		},
		{
			name:   "nothing named",
			raw:    `{"features": [], "featureStrategies": [], "tagTypes": []}`,
			err:    `importvalidate: the export names no single target: no feature names its project; no featureEnvironments entry names an environment: give Target.Project and Target.Environment`,
			filled: importvalidate.Target{},
		},
		{
			name:   "several environments, the project given",
			raw:    "\ufeff" + `{"features": [{"name": "a"}], "featureStrategies": [], "tagTypes": [], "featureEnvironments": [{"name": "a", "environment": "e1"}, {"name": "a", "environment": "e2"}, {"name": "a", "environment": "e3"}, {"name": "a", "environment": "e4"}]}`,
			given:  importvalidate.Target{Project: "p"},
			want:   importvalidate.ExportTarget{Environments: []string{"e1", "e2", "e3", "e4"}},
			filled: importvalidate.Target{Project: "p"},
			err:    `importvalidate: the export names no single target: its featureEnvironments name 4 environments ("e1", "e2", "e3", …): give Target.Environment`,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := importvalidate.ReadExportTarget([]byte(tc.raw))
			if !ok {
				t.Fatal("ReadExportTarget: not an export")
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("ReadExportTarget (-want +got):\n%s", diff)
			}
			filled, err := got.Fill(tc.given)
			if msg := errText(err); msg != tc.err {
				t.Errorf("Fill: error %q; want %q", msg, tc.err)
			}
			if filled.Project != tc.filled.Project || filled.Environment != tc.filled.Environment {
				t.Errorf("Fill: %q, %q; want %q, %q", filled.Project, filled.Environment, tc.filled.Project, tc.filled.Environment)
			}
			var nt *importvalidate.NoTargetError
			if err != nil && (!errors.As(err, &nt) || len(nt.Missing) == 0) {
				t.Errorf("Fill: %T %v; want a *NoTargetError with what is missing", err, err)
			}
		})
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// TestExportTargetOf: the decoded export names what its bytes name, for
// every export of the testdata that is valid; and the target filled from
// the file gives the report the file's own target.
func TestExportTargetOf(t *testing.T) {
	raw, err := os.ReadFile("../model/exportfile/testdata/export-A.json")
	if err != nil {
		t.Fatal(err)
	}
	fromBytes, ok := importvalidate.ReadExportTarget(raw)
	if !ok || len(fromBytes.Projects) != 1 || len(fromBytes.Environments) != 1 {
		t.Fatalf("ReadExportTarget of a real export: %+v, %v; want one project and one environment", fromBytes, ok)
	}
	var d model.ExportData
	if err := json.Unmarshal(raw, &d); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(fromBytes, importvalidate.ExportTargetOf(&d)); diff != "" {
		t.Errorf("ExportTargetOf differs from ReadExportTarget (-bytes +decoded):\n%s", diff)
	}
	target, err := fromBytes.Fill(importvalidate.Target{Permissions: importvalidate.AllPermissions{}})
	if err != nil {
		t.Fatal(err)
	}
	state, err := importvalidate.DemoState()
	if err != nil {
		t.Fatal(err)
	}
	v, err := importvalidate.New(importvalidate.Options{State: state})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := v.Validate(context.Background(), raw, target)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Project != fromBytes.Projects[0] || rep.Environment != fromBytes.Environments[0] {
		t.Errorf("report's target %q, %q; want the file's %v, %v", rep.Project, rep.Environment, fromBytes.Projects, fromBytes.Environments)
	}
	if diff := cmp.Diff(fromBytes, importvalidate.ExportTargetOf(&rep.Import.Data)); diff != "" {
		t.Errorf("ExportTargetOf the report's import (-bytes +report):\n%s", diff)
	}
	for _, raw := range []string{`{"project": "p", "environment": "e", "data": {}}`, `{"features": [`, `[]`} {
		if e, ok := importvalidate.ReadExportTarget([]byte(raw)); ok {
			t.Errorf("ReadExportTarget(%q) = %+v; want not ok", raw, e)
		}
	}
}

// TestFileTarget: only an export that parses is read for its target; a
// request body and a broken file keep the target given, for Validate.
func TestFileTarget(t *testing.T) {
	export := `{"features": [{"name": "a", "project": "web"}], "featureStrategies": [], "tagTypes": [], "featureEnvironments": [{"name": "a", "environment": "development", "enabled": true}]}`
	for _, tc := range []struct {
		raw, project, environment string
		given                     importvalidate.Target
		wantErr                   bool
	}{
		{raw: export, project: "web", environment: "development"},
		{raw: export, given: importvalidate.Target{Project: "p", Environment: "e"}, project: "p", environment: "e"},
		{raw: `{"project": "p", "environment": "e", "data": {}}`},
		{raw: `{"features": [`},
		{raw: `{"features": []}`, wantErr: true},
	} {
		got, err := importvalidate.FileTarget([]byte(tc.raw), tc.given)
		if (err != nil) != tc.wantErr || got.Project != tc.project || got.Environment != tc.environment {
			t.Errorf("FileTarget(%.30q, %q, %q) = %q, %q, %v; want %q, %q, error %v", tc.raw, tc.given.Project, tc.given.Environment,
				got.Project, got.Environment, err, tc.project, tc.environment, tc.wantErr)
		}
	}
}

// BenchmarkReadExportTarget reads the target of a bare export of 10 000
// features, as validate does for a file given without -project or
// -environment, before it validates it.
func BenchmarkReadExportTarget(b *testing.B) {
	raw := exportgen.ExportJSON(exportgen.Options{Features: 10000, Seed: 1})
	want := importvalidate.ExportTarget{Projects: []string{"default"}, Environments: []string{"development"}}
	b.SetBytes(int64(len(raw)))
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		got, ok := importvalidate.ReadExportTarget(raw)
		if !ok || !cmp.Equal(got, want) {
			b.Fatalf("ReadExportTarget = %+v, %v; want %+v", got, ok, want)
		}
	}
}
