package exportfile

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files")

func read(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func canonical(t *testing.T, raw []byte, order map[string][]string, o Options) []byte {
	t.Helper()
	out, err := Canonical(raw, order, o)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestStableAfterNoOpUpdates: Unleash 8.2.0's exports of one instance
// before and after updates that wrote the same values again (a tag type,
// a strategy) differ in bytes, since the instance lists those rows in
// their physical order; their canonical forms are the same bytes.
func TestStableAfterNoOpUpdates(t *testing.T) {
	before, after := read(t, "heap-before.json"), read(t, "heap-after-noop-updates.json")
	if bytes.Equal(before, after) {
		t.Fatal("the recorded exports are the same bytes: the test proves nothing")
	}
	for _, o := range []Options{{}, {KeepIDs: true}, {SortOrder: true}, {KeepIDs: true, SortOrder: true}} {
		x, y := canonical(t, before, nil, o), canonical(t, after, nil, o)
		if !bytes.Equal(x, y) {
			t.Errorf("%+v: the canonical forms differ:\n%s\n%s", o, x, y)
		}
	}
}

// TestIDsGo: an export and the export after importing it again differ
// in the regenerated strategy and link ids only: without ids their
// canonical forms are equal, with them they differ.
func TestIDsGo(t *testing.T) {
	a, b := read(t, "export-A.json"), read(t, "export-B-reimported.json")
	if !bytes.Equal(canonical(t, a, nil, Options{}), canonical(t, b, nil, Options{})) {
		t.Error("without ids, the canonical forms differ")
	}
	if bytes.Equal(canonical(t, a, nil, Options{KeepIDs: true}), canonical(t, b, nil, Options{KeepIDs: true})) {
		t.Error("with ids, the canonical forms are equal: were the ids dropped?")
	}
	out := canonical(t, a, nil, Options{})
	if strings.Contains(string(out), `"id": "`) {
		t.Errorf("a string id is left:\n%s", out)
	}
	if !strings.Contains(string(out), `"segments": [`) {
		t.Error("the segments are gone")
	}
}

// TestGolden pins the canonical form of a recorded export, in the order
// the playground gives mm-flag's strategies, with sort orders.
func TestGolden(t *testing.T) {
	raw := read(t, "heap-before.json")
	var d struct {
		FeatureStrategies []struct{ ID, FeatureName, Title string }
	}
	if err := json.Unmarshal(raw, &d); err != nil {
		t.Fatal(err)
	}
	// Evaluation order: the reverse of the export's.
	order := map[string][]string{}
	for i := len(d.FeatureStrategies) - 1; i >= 0; i-- {
		s := d.FeatureStrategies[i]
		order[s.FeatureName] = append(order[s.FeatureName], s.ID)
	}
	got := canonical(t, raw, order, Options{SortOrder: true})
	golden := filepath.Join("testdata", "heap-before.canonical.json")
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if want := read(t, "heap-before.canonical.json"); !bytes.Equal(got, want) {
		t.Errorf("differs from %s (-update rewrites it):\n%s", golden, got)
	}
	// The strategies of mm-flag follow the order given, numbered.
	var c struct {
		FeatureStrategies []struct {
			ID, FeatureName, Title string
			SortOrder              *int
		}
	}
	if err := json.Unmarshal(got, &c); err != nil {
		t.Fatal(err)
	}
	var titles []string
	for _, s := range c.FeatureStrategies {
		if s.FeatureName == "mm-flag" {
			titles = append(titles, s.Title)
			if s.SortOrder == nil || *s.SortOrder != len(titles)-1 {
				t.Errorf("%s: sortOrder %v, want %d", s.Title, s.SortOrder, len(titles)-1)
			}
		}
	}
	var want []string
	for _, id := range order["mm-flag"] {
		for _, s := range d.FeatureStrategies {
			if s.ID == id {
				want = append(want, s.Title)
			}
		}
	}
	if !reflect.DeepEqual(titles, want) {
		t.Errorf("mm-flag's strategies %v, want %v", titles, want)
	}
}

// TestSameContent: the canonical form holds every member and item of
// the export, and nothing else but the sort orders: compared as JSON
// with every list as a multiset.
func TestSameContent(t *testing.T) {
	for _, name := range []string{"heap-before.json", "export-A.json"} {
		raw := read(t, name)
		out := canonical(t, raw, nil, Options{KeepIDs: true})
		if !reflect.DeepEqual(normal(t, raw), normal(t, out)) {
			t.Errorf("%s: the canonical form holds other content", name)
		}
		body, err := Body("default", "production", out)
		if err != nil {
			t.Fatal(err)
		}
		var b struct {
			Project, Environment string
			Data                 json.RawMessage
		}
		if err := json.Unmarshal(body, &b); err != nil || b.Project != "default" || b.Environment != "production" {
			t.Fatalf("%s: body %v %+v", name, err, b)
		}
		if !reflect.DeepEqual(normal(t, raw), normal(t, b.Data)) {
			t.Errorf("%s: the body's data holds other content", name)
		}
		if !bytes.Equal(canonical(t, out, nil, Options{KeepIDs: true}), out) {
			t.Errorf("%s: the canonical form is not a fixed point", name)
		}
	}
}

// normal is the JSON value of raw with every array sorted by its items'
// texts.
func normal(t *testing.T, raw []byte) any {
	t.Helper()
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	var walk func(v any) any
	walk = func(v any) any {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				x[k] = walk(e)
			}
		case []any:
			for i, e := range x {
				x[i] = walk(e)
			}
			sort.Slice(x, func(i, j int) bool {
				a, _ := json.Marshal(x[i])
				b, _ := json.Marshal(x[j])
				return string(a) < string(b)
			})
		}
		return v
	}
	return walk(v)
}

func TestRefusesWhatIsNoExport(t *testing.T) {
	for _, in := range []string{``, `[]`, `{"features": 3}`, `{"featureStrategies": [1]}`, `{"a":1} {}`,
		`{"featureStrategies": [{"segments": ["x"]}]}`} {
		if _, err := Canonical([]byte(in), nil, Options{}); err == nil {
			t.Errorf("%q: no error", in)
		}
	}
}

func FuzzCanonical(f *testing.F) {
	f.Add([]byte(`{"features":[{"name":"b"},{"name":"a"}],"featureStrategies":[{"featureName":"a","segments":[3,1]}]}`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		out, err := Canonical(raw, nil, Options{SortOrder: true})
		if err != nil {
			return
		}
		if !json.Valid(out) {
			t.Fatalf("not JSON: %s", out)
		}
		again, err := Canonical(out, nil, Options{SortOrder: true})
		if err != nil || !bytes.Equal(again, out) {
			t.Fatalf("not a fixed point (%v):\n%s\n%s", err, out, again)
		}
	})
}
