package importvalidate_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/importvalidate"
)

// TestIsExport: an object without the members project, environment and
// data is an export, even one broken after its first member; anything
// else reads as a request body.
func TestIsExport(t *testing.T) {
	exports := []string{
		`{"features": [], "featureStrategies": [], "tagTypes": []}`,
		"\ufeff {}",
		`{"features": [`,
	}
	others := []string{
		`{"project": "p", "environment": "e", "data": {}}`,
		`{"data": {}}`,
		`[]`,
		``,
	}
	for _, raw := range exports {
		if !importvalidate.IsExport([]byte(raw)) {
			t.Errorf("IsExport(%q) = false, want true", raw)
		}
	}
	for _, raw := range others {
		if importvalidate.IsExport([]byte(raw)) {
			t.Errorf("IsExport(%q) = true, want false", raw)
		}
	}
}

// TestValidateExport: a bare export gets the findings of the request body
// made of it, located in the export's own bytes.
func TestValidateExport(t *testing.T) {
	v := mustNew(t, importvalidate.Options{})
	all := importvalidate.AllPermissions{}
	for _, tc := range []struct {
		name   string
		raw    string
		target importvalidate.Target
		lines  []string
	}{
		{
			name:   "rules",
			raw:    "{\"features\": [{\"name\": \"a\"}, {\"name\": \"a\"}],\n \"featureStrategies\": [{\"name\": \"flexibleRolout\", \"featureName\": \"a\"}],\n \"tagTypes\": []}",
			target: importvalidate.Target{Project: "default", Environment: "development", Permissions: all},
			lines: []string{
				"x.json:1:24: error duplicate-feature: We detected the following features are duplicate in your import data: (a)",
				"x.json:1:39: error duplicate-feature: We detected the following features are duplicate in your import data: (a)",
				"x.json:2:33: error unknown-strategy: We detected the following custom strategy that needs to be created first: (flexibleRolout); did you mean \"flexibleRollout\"?",
				"3 errors, 0 warnings, 0 missing permissions",
			},
		},
		{
			name:   "structure",
			raw:    "\ufeff{\"features\": [{\"nam\": \"a\"}],\n \"tagTypes\": []}",
			target: importvalidate.Target{Project: "default", Environment: "development", Permissions: all},
			lines: []string{
				"x.json:1:1: warning byte-order-mark: The body starts with a byte order mark (U+FEFF), which is skipped",
				"x.json:1:4: error required: The `/featureStrategies` property is required. The file lacks it.",
				"x.json:1:18: error required: The `/features/0/name` property is required. The file lacks it.",
				"x.json:1:26: error additional-property: The `/features/0` object does not allow additional properties; the file has the `/features/0/nam` property. Did you mean \"name\"?",
				"4 structural problems; the import rules did not run",
			},
		},
		{
			name:   "byte order mark",
			raw:    "\ufeff{\"features\": [{\"name\": \"a\"}, {\"name\": \"a\"}],\n \"featureStrategies\": [], \"tagTypes\": []}",
			target: importvalidate.Target{Project: "default", Environment: "development", Permissions: all},
			lines: []string{
				"x.json:1:1: warning byte-order-mark: The body starts with a byte order mark (U+FEFF), which is skipped",
				"x.json:1:27: error duplicate-feature: We detected the following features are duplicate in your import data: (a)",
				"x.json:1:42: error duplicate-feature: We detected the following features are duplicate in your import data: (a)",
				"2 errors, 1 warning, 0 missing permissions",
			},
		},
		{
			// The message names the other occurrence in the export, not
			// in the body built around it.
			name:   "duplicate key",
			raw:    "{\"features\": [],\n \"featureStrategies\": [], \"tagTypes\": [], \"tagTypes\": []}",
			target: importvalidate.Target{Project: "default", Environment: "development", Permissions: all},
			lines: []string{
				"x.json:2:27: warning duplicate-key: The key \"tagTypes\" appears again in the same object at line 2, column 43 (byte 59), pointer `/tagTypes`; the last value is kept",
				"x.json:2:43: warning duplicate-key: The key \"tagTypes\" repeats the key at line 2, column 27 (byte 43) of the same object, pointer `/tagTypes`; the last value is kept",
				"0 errors, 2 warnings, 0 missing permissions",
			},
		},
		{
			// The export ends where a value was expected: its own
			// syntax error, not the body's closing brace.
			name:   "cut in a member",
			raw:    "{\"features\": [], \"tagTypes\":",
			target: importvalidate.Target{Project: "default", Environment: "development", Permissions: all},
			lines: []string{
				"x.json:1:29: error syntax: Unexpected end of JSON input: expected a value",
				"1 structural problem; the import rules did not run",
			},
		},
		{
			// A value after the export's object is no member of the body.
			name:   "data after the object",
			raw:    "{\"features\": [], \"featureStrategies\": [], \"tagTypes\": []}, \"project\": 1",
			target: importvalidate.Target{Project: "default", Environment: "development", Permissions: all},
			lines: []string{
				"x.json:1:58: error syntax: Unexpected data after the JSON value",
				"1 structural problem; the import rules did not run",
			},
		},
		{
			name:   "unknown target",
			raw:    `{"features": [], "featureStrategies": [], "tagTypes": []}`,
			target: importvalidate.Target{Project: "nope", Environment: "staging", Permissions: all},
			lines: []string{
				"x.json: warning unknown-project: The project to import into does not exist: (nope)",
				"x.json: warning unknown-environment: The environment to import into does not exist: (staging)",
				"0 errors, 2 warnings, 0 missing permissions",
			},
		},
		{
			name:   "truncated",
			raw:    "{\"features\": [",
			target: importvalidate.Target{Project: "default", Environment: "development", Permissions: all},
			lines: []string{
				"x.json:1:15: error syntax: Unexpected end of JSON input: expected a value or ']'",
				"1 structural problem; the import rules did not run",
			},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rep, err := v.Validate(context.Background(), []byte(tc.raw), tc.target)
			if err != nil {
				t.Fatal(err)
			}
			var b strings.Builder
			if err := importvalidate.WriteText(&b, "x.json", rep); err != nil {
				t.Fatal(err)
			}
			if got, want := b.String(), strings.Join(tc.lines, "\n")+"\n"; got != want {
				t.Errorf("report\n%s\nwant\n%s", got, want)
			}
		})
	}
	var nt *importvalidate.NoTargetError
	if _, err := v.Validate(context.Background(), []byte(`{}`), importvalidate.Target{Permissions: all}); !errors.As(err, &nt) ||
		!strings.Contains(err.Error(), "Target.Project and Target.Environment") {
		t.Errorf("ValidateExport without a target: %v", err)
	}
	if _, err := v.Validate(context.Background(), []byte(`{"features": []}`), importvalidate.Target{Permissions: all}); !errors.As(err, &nt) {
		t.Errorf("ValidateFile of an export without a target: %v", err)
	}
	// A broken file is reported as it is, target or not.
	rep, err := v.Validate(context.Background(), []byte(`{"features": [}`), importvalidate.Target{Permissions: all})
	if err != nil || len(rep.Structural) != 1 || rep.Structural[0].Code != importvalidate.CodeSyntax {
		t.Errorf("ValidateFile of a broken export without a target: %v, %v", rep, err)
	}
}
