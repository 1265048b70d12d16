package importvalidate_test

import (
	"context"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/importvalidate"
)

// The reference server reads a body with JSON.parse and checks it with ajv
// (coerceTypes: true): it accepts some bodies only after changing them.
// These tests hold the validator to the same reading by default, with a
// located warning for each change, and to an error for each in strict
// mode.

// readingCase is one body the reference server reads after changing it.
type readingCase struct {
	name string
	body string
	// lines are the report's text lines (WriteText) by default, for the
	// file "in.json".
	lines []string
	// reference is the reference server's answer to the body.
	reference string
	// clean: the reference reads the body as it stands; no warning, and
	// strict mode answers the same.
	clean bool
}

// The strategies of these bodies name no feature: the reference's
// validation reports their unknown types as errors, and its import drops
// them, so the report counts those as warnings that say so.
var readingCases = []readingCase{
	{
		name: "coerced project",
		body: `{"project": 5, "environment": "development", "data": {"features": [], "featureStrategies": [], "tagTypes": []}}`,
		lines: []string{
			"in.json:1:13: warning coerced: The `/project` property is the number 5; taken as the string \"5\"",
			"in.json:1:13: warning unknown-project: The project to import into does not exist: (5)",
			"0 errors, 2 warnings, 0 missing permissions",
		},
		reference: `{"errors":[],"warnings":[],"permissions":[]}`,
	},
	{
		name: "byte order mark",
		body: "\xef\xbb\xbf{\"project\": \"default\", \"environment\": \"development\", \"data\": {\"features\": [{\"name\": \"x\"}], \"featureStrategies\": [{\"name\": \"nope\"}], \"tagTypes\": []}}",
		lines: []string{
			"in.json:1:1: warning byte-order-mark: The body starts with a byte order mark (U+FEFF), which is skipped",
			"in.json:1:126: warning unknown-strategy: We detected the following custom strategy that needs to be created first: (nope); the import accepts it: the import drops a strategy that names no feature",
			"0 errors, 2 warnings, 0 missing permissions",
		},
		reference: `{"errors":[{"message":"We detected the following custom strategy that needs to be created first:","affectedItems":["nope"]}],"warnings":[],"permissions":[]}`,
	},
	{
		name: "duplicate key",
		body: `{"project": "default", "environment": "development", "data": {"features": [{"name": "x"}], "featureStrategies": [{"name": "a", "name": "default"}, {"name": "b"}], "tagTypes": []}}`,
		lines: []string{
			"in.json:1:115: warning duplicate-key: The key \"name\" appears again in the same object at line 1, column 128 (byte 127), pointer `/data/featureStrategies/0/name`; the last value is kept",
			"in.json:1:128: warning duplicate-key: The key \"name\" repeats the key at line 1, column 115 (byte 114) of the same object, pointer `/data/featureStrategies/0/name`; the last value is kept",
			"in.json:1:157: warning unknown-strategy: We detected the following custom strategy that needs to be created first: (b); the import accepts it: the import drops a strategy that names no feature",
			"0 errors, 3 warnings, 0 missing permissions",
		},
		reference: `{"errors":[{"message":"We detected the following custom strategy that needs to be created first:","affectedItems":["b"]}],"warnings":[],"permissions":[]}`,
	},
	{
		// JSON.parse keeps unpaired surrogates: two different names, each
		// echoed as the reference's JSON.stringify writes it.
		name: "lone surrogates",
		body: `{"project": "default", "environment": "development", "data": {"features": [{"name": "x"}], "featureStrategies": [{"name": "\ud800"}, {"name": "\udc00"}, {"name": "\uD800"}], "tagTypes": []}}`,
		lines: []string{
			"in.json:1:123: warning unknown-strategy: We detected the following custom strategy that needs to be created first: (\\ud800); the import accepts it: the import drops a strategy that names no feature",
			"in.json:1:143: warning unknown-strategy: We detected the following custom strategy that needs to be created first: (\\udc00); the import accepts it: the import drops a strategy that names no feature",
			"in.json:1:163: warning unknown-strategy: We detected the following custom strategy that needs to be created first: (\\ud800); the import accepts it: the import drops a strategy that names no feature",
			"0 errors, 3 warnings, 0 missing permissions",
		},
		reference: `{"errors":[{"message":"We detected the following custom strategy that needs to be created first:","affectedItems":["\ud800","\udc00","\ud800"]}],"warnings":[],"permissions":[]}`,
		clean:     true,
	},
	{
		name: "invalid UTF-8",
		body: "{\"project\": \"default\", \"environment\": \"development\", \"data\": {\"features\": [{\"name\": \"x\"}], \"featureStrategies\": [{\"name\": \"a\xe2\x82b\xff\"}], \"tagTypes\": []}}",
		lines: []string{
			"in.json:1:123: warning unknown-strategy: We detected the following custom strategy that needs to be created first: (a\ufffdb\ufffd); the import accepts it: the import drops a strategy that names no feature",
			"in.json:1:125: warning invalid-utf8: Invalid UTF-8 byte 0xE2 in the string at `/data/featureStrategies/0/name`; read as U+FFFD",
			"0 errors, 2 warnings, 0 missing permissions",
		},
		reference: "{\"errors\":[{\"message\":\"We detected the following custom strategy that needs to be created first:\",\"affectedItems\":[\"a\ufffdb\ufffd\"]}],\"warnings\":[],\"permissions\":[]}",
	},
}

// TestReadings validates each case by default and in strict mode: by
// default the reference answer and the warnings; strict, the same
// findings as structural errors.
func TestReadings(t *testing.T) {
	// The bodies' strategies name no feature, which the import drops
	// (tested with the import's rules): not what these cases read.
	off := []importvalidate.Code{importvalidate.CodeImportStrategyWithoutFeature}
	plain := mustNew(t, importvalidate.Options{Disable: off})
	strict := mustNew(t, importvalidate.Options{Strict: true, Disable: off})
	for _, tc := range readingCases {
		t.Run(tc.name, func(t *testing.T) {
			rep, err := plain.Validate(context.Background(), []byte(tc.body), importvalidate.Target{Permissions: importvalidate.AllPermissions{}, RequestBody: true})
			if err != nil {
				t.Fatal(err)
			}
			var b strings.Builder
			if err := importvalidate.WriteText(&b, "in.json", rep); err != nil {
				t.Fatal(err)
			}
			if got := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n"); strings.Join(got, "\n") != strings.Join(tc.lines, "\n") {
				t.Errorf("report\n got %q\nwant %q", got, tc.lines)
			}
			ref := importvalidate.MarshalResponse(rep.Reference())
			if string(ref) != tc.reference {
				t.Errorf("reference answer\n got %s\nwant %s", ref, tc.reference)
			}

			srep, err := strict.Validate(context.Background(), []byte(tc.body), importvalidate.Target{Permissions: importvalidate.AllPermissions{}, RequestBody: true})
			if err != nil {
				t.Fatal(err)
			}
			if tc.clean {
				if len(rep.Structural) != 0 || len(srep.Structural) != 0 {
					t.Errorf("findings: %v; strict: %v", rep.Structural, srep.Structural)
				}
				return
			}
			if !srep.Structural.HasErrors() || len(srep.Issues) != 0 {
				t.Fatalf("strict: want structural errors and no issues, got %v / %v", srep.Structural, srep.Issues)
			}
			var warned []importvalidate.Diagnostic
			for _, p := range rep.Structural {
				if p.Severity == importvalidate.SeverityWarning {
					warned = append(warned, p)
				}
			}
			for _, w := range warned {
				found := false
				for _, p := range srep.Structural {
					found = found || (p.Severity == importvalidate.SeverityError && p.Code == w.Code && p.Location == w.Location)
				}
				if !found {
					t.Errorf("strict: no error for the warning %v", w)
				}
			}
			if len(srep.Structural.Details()) == 0 {
				t.Error("strict: no 400 details")
			}
		})
	}
}
