package plan_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/importvalidate/plan"
	"github.com/flagadmin/flagadmin/model"
)

// The order an import gives a feature's strategies, in cases whose order
// was read on Unleash 8.2.0 (SELECT sort_order, title FROM
// feature_strategies ORDER BY sort_order, id after the import): each
// strategy's title names it, and want lists them in the order Unleash
// then evaluates them. The instance has the context fields userId and
// appName, and the segment s1 (id 1 in the file).
func TestStrategyOrder(t *testing.T) {
	for _, tc := range []struct {
		name, strategies string
		want             string
	}{
		{"a constraint takes longer than none",
			`{"name":"flexibleRollout","title":"100% with a constraint","parameters":{"rollout":"100","stickiness":"default","groupId":"f"},"constraints":[{"contextName":"userId","operator":"IN","values":["1"]}]},
			 {"name":"flexibleRollout","title":"10%","parameters":{"rollout":"10","stickiness":"default","groupId":"f"}}`,
			"10%, 100% with a constraint"},
		{"the default stickiness is read",
			`{"name":"default","title":"with a constraint","constraints":[{"contextName":"userId","operator":"IN","values":["1"]}]},
			 {"name":"default","title":"plain"},
			 {"name":"flexibleRollout","title":"no stickiness","parameters":{"rollout":"10"}}`,
			// sort orders 0, 1, 1: the last two by their insert.
			"plain, no stickiness, with a constraint"},
		{"a sort order of the file's",
			`{"name":"default","title":"disabled","disabled":true},
			 {"name":"default","title":"given -5","sortOrder":-5},
			 {"name":"flexibleRollout","title":"given stickiness","parameters":{"rollout":"10","stickiness":"default","groupId":"g"}}`,
			// -5, then -4 (read after the insert of -5), then 0.
			"given -5, given stickiness, disabled"},
		{"every path",
			`{"name":"default","title":"a-nosuch","constraints":[{"contextName":"nosuchctx","operator":"IN","values":["x"]}]},
			 {"name":"default","title":"b-plain"},
			 {"name":"default","title":"c-segment","segments":[1]},
			 {"name":"default","title":"d-two","constraints":[{"contextName":"nosuchctx","operator":"IN","values":["x"]},{"contextName":"userId","operator":"IN","values":["1"]}]},
			 {"name":"flexibleRollout","title":"e-seg-stick","segments":[1],"parameters":{"rollout":"5"}},
			 {"name":"default","title":"f-given1","sortOrder":1}`,
			// Sort orders 0, 1, 2, 2, 3, 3.
			"b-plain, f-given1, a-nosuch, c-segment, d-two, e-seg-stick"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			strategies := strings.ReplaceAll(tc.strategies, `{"name":`, `{"featureName":"f","name":`)
			var d model.ExportData
			raw := `{"features":[{"name":"f"}],"featureStrategies":[` + strategies + `],"segments":[{"id":1,"name":"s1"}],"tagTypes":[]}`
			if err := json.Unmarshal([]byte(raw), &d); err != nil {
				t.Fatal(err)
			}
			cur := &plan.Current{ContextFields: []string{"userId", "appName"}}
			got := plan.Applied("default", "development", &d, cur)
			if len(got) != 1 {
				t.Fatalf("%d features", len(got))
			}
			var titles []string
			for _, s := range got[0].Strategies {
				titles = append(titles, *s.Title)
			}
			if g := strings.Join(titles, ", "); g != tc.want {
				t.Errorf("order %s; want %s", g, tc.want)
			}
			// Over a feature that has the file's strategies in the file's
			// order, a new order is a change of the strategies.
			old := got[0]
			old.Strategies = slices.Clone(old.Strategies)
			slices.SortStableFunc(old.Strategies, func(x, y plan.Strategy) int {
				return strings.Index(tc.strategies, *x.Title) - strings.Index(tc.strategies, *y.Title)
			})
			cur.Features = []plan.Config{old}
			p := plan.Compute("default", "development", &d, cur)
			if moved := !slices.EqualFunc(old.Strategies, got[0].Strategies, func(x, y plan.Strategy) bool { return *x.Title == *y.Title }); moved != (p.Features[0].Action == plan.Update) {
				t.Errorf("file order %v, import order %v: planned %s %+v", moved, !moved, p.Features[0].Action, p.Features[0].Changes)
			}
		})
	}
}

// A reordering is a change of the strategies: the strategies that move
// among the others change in their position (1-based, before and after).
func TestStrategyMoveIsAChange(t *testing.T) {
	title := func(s string) *string { return &s }
	a := plan.Strategy{Name: "default", Title: title("a")}
	b := plan.Strategy{Name: "default", Title: title("b")}
	c := plan.Strategy{Name: "flexibleRollout", Parameters: map[string]string{"rollout": "10"}}
	for _, tc := range []struct {
		name     string
		from, to []plan.Strategy
		want     string // the changed items, "key field from->to" each
	}{
		{"same order", []plan.Strategy{a, b, c}, []plan.Strategy{a, b, c}, ""},
		{"two swap", []plan.Strategy{a, b}, []plan.Strategy{b, a}, `default "a" position 1->2`},
		{"one to the front", []plan.Strategy{a, b, c}, []plan.Strategy{c, a, b}, `flexibleRollout position 3->1`},
		{"added in front moves none", []plan.Strategy{a, b}, []plan.Strategy{c, a, b}, ""},
		{"changed and moved", []plan.Strategy{a, c}, []plan.Strategy{{Name: "flexibleRollout", Parameters: map[string]string{"rollout": "20"}}, a},
			`default "a" position 1->2`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, ch := range plan.Diff(&plan.Config{Strategies: tc.from}, &plan.Config{Strategies: tc.to}) {
				for _, ic := range ch.Changed {
					for _, f := range ic.Fields {
						if f.Field == "position" {
							got = append(got, ic.Key+" position "+f.From+"->"+f.To)
						}
					}
				}
			}
			if g := strings.Join(got, "; "); g != tc.want {
				t.Errorf("moves %q; want %q", g, tc.want)
			}
		})
	}
}
