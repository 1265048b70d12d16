package importvalidate

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/importvalidate/internal/schema"
	"github.com/flagadmin/flagadmin/internal/testharness/conformance"
	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/model/profile"
)

// stDetails decodes the details of a recorded error body.
func stDetails(t *testing.T, body []byte) []model.ErrorDetail {
	t.Helper()
	var b struct {
		Details []model.ErrorDetail `json:"details"`
	}
	if err := json.Unmarshal(body, &b); err != nil {
		t.Fatalf("recorded body: %v", err)
	}
	return b.Details
}

func stNew(t testing.TB, opts Options) *structure {
	t.Helper()
	return built(t, newStructure, opts)
}

// Check is the structural check of raw without a context, for the
// tests: the body to decode and every problem. A schema that fails to
// compile is a problem of code codeSchema.
func (s *structure) Check(raw []byte) (body []byte, problems Problems) {
	body, problems, err := s.check(context.Background(), raw)
	if err != nil {
		info, _ := lookup(codeSchema)
		return raw, Problems{structural(info, false, Location{Offset: -1}, schema.Detail{Got: err.Error()})}
	}
	return body, problems
}

// TestRecordedSchemaFailures: for every recorded schema failure (400) our
// first detail is the reference server's.
func TestRecordedSchemaFailures(t *testing.T) {
	s := stNew(t, Options{})
	n := 0
	for _, r := range conformance.MustLoad(t, "validate-*") {
		if r.Response.Status != 400 || !(strings.HasPrefix(r.Name, "validate-schema-") || r.Name == "validate-empty-body") {
			continue
		}
		n++
		t.Run(r.Name, func(t *testing.T) {
			details := stDetails(t, r.Response.Body)
			if len(details) == 0 {
				t.Fatal("recorded answer has no details")
			}
			_, ps := s.Check(r.Request.Payload())
			if len(ps) == 0 {
				t.Fatal("no problems")
			}
			got := ps.Details()[0]
			if want := details[0]; got != want {
				t.Errorf("first detail\n got %+v\nwant %+v", got, want)
			}
		})
	}
	if n == 0 {
		t.Fatal("no recorded schema failures found")
	}
}

// TestRecordedAccepted: every body the reference server answered with 200
// is structurally valid, unchanged and without findings, except the one
// whose project the reference server coerces: there a warning by default,
// an error in strict mode.
func TestRecordedAccepted(t *testing.T) {
	plain := stNew(t, Options{})
	strict := stNew(t, Options{Strict: true})
	n := 0
	for _, r := range conformance.MustLoad(t, "validate-*") {
		if r.Response.Status != 200 {
			continue
		}
		n++
		t.Run(r.Name, func(t *testing.T) {
			raw := r.Request.Payload()
			body, ps := plain.Check(raw)
			if ps.HasErrors() {
				t.Errorf("errors: %v", ps)
			}
			_, sps := strict.Check(raw)
			if r.Name == "validate-schema-project-not-string" {
				if len(ps) != 1 || ps[0].Code != CodeCoerced || ps[0].Severity != SeverityWarning {
					t.Errorf("want one coercion warning, got %v", ps)
				}
				if len(sps) != 1 || sps[0].Code != CodeCoerced || sps[0].Severity != SeverityError {
					t.Errorf("strict: want one coercion error, got %v", sps)
				}
				return
			}
			if len(ps) > 0 || len(sps) > 0 {
				t.Errorf("findings: %v; strict: %v", ps, sps)
			}
			if !bytes.Equal(body, raw) {
				t.Error("body changed")
			}
		})
	}
	if n == 0 {
		t.Fatal("no recorded 200 answers found")
	}
}

// TestProjectNotString: "project": 5 is taken as "5", as the reference
// server takes it, with a warning at the value; strict mode makes it an
// error.
func TestProjectNotString(t *testing.T) {
	raw := []byte(`{"project": 5, "environment": "development", "data": {"features": [], "featureStrategies": [], "tagTypes": []}}`)
	want := shown{Severity: SeverityWarning, Category: CategoryStructure, Code: CodeCoerced,
		Message:  "The `/body/project` property is the number 5; taken as the string \"5\"",
		Location: Location{Pointer: "/project", Offset: 12, Line: 1, Column: 13}}
	body, ps := stNew(t, Options{}).Check(raw)
	if len(ps) != 1 || show(ps[0]) != want {
		t.Fatalf("got %v\nwant %#v", ps, want)
	}
	var req model.ImportRequest
	if err := json.Unmarshal(body, &req); err != nil {
		t.Fatal(err)
	}
	if req.Project != "5" || !bytes.Contains(body, []byte(`"project": "5"`)) {
		t.Errorf("coerced body %s", body)
	}
	_, ps = stNew(t, Options{Strict: true}).Check(raw)
	want.Severity = SeverityError
	if len(ps) != 1 || show(ps[0]) != want {
		t.Fatalf("strict: got %#v\nwant %#v", ps, want)
	}
	if d := ps.Details(); len(d) != 1 || d[0].Path != "/body/project" {
		t.Errorf("strict details %+v", d)
	}
}

// stBody wraps a data object (without braces) into a full request body.
func stBody(data string) string {
	return `{"project":"p","environment":"e","data":{"features":[],"featureStrategies":[],"tagTypes":[]` + data + `}}`
}

func TestKeywordWording(t *testing.T) {
	s := stNew(t, Options{})
	tests := []struct {
		name, body  string
		code        Code
		ptr         string
		at          string // the body from the problem's offset on starts with it
		message     string
		detailsPath string
	}{
		{
			name: "required", body: `{"project":"p","environment":"e","data":{"featureStrategies":[],"tagTypes":[]}}`,
			code: CodeRequired, ptr: "/data/features", at: `{"featureStrategies"`,
			message: "The `/body/data/features` property is required. It was not present on the data you sent.",
		},
		{
			name: "additional property at the root", body: `{"project":"p","environment":"e","x":1,"data":{"features":[],"featureStrategies":[],"tagTypes":[]}}`,
			code: CodeAdditionalProperty, ptr: "/x", at: `1,"data"`,
			message: "The `/body` object of the request body does not allow additional properties. Your request included the `/body/x` property.",
		},
		{
			name: "additional property with pointer escapes", body: `{"project":"p","environment":"e","data":{"features":[],"featureStrategies":[],"tagTypes":[]},"a/b ~c%\u00e9":1}`,
			code: CodeAdditionalProperty, ptr: "/a~1b ~0c%\u00e9", at: `1}`,
			message: "The `/body` object of the request body does not allow additional properties. Your request included the `/body/a~1b ~0c%\u00e9` property.",
		},
		{
			name: "additional property", body: stBody(`,"segments":[{"id":1,"name":"s","color":"x"}]`),
			code: CodeAdditionalProperty, ptr: "/data/segments/0/color", at: `"x"}`,
			message: "The `/body/data/segments/0` object of the request body does not allow additional properties. Your request included the `/body/data/segments/0/color` property.",
		},
		{
			name: "type", body: `{"project":"p","environment":"e","data":{"features":"x","featureStrategies":[],"tagTypes":[]}}`,
			code: CodeType, ptr: "/data/features", at: `"x",`,
			message: "The `/body/data/features` property must be array. You sent \"x\".",
		},
		{
			name: "type of a nullable", body: stBody(`,"contextFields":[{"name":"c","description":[5]}]`),
			code: CodeType, ptr: "/data/contextFields/0/description", at: `[5]`,
			message: "The `/body/data/contextFields/0/description` property must be string. You sent [5].",
		},
		{
			name: "type integer", body: stBody(`,"contextFields":[{"name":"c","sortOrder":1.5}]`),
			code: CodeType, ptr: "/data/contextFields/0/sortOrder", at: `1.5}`,
			message: "The `/body/data/contextFields/0/sortOrder` property must be integer. You sent 1.5.",
		},
		{
			name: "type of an object value", body: `{"project":{"a": [1, 2.50, "\u0041"]},"environment":"e","data":{"features":[],"featureStrategies":[],"tagTypes":[]}}`,
			code: CodeType, ptr: "/project", at: `{"a": [1`,
			message: "The `/body/project` property must be string. You sent {\"a\":[1,2.5,\"A\"]}.",
		},
		{
			name: "enum", body: stBody(`,"featureEnvironments":[{"name":"f","enabled":true,"variants":[{"name":"v","weight":1,"weightType":"half"}]}]`),
			code: CodeEnum, ptr: "/data/featureEnvironments/0/variants/0/weightType", at: `"half"`, detailsPath: "weightType",
			message: "The `weightType` property must be equal to one of the allowed values: \"variable\", \"fix\". You provided \"half\", which is not valid. Please use one of the allowed values instead..",
		},
		{
			name: "enum of the operator", body: `{"project":"p","environment":"e","data":{"features":[],"featureStrategies":[{"name":"s","constraints":[{"contextName":"c","operator":"LIKE"}]}],"tagTypes":[]}}`,
			code: CodeEnum, ptr: "/data/featureStrategies/0/constraints/0/operator", at: `"LIKE"`, detailsPath: "operator",
			message: "The `operator` property must be equal to one of the allowed values: \"NOT_IN\", \"IN\", \"STR_ENDS_WITH\", \"STR_STARTS_WITH\", \"STR_CONTAINS\", \"NUM_EQ\", \"NUM_GT\", \"NUM_GTE\", \"NUM_LT\", \"NUM_LTE\", \"DATE_AFTER\", \"DATE_BEFORE\", \"SEMVER_EQ\", \"SEMVER_GT\", \"SEMVER_LT\", \"SEMVER_GTE\", \"SEMVER_LTE\", \"REGEX\". You provided \"LIKE\", which is not valid. Please use one of the allowed values instead..",
		},
		{
			name: "maximum", body: stBody(`,"featureEnvironments":[{"name":"f","enabled":true,"variants":[{"name":"v","weight":2000}]}]`),
			code: CodeMaximum, ptr: "/data/featureEnvironments/0/variants/0/weight", at: `2000}`,
			message: "The `/body/data/featureEnvironments/0/variants/0/weight` property must be <= 1000. You sent 2000.",
		},
		{
			name: "minimum", body: stBody(`,"featureEnvironments":[{"name":"f","enabled":true,"yes":-1}]`),
			code: CodeMinimum, ptr: "/data/featureEnvironments/0/yes", at: `-1}`,
			message: "The `/body/data/featureEnvironments/0/yes` property must be >= 0. You sent -1.",
		},
		{
			name: "min-length", body: `{"project":"p","environment":"e","data":{"features":[{"name":"f","tags":[{"value":"v","type":"simple"}]}],"featureStrategies":[],"tagTypes":[]}}`,
			code: CodeMinLength, ptr: "/data/features/0/tags/0/value", at: `"v",`,
			message: "The `/body/data/features/0/tags/0/value` property must NOT have fewer than 2 characters. You sent \"v\".",
		},
		{
			name: "max-length", body: `{"project":"p","environment":"e","data":{"features":[{"name":"f","tags":[{"value":"vv","type":"` + strings.Repeat("t", 51) + `"}]}],"featureStrategies":[],"tagTypes":[]}}`,
			code: CodeMaxLength, ptr: "/data/features/0/tags/0/type", at: `"ttt`,
			message: "The `/body/data/features/0/tags/0/type` property must NOT have more than 50 characters. You sent \"" + strings.Repeat("t", 51) + "\".",
		},
		{
			name: "pattern", body: `{"project":"p","environment":"e","data":{"features":[],"featureStrategies":[],"tagTypes":[{"name":"t","color":"red"}]}}`,
			code: CodePattern, ptr: "/data/tagTypes/0/color", at: `"red"`,
			message: "The `/body/data/tagTypes/0/color` property must match pattern \"^#[0-9A-Fa-f]{6}$\". You sent \"red\".",
		},
		{
			name: "format", body: `{"project":"p","environment":"e","data":{"features":[{"name":"f","createdAt":"2024-02-30T00:00:00Z"}],"featureStrategies":[],"tagTypes":[]}}`,
			code: CodeFormat, ptr: "/data/features/0/createdAt", at: `"2024-02-30`,
			message: "The `/body/data/features/0/createdAt` property must match format \"date-time\". You sent \"2024-02-30T00:00:00Z\".",
		},
		{
			name: "type inside parameters", body: `{"project":"p","environment":"e","data":{"features":[],"featureStrategies":[{"name":"s","parameters":{"rollout":[50]}}],"tagTypes":[]}}`,
			code: CodeType, ptr: "/data/featureStrategies/0/parameters/rollout", at: `[50]`,
			message: "The `/body/data/featureStrategies/0/parameters/rollout` property must be string. You sent [50].",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, ps := s.Check([]byte(tt.body))
			if len(ps) != 1 {
				t.Fatalf("want one problem, got %d: %v", len(ps), ps)
			}
			p := ps[0]
			offset := int64(strings.Index(tt.body, tt.at))
			if strings.Count(tt.body, tt.at) != 1 {
				t.Fatalf("marker %q is not unique", tt.at)
			}
			if p.Code != tt.code || p.Location.Pointer != tt.ptr || p.Location.Offset != offset || p.Message() != tt.message || p.Severity != SeverityError {
				t.Errorf("got  %s %s @%d %q\nwant %s %s @%d %q", p.Code, p.Location.Pointer, p.Location.Offset, p.Message(), tt.code, tt.ptr, offset, tt.message)
			}
			if p.Location.Line != 1 || p.Location.Column != int(offset)+1 {
				t.Errorf("line:col %d:%d, want 1:%d", p.Location.Line, p.Location.Column, offset+1)
			}
			path := tt.detailsPath
			if path == "" {
				path = "/body" + tt.ptr
			}
			if d := ps.Details()[0]; d.Path != path || d.Message != tt.message {
				t.Errorf("detail %+v, want path %q", d, path)
			}
		})
	}
}

// TestOrder checks the reference walk: type, required (schema order),
// additional properties (body order), then properties in schema order and
// items by index.
func TestOrder(t *testing.T) {
	body := `{"zz":1,"data":{"tagTypes":[{"name":[1]}],"bogus":1,"features":[{"stale":"x","name":[2]},{}],"alpha":2},"environment":[3],"aa":2,"10":0,"2":0,"01":0}`
	_, ps := stNew(t, Options{}).Check([]byte(body))
	var got []string
	for _, p := range ps {
		got = append(got, string(p.Code)+" "+p.Location.Pointer)
	}
	want := []string{
		"required /project",
		"additional-property /2", // JavaScript enumerates index-like keys first
		"additional-property /10",
		"additional-property /zz",
		"additional-property /aa",
		"additional-property /01",
		"type /environment",
		"required /data/featureStrategies",
		"additional-property /data/bogus",
		"additional-property /data/alpha",
		"type /data/features/0/name",
		"type /data/features/0/stale",
		"required /data/features/1/name",
		"type /data/tagTypes/0/name",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("order\n got %q\nwant %q", got, want)
	}
}

func TestHostileInputs(t *testing.T) {
	s := stNew(t, Options{})
	deep := strings.Repeat("[", 100000)
	tests := []struct {
		name      string
		body      string
		code      Code
		ptr       string
		offset    int64
		line, col int
		contains  string // in the message
		count     int    // number of problems; 0 means 1
	}{
		{name: "empty body", body: "", code: CodeRequired, ptr: "/project", offset: 0, line: 1, col: 1, count: 3,
			contains: "The `/body/project` property is required."},
		{name: "only whitespace", body: " \n ", code: CodeSyntax, offset: 3, line: 2, col: 2, contains: "Unexpected end of JSON input"},
		{name: "not JSON", body: "hello", code: CodeSyntax, offset: 0, line: 1, col: 1, contains: "Unexpected character 'h'"},
		{name: "truncated", body: "{\"project\":\"default\",\n", code: CodeSyntax, offset: 22, line: 2, col: 1,
			contains: "Unexpected end of JSON input"},
		{name: "truncated string", body: `{"project":"def`, code: CodeSyntax, offset: 15, line: 1, col: 16, contains: "Unexpected end of JSON input"},
		{name: "trailing data", body: `{} {}`, code: CodeSyntax, offset: 3, line: 1, col: 4, contains: "Unexpected data after the JSON value"},
		{name: "trailing comma", body: `{"a":1,}`, code: CodeSyntax, offset: 7, line: 1, col: 8, contains: "expected a double-quoted property name"},
		{name: "bad number", body: `{"a":01}`, code: CodeSyntax, offset: 6, line: 1, col: 7, contains: "Unexpected character '1'"},
		{name: "bad escape", body: `{"a":"\x"}`, code: CodeSyntax, offset: 6, line: 1, col: 7, contains: `Bad escaped character 'x'`},
		{name: "top-level array", body: `[1]`, code: CodeType, offset: 0, line: 1, col: 1, contains: "The `/body` property must be object. You sent [1]."},
		{name: "top-level number", body: `42`, code: CodeType, offset: 0, line: 1, col: 1, contains: "must be object. You sent 42."},
		{name: "deep nesting", body: deep, code: CodeSyntax, offset: 100000, line: 1, col: 100001, contains: "Unexpected end of JSON input"},
		{name: "NUL outside a string", body: "{\"a\":\x00}", code: CodeSyntax, offset: 5, line: 1, col: 6, contains: "Unexpected control character U+0000"},
		{name: "NUL inside a string", body: "{\"a\":\"\x00\"}", code: CodeSyntax, offset: 6, line: 1, col: 7, contains: "Bad control character U+0000"},
		{name: "lone NUL", body: "\x00", code: CodeSyntax, offset: 0, line: 1, col: 1, contains: "U+0000"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body, ps := s.Check([]byte(tt.body))
			if string(body) != tt.body {
				t.Error("body changed")
			}
			want := tt.count
			if want == 0 {
				want = 1
			}
			if len(ps) != want {
				t.Fatalf("want %d problems, got %d: %v", want, len(ps), ps)
			}
			p := ps[0]
			l := p.Location
			if p.Code != tt.code || l.Pointer != tt.ptr || l.Offset != tt.offset || l.Line != tt.line || l.Column != tt.col {
				t.Errorf("got %s %q @%d %d:%d, want %s %q @%d %d:%d", p.Code, l.Pointer, l.Offset, l.Line, l.Column, tt.code, tt.ptr, tt.offset, tt.line, tt.col)
			}
			if !strings.Contains(p.Message(), tt.contains) {
				t.Errorf("message %q does not contain %q", p.Message(), tt.contains)
			}
			// The position is the location's, never the message's; the
			// HTTP detail of a reading problem adds it.
			if positionText.MatchString(p.Message()) {
				t.Errorf("message %q names a position", p.Message())
			}
			switch p.Code {
			case CodeSyntax, CodeMaxDepth, CodeInvalidUTF8:
				want := fmt.Sprintf("%s (line %d, column %d, byte %d)", p.Message(), tt.line, tt.col, tt.offset)
				if d := ps.Details()[0]; d.Message != want || (p.Code != CodeInvalidUTF8) != (d.Path == "") {
					t.Errorf("detail %+v, want message %q", d, want)
				}
			}
		})
	}
}

func TestMaxDepthOption(t *testing.T) {
	deep := strings.Repeat("[", 100000)
	_, ps := stNew(t, Options{MaxDepth: 10000}).Check([]byte(deep))
	if len(ps) != 1 || ps[0].Code != CodeMaxDepth || ps[0].Location.Offset != 10000 {
		t.Fatalf("got %v", ps)
	}
	// Exactly at the limit is fine for the scanner (the schema then
	// rejects the array).
	at := `{"project":` + strings.Repeat("[", 4) + strings.Repeat("]", 4) + `}`
	_, ps = stNew(t, Options{MaxDepth: 5}).Check([]byte(at))
	if len(ps) == 0 || ps[0].Code != CodeRequired {
		t.Fatalf("at the limit: %v", ps)
	}
	over := `{"project":` + strings.Repeat("[", 5) + strings.Repeat("]", 5) + `}`
	_, ps = stNew(t, Options{MaxDepth: 5}).Check([]byte(over))
	if len(ps) != 1 || ps[0].Code != CodeMaxDepth || ps[0].Location.Offset != 15 {
		t.Fatalf("over the limit: %v", ps)
	}
	for _, bad := range []Options{{MaxDepth: -1}, {MaxProblems: -1}} {
		if _, err := newStructure(bad); err == nil {
			t.Errorf("newStructure(%+v) accepted", bad)
		}
	}
}

func TestDuplicateKeys(t *testing.T) {
	body := "{\"project\":\"p\",\n \"environment\":\"e\",\n \"data\":{\"features\":[],\"featureStrategies\":[],\"tagTypes\":[],\n  \"features\":[]},\n \"\\u0070roject\":\"q\"}"
	got, ps := stNew(t, Options{}).Check([]byte(body))
	// The last value of a repeated name is kept, as JSON.parse keeps it.
	if want := "{\"environment\":\"e\",\n \"data\":{\"featureStrategies\":[],\"tagTypes\":[],\n  \"features\":[]},\n \"\\u0070roject\":\"q\"}"; string(got) != want {
		t.Errorf("body\n got %q\nwant %q", got, want)
	}
	type place struct {
		ptr       string
		off       int64
		line, col int
	}
	want := []place{
		{"/project", 1, 1, 2},
		{"/data/features", 45, 3, 10},
		{"/data/features", 99, 4, 3},
		{"/project", 116, 5, 2},
	}
	if len(ps) != len(want) {
		t.Fatalf("got %d problems: %v", len(ps), ps)
	}
	for i, w := range want {
		l := ps[i].Location
		if ps[i].Code != CodeDuplicateKey || l.Pointer != w.ptr || l.Offset != w.off || l.Line != w.line || l.Column != w.col {
			t.Errorf("problem %d: %s %s @%d %d:%d, want %+v", i, ps[i].Code, l.Pointer, l.Offset, l.Line, l.Column, w)
		}
	}
	if m := ps[0].Message(); m != "The key \"project\" appears again in the same object at line 5, column 2 (byte 116), pointer `/body/project`; the last value is kept" {
		t.Errorf("first message %q", m)
	}
	if m := ps[3].Message(); m != "The key \"project\" repeats the key at line 1, column 2 (byte 1) of the same object, pointer `/body/project`; the last value is kept" {
		t.Errorf("repeat message %q", m)
	}
	for _, p := range ps {
		if p.Severity != SeverityWarning {
			t.Errorf("not a warning: %v", p)
		}
	}
	if d := ps.Details(); len(d) != 0 {
		t.Errorf("details of warnings: %v", d)
	}
	_, ps = stNew(t, Options{Strict: true}).Check([]byte(body))
	if d := ps.Details(); len(d) != 4 || d[1].Path != "/body/data/features" || !strings.HasSuffix(d[1].Message, "(line 3, column 10, byte 45)") {
		t.Errorf("strict details %v", d)
	}
}

func TestDuplicateKeysInBigObject(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"project":"p","environment":"e","data":{"features":[],"featureStrategies":[{"name":"s","parameters":{`)
	for i := 0; i < 5000; i++ {
		fmt.Fprintf(&b, `"k%d":"v",`, i)
	}
	b.WriteString(`"k17":"again","k4999":"again"}}],"tagTypes":[]}}`)
	_, ps := stNew(t, Options{}).Check([]byte(b.String()))
	var got []string
	for _, p := range ps {
		got = append(got, string(p.Code)+" "+p.Location.Pointer)
	}
	want := []string{
		"duplicate-key /data/featureStrategies/0/parameters/k17",
		"duplicate-key /data/featureStrategies/0/parameters/k4999",
		"duplicate-key /data/featureStrategies/0/parameters/k17",
		"duplicate-key /data/featureStrategies/0/parameters/k4999",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got %q", got)
	}
}

func TestProblemCap(t *testing.T) {
	features := strings.TrimSuffix(strings.Repeat("{},", 5000), ",")
	body := `{"project":"p","environment":"e","data":{"features":[` + features + `],"featureStrategies":[],"tagTypes":[]}}`
	_, ps := stNew(t, Options{MaxProblems: 1000}).Check([]byte(body))
	if len(ps) != 1001 {
		t.Fatalf("got %d problems", len(ps))
	}
	for i, p := range ps[:1000] {
		if want := fmt.Sprintf("/data/features/%d/name", i); p.Code != CodeRequired || p.Location.Pointer != want {
			t.Fatalf("problem %d: %s %s, want required %s", i, p.Code, p.Location.Pointer, want)
		}
	}
	last := ps[1000]
	if last.Code != CodeTooManyProblems || last.Message() != "more than 1000 problems" || last.Location.Offset != -1 {
		t.Errorf("last %#v", last)
	}
	if d := ps.Details()[1000]; d.Path != "" || d.Message != "more than 1000 problems" {
		t.Errorf("last detail %+v", d)
	}
	// The default cap is 1000 too.
	_, ps = stNew(t, Options{}).Check([]byte(body))
	if len(ps) != 1001 {
		t.Errorf("default cap: %d problems", len(ps))
	}
}

func TestCoerceScalars(t *testing.T) {
	s := stNew(t, Options{})
	body := `{"project":null,"environment":true,"data":{"features":[{"name":12,"enabled":"true","stale":0,"archived":null}],` +
		`"featureStrategies":[{"name":"s","disabled":"false","sortOrder":" 7 ","segments":["1e3", "0x10"],"parameters":{"rollout":50,"x":1e21},` +
		`"variants":[{"name":"v","weight":"500","weightType":"fix","stickiness":false}]}],` +
		`"contextFields":[{"name":"c","usedInFeatures":"","sortOrder":true}],"tagTypes":[]}}`
	got, ps := s.Check([]byte(body))
	if ps.HasErrors() {
		t.Fatalf("problems: %v", ps)
	}
	var warned []string
	for _, p := range ps {
		if p.Code != CodeCoerced || p.Severity != SeverityWarning {
			t.Errorf("not a coercion warning: %v", p)
		}
		warned = append(warned, p.Location.Pointer+" "+p.Message())
	}
	wantWarned := []string{
		"/project The `/body/project` property is null; taken as the string \"\"",
		"/environment The `/body/environment` property is the boolean true; taken as the string \"true\"",
	}
	if len(warned) != 16 || strings.Join(warned[:2], "\n") != strings.Join(wantWarned, "\n") {
		t.Errorf("%d warnings:\n%s", len(warned), strings.Join(warned, "\n"))
	}
	if !strings.Contains(strings.Join(warned, "\n"), "/data/featureStrategies/0/parameters/x The `/body/data/featureStrategies/0/parameters/x` property is the number 1e+21; taken as the string \"1e+21\"") {
		t.Errorf("no warning for parameters/x:\n%s", strings.Join(warned, "\n"))
	}
	want := `{"project":"","environment":"true","data":{"features":[{"name":"12","enabled":true,"stale":false,"archived":false}],` +
		`"featureStrategies":[{"name":"s","disabled":false,"sortOrder":7,"segments":[1000, 16],"parameters":{"rollout":"50","x":"1e+21"},` +
		`"variants":[{"name":"v","weight":500,"weightType":"fix","stickiness":"false"}]}],` +
		`"contextFields":[{"name":"c","usedInFeatures":null,"sortOrder":1}],"tagTypes":[]}}`
	if string(got) != want {
		t.Errorf("coerced\n got %s\nwant %s", got, want)
	}
	var req model.ImportRequest
	if err := json.Unmarshal(got, &req); err != nil {
		t.Errorf("coerced body does not decode: %v", err)
	}

	// What cannot be coerced is still a problem, reported on the value.
	_, ps = s.Check([]byte(stBody(`,"featureEnvironments":[{"name":"f","enabled":"yes","variants":[{"name":"v","weight":"1.5e4"}]}]`)))
	var codes []string
	for _, p := range ps {
		if p.Severity == SeverityError {
			codes = append(codes, string(p.Code)+" "+p.Location.Pointer+" "+p.Message())
		}
	}
	wantCodes := []string{
		"type /data/featureEnvironments/0/enabled The `/body/data/featureEnvironments/0/enabled` property must be boolean. You sent \"yes\".",
		"maximum /data/featureEnvironments/0/variants/0/weight The `/body/data/featureEnvironments/0/variants/0/weight` property must be <= 1000. You sent 15000.",
	}
	if strings.Join(codes, "\n") != strings.Join(wantCodes, "\n") {
		t.Errorf("got %q", codes)
	}
	// Without coercion, the raw body comes back untouched.
	raw := []byte(`{"project":"p","environment":"e","data":{"features":[],"featureStrategies":[],"tagTypes":[]}}`)
	if got, _ := s.Check(raw); &got[0] != &raw[0] {
		t.Error("an unchanged body was copied")
	}
}

func TestConcurrentChecks(t *testing.T) {
	s := stNew(t, Options{})
	bodies := []string{
		stBody(""),
		`{"project":5}`,
		stBody(`,"featureEnvironments":[{"name":"f","enabled":true,"variants":[{"name":"v","weight":2000}]}]`),
		`{"a":1,"a":2}`,
		"[",
	}
	testutil.Concurrently(8, func(g int) {
		for i := 0; i < 50; i++ {
			for _, b := range bodies {
				s.Check([]byte(b))
			}
		}
	})
}

func TestDetailsPaths(t *testing.T) {
	ps := Problems{
		problemAt(t, CodeRequired, Location{Pointer: "/data"}, schema.Detail{}),
		problemAt(t, CodeEnum, Location{Pointer: "/data/features/0/lifecycle/stage"}, schema.Detail{}),
		problemAt(t, CodeType, Location{Pointer: ""}, schema.Detail{}),
		problemAt(t, CodeSyntax, Location{Offset: 3}, schema.Detail{Got: "m"}),
		problemAt(t, CodeDuplicateKey, Location{Pointer: "/a~1b"}, schema.Detail{}),
		{Code: "other", Location: Location{Pointer: ""}},
	}
	want := []string{"/body/data", "stage", "/body", "", "/body/a~1b", ""}
	for i, d := range ps.Details() {
		if d.Path != want[i] {
			t.Errorf("%d: path %q, want %q", i, d.Path, want[i])
		}
	}
}

// FuzzCheck: hostile bytes give problems, never a panic; every problem has
// a known code and an offset inside the body. The seeds run with go test.
func FuzzCheck(f *testing.F) {
	for _, s := range []string{
		"", "{", "[]", `{"project":5}`, "\xef\xbb\xbf{}", "\x00", `{"a":1,"a":2}`,
		stBody(`,"featureEnvironments":[{"name":"f","enabled":"x","variants":[{"name":"v","weight":"2000"}]}]`),
		stBody(`,"segments":[{"id":"1","name":null,"x":{"y":[1,2]}}]`),
		`{"project":"p","environment":"e","data":{"features":[{"name":"f","tags":[{"value":1,"type":"\u0041"}],"lifecycle":{"stage":5}}],"featureStrategies":[{"name":"s","parameters":{"a":1,"a":2}}],"tagTypes":[]}}`,
	} {
		f.Add([]byte(s), false)
		f.Add([]byte(s), true)
	}
	plain := stNew(f, Options{MaxProblems: 50, MaxDepth: 64})
	strict := stNew(f, Options{MaxProblems: 50, MaxDepth: 64, Strict: true})
	known := map[Code]bool{CodeCoerced: true, CodeByteOrderMark: true, CodeSyntax: true, CodeInvalidUTF8: true, CodeDuplicateKey: true, CodeMaxDepth: true,
		CodeRequired: true, CodeAdditionalProperty: true, CodeType: true, CodeEnum: true, CodeMaximum: true,
		CodeMinimum: true, CodeMinLength: true, CodeMaxLength: true, CodePattern: true, CodeFormat: true, CodeTooManyProblems: true}
	f.Fuzz(func(t *testing.T, data []byte, st bool) {
		s := plain
		if st {
			s = strict
		}
		body, ps := s.Check(data)
		if len(ps) > 51 {
			t.Fatalf("%d problems", len(ps))
		}
		for _, p := range ps {
			if !known[p.Code] || (p.Severity != SeverityError && (st || p.Severity != SeverityWarning)) || p.Message() == "" {
				t.Fatalf("bad problem %#v", p)
			}
			if p.Location.Offset > int64(len(data)) || (p.Location.Offset < 0 && p.Code != CodeTooManyProblems) {
				t.Fatalf("offset out of range: %#v", p)
			}
		}
		if !ps.HasErrors() && !json.Valid(body) && len(data) > 0 {
			t.Fatalf("accepted body is not JSON: %q", body)
		}
		ps.Details()
	})
}

// TestInvalidUTF8 : a string with bytes that are not UTF-8 is read as the
// reference server's body reader decodes it, each ill-formed sequence one
// U+FFFD, with a warning at the first such byte of the string (an error in
// strict mode).
func TestInvalidUTF8(t *testing.T) {
	for _, tc := range []struct {
		name, body, decoded, ptr string
		offset                   int64
		message                  string
		count                    int
	}{
		{name: "in a value", body: stBody(`,"segments":[{"id":1,"name":"a` + "\xff\xe2\x82" + `b"}]`), ptr: "/data/segments/0/name",
			decoded: `"name":"a` + "\ufffd\ufffd" + `b"`, offset: 121, count: 1,
			message: "Invalid UTF-8 byte 0xFF in the string at `/body/data/segments/0/name`; read as U+FFFD"},
		{name: "in a key", body: `{"a` + "\xc3\x28" + `":1}`, ptr: "/a\ufffd(", decoded: "{\"a\ufffd(\":1}", offset: 3, count: 5,
			message: "Invalid UTF-8 byte 0xC3 in the string at `/body/a\ufffd(`; read as U+FFFD"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, strict := range []bool{false, true} {
				body, ps := stNew(t, Options{Strict: strict}).Check([]byte(tc.body))
				if len(ps) != tc.count {
					t.Fatalf("want %d problems, got %v", tc.count, ps)
				}
				want := shown{Severity: SeverityWarning, Category: CategoryStructure, Code: CodeInvalidUTF8, Message: tc.message,
					Location: Location{Pointer: tc.ptr, Offset: tc.offset, Line: 1, Column: int(tc.offset) + 1}}
				if strict {
					want.Severity = SeverityError
				}
				if show(ps[0]) != want {
					t.Errorf("strict %v: got %#v\nwant %#v", strict, show(ps[0]), want)
				}
				if !strict && !bytes.Contains(body, []byte(tc.decoded)) {
					t.Errorf("body %q lacks %q", body, tc.decoded)
				}
			}
		})
	}
}

// TestShadowedMemberLocation: a problem of a repeated name's value is
// located at the last value, the one JSON.parse keeps.
func TestShadowedMemberLocation(t *testing.T) {
	body := `{"project":"p","environment":"e","project":[1],"data":{"features":[],"featureStrategies":[],"tagTypes":[]}}`
	_, ps := stNew(t, Options{}).Check([]byte(body))
	for _, p := range ps {
		if p.Code == CodeType {
			if p.Location.Offset != int64(strings.Index(body, "[1]")) {
				t.Errorf("type problem at %d, want %d", p.Location.Offset, strings.Index(body, "[1]"))
			}
			return
		}
	}
	t.Errorf("no type problem: %v", ps)
}

// positionText matches a position written into a message.
var positionText = regexp.MustCompile(`line \d+, column \d+|\(byte \d+\)`)

// TestSchemaProblems: the embedded schema compiles, so the code schema
// never comes from its compilation; a failed keyword without a code of
// its own is of code schema, worded with the library's message.
func TestSchemaProblems(t *testing.T) {
	st := stNew(t, Options{})
	if _, err := st.slowPath(); err != nil {
		t.Fatalf("the embedded schema: %v", err)
	}
	found := []schema.Problem{{Kind: schema.KindKeyword, Location: Location{Pointer: "/data/x", Offset: 9},
		Detail: schema.Detail{Want: "must be multiple of 2", Got: "3"}}}
	ps := st.problemsOf(found)
	const want = "The `/body/data/x` property must be multiple of 2. You sent 3."
	if len(ps) != 1 || ps[0].Code != codeSchema || ps[0].Message() != want {
		t.Fatalf("got %v, want one problem of code %s: %s", ps, codeSchema, want)
	}
	if d := ps.Details(); len(d) != 1 || d[0].Path != "/body/data/x" || d[0].Message != want {
		t.Errorf("details %+v", d)
	}
	if got := ps[0].FileMessage(); got != "The `/data/x` property must be multiple of 2; the file has 3." {
		t.Errorf("file message %q", got)
	}
	// Unleash 5.x writes the pointer without the request's /body; the
	// details keep the reference's path from the request's root.
	p512, _ := profile.Named("5.12")
	ps = stNew(t, Options{Profile: &p512}).problemsOf(found)
	const want512 = "The `data/x` property must be multiple of 2. You sent 3."
	if got := ps[0].Message(); got != want512 {
		t.Errorf("5.12: message %q, want %q", got, want512)
	}
	if d := ps.Details(); len(d) != 1 || d[0].Path != "/body/data/x" || d[0].Message != want512 {
		t.Errorf("5.12: details %+v", d)
	}
}
