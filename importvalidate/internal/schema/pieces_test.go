package schema

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
)

// TestPiecewiseEqualsWhole: checking long arrays item by item gives the
// problems, in the same order, that checking the body whole gives (and,
// when it counts those left out, the count), with the cap reached inside an
// array, across arrays, in nested arrays and not at all (at two caps, five
// in the long tests: testutil.Long).
func TestPiecewiseEqualsWhole(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "import.schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	items := func(n int, item func(i int) string) string {
		parts := make([]string, n)
		for i := range parts {
			parts[i] = item(i)
		}
		return strings.Join(parts, ",")
	}
	wrap := func(features, more string) string {
		return `{"project":"default","environment":"development","data":{"features":[` + features + `],"featureStrategies":[]` + more + `,"tagTypes":[]}}`
	}
	mixed := func(i int) string {
		switch i % 5 {
		case 0:
			return `{"name":"f` + strconv.Itoa(i) + `"}`
		case 1:
			return `1`
		case 2:
			return `{"name":"a","x":0,"y":1,"2":2}`
		case 3:
			return `{}`
		}
		return `{"name":"a","createdAt":"x","archived":"no"}`
	}
	variant := func(i int) string {
		if i%3 == 0 {
			return `{"name":"v","weight":1001,"weightType":"y","stickiness":"d"}`
		}
		return `{"name":"v","weight":1,"weightType":"fix","stickiness":"d"}`
	}
	strategies := func(n, variants int) string {
		return `,"featureEnvironments":[{"name":"f","enabled":true,"yes":-1}],"segments":[` +
			items(n, func(int) string { return `{"id":"x","name":1}` }) + `]` +
			`,"contextFields":[{"name":"c","legalValues":[` + items(n, func(i int) string { return `{"value":` + strconv.Itoa(i%2) + `}` }) + `]}]` +
			`,"links":[{"feature":"f","links":[` + items(variants, variant) + `]}]`
	}
	bodies := []string{
		wrap(items(100, mixed), ""),
		wrap(items(3000, mixed), ""),
		wrap(items(70, func(int) string { return `{"name":"f"}` }), strategies(200, 300)),
		wrap(items(65, mixed), strategies(65, 65)),
		wrap(items(3, func(i int) string {
			return `{"name":"a",` + items(1500+i, func(k int) string { return `"` + strconv.Itoa(k*7%(1500+i)) + `x":0,"` + strconv.Itoa(k) + `":1` }) + `}`
		}), ""),
		wrap(items(10, mixed), `,"featureStrategies":[`+items(80, func(i int) string {
			return `{"name":"default","variants":[` + items(70+i%3, variant) + `],"constraints":[` +
				items(i%100, func(int) string { return `{"contextName":"c","operator":"X","value":""}` }) + `]}`
		})+`]`),
		// Identical items past the cap, members in any order, some with
		// arrays long enough to be checked item by item themselves.
		wrap(items(300, func(i int) string {
			switch i % 4 {
			case 0:
				return `{}`
			case 1:
				return `{"variants":[` + items(70, func(int) string { return `null` }) + `],"type":1}`
			case 2:
				return `{"type":1,"variants":[` + items(70, func(int) string { return `null` }) + `]}`
			}
			return `{"name":"f","tags":[` + items(65+i%2, func(int) string { return `{}` }) + `]}`
		}), ""),
		// No two items alike, past the cap.
		wrap(items(1500, func(i int) string { return `{"type":"` + strconv.Itoa(i) + `"}` }), ""),
		wrap(items(1500, func(i int) string { return `{"name":"a","x` + strconv.Itoa(i) + `":0}` }), ""),
		wrap(items(1500, func(i int) string {
			n := strconv.Itoa(i)
			return [...]string{n, `"` + n + `"`, `[` + n + `]`, `{"name":` + n + `}`, `true`, `null`, n + `.5`}[i%7]
		}), ""),
		wrap(items(1500, func(i int) string {
			n := strconv.Itoa(i)
			return `{"name":"a","createdAt":"` + n + `","tags":[{"type":"` + n + `","value":` + n + `}],"x":` + n + `}`
		}), ""),
		`{"project":"default","environment":"development","data":{"features":[{"name":"f"}],` +
			`"featureStrategies":[{"name":"default","constraints":[` + items(1500, func(i int) string {
			return `{"contextName":"c","operator":"X` + strconv.Itoa(i) + `","value":"` + strings.Repeat("v", i%3) + `"}`
		}) + `],"variants":[` + items(1500, func(i int) string {
			return `{"name":"v","weight":` + strconv.Itoa(990+i%20) + `,"weightType":"fix","stickiness":"d"}`
		}) + `]}],"tagTypes":[` + items(1500, func(i int) string {
			return `{"name":"t","color":"#` + strconv.FormatInt(int64(i)*2654435761%(1<<28), 16) + `"}`
		}) + `]}}`,
	}
	caps := []int{7, 100000}
	if testutil.Long() {
		caps = []int{1, 7, 100, 1000, 100000}
	}
	for _, maxProblems := range caps {
		opts := Options{MaxProblems: maxProblems, MaxDepth: 1000}
		pieces, err := New(doc, opts)
		if err != nil {
			t.Fatal(err)
		}
		for i, body := range bodies {
			got, want := checkBoth(t, pieces, []byte(body))
			if len(want) < 2 {
				t.Fatalf("body %d: %d problems; the test wants many", i, len(want))
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("body %d, cap %d: item by item differs from whole (-whole +pieces):\n%s", i, maxProblems, diff)
			}
		}
	}
}
