package plan_test

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/importvalidate/plan"
)

// casePlans plans each testdata/cases/*.json, by name.
func casePlans(t *testing.T) map[string]*plan.Plan {
	t.Helper()
	out := map[string]*plan.Plan{}
	for _, file := range caseFiles(t) {
		out[strings.TrimSuffix(filepath.Base(file), ".json")] = planOfCase(t, file)
	}
	return out
}

// TestJSONValues: the JSON form carries values as JSON values, has the
// summary, and decodes back to the same plan.
func TestJSONValues(t *testing.T) {
	for name, p := range casePlans(t) {
		raw, err := json.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		var back plan.Plan
		if err := json.Unmarshal(raw, &back); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		// A failure decodes with its message.
		if d := cmp.Diff(p, &back, cmp.AllowUnexported(importvalidate.Diagnostic{})); d != "" {
			t.Errorf("%s: decoded plan differs (-want +got):\n%s", name, d)
		}
		var generic struct {
			Features []struct {
				Changes []struct {
					To    any
					Added []struct{ Value any }
				}
			}
			Summary *plan.Totals
		}
		if err := json.Unmarshal(raw, &generic); err != nil {
			t.Fatal(err)
		}
		if generic.Summary == nil || *generic.Summary != p.Totals() {
			t.Errorf("%s: summary %+v, want %+v", name, generic.Summary, p.Totals())
		}
		for _, f := range generic.Features {
			for _, c := range f.Changes {
				if s, ok := c.To.(string); ok && json.Valid([]byte(s)) && s != "" && s[0] != '"' && !strings.ContainsAny(s[:1], "abcdefghijklmnopqrstuvwxyz") {
					t.Errorf("%s: a value as a JSON text in a string: %q", name, s)
				}
				for _, a := range c.Added {
					if _, ok := a.Value.(string); ok {
						t.Errorf("%s: an added item's value is a string: %q", name, a.Value)
					}
				}
			}
		}
	}
}

// TestMarkdown compares the Markdown of each case with its .md golden
// file; -update rewrites them.
func TestMarkdown(t *testing.T) {
	for name, p := range casePlans(t) {
		var b bytes.Buffer
		if err := plan.WriteMarkdown(&b, p, plan.MarkdownOptions{Title: name + ".json"}); err != nil {
			t.Fatal(err)
		}
		checkGolden(t, filepath.Join("testdata", "cases", name+".md"), b.Bytes())
	}
}

// TestMarkdownFenceAndBound: a name full of backquotes cannot end the
// block, and MaxBytes cuts the lines, closing the block.
func TestMarkdownFenceAndBound(t *testing.T) {
	p := &plan.Plan{Project: "default", Environment: "production"}
	p.Features = append(p.Features, plan.FeaturePlan{Name: "a````b\n# heading", Action: plan.Create})
	for range 500 {
		p.Features = append(p.Features, plan.FeaturePlan{Name: strings.Repeat("x", 60), Action: plan.Unchanged})
	}
	var b bytes.Buffer
	if err := plan.WriteMarkdown(&b, p, plan.MarkdownOptions{Title: "*bold* `x`", MaxBytes: 4000}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if len(out) > 4000 {
		t.Errorf("%d bytes, over the bound", len(out))
	}
	if !strings.Contains(out, "\n`````diff\n") || !strings.HasSuffix(out, "\n`````\n") {
		t.Errorf("the fence is not longer than the name's backquotes:\n%s", out)
	}
	if strings.Contains(out, "\n# heading") || !strings.Contains(out, `\*bold\*`) {
		t.Errorf("the input is not escaped:\n%s", out)
	}
	if !strings.Contains(out, "more lines\n") {
		t.Errorf("no line says what was cut:\n%s", out)
	}
}
