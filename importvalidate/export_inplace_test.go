package importvalidate

import (
	"bytes"
	"context"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/flagadmin/flagadmin/internal/testharness/exportgen"
)

// TestValidateExportInPlace: an export validated in place gets the very
// report of the request body built around it, locations included, and
// one the fast path does not take is left to that body.
func TestValidateExportInPlace(t *testing.T) {
	opts := exportgen.Options{Features: 60, Seed: 3, ProblemShare: 0.2}
	state, err := NewMemoryState(exportgen.Snapshot(opts))
	if err != nil {
		t.Fatal(err)
	}
	compact := exportgen.ExportJSON(opts)
	var indented bytes.Buffer
	if err := json.Indent(&indented, compact, "", "  "); err != nil {
		t.Fatal(err)
	}
	all := AllPermissions{}
	target := Target{Project: "default", Environment: "development", Permissions: all}
	for _, tc := range []struct {
		name    string
		raw     string
		target  Target
		opts    Options
		inPlace bool
	}{
		{name: "generated", raw: string(compact), target: target, inPlace: true},
		{name: "indented", raw: "\n\t " + indented.String() + "\n", target: target, inPlace: true},
		{name: "strict", raw: indented.String(), target: target, opts: Options{Strict: true}, inPlace: true},
		{name: "other project", raw: indented.String(), target: Target{Project: "nope", Environment: "production", Permissions: all}, inPlace: true},
		{name: "escaped target", raw: string(compact), target: Target{Project: "a\"<b>\u2028", Environment: "development", Permissions: all}, inPlace: true},
		{name: "small", raw: "{\"features\": [{\"name\": \"a\"}, {\"name\": \"a\"}],\n \"featureStrategies\": [{\"name\": \"flexibleRolout\", \"featureName\": \"a\"}],\n \"tagTypes\": []}", target: target, inPlace: true},
		{name: "depth", raw: indented.String(), target: target, opts: Options{MaxDepth: 4}},
		{name: "invalid target", raw: string(compact), target: Target{Project: "a\xffb", Environment: "development", Permissions: all}},
		{name: "byte order mark", raw: "\ufeff" + string(compact), target: target},
		{name: "structure", raw: `{"features": [{"nam": "a"}], "featureStrategies": [], "tagTypes": []}`, target: target},
		{name: "duplicate key", raw: `{"features": [], "features": [], "featureStrategies": [], "tagTypes": []}`, target: target},
		{name: "request body", raw: `{"project": "default", "environment": "development", "data": {"features": [], "featureStrategies": [], "tagTypes": []}}`, target: target},
		{name: "syntax", raw: `{"features": [`, target: target},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := tc.opts
			o.State = state
			v := built(t, New, o)
			ctx := context.Background()
			want, err := v.validateExportWrapped(ctx, []byte(tc.raw), tc.target)
			if err != nil {
				t.Fatal(err)
			}
			got, ok, err := v.validateExportInPlace(ctx, []byte(tc.raw), tc.target)
			if err != nil {
				t.Fatal(err)
			}
			if ok != tc.inPlace {
				t.Fatalf("validated in place: %v, want %v", ok, tc.inPlace)
			}
			if !ok {
				return
			}
			if len(want.Issues) == 0 && tc.name != "small" {
				t.Errorf("no issues to compare")
			}
			if !reflect.DeepEqual(got, want) {
				g, _ := json.MarshalIndent(got.Issues, "", " ")
				w, _ := json.MarshalIndent(want.Issues, "", " ")
				t.Errorf("in place, the report differs from the request body's:\n%s\nwant\n%s", g, w)
			}
		})
	}
}

// FuzzValidateExportInPlace: for any file, an export validated in place
// gets the very report of the request body built around it, and the
// validation neither panics nor fails.
func FuzzValidateExportInPlace(f *testing.F) {
	opts := exportgen.Options{Features: 8, Seed: 11, ProblemShare: 0.3}
	state, err := NewMemoryState(exportgen.Snapshot(opts))
	if err != nil {
		f.Fatal(err)
	}
	v := built(f, New, Options{State: state})
	for _, seed := range []string{
		string(exportgen.ExportJSON(opts)),
		"{\"features\": [{\"name\": \"a\"}, {\"name\": \"a\"}],\n \"featureStrategies\": [{\"name\": \"flexibleRolout\", \"featureName\": \"a\"}],\n \"tagTypes\": []}",
		`{"features": [{"nam": "a"}], "featureStrategies": [], "tagTypes": []}`,
		`{"features": [], "features": [], "featureStrategies": [], "tagTypes": []}`,
		`{"project": "default", "environment": "development", "data": {"features": [], "featureStrategies": [], "tagTypes": []}}`,
		"\ufeff{\"features\": [], \"featureStrategies\": [], \"tagTypes\": []}",
		`{"features": [`,
	} {
		f.Add([]byte(seed))
	}
	target := Target{Project: "default", Environment: "development", Permissions: AllPermissions{}}
	f.Fuzz(func(t *testing.T, raw []byte) {
		ctx := context.Background()
		got, ok, err := v.validateExportInPlace(ctx, raw, target)
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			return
		}
		want, err := v.validateExportWrapped(ctx, raw, target)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			g, _ := json.MarshalIndent(got, "", " ")
			w, _ := json.MarshalIndent(want, "", " ")
			t.Fatalf("in place, the report differs from the request body's:\n%s\nwant\n%s\nfile: %q", g, w, raw)
		}
	})
}
