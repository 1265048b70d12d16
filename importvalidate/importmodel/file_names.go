package importmodel

import "github.com/flagadmin/flagadmin/model"

// fileNames is every feature name the file names, resolved once as the
// lookups are planned: the state is asked about each distinct name once,
// and each item of the file that names a feature holds the index of its
// name, so that the rules walk slices instead of hashing names again.
type fileNames struct {
	// names are the distinct names: those of features[] in order of first
	// occurrence (Places.order), then the others as met in the
	// dependencies' parents, featureStrategies, featureEnvironments (name,
	// then featureName), featureTags, dependencies and links.
	names []string
	// others indexes the names that features[] does not hold.
	others map[string]int32
	// entry, strategy, envName, envFeature, tag, dependency and link are
	// the indices in names of features[i].name,
	// featureStrategies[i].featureName, featureEnvironments[i].name and
	// .featureName, featureTags[i].featureName, dependencies[i].feature
	// and links[i].feature; -1 where the member is null.
	entry, strategy, envName, envFeature, tag, dependency, link []int32
	// parent are the indices of the parents of every dependency: those of
	// dependency i from parentStart[i] to parentStart[i+1].
	parent, parentStart []int32
	// ints is the memory of the lists.
	ints []int32
}

// fileNameLists is the number of indices the lists of fileNames hold for
// d.
func fileNameLists(d *model.ExportData) int {
	return len(d.Features) + len(d.FeatureStrategies) + 2*len(d.FeatureEnvironments) + len(d.FeatureTags) +
		2*len(d.Dependencies) + 1 + len(d.Links) + parentCount(d)
}

// parentCount is the number of parents of d's dependencies.
func parentCount(d *model.ExportData) int {
	n := 0
	for i := range d.Dependencies {
		n += len(d.Dependencies[i].Dependencies)
	}
	return n
}

// resolveFileNames resolves every feature name of d, those of features[]
// indexed by fp, taking the lists from ints (fileNameLists(d) long).
// Lists that follow the order of features[], as Unleash's export writes
// them, are resolved by comparing each name with the next entry's,
// without hashing it.
func resolveFileNames(d *model.ExportData, fp *Places, ints []int32) *fileNames {
	lists := indexLists{ints: ints}
	x := &fileNames{ints: ints}
	x.entry = lists.take(len(d.Features), len(d.Features))
	k := int32(0)
	for i := range d.Features {
		if int(k) < len(fp.order) && fp.order[k] == d.Features[i].Name {
			x.entry[i] = k
			k++
			continue
		}
		j, _ := fp.first(d.Features[i].Name)
		x.entry[i] = x.entry[j]
	}
	// The names not in features[] are appended after fp.order's: appending
	// to its full slice copies it, leaving fp.order as it is.
	x.names = fp.order[:len(fp.order):len(fp.order)]
	x.parentStart = lists.take(len(d.Dependencies)+1, len(d.Dependencies)+1)
	x.parent = lists.take(0, parentCount(d))
	for i := range d.Dependencies {
		x.parentStart[i] = int32(len(x.parent))
		for _, p := range d.Dependencies[i].Dependencies {
			x.parent = append(x.parent, x.find(fp, p.Feature, nil))
		}
	}
	x.parentStart[len(d.Dependencies)] = int32(len(x.parent))
	x.strategy = lists.take(len(d.FeatureStrategies), len(d.FeatureStrategies))
	x.resolve(d, fp, x.strategy, func(i int) *string { return d.FeatureStrategies[i].FeatureName })
	// An environment's name and featureName are resolved side by side:
	// the featureName is most often the name.
	x.envName = lists.take(len(d.FeatureEnvironments), len(d.FeatureEnvironments))
	x.envFeature = lists.take(len(d.FeatureEnvironments), len(d.FeatureEnvironments))
	next := 0
	for i := range d.FeatureEnvironments {
		e := &d.FeatureEnvironments[i]
		x.envName[i] = x.nextName(d, fp, &e.Name, &next, i, x.envName)
		switch {
		case e.FeatureName == nil:
			x.envFeature[i] = -1
		case *e.FeatureName == e.Name:
			x.envFeature[i] = x.envName[i]
		default:
			x.envFeature[i] = x.find(fp, *e.FeatureName, nil)
		}
	}
	x.tag = lists.take(len(d.FeatureTags), len(d.FeatureTags))
	x.resolve(d, fp, x.tag, func(i int) *string { return &d.FeatureTags[i].FeatureName })
	x.dependency = lists.take(len(d.Dependencies), len(d.Dependencies))
	x.resolve(d, fp, x.dependency, func(i int) *string { return &d.Dependencies[i].Feature })
	x.link = lists.take(len(d.Links), len(d.Links))
	x.resolve(d, fp, x.link, func(i int) *string { return &d.Links[i].Feature })
	return x
}

// parents are the indices of the parents of dependency i, in order; in
// a view of the cleaned file, those of their refs.
func (x *fileNames) parents(i int) []int32 {
	return x.parent[x.parentStart[i]:x.parentStart[i+1]]
}

// resolve fills dst with the index of each of the list's names, name(i)
// (nil for a null member).
func (x *fileNames) resolve(d *model.ExportData, fp *Places, dst []int32, name func(i int) *string) {
	next := 0 // the features[] entry the next name likely has
	for i := range dst {
		dst[i] = x.nextName(d, fp, name(i), &next, i, dst)
	}
}

// nextName returns the index of item i's name p (-1 for nil) in a list
// whose indices so far are dst[:i], comparing it first with the name of
// features[*next], then with the previous item's, and moves *next past
// the entry it finds.
func (x *fileNames) nextName(d *model.ExportData, fp *Places, p *string, next *int, i int, dst []int32) int32 {
	switch {
	case p == nil:
		return -1
	case *next < len(d.Features) && d.Features[*next].Name == *p:
		*next++
		return x.entry[*next-1]
	case i > 0 && dst[i-1] >= 0 && x.names[dst[i-1]] == *p:
		return dst[i-1]
	}
	return x.find(fp, *p, next)
}

// find returns the index of name, adding it to names when it is new. When
// next is not nil and features[] holds the name, *next moves past its
// first entry.
func (x *fileNames) find(fp *Places, name string, next *int) int32 {
	if j, ok := fp.first(name); ok {
		if next != nil {
			*next = j + 1
		}
		return x.entry[j]
	}
	if r, ok := x.others[name]; ok {
		return r
	}
	if x.others == nil {
		x.others = make(map[string]int32)
	}
	r := int32(len(x.names))
	x.names = append(x.names, name)
	x.others[name] = r
	return r
}
