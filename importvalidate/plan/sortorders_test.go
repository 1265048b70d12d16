package plan_test

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/importvalidate/plan"
	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/model/profile"
)

// TestSortOrdersMakeTheOrderCertain: for generated files, on each
// version's import, the body with the plan's sort orders (InBody) has
// the same plan without the notes of ties, and the same sort orders,
// which it already holds. The files' strategies tie often (plain
// strategies of one feature all read the same next sort order).
func TestSortOrdersMakeTheOrderCertain(t *testing.T) {
	for _, prof := range profile.All() {
		t.Run(prof.Name, func(t *testing.T) {
			v := validatorOverAs(t, &model.Snapshot{
				ContextFields: []model.SnapshotContextField{{Name: "region", LegalValues: []model.LegalValue{{Value: "eu"}, {Value: "us"}}}},
				Segments:      []model.SnapshotSegment{{ID: 9000, Name: "beta-users"}},
				TagTypes:      []model.SnapshotTagType{{Name: "team"}}}, importvalidate.Options{Profile: &prof})
			planner, err := plan.New(plan.Options{Source: &staticSource{snap: &model.Snapshot{}}, Profile: &prof})
			if err != nil {
				t.Fatal(err)
			}
			g := &gen{r: newRand(3), prefix: "so-", segment: 9000, prof: prof}
			planOf := func(body []byte) (*plan.Plan, plan.SortOrders) {
				t.Helper()
				p, so, err := planner.PlanSortOrders(context.Background(), validated(t, v, body))
				if err != nil {
					t.Fatal(err)
				}
				return p, so
			}
			noted, planned := 0, 0
			for range 60 {
				start, imp := g.file(), g.file()
				g.reorder(start, imp)
				body, err := json.Marshal(imp)
				if err != nil {
					t.Fatal(err)
				}
				p, so := planOf(body)
				if p.Refused() {
					continue
				}
				planned++
				fixed, changed, err := so.InBody(body)
				if err != nil {
					t.Fatal(err)
				}
				if !changed && len(so) > 0 {
					t.Errorf("no sort order added to %s", body)
				}
				p2, so2 := planOf(fixed)
				for _, f := range p2.Features {
					if len(f.Notes) > 0 {
						t.Errorf("%s: the body with the sort orders still has notes %v\n%s", f.Name, f.Notes, fixed)
					}
				}
				for i := range p.Features {
					if len(p.Features[i].Notes) > 0 {
						noted++
					}
					p.Features[i].Notes = nil
				}
				x, _ := json.Marshal(p)
				y, _ := json.Marshal(p2)
				if string(x) != string(y) {
					t.Errorf("the plan of the body with sort orders differs:\n%s\nwant\n%s\nbody %s", y, x, fixed)
				}
				if !reflect.DeepEqual(so, so2) {
					t.Errorf("sort orders %v, then %v", so, so2)
				}
				if again, changed, err := so2.InBody(fixed); err != nil || changed || string(again) != string(fixed) {
					t.Errorf("the sort orders given again changed the body (%v, %v)", changed, err)
				}
			}
			t.Logf("%d files planned, %d features with a note of a tie", planned, noted)
			if planned < 20 || noted == 0 {
				t.Errorf("%d files planned, %d features with a note: too few to tell", planned, noted)
			}
		})
	}
}

// InBody replaces or adds each strategy's sortOrder, last, and keeps the
// rest of the body's bytes: the other members, their order, a name with
// a colon; a sort order already right is kept as written. Sort orders that would pass the largest 32-bit integer are
// 0, 1 and so on.
func TestInBody(t *testing.T) {
	planner := mustPlanner(t, &staticSource{snap: &model.Snapshot{}})
	v := validatorOver(t, nil)
	for _, tc := range []struct {
		name, strategies, want string
	}{
		{"added last, ties distinct",
			`{"name":"default","featureName":"a","title":"x"},{"featureName":"a","name":"default"}`,
			`{"name":"default","featureName":"a","title":"x","sortOrder":0},{"featureName":"a","name":"default","sortOrder":1}`},
		{"given ones kept as written, a tie made distinct",
			`{"name":"default","featureName":"a","sortOrder":5.0},{"name":"default","featureName":"a","sortOrder":5},{"name":"default","featureName":"a","sortOrder":7}`,
			`{"name":"default","featureName":"a","sortOrder":5.0},{"name":"default","featureName":"a","sortOrder":6},{"name":"default","featureName":"a","sortOrder":7}`},
		{"a name with a colon, a value with a sortOrder, one kept",
			`{"name":"default","featureName":"a","sortOrder":1,"parameters":{"a:b":"{\"sortOrder\":1}"}},{"name":"default","featureName":"a","sortOrder":1}`,
			`{"name":"default","featureName":"a","sortOrder":1,"parameters":{"a:b":"{\"sortOrder\":1}"}},{"name":"default","featureName":"a","sortOrder":2}`},
		{"past the largest 32-bit integer",
			`{"name":"default","featureName":"a","sortOrder":2147483647},{"name":"default","featureName":"a","sortOrder":2147483647}`,
			`{"name":"default","featureName":"a","sortOrder":0},{"name":"default","featureName":"a","sortOrder":1}`},
		{"a strategy of no feature is left alone",
			`{"name":"default"},{"name":"default","featureName":"a"}`,
			`{"name":"default"},{"name":"default","featureName":"a","sortOrder":0}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			body := `{"project":"default","environment":"development","data":{"features":[{"name":"a"}],"featureStrategies":[` +
				tc.strategies + `],"tagTypes":[]}}`
			p, so, err := planner.PlanSortOrders(context.Background(), validated(t, v, []byte(body)))
			if err != nil || p.Refused() {
				t.Fatalf("plan: %v %v", err, p.Failures)
			}
			got, changed, err := so.InBody([]byte(body))
			if err != nil {
				t.Fatal(err)
			}
			want := strings.Replace(body, tc.strategies, tc.want, 1)
			if string(got) != want || !changed {
				t.Errorf("changed %v\n%s\nwant\n%s", changed, got, want)
			}
		})
	}
	// A body that is not the plan's.
	so := plan.SortOrders{3: 0}
	for _, body := range []string{`[]`, `{"data":{}}`, `{"data":{"featureStrategies":[{}]}}`, `{"data":{"featureStrategies":[1,2,3,4]}}`} {
		if _, _, err := so.InBody([]byte(body)); err == nil {
			t.Errorf("%s: no error", body)
		}
	}
	if got, changed, err := (plan.SortOrders{}).InBody([]byte(`{}`)); err != nil || changed || string(got) != `{}` {
		t.Errorf("no sort orders: %s %v %v", got, changed, err)
	}
}
