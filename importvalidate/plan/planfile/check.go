package planfile

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/importvalidate/plan"
)

// Check makes each read again on state and src and returns what changed
// since, one line per difference, naming what changed ("feature
// checkout: strategies, enabled changed"; "context field region:
// legalValues [eu us] -> [apac eu us]"; "segment beta: deleted"); none
// when every answer is the same. It only reads.
func Check(ctx context.Context, reads []Read, state importvalidate.State, src plan.Source) ([]string, error) {
	reads = compactReads(reads)
	rec := NewRecorder(state, src)
	st, ps := rec.State(), rec.Source()
	for _, rd := range reads {
		if err := replay(ctx, rd, st, ps); err != nil {
			return nil, err
		}
	}
	now := map[string]Read{}
	for _, rd := range rec.Reads() {
		now[rd.Kind+"\x00"+string(rd.Args)] = rd
	}
	var out []string
	for _, rd := range reads {
		n := now[rd.Kind+"\x00"+string(rd.Args)]
		if !bytes.Equal(rd.Answer, n.Answer) {
			out = append(out, describe(rd, n.Answer)...)
		}
	}
	return out, nil
}

// replay makes the read rd again.
func replay(ctx context.Context, rd Read, st importvalidate.State, src plan.Source) error {
	var list []string
	var err error
	switch rd.Kind {
	case KindStrategies, KindContextFields, KindSegments, KindTagTypes, KindFeatures:
		if err := json.Unmarshal(rd.Args, &list); err != nil {
			return fmt.Errorf("planfile: the %s read: %w", rd.Kind, err)
		}
	}
	switch rd.Kind {
	case KindStrategies:
		_, err = st.Strategies(ctx, list)
	case KindContextFields:
		_, err = st.ContextFields(ctx, list)
	case KindSegments:
		_, err = st.Segments(ctx, list)
	case KindTagTypes:
		_, err = st.TagTypes(ctx, list)
	case KindFeatures:
		_, err = st.Features(ctx, list)
	case KindProject:
		var id string
		if err := json.Unmarshal(rd.Args, &id); err != nil {
			return fmt.Errorf("planfile: the project read: %w", err)
		}
		_, _, err = st.Project(ctx, id)
	case KindFeaturesWithStrategies:
		var a envNames
		if err := json.Unmarshal(rd.Args, &a); err != nil {
			return fmt.Errorf("planfile: the featuresWithStrategies read: %w", err)
		}
		_, err = st.FeaturesWithStrategies(ctx, a.Environment, a.Names)
	case KindEnvironment:
		var name string
		if err := json.Unmarshal(rd.Args, &name); err != nil {
			return fmt.Errorf("planfile: the environment read: %w", err)
		}
		es, ok := st.(importvalidate.EnvironmentState)
		if !ok {
			return fmt.Errorf("planfile: the state cannot tell whether environment %q exists", name)
		}
		_, err = es.Environment(ctx, name)
	case KindCurrent:
		var q plan.Query
		if err := json.Unmarshal(rd.Args, &q); err != nil {
			return fmt.Errorf("planfile: the current read: %w", err)
		}
		_, err = src.Current(ctx, q)
	default:
		return fmt.Errorf("planfile: a read of unknown kind %q (a plan file of a later flagadmin?)", rd.Kind)
	}
	return err
}

// describe says how the answer of rd changed to now.
func describe(rd Read, now json.RawMessage) []string {
	switch rd.Kind {
	case KindStrategies:
		return describeNamed[strategyType]("strategy type", rd.Answer, now, func(s strategyType) string { return s.Name })
	case KindContextFields:
		return describeNamed[contextField]("context field", rd.Answer, now, func(f contextField) string { return f.Name })
	case KindSegments:
		return describeNamed[segment]("segment", rd.Answer, now, func(s segment) string { return s.Name })
	case KindTagTypes:
		return describeNamed[string]("tag type", rd.Answer, now, func(s string) string { return s })
	case KindFeatures:
		return describeNamed[feature]("feature", rd.Answer, now, func(f feature) string { return f.Name })
	case KindProject:
		var id string
		_ = json.Unmarshal(rd.Args, &id)
		return []string{fmt.Sprintf("project %q: %s", id, fieldChanges(rd.Answer, now))}
	case KindFeaturesWithStrategies:
		var a envNames
		_ = json.Unmarshal(rd.Args, &a)
		return describeNamed[string](fmt.Sprintf("strategies in %q of feature", a.Environment), rd.Answer, now, func(s string) string { return s })
	case KindEnvironment:
		var name string
		_ = json.Unmarshal(rd.Args, &name)
		if string(now) == "true" {
			return []string{fmt.Sprintf("environment %q: created", name)}
		}
		return []string{fmt.Sprintf("environment %q: deleted", name)}
	case KindCurrent:
		return describeCurrent(rd, now)
	}
	return []string{rd.Kind + " changed"}
}

// describeNamed compares two lists of items named by name.
func describeNamed[T any](what string, was, now json.RawMessage, name func(T) string) []string {
	var x, y []T
	_ = json.Unmarshal(was, &x)
	_ = json.Unmarshal(now, &y)
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

// describeCurrent compares two configurations that a plan read.
func describeCurrent(rd Read, now json.RawMessage) []string {
	var x, y plan.Current
	_ = json.Unmarshal(rd.Answer, &x)
	_ = json.Unmarshal(now, &y)
	var q plan.Query
	_ = json.Unmarshal(rd.Args, &q)
	var out []string
	after := map[string]*plan.Config{}
	for i := range y.Features {
		after[y.Features[i].Name] = &y.Features[i]
	}
	before := map[string]bool{}
	for i := range x.Features {
		f := &x.Features[i]
		before[f.Name] = true
		g := after[f.Name]
		if g == nil {
			out = append(out, fmt.Sprintf("feature %q: deleted", f.Name))
			continue
		}
		if cs := plan.Diff(f, g); len(cs) > 0 {
			out = append(out, fmt.Sprintf("feature %q in %q: %s changed", f.Name, q.Environment, aspects(cs)))
		}
	}
	for _, g := range y.Features {
		if !before[g.Name] {
			out = append(out, fmt.Sprintf("feature %q: created", g.Name))
		}
	}
	out = append(out, describeNamed[string]("context field", list(x.ContextFields), list(y.ContextFields), func(s string) string { return s })...)
	out = append(out, describeNamed[string]("tag type", list(x.TagTypes), list(y.TagTypes), func(s string) string { return s })...)
	if x.DefaultStickiness != y.DefaultStickiness {
		out = append(out, fmt.Sprintf("project %q: default stickiness %q -> %q", q.Project, x.DefaultStickiness, y.DefaultStickiness))
	}
	a, _ := json.Marshal(x.DefaultStrategy)
	b, _ := json.Marshal(y.DefaultStrategy)
	if !bytes.Equal(a, b) {
		out = append(out, fmt.Sprintf("project %q: default strategy in %q %s -> %s", q.Project, q.Environment, a, b))
	}
	return out
}

func list(names []string) json.RawMessage {
	b, _ := json.Marshal(names)
	return b
}

// aspects names the aspects of changes: "strategies, enabled".
func aspects(cs []plan.Change) string {
	var parts []string
	for _, c := range cs {
		parts = append(parts, string(c.Aspect))
	}
	return strings.Join(parts, ", ")
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
