package cli

import (
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/importvalidate/plan/planfile"
	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
	"github.com/flagadmin/flagadmin/model"
)

// tiedBody is a file whose strategies the import would give equal sort
// orders: four plain strategies of ea-tie (each reads the same next sort
// order, 0), and two of ea-tie-given with the same sortOrder, 3, after
// one with a constraint (its own, 0). The description is desc, so that
// each round imports something.
func tiedBody(desc string) string {
	return `{"project":"default","environment":"development","data":{
 "features":[{"name":"ea-tie","project":"default","description":"` + desc + `"},{"name":"ea-tie-given","project":"default"}],
 "featureStrategies":[
  {"name":"default","featureName":"ea-tie","title":"a"},
  {"name":"default","featureName":"ea-tie","title":"b"},
  {"name":"remoteAddress","featureName":"ea-tie","title":"c","parameters":{"IPs":"10.0.0.1"}},
  {"name":"default","featureName":"ea-tie","title":"d"},
  {"name":"default","featureName":"ea-tie-given","title":"x","sortOrder":3},
  {"name":"default","featureName":"ea-tie-given","title":"eu","sortOrder":0,"constraints":[{"contextName":"region","operator":"IN","values":["eu"]}]},
  {"name":"default","featureName":"ea-tie-given","title":"y","sortOrder":3}],
 "featureEnvironments":[{"name":"ea-tie","featureName":"ea-tie","enabled":true},{"name":"ea-tie-given","featureName":"ea-tie-given","enabled":true}],
 "tagTypes":[]}}`
}

// strategyOrderOf is the titles of feature's strategies in development,
// in the order Unleash evaluates them (sort order, then id), and their
// sort orders.
func strategyOrderOf(t *testing.T, e *eaServer, feature string) (titles []string, sortOrders []int) {
	t.Helper()
	var ss []struct {
		ID        string `json:"id"`
		Title     string `json:"title"`
		SortOrder int    `json:"sortOrder"`
	}
	raw := e.do(t, "GET", "/api/admin/projects/default/features/"+url.PathEscape(feature)+"/environments/development/strategies", "")
	if err := json.Unmarshal(raw, &ss); err != nil {
		t.Fatal(err)
	}
	sort.Slice(ss, func(i, j int) bool {
		return ss[i].SortOrder < ss[j].SortOrder || ss[i].SortOrder == ss[j].SortOrder && ss[i].ID < ss[j].ID
	})
	for _, s := range ss {
		titles, sortOrders = append(titles, s.Title), append(sortOrders, s.SortOrder)
	}
	return titles, sortOrders
}

// tiesApplied: the plan of a file whose strategies the import would give
// equal sort orders notes, at their places, that their order is chance;
// apply sends each strategy's sort order, so that round after round the
// instance evaluates them in the order the plan shows (the order of the
// inserts), each of its own sort order, and says that it matches the
// plan. The quick suite runs one round, then the saved plan's over the
// strategies that round made; the long tests six rounds.
func tiesApplied(t *testing.T, e *eaServer) {
	want := map[string][]string{"ea-tie": {"a", "b", "c", "d"}, "ea-tie-given": {"eu", "x", "y"}}
	wantOrders := map[string][]int{"ea-tie": {0, 1, 2, 3}, "ea-tie-given": {0, 3, 4}}
	first := e.file(t, "tied-0.json", tiedBody("round 0"))
	code, out := e.planCode(t, first)
	if code != ExitChanges || strings.Count(out, "note strategy-order-undetermined") != 2 ||
		!strings.Contains(out, "tied-0.json:4:3: note strategy-order-undetermined: strategies 1 to 4 get the same sort order, 0") ||
		!strings.Contains(out, `tied-0.json:8:3: note strategy-order-undetermined: strategies 2 (default "x") and 3 (default "y") get the same sort order, 3`) {
		t.Fatalf("plan: exit %d\n%s", code, out)
	}
	rounds := testutil.Sized(1, 6)
	for round := range rounds {
		file := e.file(t, fmt.Sprintf("tied-%d.json", round+1), tiedBody(fmt.Sprintf("round %d", round+1)))
		code, out, errOut := e.apply(t, nil, "-unleash", e.URL, "-auto-approve", file)
		if code != ExitOK || !strings.Contains(out, "the instance now matches the plan") || strings.Contains(out, "note strategy-order") {
			t.Fatalf("round %d: apply: exit %d\n%s%s", round, code, out, errOut)
		}
		for feature, titles := range want {
			got, orders := strategyOrderOf(t, e, feature)
			if !slices.Equal(got, titles) || !slices.Equal(orders, wantOrders[feature]) {
				t.Errorf("round %d: %s: strategies %v, sort orders %v; want %v, %v", round, feature, got, orders, titles, wantOrders[feature])
			}
		}
	}
	// A fresh plan of the file: nothing to change, the ties still noted
	// (an import of the file as it is would leave them to chance).
	if code, out := e.planCode(t, e.file(t, "tied-again.json", tiedBody(fmt.Sprintf("round %d", rounds)))); code != ExitOK || !strings.Contains(out, "note strategy-order-undetermined") {
		t.Errorf("a fresh plan after apply: exit %d\n%s", code, out)
	}
	// A saved plan holds the body with the sort orders, under its digest,
	// and its plan without the notes; apply sends that body.
	saved := e.planOut(t, e.file(t, "tied-saved.json", tiedBody("saved")))
	raw, err := os.ReadFile(saved)
	if err != nil {
		t.Fatal(err)
	}
	f, err := planfile.Decode(raw)
	if err != nil {
		t.Fatal(err)
	}
	var body model.ImportRequest
	if err := json.Unmarshal(f.Plans[0].Body, &body); err != nil {
		t.Fatal(err)
	}
	var orders []string
	for _, s := range body.Data.FeatureStrategies {
		orders = append(orders, fmt.Sprintf("%s:%v", s.Title.Value, *s.SortOrder))
	}
	if got := strings.Join(orders, " "); got != "a:0 b:1 c:2 d:3 x:3 eu:0 y:4" {
		t.Errorf("the saved body's sort orders: %s", got)
	}
	for _, fp := range f.Plans[0].Plan.Features {
		if len(fp.Notes) > 0 {
			t.Errorf("%s: the saved plan has notes %v", fp.Name, fp.Notes)
		}
	}
	if code, out, errOut := e.apply(t, nil, "-unleash", e.URL, "-auto-approve", saved); code != ExitOK || !strings.Contains(out, "the instance now matches the plan") {
		t.Fatalf("apply of the saved plan: exit %d\n%s%s", code, out, errOut)
	}
	for feature, titles := range want {
		if got, orders := strategyOrderOf(t, e, feature); !slices.Equal(got, titles) || !slices.Equal(orders, wantOrders[feature]) {
			t.Errorf("after the saved plan: %s: strategies %v, sort orders %v", feature, got, orders)
		}
	}
}
