package plan

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
)

// An import body over the instance's request limit (Unleash answers 413
// without reading it) is sent as several imports, each under the limit:
// SplitBody cuts it by feature, each feature whole in one part (its
// entry, strategies, environments, tags, parents and links), a feature's
// parents in its part or an earlier one, the lists that features share
// (context fields, segments, tag types, any other member) in every part.
// Each part is an import of its own, in its own transaction: the parts
// together change what the body would (an import changes a feature from
// that feature's items alone, and creates a context field or a tag type
// once), one part after the other.

// featureKeys names, for each list of an export that holds items of
// features, the member that names an item's feature.
var featureKeys = map[string]string{
	"features":            "name",
	"featureStrategies":   "featureName",
	"featureEnvironments": "featureName",
	"featureTags":         "featureName",
	"dependencies":        "feature",
	"links":               "feature",
}

// featureOrder is the order in which a part's body lists its members.
var featureOrder = []string{"features", "featureStrategies", "featureEnvironments", "featureTags", "dependencies", "links"}

// ErrFeatureTooLarge is wrapped by SplitBody's error when one feature,
// with what every part carries, is over the limit alone.
var ErrFeatureTooLarge = errors.New("one feature is over the limit on its own")

// SplitBody returns body, an import request body, compact, when it is
// within limit bytes, else the bodies of the imports that together do
// what it does, each within limit, in the order they are to be sent.
func SplitBody(body []byte, limit int64) ([][]byte, error) {
	var b bytes.Buffer
	if err := json.Compact(&b, body); err != nil {
		return nil, err
	}
	if int64(b.Len()) <= limit {
		return [][]byte{b.Bytes()}, nil
	}
	var req struct {
		Project     json.RawMessage            `json:"project"`
		Environment json.RawMessage            `json:"environment"`
		Data        map[string]json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(b.Bytes(), &req); err != nil {
		return nil, fmt.Errorf("plan: split: %w", err)
	}
	shared := map[string]json.RawMessage{}
	items := map[string][]json.RawMessage{}
	for k, v := range req.Data {
		if _, ok := featureKeys[k]; !ok {
			shared[k] = v
			continue
		}
		var list []json.RawMessage
		if err := json.Unmarshal(v, &list); err != nil {
			return nil, fmt.Errorf("plan: split: data.%s: %w", k, err)
		}
		items[k] = list
	}
	// Each feature's items, in the order of the features' list; items of
	// a feature the list does not hold go with the first part.
	type group struct {
		name    string
		items   map[string][]json.RawMessage
		size    int64
		parents []string
	}
	var groups []*group
	byName := map[string]*group{}
	stray := &group{items: map[string][]json.RawMessage{}}
	for _, raw := range items["features"] {
		n := nameOf(raw, "name")
		if _, dup := byName[n]; dup {
			continue
		}
		g := &group{name: n, items: map[string][]json.RawMessage{}}
		byName[n] = g
		groups = append(groups, g)
	}
	for _, k := range featureOrder {
		for _, raw := range items[k] {
			g := byName[nameOf(raw, featureKeys[k])]
			if g == nil {
				g = stray
			}
			if k == "features" && len(g.items[k]) > 0 {
				g = stray // a duplicate entry stays with the first part
			}
			g.items[k] = append(g.items[k], raw)
			g.size += int64(len(raw)) + 1
			if k == "dependencies" {
				g.parents = append(g.parents, parentsOf(raw)...)
			}
		}
	}
	// Parents before children: a feature comes after the parents that
	// the body holds (Unleash refuses a parent that has a parent, so the
	// depth is one; a cycle keeps the file's order).
	ordered := make([]*group, 0, len(groups))
	placed := map[string]bool{}
	var place func(g *group, depth int)
	place = func(g *group, depth int) {
		if placed[g.name] {
			return
		}
		if depth < 8 {
			for _, p := range g.parents {
				if pg := byName[p]; pg != nil && pg != g {
					place(pg, depth+1)
				}
			}
		}
		if !placed[g.name] {
			placed[g.name] = true
			ordered = append(ordered, g)
		}
	}
	for _, g := range groups {
		place(g, 0)
	}
	build := func(parts []*group) []byte {
		var out bytes.Buffer
		out.WriteString(`{"project":`)
		out.Write(req.Project)
		out.WriteString(`,"environment":`)
		out.Write(req.Environment)
		out.WriteString(`,"data":{`)
		first := true
		member := func(k string) {
			if !first {
				out.WriteByte(',')
			}
			first = false
			out.WriteString(`"` + k + `":`) // the keys are plain words
		}
		for _, k := range featureOrder {
			_, had := req.Data[k]
			n := 0
			for _, g := range parts {
				n += len(g.items[k])
			}
			if !had && n == 0 {
				continue
			}
			member(k)
			out.WriteByte('[')
			i := 0
			for _, g := range parts {
				for _, raw := range g.items[k] {
					if i > 0 {
						out.WriteByte(',')
					}
					out.Write(raw)
					i++
				}
			}
			out.WriteByte(']')
		}
		for _, k := range slices.Sorted(maps.Keys(shared)) {
			if !first {
				out.WriteByte(',')
			}
			first = false
			kb, _ := json.Marshal(k)
			out.Write(kb)
			out.WriteByte(':')
			out.Write(shared[k])
		}
		out.WriteString("}}")
		return out.Bytes()
	}
	empty := &group{items: map[string][]json.RawMessage{}}
	base := int64(len(build([]*group{empty})))
	if base+stray.size > limit {
		return nil, fmt.Errorf("plan: split: what no single feature holds (context fields, segments, tag types, items of no feature) is %d bytes, over the %d-byte limit: %w",
			base+stray.size, limit, ErrFeatureTooLarge)
	}
	var out [][]byte
	part, size, features := []*group{stray}, base+stray.size, 0
	flush := func() error {
		body := build(part)
		if int64(len(body)) > limit {
			return fmt.Errorf("plan: split: feature %q, with what every part carries, is %d bytes, over the %d-byte limit: %w",
				part[len(part)-1].name, len(body), limit, ErrFeatureTooLarge)
		}
		out = append(out, body)
		return nil
	}
	for _, g := range ordered {
		if features > 0 && size+g.size > limit {
			if err := flush(); err != nil {
				return nil, err
			}
			part, size, features = nil, base, 0
		}
		part = append(part, g)
		size += g.size
		features++
	}
	if err := flush(); err != nil {
		return nil, err
	}
	return out, nil
}

// nameOf is the string member key of raw, an object; "" when it has none.
func nameOf(raw json.RawMessage, key string) string {
	var m map[string]json.RawMessage
	if json.Unmarshal(raw, &m) != nil {
		return ""
	}
	var s string
	_ = json.Unmarshal(m[key], &s)
	return s
}

// parentsOf are the parents an item of dependencies names.
func parentsOf(raw json.RawMessage) []string {
	var d struct {
		Dependencies []struct {
			Feature string `json:"feature"`
		} `json:"dependencies"`
	}
	_ = json.Unmarshal(raw, &d)
	out := make([]string, 0, len(d.Dependencies))
	for _, p := range d.Dependencies {
		out = append(out, p.Feature)
	}
	return out
}
