package importvalidate

import (
	"slices"
	"strings"
)

// restatements maps each code that yields (CodeInfo.YieldsTo) to the
// codes that say its mistakes more exactly, for the built-in rules that
// run.
type restatements map[Code][]Code

// restatementsOf collects the yields of the built-in codes among run.
func restatementsOf(run []Rule) restatements {
	on := make(map[Code]bool, len(run))
	for _, r := range run {
		on[r.Code] = true
	}
	out := restatements{}
	for _, info := range codeTable() {
		if on[info.Code] && len(info.YieldsTo) > 0 {
			out[info.Code] = info.YieldsTo
		}
	}
	return out
}

// leaveOut splits issues into those reported and those said again: the
// places where a finding says a mistake that a finding of a code it
// yields to says more exactly (an extra rule's finding where the import's
// own check refuses the same value, the import's version of a reference
// error where the reference error is reported). An item loses the
// locations said again; it goes when none is left, or, for an item
// without a place (a permission), when an item of the same value is said
// again. An issue goes with its last item. The reference rules never
// yield: the reference response is kept whole. restated holds what went,
// as issues of their own codes (Report.Restated). names are what the
// issues without items name in their messages, by code.
//
// Each place is looked up in an index of the places of the codes yielded
// to, so that the pass is linear in the findings.
func (rs restatements) leaveOut(issues []Issue, names map[Code][]string) (kept, restated []Issue) {
	if len(rs) == 0 || !slices.ContainsFunc(issues, func(is Issue) bool { return len(rs[is.Code]) > 0 }) {
		return issues, nil
	}
	said := saidPlaces(issues, rs)
	kept = make([]Issue, 0, len(issues))
	for _, is := range issues {
		by := rs[is.Code]
		switch {
		case len(by) == 0:
			kept = append(kept, is)
			continue
		case len(is.Items) == 0:
			// An issue without items is said again when each name its
			// message holds (names) is an item of one of the codes by.
			if ns := names[is.Code]; len(ns) > 0 && !slices.ContainsFunc(ns, func(n string) bool { return !said.value(by, n) }) {
				restated = append(restated, is)
			} else {
				kept = append(kept, is)
			}
			continue
		}
		first := slices.IndexFunc(is.Items, func(it Item) bool { return said.restates(it, by) })
		if first < 0 {
			kept = append(kept, is)
			continue
		}
		// Only the items from the first one said again are split, in
		// place: the issue is the report's own, and each item leaves
		// at most one behind it.
		items := is.Items[:first]
		var again []Item
		for _, it := range is.Items[first:] {
			left, gone, keep, drop := said.split(it, by)
			if keep {
				items = append(items, left)
			}
			if drop {
				again = append(again, gone)
			}
		}
		if len(items) > 0 {
			k := is
			k.Items = items
			kept = append(kept, k)
		}
		if len(again) > 0 {
			is.Items = again
			restated = append(restated, is)
		}
	}
	return kept, restated
}

// places indexes what the findings of the codes yielded to say, by code.
type places map[Code]*placeIndex

// placeIndex holds the places of one code's findings: the pointers
// themselves, their ancestors deep enough to be places (an item of one
// of data's lists or within one), the objects holding a member among
// them, and the values of the items without a place. A pointer is at the
// same place as an indexed one when it is the same value, one is inside
// the other, or the two are members of one object (a feature
// environment's name and featureName); two items of an array are two
// places, and so is all of data or one of its lists against anything in
// it.
type placeIndex struct {
	at, inside, members, values map[string]struct{}
}

// saidPlaces indexes the findings of issues whose codes some code of rs
// yields to.
func saidPlaces(issues []Issue, rs restatements) places {
	// The codes yielded to by the codes found.
	wanted := map[Code]bool{}
	for _, is := range issues {
		for _, c := range rs[is.Code] {
			wanted[c] = true
		}
	}
	out := places{}
	for _, is := range issues {
		if !wanted[is.Code] {
			continue
		}
		ix := out[is.Code]
		if ix == nil {
			ix = &placeIndex{at: map[string]struct{}{}, inside: map[string]struct{}{}, members: map[string]struct{}{}, values: map[string]struct{}{}}
			out[is.Code] = ix
		}
		for _, it := range is.Items {
			if len(it.Locations) == 0 {
				ix.values[it.Value] = struct{}{}
			}
			for _, l := range it.Locations {
				ix.add(l.Pointer)
			}
		}
	}
	return out
}

// add indexes the pointer p.
func (ix *placeIndex) add(p string) {
	ix.at[p] = struct{}{}
	if par, last := parent(p); depth(par) >= 3 && !isIndex(last) {
		ix.members[par] = struct{}{}
	}
	for a := p; depth(a) > 3; {
		a, _ = parent(a)
		ix.inside[a] = struct{}{}
	}
}

// has reports whether the index holds a place that is the same as p.
func (ix *placeIndex) has(p string) bool {
	if _, ok := ix.at[p]; ok {
		return true
	}
	if _, ok := ix.inside[p]; ok && depth(p) >= 3 {
		return true
	}
	if par, last := parent(p); depth(par) >= 3 && !isIndex(last) {
		if _, ok := ix.members[par]; ok {
			return true
		}
	}
	for a := p; depth(a) > 3; {
		a, _ = parent(a)
		if _, ok := ix.at[a]; ok {
			return true
		}
	}
	return false
}

// value reports whether an item without a place of one of the codes by
// has the value v.
func (ps places) value(by []Code, v string) bool {
	return slices.ContainsFunc(by, func(c Code) bool {
		if ix := ps[c]; ix != nil {
			_, ok := ix.values[v]
			return ok
		}
		return false
	})
}

// at reports whether a finding of one of the codes by is at the place p.
func (ps places) at(by []Code, p string) bool {
	return slices.ContainsFunc(by, func(c Code) bool { return ps[c] != nil && ps[c].has(p) })
}

// restates reports whether a finding of one of the codes by says again
// something of it.
func (ps places) restates(it Item, by []Code) bool {
	if len(it.Locations) == 0 {
		return ps.value(by, it.Value)
	}
	return slices.ContainsFunc(it.Locations, func(l Location) bool { return ps.at(by, l.Pointer) })
}

// split divides it into what no finding of the codes by says again
// (left, when keep) and what one does (gone, when drop).
func (ps places) split(it Item, by []Code) (left, gone Item, keep, drop bool) {
	if len(it.Locations) == 0 {
		if ps.value(by, it.Value) {
			return Item{}, it, false, true
		}
		return it, Item{}, true, false
	}
	var kept, again []Location
	for _, l := range it.Locations {
		if ps.at(by, l.Pointer) {
			again = append(again, l)
		} else {
			kept = append(kept, l)
		}
	}
	left, gone = it, it
	left.Locations, gone.Locations = kept, again
	return left, gone, len(kept) > 0, len(again) > 0
}

// depth is the number of reference tokens of a pointer: 3 for
// "/data/features/0", an item of one of data's lists.
func depth(p string) int { return strings.Count(p, "/") }

// parent splits a pointer into its parent and its last token.
func parent(p string) (string, string) {
	i := strings.LastIndexByte(p, '/')
	if i < 0 {
		return "", p
	}
	return p[:i], p[i+1:]
}
