// Package exportfile writes an Unleash instance's export, the answer of
// POST /api/admin/features-batch/export and the file the UI's Export
// button downloads, in a canonical form for version control: pretty
// printed, its lists in an order that depends on their content only, so
// that exporting an unchanged instance twice gives the same bytes and a
// diff shows only real changes.
//
// The instance itself writes some lists in the physical order of its
// database rows (the tag types, a feature's strategies, a strategy's
// segments, the dependencies), which an update writing the same values
// again changes; Canonical sorts every list by stable keys. What the
// instance regenerates on every import (strategy ids, link ids) is left
// out unless Options.KeepIDs says otherwise: the file validates and
// imports the same either way. Every member the instance writes is kept,
// unknown ones included, with the instance's order of members.
//
// The package does no I/O: unleashapi reads the export and the order of
// the strategies, and calls Canonical.
package exportfile

import (
	"bytes"
	"cmp"
	"fmt"
	"slices"
	"strconv"
)

// Options choose what Canonical keeps.
type Options struct {
	// KeepIDs keeps the ids that the instance regenerates on every import
	// of a feature: the strategies' and the links'. Segment ids are always
	// kept: strategies refer to segments by them (an import maps them to
	// the target's segments by name).
	KeepIDs bool
	// SortOrder writes each strategy's place among its feature's
	// strategies, in the order Unleash evaluates them, as sortOrder (0,
	// 1, ...). The Export button's file has no sortOrder, and an import
	// of a file without one may reorder a feature's strategies (their
	// order decides whose variants apply); an import keeps a given
	// sortOrder.
	SortOrder bool
}

// Canonical returns export, the JSON of an instance's export, in the
// canonical form: indented by two spaces, ending in a new line; the
// top-level members in the instance's order (unknown ones after the
// known ones, in their own order); features, context fields, segments
// and tag types sorted by name; featureEnvironments by feature and
// environment; featureTags by feature, type and value; dependencies by
// child, each child's parents by name; links by feature, each feature's
// links in their order (the order an import recreates them in); a
// strategy's segment ids in ascending order; and each feature's
// strategies in the order Unleash evaluates them: order maps a feature
// to its strategies' ids in that order (unleashapi reads it from the
// instance's playground), and strategies it does not place (an archived
// feature's) come after, by their content. Values inside the items
// (parameters, constraints, variants) are written as the instance wrote
// them.
func Canonical(export []byte, order map[string][]string, o Options) ([]byte, error) {
	top, err := parseObject(export)
	if err != nil {
		return nil, fmt.Errorf("exportfile: the export: %w", err)
	}
	for i := range top {
		m := &top[i]
		sorter, known := lists[m.key]
		if !known {
			continue
		}
		if bytes.Equal(bytes.TrimSpace(m.raw), []byte("null")) {
			continue
		}
		items, err := parseItems(m.raw)
		if err != nil {
			return nil, fmt.Errorf("exportfile: %s: %w", m.key, err)
		}
		if err := sorter(items, order, o); err != nil {
			return nil, fmt.Errorf("exportfile: %s: %w", m.key, err)
		}
		m.items, m.isList = items, true
	}
	var b bytes.Buffer
	writeObject(&b, top, "")
	b.WriteByte('\n')
	return b.Bytes(), nil
}

// Body returns the import request body of a canonical export: the
// target project and environment, then the export as data, in the same
// canonical form.
func Body(project, environment string, export []byte) ([]byte, error) {
	data, err := parseObject(export)
	if err != nil {
		return nil, fmt.Errorf("exportfile: the export: %w", err)
	}
	var b bytes.Buffer
	b.WriteString("{\n  \"project\": ")
	b.Write(quote(project))
	b.WriteString(",\n  \"environment\": ")
	b.Write(quote(environment))
	b.WriteString(",\n  \"data\": ")
	writeObject(&b, data, "  ")
	b.WriteString("\n}\n")
	return b.Bytes(), nil
}

// lists sorts the items of each known list member.
var lists = map[string]func(items []object, order map[string][]string, o Options) error{
	"features":            byKeys("name"),
	"featureEnvironments": byKeys("featureName", "name", "environment"),
	"contextFields":       byKeys("name"),
	"featureTags":         byKeys("featureName", "tagType", "tagValue"),
	"segments":            sortSegments,
	"tagTypes":            byKeys("name"),
	"dependencies":        sortDependencies,
	"links":               sortLinks,
	"featureStrategies":   sortStrategies,
}

// byKeys sorts items by the string members keys, in turn, then by their
// whole text.
func byKeys(keys ...string) func([]object, map[string][]string, Options) error {
	return func(items []object, _ map[string][]string, _ Options) error {
		slices.SortStableFunc(items, func(x, y object) int {
			for _, k := range keys {
				if c := cmp.Compare(x.str(k), y.str(k)); c != 0 {
					return c
				}
			}
			return bytes.Compare(x.compact(), y.compact())
		})
		return nil
	}
}

func sortSegments(items []object, _ map[string][]string, _ Options) error {
	slices.SortStableFunc(items, func(x, y object) int {
		return cmp.Or(cmp.Compare(x.str("name"), y.str("name")), cmp.Compare(x.num("id"), y.num("id")))
	})
	return nil
}

// sortDependencies sorts the children by name and each child's parents
// by name.
func sortDependencies(items []object, _ map[string][]string, _ Options) error {
	for i := range items {
		if err := items[i].sortList("dependencies", func(parents []object) {
			slices.SortStableFunc(parents, func(x, y object) int { return cmp.Compare(x.str("feature"), y.str("feature")) })
		}, nil); err != nil {
			return fmt.Errorf("%d: %w", i, err)
		}
	}
	return byKeys("feature")(items, nil, Options{})
}

// sortLinks sorts the features by name, keeping each feature's links in
// their order, without their ids unless o.KeepIDs.
func sortLinks(items []object, _ map[string][]string, o Options) error {
	for i := range items {
		if err := items[i].sortList("links", nil, func(l *object) {
			if !o.KeepIDs {
				l.drop("id")
			}
		}); err != nil {
			return fmt.Errorf("%d: %w", i, err)
		}
	}
	return byKeys("feature")(items, nil, Options{})
}

// sortStrategies sorts the strategies by feature, then in the order
// Unleash evaluates them, then by content; sorts each one's segment ids;
// drops their ids unless o.KeepIDs; and writes their sortOrder when
// o.SortOrder.
func sortStrategies(items []object, order map[string][]string, o Options) error {
	rank := make(map[string]int)
	for _, ids := range order {
		for i, id := range ids {
			rank[id] = i
		}
	}
	type keyed struct {
		feature string
		rank    int
		content []byte
		id      string
	}
	keys := make(map[*object]keyed, len(items))
	for i := range items {
		s := &items[i]
		k := keyed{feature: s.str("featureName"), rank: len(rank), id: s.str("id")}
		if r, ok := rank[k.id]; ok && k.id != "" {
			k.rank = r
		}
		if err := s.sortSegmentIDs(); err != nil {
			return fmt.Errorf("%d: %w", i, err)
		}
		if !o.KeepIDs {
			s.drop("id")
		}
		s.drop("sortOrder")
		k.content = s.compact()
		keys[s] = k
	}
	// The keys are found by the items' places, which the sort moves: sort
	// a list of places instead.
	idx := make([]int, len(items))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		x, y := keys[&items[a]], keys[&items[b]]
		return cmp.Or(cmp.Compare(x.feature, y.feature), cmp.Compare(x.rank, y.rank),
			bytes.Compare(x.content, y.content), cmp.Compare(x.id, y.id))
	})
	sorted := make([]object, len(items))
	for i, j := range idx {
		sorted[i] = items[j]
	}
	copy(items, sorted)
	if o.SortOrder {
		n, feature := 0, ""
		for i := range items {
			if f := items[i].str("featureName"); i == 0 || f != feature {
				n, feature = 0, f
			}
			items[i].set("sortOrder", []byte(strconv.Itoa(n)))
			n++
		}
	}
	return nil
}
