package importmodel

import "hash/maphash"

// Places indexes, once per input, the positions of each imported
// feature name in data.features, in input order of first occurrence. An
// import may hold a million features, so a name met once costs 16 bytes in
// order and at most 8 in the table of first occurrences, which holds
// indexes into data.features rather than copies of the names.
type Places struct {
	order []string
	// names are the features' names, by index in data.features.
	names func(i int) string
	// slots is an open-addressing table of 1 + the index of each name's
	// first occurrence; 0 is an empty slot. Its length is a power of two
	// at least twice the number of distinct names.
	slots []int32
	seed  maphash.Seed
	// again holds every index of the names that occur more than once.
	again map[string][]int
}

// newPlaces indexes the n names that name(i) returns.
func newPlaces(n int, name func(i int) string) *Places {
	size := 8
	for size < 2*n {
		size *= 2
	}
	fp := &Places{order: make([]string, 0, n), names: name, slots: make([]int32, size),
		seed: maphash.MakeSeed(), again: map[string][]int{}}
	for i := range n {
		s := name(i)
		slot, j := fp.find(s)
		switch {
		case j < 0:
			fp.slots[slot] = int32(i + 1)
			fp.order = append(fp.order, s)
		case fp.again[s] == nil:
			fp.again[s] = []int{j, i}
		default:
			fp.again[s] = append(fp.again[s], i)
		}
	}
	return fp
}

// find returns the slot of name: the slot holding its first index j, or
// the empty slot where it belongs and j = -1.
func (fp *Places) find(name string) (slot int, j int) {
	mask := uint64(len(fp.slots) - 1)
	h := maphash.String(fp.seed, name) & mask
	for {
		v := fp.slots[h]
		if v == 0 {
			return int(h), -1
		}
		if fp.names(int(v-1)) == name {
			return int(h), int(v - 1)
		}
		h = (h + 1) & mask
	}
}

// first returns the index of name's first occurrence.
func (fp *Places) first(name string) (int, bool) {
	_, j := fp.find(name)
	return j, j >= 0
}

// has reports whether name is an imported feature's name.
func (fp *Places) has(name string) bool {
	_, j := fp.find(name)
	return j >= 0
}

// indices returns every index of name in data.features.
func (fp *Places) indices(name string) []int {
	if w, ok := fp.again[name]; ok {
		return w
	}
	if i, ok := fp.first(name); ok {
		return []int{i}
	}
	return nil
}

// Order is every distinct name of data.features, in order of first
// occurrence.
func (fp *Places) Order() []string { return fp.order }

// First returns the index of name's first occurrence in data.features.
func (fp *Places) First(name string) (int, bool) { return fp.first(name) }

// Has reports whether name is an imported feature's name.
func (fp *Places) Has(name string) bool { return fp.has(name) }

// Indices returns every index of name in data.features.
func (fp *Places) Indices(name string) []int { return fp.indices(name) }

// Again returns every index of name in data.features when it occurs more
// than once, else nil.
func (fp *Places) Again(name string) []int { return fp.again[name] }

// FeatureItem is an item naming the imported feature name, located at
// every occurrence of the name in data.features.
func (in *Input) FeatureItem(value, name string) Item {
	idx := in.Places().indices(name)
	places := make([]Place, len(idx))
	for k, i := range idx {
		places[k] = place("features", i, "name")
	}
	return Item{Value: value, Places: places}
}
