package importvalidate_test

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/flagadmin/flagadmin/importvalidate"
)

// namingValidator is a validator whose project "p" has pattern as its
// naming pattern.
func namingValidator(t *testing.T, pattern string) *importvalidate.Validator {
	t.Helper()
	p, err := json.Marshal(pattern)
	if err != nil {
		t.Fatal(err)
	}
	st := mustState(t, `{"projects":[{"id":"p","featureNaming":{"pattern":`+string(p)+`}}],"strategies":`+builtIns+`}`)
	v := mustNew(t, importvalidate.Options{State: st})
	return v
}

// namingBody is an import into project p of features with names.
func namingBody(t *testing.T, names []string) []byte {
	t.Helper()
	fs := make([]map[string]string, len(names))
	for i, n := range names {
		fs[i] = map[string]string{"name": n}
	}
	b, err := json.Marshal(map[string]any{"project": "p", "environment": "development",
		"data": map[string]any{"features": fs, "featureStrategies": []any{}, "tagTypes": []any{}}})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestNamingPatternIsJavaScript checks names as new RegExp('^' + pattern
// + '$').test(name) does; the failing names were recorded from node.
func TestNamingPatternIsJavaScript(t *testing.T) {
	tests := []struct {
		pattern string
		names   []string
		bad     []string // nil: no naming-pattern error
	}{
		{"a|b", []string{"a", "xa", "b", "ab", "xb", "c"}, []string{"c", "xa"}},
		{"(?=.*-)[a-z-]+", []string{"a-b", "ab"}, []string{"ab"}},
		{`\p{L}+`, []string{"p{L}", "abc"}, []string{"abc"}},
		{".", []string{"😀", "é", "\n"}, []string{"\n", "😀"}},
		{`\s*x`, []string{"\u00a0x", "\u0085x", "\ufeffx"}, []string{"\u0085x"}},
		{`(a)\1`, []string{"aa", "ab"}, []string{"ab"}},
		{`[a-z]+\`, []string{"abc$", "abc"}, []string{"abc"}},
		{`\u0061+`, []string{"aaa", "b"}, []string{"b"}},
		{"[^]{2}", []string{"😀", "ab", "a"}, []string{"a"}},
		{"(?<!-)[a-z-]+(?<!-)", []string{"ab-c", "ab-"}, []string{"ab-"}},
		{`[\d-z]+`, []string{"1-z", "y"}, []string{"y"}},
		{`\x41\101\8`, []string{"AA8", "AA"}, []string{"AA"}},
		{"[a-z]+", []string{"abc", "def"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.pattern, func(t *testing.T) {
			v := namingValidator(t, tt.pattern)
			rep, err := v.Validate(context.Background(), namingBody(t, tt.names), importvalidate.Target{Permissions: importvalidate.AllPermissions{}, RequestBody: true})
			if err != nil {
				t.Fatal(err)
			}
			if _, found := find(rep, importvalidate.CodeInvalidNamingPattern); found {
				t.Errorf("unexpected %s warning", importvalidate.CodeInvalidNamingPattern)
			}
			is, found := find(rep, importvalidate.CodeNamingPattern)
			if tt.bad == nil {
				if found {
					t.Fatalf("unexpected naming-pattern error: %+v", is)
				}
				return
			}
			if !found {
				t.Fatalf("no naming-pattern error; report: %+v", rep.Issues)
			}
			if diff := cmp.Diff(tt.bad, valuesOf(is)); diff != "" {
				t.Errorf("failing names (-want +got):\n%s", diff)
			}
		})
	}
}

func valuesOf(is importvalidate.Issue) []string {
	out := []string{}
	for _, it := range is.Items {
		out = append(out, it.Value)
	}
	return out
}

// TestNamingPatternRefused: a pattern that JavaScript refuses leaves the
// names unchecked, as the reference does, and is a located warning.
func TestNamingPatternRefused(t *testing.T) {
	tests := []struct {
		pattern string
		reason  string
	}{
		{"(?i)[a-z]+", "(Invalid group at code unit 2)"},
		{"(?P<x>a)", "(Invalid group at code unit 2)"},
		{"a)(b", "(Unmatched ')' at code unit 2)"},
		{"[a-z", "(Unterminated character class at code unit 6)"},
		{"[z-a]+", "(Range out of order in character class at code unit 5)"},
		{"x**", "(Nothing to repeat at code unit 3)"},
	}
	for _, tt := range tests {
		t.Run(tt.pattern, func(t *testing.T) {
			v := namingValidator(t, tt.pattern)
			body := namingBody(t, []string{"ABC", "abc"})
			rep, err := v.Validate(context.Background(), body, importvalidate.Target{Permissions: importvalidate.AllPermissions{}, RequestBody: true})
			if err != nil {
				t.Fatal(err)
			}
			if is, found := find(rep, importvalidate.CodeNamingPattern); found {
				t.Fatalf("names were checked against a refused pattern: %+v", is)
			}
			is, found := find(rep, importvalidate.CodeInvalidNamingPattern)
			if !found {
				t.Fatalf("no %s warning; report: %+v", importvalidate.CodeInvalidNamingPattern, rep.Issues)
			}
			if is.Severity != importvalidate.SeverityWarning || is.Reference {
				t.Errorf("severity %s, reference %v; want a warning outside the reference response", is.Severity, is.Reference)
			}
			if !strings.Contains(is.Message, "not a valid JavaScript regular expression") || !strings.Contains(is.Message, tt.reason) {
				t.Errorf("message %q does not say what JavaScript refuses (%s)", is.Message, tt.reason)
			}
			if len(is.Items) != 1 || is.Items[0].Value != tt.pattern {
				t.Fatalf("items %+v, want the pattern", is.Items)
			}
			var got []string
			for _, l := range is.Items[0].Locations {
				got = append(got, l.Pointer+"@"+string(body[l.Offset:l.Offset+1]))
			}
			if diff := cmp.Diff([]string{`/project@"`, "/data/features@["}, got); diff != "" {
				t.Errorf("locations (-want +got):\n%s", diff)
			}
			if len(rep.Reference().Errors) != 0 || len(rep.Reference().Warnings) != 0 {
				t.Errorf("the reference response changed: %+v", rep.Reference())
			}
		})
	}
}

// TestNamingPatternTooSlow: a name whose test backtracks beyond the
// matcher's limits is not reported as failing; a warning names it at its
// place instead.
func TestNamingPatternTooSlow(t *testing.T) {
	v := namingValidator(t, "(a+)+")
	slow := strings.Repeat("a", 40) + "b"
	body := namingBody(t, []string{"aaa", slow, "b"})
	rep, err := v.Validate(context.Background(), body, importvalidate.Target{Permissions: importvalidate.AllPermissions{}, RequestBody: true})
	if err != nil {
		t.Fatal(err)
	}
	is, found := find(rep, importvalidate.CodeNamingPattern)
	if !found {
		t.Fatalf("no naming-pattern error; report: %+v", rep.Issues)
	}
	if diff := cmp.Diff([]string{"b"}, valuesOf(is)); diff != "" {
		t.Errorf("failing names (-want +got):\n%s", diff)
	}
	w, found := find(rep, importvalidate.CodeInvalidNamingPattern)
	if !found {
		t.Fatalf("no %s warning; report: %+v", importvalidate.CodeInvalidNamingPattern, rep.Issues)
	}
	if diff := cmp.Diff([]string{slow}, valuesOf(w)); diff != "" {
		t.Errorf("unchecked names (-want +got):\n%s", diff)
	}
	if l := w.Items[0].Locations; len(l) != 1 || l[0].Pointer != "/data/features/1/name" || l[0].Line != 1 {
		t.Errorf("locations %+v, want /data/features/1/name", l)
	}
}

// BenchmarkNamingPattern validates an import of 10 000 features into a
// project with a naming pattern; 1% of the names fail it.
// TestNamingPatternBudget: names that each backtrack just under the
// per-name limit share one budget per validation; once it is spent the
// remaining names are reported unchecked instead of tested.
func TestNamingPatternBudget(t *testing.T) {
	v := namingValidator(t, "(a+)+b")
	var names []string
	for c := 'c'; c <= 'z'; c++ {
		for d := 'c'; d <= 'f'; d++ {
			// 17 a's backtrack about half a million steps each.
			names = append(names, strings.Repeat("a", 17)+string(c)+string(d))
		}
	}
	rep, err := v.Validate(context.Background(), namingBody(t, names), importvalidate.Target{Permissions: importvalidate.AllPermissions{}, RequestBody: true})
	if err != nil {
		t.Fatal(err)
	}
	bad, _ := find(rep, importvalidate.CodeNamingPattern)
	unchecked, _ := find(rep, importvalidate.CodeInvalidNamingPattern)
	if len(bad.Items) == 0 || len(unchecked.Items) == 0 || len(bad.Items)+len(unchecked.Items) != len(names) {
		t.Errorf("%d names: %d failed, %d unchecked; want both, adding up", len(names), len(bad.Items), len(unchecked.Items))
	}
	// About 4 million steps in all: some 8 names get tested.
	if len(bad.Items) > 12 {
		t.Errorf("%d names tested; the budget allows about 8", len(bad.Items))
	}
}

// TestNamingPatternRefusedStrict: strict mode makes the refused pattern
// an error, which the reference response still leaves out.
func TestNamingPatternRefusedStrict(t *testing.T) {
	st := mustState(t, `{"projects":[{"id":"p","featureNaming":{"pattern":"(?i)[a-z]+"}}],"strategies":`+builtIns+`}`)
	for _, strict := range []bool{false, true} {
		v := mustNew(t, importvalidate.Options{State: st, Strict: strict})
		rep, err := v.Validate(context.Background(), namingBody(t, []string{"abc"}), importvalidate.Target{Permissions: importvalidate.AllPermissions{}, RequestBody: true})
		if err != nil {
			t.Fatal(err)
		}
		is, found := find(rep, importvalidate.CodeInvalidNamingPattern)
		want := importvalidate.SeverityWarning
		if strict {
			want = importvalidate.SeverityError
		}
		if !found || is.Severity != want || rep.HasErrors() != strict {
			t.Errorf("strict %v: found %v, severity %v, HasErrors %v; want %v", strict, found, is.Severity, rep.HasErrors(), want)
		}
		if ref := rep.Reference(); len(ref.Errors) != 0 || len(ref.Warnings) != 0 {
			t.Errorf("strict %v: reference response %+v, want it empty", strict, ref)
		}
	}
}

func BenchmarkNamingPattern(b *testing.B) {
	const n = 10_000
	st := mustState(b, `{"projects":[{"id":"p","featureNaming":{"pattern":"[a-z]+(-[a-z0-9]+)*"}}],"strategies":`+builtIns+`}`)
	v := mustNew(b, importvalidate.Options{State: st})
	var sb strings.Builder
	size := 0
	sb.WriteString(`{"project":"p","environment":"development","data":{"featureStrategies":[],"tagTypes":[],"features":[`)
	for i := 0; i < n; i++ {
		if i > 0 {
			sb.WriteByte(',')
		}
		name := "checkout-flow-" + strings.Repeat("x", 1+i%7) + "-v" + itoa(i)
		if i%100 == 0 {
			name = "Checkout_" + itoa(i)
		}
		size += len(name)
		sb.WriteString(`{"name":"` + name + `"}`)
	}
	sb.WriteString(`]}}`)
	imp := mustImport(b, sb.String())
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		rep, err := v.ValidateImport(context.Background(), imp, importvalidate.Target{Permissions: importvalidate.AllPermissions{}, RequestBody: true})
		if err != nil {
			b.Fatal(err)
		}
		if is, _ := find(rep, importvalidate.CodeNamingPattern); len(is.Items) != n/100 {
			b.Fatalf("%d failing names, want %d", len(is.Items), n/100)
		}
	}
}

func itoa(i int) string { return strconv.Itoa(i) }
