package importmodel

import "slices"

// placeIndex finds the items of a feature's list by their key in a few
// steps however long the list grows: a list of up to shortList items is
// searched, a longer one gets an index of its keys' places.
type placeIndex[T any, K comparable] struct {
	key func(T) K
	big map[*Config]map[K]int
}

// shortList is the length up to which a list is searched.
const shortList = 8

// find returns the place in list, c's, of the first item of key k, or -1.
func (ix *placeIndex[T, K]) find(c *Config, list []T, k K) int {
	m := ix.big[c]
	if m == nil && len(list) > shortList {
		m = ix.index(c, list)
	}
	if m == nil {
		return slices.IndexFunc(list, func(x T) bool { return ix.key(x) == k })
	}
	if j, ok := m[k]; ok {
		return j
	}
	return -1
}

// added notes that list, c's, got an item at its end.
func (ix *placeIndex[T, K]) added(c *Config, list []T) {
	if m := ix.big[c]; m != nil {
		if k := ix.key(list[len(list)-1]); !hasKey(m, k) {
			m[k] = len(list) - 1
		}
	} else if len(list) > shortList {
		ix.index(c, list)
	}
}

// index makes the index of list, c's.
func (ix *placeIndex[T, K]) index(c *Config, list []T) map[K]int {
	if ix.big == nil {
		ix.big = map[*Config]map[K]int{}
	}
	m := make(map[K]int, 2*len(list))
	for j, x := range list {
		if k := ix.key(x); !hasKey(m, k) {
			m[k] = j
		}
	}
	ix.big[c] = m
	return m
}

func hasKey[K comparable, V any](m map[K]V, k K) bool {
	_, ok := m[k]
	return ok
}

// firstSeen tells, of keys given one at a time, which come for the first
// time, in a few steps however many come: up to shortList keys are
// searched, more get a set. Its zero value has seen nothing.
type firstSeen[K comparable] struct {
	few  [shortList]K
	n    int
	many map[K]bool
	// compared counts the keys compared or looked up so far, resets
	// included, for the tests of its cost.
	compared int
}

// first reports whether k comes for the first time since the last reset.
func (f *firstSeen[K]) first(k K) bool {
	if f.many != nil {
		f.compared++
		if f.many[k] {
			return false
		}
		f.many[k] = true
		return true
	}
	f.compared += f.n
	if slices.Contains(f.few[:f.n], k) {
		return false
	}
	if f.n < shortList {
		f.few[f.n] = k
		f.n++
		return true
	}
	f.many = make(map[K]bool, 2*shortList)
	for _, x := range f.few {
		f.many[x] = true
	}
	f.many[k] = true
	return true
}

// reset forgets the keys seen, in one step however many there were.
func (f *firstSeen[K]) reset() {
	f.n, f.many = 0, nil
}
