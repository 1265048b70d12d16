package importmodel

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/flagadmin/flagadmin/internal/testharness/exportgen"
	"github.com/flagadmin/flagadmin/model"
)

// TestResolveFileNames holds the resolution of the file's feature names
// to what hashing each name gives, on generated exports in the order
// Unleash writes them and with their lists shuffled, with names that
// features[] lacks, repeats and null members: the distinct names in the
// documented order, and every item's index naming its own name.
func TestResolveFileNames(t *testing.T) {
	for _, shuffled := range []bool{false, true} {
		for _, seed := range []uint64{1, 2, 3} {
			imp := exportgen.Generate(exportgen.Options{Features: 60, Seed: int64(seed), ProblemShare: 0.3})
			d := &imp.Data
			r := rand.New(rand.NewPCG(seed, 7))
			// A repeated entry, a null featureName and an empty one.
			d.Features = append(d.Features, d.Features[3])
			d.FeatureStrategies[1].FeatureName = nil
			d.FeatureStrategies[2].FeatureName = new(string)
			if shuffled {
				r.Shuffle(len(d.FeatureStrategies), func(i, j int) {
					d.FeatureStrategies[i], d.FeatureStrategies[j] = d.FeatureStrategies[j], d.FeatureStrategies[i]
				})
				r.Shuffle(len(d.FeatureEnvironments), func(i, j int) {
					d.FeatureEnvironments[i], d.FeatureEnvironments[j] = d.FeatureEnvironments[j], d.FeatureEnvironments[i]
				})
				r.Shuffle(len(d.FeatureTags), func(i, j int) { d.FeatureTags[i], d.FeatureTags[j] = d.FeatureTags[j], d.FeatureTags[i] })
				r.Shuffle(len(d.Dependencies), func(i, j int) { d.Dependencies[i], d.Dependencies[j] = d.Dependencies[j], d.Dependencies[i] })
			}
			if len(d.FeatureEnvironments) > 0 {
				other := "not-in-features"
				d.FeatureEnvironments[0].FeatureName = &other
			}
			d.Links = append(d.Links, model.FeatureLinks{Feature: "linked-elsewhere"}, model.FeatureLinks{Feature: d.Features[0].Name})
			checkFileNames(t, d)
		}
	}
}

// checkFileNames compares resolveFileNames on d with a resolution that
// hashes every name.
func checkFileNames(t *testing.T, d *model.ExportData) {
	t.Helper()
	fp := newPlaces(len(d.Features), func(i int) string { return d.Features[i].Name })
	x := resolveFileNames(d, fp, make([]int32, fileNameLists(d)))
	// The names: features[]'s in order of first occurrence, then the
	// others as met.
	want := slices.Clone(fp.order)
	index := map[string]int32{}
	for k, n := range want {
		index[n] = int32(k)
	}
	add := func(n *string) int32 {
		if n == nil {
			return -1
		}
		if k, ok := index[*n]; ok {
			return k
		}
		index[*n] = int32(len(want))
		want = append(want, *n)
		return index[*n]
	}
	var parents []int32
	for i := range d.Dependencies {
		for _, p := range d.Dependencies[i].Dependencies {
			parents = append(parents, add(&p.Feature))
		}
	}
	lists := map[string][2][]int32{}
	collect := func(what string, got []int32, n int, name func(i int) *string) {
		w := make([]int32, n)
		for i := range n {
			w[i] = add(name(i))
		}
		lists[what] = [2][]int32{got, w}
	}
	collect("strategy", x.strategy, len(d.FeatureStrategies), func(i int) *string { return d.FeatureStrategies[i].FeatureName })
	envName, envFeature := make([]int32, len(d.FeatureEnvironments)), make([]int32, len(d.FeatureEnvironments))
	for i := range d.FeatureEnvironments {
		envName[i] = add(&d.FeatureEnvironments[i].Name)
		envFeature[i] = add(d.FeatureEnvironments[i].FeatureName)
	}
	lists["envName"] = [2][]int32{x.envName, envName}
	lists["envFeature"] = [2][]int32{x.envFeature, envFeature}
	collect("tag", x.tag, len(d.FeatureTags), func(i int) *string { return &d.FeatureTags[i].FeatureName })
	collect("dependency", x.dependency, len(d.Dependencies), func(i int) *string { return &d.Dependencies[i].Feature })
	collect("link", x.link, len(d.Links), func(i int) *string { return &d.Links[i].Feature })
	collect("entry", x.entry, len(d.Features), func(i int) *string { return &d.Features[i].Name })
	lists["parent"] = [2][]int32{x.parent, parents}
	if !slices.Equal(x.names, want) {
		t.Fatalf("names:\n got %q\nwant %q", x.names, want)
	}
	for what, l := range lists {
		if !slices.Equal(l[0], l[1]) {
			t.Errorf("%s:\n got %v\nwant %v", what, l[0], l[1])
		}
	}
	for i := range d.Dependencies {
		if got := x.parentStart[i+1] - x.parentStart[i]; int(got) != len(d.Dependencies[i].Dependencies) {
			t.Errorf("dependency %d: %d parents, want %d", i, got, len(d.Dependencies[i].Dependencies))
		}
	}
	if !slices.Equal(fp.order, want[:len(fp.order)]) {
		t.Error("the resolution changed the order of features[]'s names")
	}
}
