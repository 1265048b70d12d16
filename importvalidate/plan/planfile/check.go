package planfile

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/model"
)

// Check makes each read again on state and returns what changed since,
// one line per difference, naming what changed ("feature checkout:
// strategies, enabled changed"; "context field region: legalValues [eu
// us] -> [apac eu us]"; "segment beta: deleted"); none when every answer
// is the same. It only reads.
func Check(ctx context.Context, reads []Read, state importvalidate.State) ([]string, error) {
	reads = compactReads(reads)
	rec := NewRecorder(state)
	for _, rd := range reads {
		if err := replay(ctx, rd, rec); err != nil {
			return nil, err
		}
	}
	return Compare(reads, rec.Reads()), nil
}

// Compare returns what differs between was, the reads a plan was made
// on, and now, those of the same plan made again: each answer that
// changed, as Check words it, and each read made only once. None when
// the two are the same reads with the same answers.
func Compare(was, now []Read) []string {
	was, now = compactReads(was), compactReads(now)
	key := func(rd Read) string { return rd.Kind + "\x00" + string(rd.Args) }
	after := make(map[string]Read, len(now))
	for _, rd := range now {
		after[key(rd)] = rd
	}
	var out []string
	seen := map[string]bool{}
	add := func(lines ...string) {
		for _, l := range lines {
			if !seen[l] {
				seen[l] = true
				out = append(out, l)
			}
		}
	}
	for _, rd := range was {
		n, ok := after[key(rd)]
		delete(after, key(rd))
		switch {
		case !ok:
			add(fmt.Sprintf("the plan no longer makes the %s of %s", rd.Kind, rd.Args))
		case !bytes.Equal(rd.Answer, n.Answer):
			lines := describe(rd, n.Answer)
			if len(lines) == 0 { // a difference no line names: never none
				lines = []string{fmt.Sprintf("the answer to the %s of %s changed", rd.Kind, rd.Args)}
			}
			add(lines...)
		}
	}
	rest := make([]Read, 0, len(after))
	for _, rd := range after {
		rest = append(rest, rd)
	}
	sortReads(rest)
	for _, rd := range rest {
		add(fmt.Sprintf("the plan now makes the %s of %s, which it did not", rd.Kind, rd.Args))
	}
	return out
}

// replay makes the read rd again on st.
func replay(ctx context.Context, rd Read, st importvalidate.State) error {
	if rd.Kind != KindRead {
		return fmt.Errorf("planfile: a read of unknown kind %q (a plan file of a later flagadmin?)", rd.Kind)
	}
	var q importvalidate.Query
	if err := json.Unmarshal(rd.Args, &q); err != nil {
		return fmt.Errorf("planfile: the %s of %s: %w", rd.Kind, rd.Args, err)
	}
	_, err := st.Read(ctx, q)
	return err
}

// describe says how the answer of rd changed to now, member by member.
func describe(rd Read, now json.RawMessage) []string {
	var q importvalidate.Query
	var x, y reading
	_ = json.Unmarshal(rd.Args, &q)
	_ = json.Unmarshal(rd.Answer, &x)
	_ = json.Unmarshal(now, &y)
	out := describeNamed("strategy type", x.Strategies, y.Strategies, func(s strategyType) string { return s.Name })
	out = append(out, describeNamed("context field", x.ContextFields, y.ContextFields, func(f contextField) string { return f.Name })...)
	out = append(out, describeNamed("segment", x.Segments, y.Segments, func(s segment) string { return s.Name })...)
	out = append(out, describeNamed("tag type", x.TagTypes, y.TagTypes, func(s string) string { return s })...)
	out = append(out, describeNamed("feature", x.Features, y.Features, func(f feature) string { return f.Name })...)
	if a, b := list(x.Project), list(y.Project); !bytes.Equal(a, b) {
		out = append(out, fmt.Sprintf("project %q: %s", q.Project, fieldChanges(a, b)))
	}
	if x.Environment != nil && y.Environment != nil && *x.Environment != *y.Environment {
		if *y.Environment {
			out = append(out, fmt.Sprintf("environment %q: created", q.Environment))
		} else {
			out = append(out, fmt.Sprintf("environment %q: deleted", q.Environment))
		}
	}
	out = append(out, describeNamed(fmt.Sprintf("strategies in %q of feature", q.Environment), x.WithStrategies, y.WithStrategies, func(s string) string { return s })...)
	if a, b := list(x.Facts), list(y.Facts); !bytes.Equal(a, b) {
		out = append(out, "what the import's own checks read: "+fieldChanges(a, b))
	}
	if x.Current != nil || y.Current != nil {
		out = append(out, describeCurrent(q, x.Current, y.Current)...)
	}
	return out
}

// describeNamed compares two lists of items named by name.
func describeNamed[T any](what string, x, y []T, name func(T) string) []string {
	before := map[string]T{}
	for _, v := range x {
		before[name(v)] = v
	}
	after := map[string]T{}
	for _, v := range y {
		after[name(v)] = v
	}
	var out []string
	for _, v := range x {
		n := name(v)
		w, ok := after[n]
		if !ok {
			out = append(out, fmt.Sprintf("%s %q: deleted", what, n))
			continue
		}
		a, _ := json.Marshal(v)
		b, _ := json.Marshal(w)
		if !bytes.Equal(a, b) {
			out = append(out, fmt.Sprintf("%s %q: %s", what, n, fieldChanges(a, b)))
		}
	}
	for _, v := range y {
		if _, ok := before[name(v)]; !ok {
			out = append(out, fmt.Sprintf("%s %q: created", what, name(v)))
		}
	}
	return out
}

// fieldChanges names the members of two JSON objects that differ, with
// their values: "legalValues [\"eu\"] -> [\"eu\",\"us\"]".
func fieldChanges(was, now json.RawMessage) string {
	var x, y map[string]json.RawMessage
	if json.Unmarshal(was, &x) != nil || json.Unmarshal(now, &y) != nil {
		return fmt.Sprintf("%s -> %s", was, now)
	}
	var parts []string
	seen := map[string]bool{}
	for _, m := range []map[string]json.RawMessage{x, y} {
		for k := range m {
			if seen[k] {
				continue
			}
			seen[k] = true
			if !bytes.Equal(x[k], y[k]) {
				parts = append(parts, fmt.Sprintf("%s %s -> %s", k, orNone(x[k]), orNone(y[k])))
			}
		}
	}
	sortStrings(parts)
	return strings.Join(parts, "; ")
}

func orNone(raw json.RawMessage) string {
	if len(raw) == 0 {
		return "(none)"
	}
	return string(raw)
}

// describeCurrent compares two configurations that a plan's read q
// read, both in the normal form of normalCurrent (nil: none).
func describeCurrent(q importvalidate.Query, x, y *model.Snapshot) []string {
	if x == nil {
		x = &model.Snapshot{}
	}
	if y == nil {
		y = &model.Snapshot{}
	}
	out := describeNamed("feature", x.Features, y.Features, func(f model.SnapshotFeature) string { return f.Name })
	after := map[string]model.SnapshotFeatureConfig{}
	for _, c := range y.FeatureConfigs {
		after[c.Feature] = c
	}
	for _, c := range x.FeatureConfigs {
		if d, ok := after[c.Feature]; ok {
			if changed := configMembers(c, d); len(changed) > 0 {
				out = append(out, fmt.Sprintf("feature %q in %q: %s changed", c.Feature, q.Environment, strings.Join(changed, ", ")))
			}
		}
	}
	out = append(out, describeNamed("segment", x.Segments, y.Segments, func(s model.SnapshotSegment) string { return s.Name })...)
	out = append(out, describeNamed("context field", x.ContextFields, y.ContextFields, func(f model.SnapshotContextField) string { return f.Name })...)
	out = append(out, describeNamed("tag type", x.TagTypes, y.TagTypes, func(t model.SnapshotTagType) string { return t.Name })...)
	var dx, dy model.SnapshotProjectDefaults
	if len(x.ProjectDefaults) > 0 {
		dx = x.ProjectDefaults[0]
	}
	if len(y.ProjectDefaults) > 0 {
		dy = y.ProjectDefaults[0]
	}
	if dx.Stickiness != dy.Stickiness {
		out = append(out, fmt.Sprintf("project %q: default stickiness %q -> %q", q.Project, dx.Stickiness, dy.Stickiness))
	}
	if a, b := list(dx.Strategies), list(dy.Strategies); !bytes.Equal(a, b) {
		out = append(out, fmt.Sprintf("project %q: default strategy in %q %s -> %s", q.Project, q.Environment, a, b))
	}
	return out
}

// configOrder is the order in which configMembers names the members of a
// feature's configuration and of its environment: that of plan's
// aspects.
var configOrder = []string{"type", "description", "impressionData", "stale", "enabled", "strategies", "variants", "tags", "dependencies", "links"}

// configMembers names the members of a feature's configuration, or of
// its environment, that differ between x and y, in the order of
// configOrder, then any other by name.
func configMembers(x, y model.SnapshotFeatureConfig) []string {
	changed := map[string]bool{}
	differ := func(a, b any) {
		var ma, mb map[string]json.RawMessage
		_ = json.Unmarshal(list(a), &ma)
		_ = json.Unmarshal(list(b), &mb)
		for _, m := range []map[string]json.RawMessage{ma, mb} {
			for k := range m {
				if !bytes.Equal(ma[k], mb[k]) {
					changed[k] = true
				}
			}
		}
	}
	var ex, ey model.SnapshotFeatureEnvironment
	if len(x.Environments) > 0 {
		ex = x.Environments[0]
	}
	if len(y.Environments) > 0 {
		ey = y.Environments[0]
	}
	x.Environments, y.Environments = nil, nil
	differ(x, y)
	differ(ex, ey)
	var out []string
	for _, k := range configOrder {
		if changed[k] {
			out = append(out, k)
			delete(changed, k)
		}
	}
	rest := make([]string, 0, len(changed))
	for k := range changed {
		rest = append(rest, k)
	}
	sortStrings(rest)
	return append(out, rest...)
}

// list is v's JSON.
func list(v any) json.RawMessage {
	b, _ := json.Marshal(v)
	return b
}

// compactReads is reads with their arguments and answers compact, as a
// Recorder writes them (a plan file may hold them indented).
func compactReads(reads []Read) []Read {
	out := make([]Read, len(reads))
	for i, rd := range reads {
		out[i] = Read{Kind: rd.Kind, Args: compact(rd.Args), Answer: compact(rd.Answer)}
	}
	return out
}

func compact(raw json.RawMessage) json.RawMessage {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return raw
	}
	return b.Bytes()
}
