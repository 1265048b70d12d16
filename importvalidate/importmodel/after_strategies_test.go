package importmodel

import (
	"context"
	"encoding/json"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/flagadmin/flagadmin/internal/testharness/hostilebody"
	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/model/profile"
)

// The segments of a strategy are named with a number of key comparisons
// linear in its ids, counted rather than timed. The hostile plan body of
// a long name whose one strategy holds some 44 000 ids, none of them in
// data.segments, took 0.55 s of processor time to plan when each id was
// searched among the ids before it (a quadratic loop), 0.2 ms without;
// the same ids, each listed in data.segments and given twice, are the
// costliest case of the search that remains.
func TestSegmentsWork(t *testing.T) {
	var req model.ImportRequest
	if err := json.Unmarshal(hostilebody.PlanSegments(hostilebody.PlanSize), &req); err != nil {
		t.Fatal(err)
	}
	d := &req.Data
	s := &d.FeatureStrategies[0]
	ids := slices.Clone(*s.Segments)
	if len(ids) < 40000 {
		t.Fatalf("%d segment ids; want the body's tens of thousands", len(ids))
	}
	names, compared := replaySegments(t, d)
	if len(names) != 0 || compared != 0 {
		t.Errorf("none listed: %d names, %d keys compared; want none", len(names), compared)
	}

	d.Segments = make([]model.Segment, len(ids))
	want := make([]string, len(ids))
	for i, id := range ids {
		want[i] = "s" + strconv.FormatFloat(id, 'g', -1, 64)
		d.Segments[i] = model.Segment{ID: id, Name: want[i]}
	}
	twice := append(slices.Clone(ids), ids...)
	s.Segments = &twice
	names, compared = replaySegments(t, d)
	if !slices.Equal(names, want) {
		t.Errorf("listed and given twice: %d names; want %d, each id once in its order", len(names), len(want))
	}
	if limit := len(twice) + shortList*shortList; compared > limit {
		t.Errorf("listed and given twice: %d keys compared for %d ids; want at most %d", compared, len(twice), limit)
	}
}

// replaySegments replays the strategies of d, each of an imported
// feature, and returns the segments of the first and the keys compared
// telling the ids given twice.
func replaySegments(t *testing.T, d *model.ExportData) ([]string, int) {
	t.Helper()
	r := newReplay(context.Background(), profile.Default().Import, "default", "development", d, &Before{})
	r.features()
	r.strategies()
	if r.err != nil {
		t.Fatal(r.err)
	}
	c := r.want[*d.FeatureStrategies[0].FeatureName]
	if c == nil || len(c.Strategies) == 0 {
		t.Fatal("the strategy was not created")
	}
	return c.Strategies[0].Segments, r.segmentIDs.compared
}

// The names of a strategy's segments are those of its ids that
// data.segments lists, in their order, an id equal to an earlier one left
// out (-0 equals 0), however many ids there are: the same as a search of
// the ids before each, on lists short and long.
func TestSegmentsOnce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	listed := []float64{0, 1, 2, 3, 5, 8, 13, 1e308}
	for n := range 40 {
		for range 20 {
			ids := make([]float64, n)
			for i := range ids {
				switch k := rng.IntN(24); {
				case k == 0:
					ids[i] = math.Copysign(0, -1)
				default:
					ids[i] = float64(k % 17)
				}
			}
			ids = append(ids, 1e308)
			d := &model.ExportData{
				Features:          []model.Feature{{Name: "f"}},
				FeatureStrategies: []model.Strategy{{Name: "default", FeatureName: ptr("f"), Segments: &ids}},
			}
			for _, id := range listed {
				d.Segments = append(d.Segments, model.Segment{ID: id, Name: "s" + strconv.FormatFloat(id, 'g', -1, 64)})
			}
			got, _ := replaySegments(t, d)
			if want := searchedSegments(ids, d.Segments); !slices.Equal(got, want) {
				t.Fatalf("ids %v: %q; want %q", ids, got, want)
			}
		}
	}
}

// searchedSegments is what the segments of ids are named, found by a
// search of the ids before each: the definition, quadratic.
func searchedSegments(ids []float64, segments []model.Segment) []string {
	var names []string
	for j, id := range ids {
		if slices.Contains(ids[:j], id) {
			continue
		}
		for _, s := range segments {
			if s.ID == id {
				names = append(names, s.Name)
				break
			}
		}
	}
	return names
}

func ptr[T any](v T) *T { return &v }
