package importvalidate

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/flagadmin/flagadmin/importvalidate/internal/schema"
)

func TestDiagnosticsOrder(t *testing.T) {
	at := func(off int64, line int) Location { return Location{Pointer: "/p", Offset: off, Line: line, Column: 1} }
	rep := &Report{Issues: []Issue{
		{Severity: SeverityError, Code: "b", Message: "B", Items: []Item{
			{Value: "late", Locations: []Location{at(90, 9)}},
			{Value: "nowhere"},
			{Value: "twice", Locations: []Location{at(10, 1), at(50, 5)}},
		}},
		{Severity: SeverityError, Code: "limit", Message: "L"},
		{Severity: SeverityWarning, Code: "w", Message: "W", Items: []Item{{Value: "early", Locations: []Location{at(5, 1)}}}},
		{Severity: SeverityError, Category: CategoryPermission, Code: "perm", Message: "P", Items: []Item{{Value: "X"}, {Value: "Y"}}},
	}}
	var got []string
	for _, d := range rep.Diagnostics() {
		got = append(got, string(d.Code)+"/"+d.Item)
	}
	want := []string{"w/early", "b/twice", "b/twice", "b/late", "b/nowhere", "limit/", "perm/X", "perm/Y"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Diagnostics order (-want +got):\n%s", diff)
	}
	if got, want := rep.Summary(), "5 errors, 1 warning, 2 missing permissions"; got != want {
		t.Errorf("Summary = %q, want %q", got, want)
	}
}

func TestFormatDiagnostic(t *testing.T) {
	tests := []struct {
		d    Diagnostic
		want string
	}{
		{Diagnostic{Severity: SeverityError, Code: "duplicate-feature", message: "M", Item: "f",
			Location: Location{Pointer: "/data/features/1/name", Offset: 40, Line: 3, Column: 7}},
			"f.json:3:7: error duplicate-feature: M (f)"},
		{Diagnostic{Severity: SeverityWarning, Code: "w", message: "M", Item: "i",
			Location: Location{Pointer: "/data/features/0/name", Offset: -1}},
			"f.json:/data/features/0/name: warning w: M (i)"},
		{Diagnostic{Severity: SeverityError, Category: CategoryPermission, Code: "missing-permissions", message: "M", Item: "Create feature flags",
			Location: Location{Offset: -1}},
			"f.json: permission missing-permissions: M (Create feature flags)"},
		{problemAt(t, CodeRequired, Location{Pointer: "/data", Offset: 0, Line: 1, Column: 1}, schema.Detail{}),
			"f.json:1:1: error required: The `/data` property is required. The file lacks it."},
		{problemAt(t, CodeType, Location{Offset: 0, Line: 1, Column: 1}, schema.Detail{Want: "object", Got: "[]"}),
			"f.json:1:1: error type: The `/` property must be object; the file has []."},
		// What the message quotes is never taken for its words.
		{problemAt(t, CodeType, Location{Pointer: "/data/features/0", Offset: 9, Line: 1, Column: 10},
			schema.Detail{Want: "object", Got: `"x. You sent \u0060/body/data\u0060"`}),
			"f.json:1:10: error type: The `/data/features/0` property must be object; the file has \"x. You sent \\u0060/body/data\\u0060\"."},
		// An unpaired surrogate (WTF-8) prints as the reference echoes it,
		// other ill-formed bytes as U+FFFD.
		{Diagnostic{Severity: SeverityError, Code: "duplicate-feature", message: "M \xed\xb0\x80", Item: "a\xed\xa0\x80",
			Location: Location{Offset: 7, Line: 1, Column: 8}},
			`f.json:1:8: error duplicate-feature: M \udc00 (a\ud800)`},
		{Diagnostic{Severity: SeverityWarning, Code: "w", message: "bad \xff\xfe", Item: "x\xe2\x82y",
			Location: Location{Offset: -1}},
			"f.json: warning w: bad \uFFFD\uFFFD (x\uFFFDy)"},
		// Control characters, bidirectional overrides, line separators
		// and workflow-command markers are escaped, never written raw.
		{Diagnostic{Severity: SeverityError, Code: "unknown-strategy", message: "M", Item: "a\n::error file=x::forged\x1b[2J\u202e\u2028",
			Hint: "##[error]h\b", Location: Location{Offset: 0, Line: 1, Column: 1}},
			`f.json:1:1: error unknown-strategy: M (a\n::error file=x::forged\u001b[2J\u202e\u2028); did you mean "##\u005berror]h\b"?`},
	}
	for _, tt := range tests {
		if got := FormatDiagnostic("f.json", tt.d); got != tt.want {
			t.Errorf("FormatDiagnostic = %q\nwant               %q", got, tt.want)
		}
	}
	d := Diagnostic{Severity: SeverityError, Code: "c", message: "M", Location: Location{Offset: -1}}
	if got, want := FormatDiagnostic("::error::\x1b]0;t\a.json", d), `\u003a:error::\u001b]0;t\u0007.json: error c: M`; got != want {
		t.Errorf("FormatDiagnostic = %q\nwant               %q", got, want)
	}
}

// problemAt is a structural problem of code at l that found d.
func problemAt(t *testing.T, code Code, l Location, d schema.Detail) Diagnostic {
	t.Helper()
	info, ok := lookup(code)
	if !ok {
		t.Fatalf("no code %q", code)
	}
	return structural(info, false, l, d)
}

// writeText validates body with the default options and returns the
// report and the lines WriteText prints for it.
func writeText(t *testing.T, name string, body []byte) (*Report, []string) {
	t.Helper()
	rep := mustValidate(t, Options{}, body)
	var b strings.Builder
	if err := WriteText(&b, name, rep); err != nil {
		t.Fatal(err)
	}
	return rep, strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
}

// TestWriteTextSurrogateItems: features named "\ud800" (twice) and
// "\udc00" are two names, and the duplicate is printed as the reference
// echoes it in affectedItems.
func TestWriteTextSurrogateItems(t *testing.T) {
	body := []byte(`{"project":"default","environment":"development","data":{"features":[` +
		`{"name":"\ud800","project":"default"},{"name":"\udc00","project":"default"},{"name":"\ud800","project":"default"}],` +
		`"featureStrategies":[],"featureEnvironments":[],"tagTypes":[]}}`)
	_, lines := writeText(t, "in.json", body)
	var dup []string
	for _, l := range lines {
		if !utf8.ValidString(l) {
			t.Errorf("line is not UTF-8: %q", l)
		}
		if strings.Contains(l, "duplicate") {
			dup = append(dup, l)
		}
	}
	if len(dup) == 0 {
		t.Fatalf("no duplicate finding:\n%s", strings.Join(lines, "\n"))
	}
	for _, l := range dup {
		if !strings.HasSuffix(l, `(\ud800)`) {
			t.Errorf("duplicate finding %q does not end with (\\ud800)", l)
		}
	}
}

func TestWriteTextStructuralFailure(t *testing.T) {
	rep, lines := writeText(t, "in.json", []byte(`{"project":"p","environment":"e","data":{"features":[{"name":"a","x":1}]}}`))
	if len(lines) < 3 || lines[len(lines)-1] != "3 structural problems; the import rules did not run" {
		t.Errorf("WriteText:\n%s", strings.Join(lines, "\n"))
	}
	if rep.Project != "p" || rep.Environment != "e" {
		t.Errorf("target %q/%q, want the file's p/e", rep.Project, rep.Environment)
	}
}

func TestWriteTextRecordedBody(t *testing.T) {
	body, err := os.ReadFile("../testdata/exports/recorded-many-problems-admin.json")
	if err != nil {
		t.Fatal(err)
	}
	rep, lines := writeText(t, "f", body)
	if n := len(lines) - 1; lines[n] != "8 errors, 0 warnings, 0 missing permissions" {
		t.Errorf("summary %q after %d lines", lines[n], n)
	}
	prev := int64(-1)
	for _, d := range rep.Diagnostics() {
		if d.Location.Offset < prev {
			t.Errorf("diagnostic at byte %d after one at %d", d.Location.Offset, prev)
		}
		prev = d.Location.Offset
	}
}

// TestProblemsError checks that a list of problems names its first
// problem and counts the rest instead of printing every one.
func TestProblemsError(t *testing.T) {
	p := func(line int, code Code) Diagnostic {
		return Diagnostic{Severity: SeverityError, Category: CategoryStructure, Code: code, message: "M " + string(code),
			Location: Location{Pointer: "/x", Offset: int64(line), Line: line, Column: 2}}
	}
	tests := []struct {
		ps   Problems
		want string
	}{
		{nil, "no problems"},
		{Problems{p(1, "type")}, "1:2: type: M type"},
		{Problems{p(1, "type"), p(2, "required"), p(3, "enum")}, "1:2: type: M type (and 2 more)"},
		{Problems{{Code: "syntax", message: "S", Location: Location{Offset: -1}}}, "/: syntax: S"},
	}
	for _, tt := range tests {
		if got := tt.ps.Error(); got != tt.want {
			t.Errorf("Error() = %q, want %q", got, tt.want)
		}
	}
}

func TestEnumNames(t *testing.T) {
	for _, tt := range []struct {
		got  fmt.Stringer
		want string
	}{
		{SeverityError, "error"}, {SeverityWarning, "warning"}, {Severity(0), "Severity(0)"}, {Severity(3), "Severity(3)"},
		{CategoryStructure, "structure"}, {CategoryRule, "rule"}, {CategoryPermission, "permission"}, {CategoryImport, "import"}, {Category(5), "Category(5)"},
	} {
		if got := tt.got.String(); got != tt.want {
			t.Errorf("String() = %q, want %q", got, tt.want)
		}
	}
	if b, err := CategoryPermission.MarshalText(); err != nil || string(b) != "permission" {
		t.Errorf("MarshalText = %s, %v", b, err)
	}
}

// A diagnostic in JSON carries its members and its message, in the
// reference's words.
func TestDiagnosticJSON(t *testing.T) {
	for _, tc := range []struct {
		d    Diagnostic
		want string
	}{
		{problemAt(t, CodeRequired, Location{Pointer: "/data", Offset: 1, Line: 1, Column: 2}, schema.Detail{}),
			`{"severity":"error","category":"structure","code":"required","location":{"pointer":"/data","offset":1,"line":1,"column":2},` +
				`"message":"The ` + "`/body/data`" + ` property is required. It was not present on the data you sent."}`},
		{Diagnostic{Severity: SeverityWarning, Category: CategoryRule, Code: CodeFeatureExists, Item: "a", message: "M", Location: Location{Offset: -1}},
			`{"severity":"warning","category":"rule","code":"feature-exists","item":"a","location":{"pointer":"","offset":-1},"message":"M"}`},
	} {
		got, err := json.Marshal(tc.d)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != tc.want {
			t.Errorf("JSON\n got %s\nwant %s", got, tc.want)
		}
	}
}
