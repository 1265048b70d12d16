package importvalidate

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"testing"
)

// fastMutation is one change to a JSON document, applied while encoding it
// (fastEncode): at is the JSON pointer of the value changed.
type fastMutation struct {
	at   string
	kind int
	name string // member removed or added
	raw  string // replacement or added value
}

// The kinds of fastMutation.
const (
	fastNoMutation = iota
	fastReplace
	fastRemove
	fastAdd
	fastDuplicate
)

// fastEncode writes v, a document decoded with UseNumber, with m applied.
// Members are written in sorted order.
func fastEncode(b *bytes.Buffer, v any, at string, m fastMutation) {
	if m.kind == fastReplace && m.at == at {
		b.WriteString(m.raw)
		return
	}
	here := m.at == at
	switch x := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		b.WriteByte('{')
		n := 0
		member := func(k string, val any, m fastMutation) {
			if n > 0 {
				b.WriteByte(',')
			}
			n++
			kb, _ := json.Marshal(k)
			b.Write(kb)
			b.WriteByte(':')
			fastEncode(b, val, at+"/"+k, m)
		}
		for _, k := range keys {
			if here && m.kind == fastRemove && m.name == k {
				continue
			}
			member(k, x[k], m)
		}
		if here && m.kind == fastAdd {
			member(m.name, nil, fastMutation{at: at + "/" + m.name, kind: fastReplace, raw: m.raw})
		}
		if here && m.kind == fastDuplicate && len(keys) > 0 {
			member(keys[0], x[keys[0]], fastMutation{})
		}
		b.WriteByte('}')
	case []any:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			fastEncode(b, e, fmt.Sprintf("%s/%d", at, i), m)
		}
		b.WriteByte(']')
	default:
		e, _ := json.Marshal(x)
		b.Write(e)
	}
}

// fastMutations returns the body and mutations of it, by name: every
// member removed, an unknown member added and the first member repeated
// in every object, and every value replaced by values of each JSON type
// and by values at the edges of the schema's constraints.
func fastMutations(tb testing.TB, body []byte) map[string][]byte {
	tb.Helper()
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var doc any
	if err := dec.Decode(&doc); err != nil {
		tb.Fatalf("mutating a body that does not decode: %v", err)
	}
	out := map[string][]byte{}
	add := func(m fastMutation) {
		var b bytes.Buffer
		fastEncode(&b, doc, "", m)
		out[fmt.Sprintf("%d%s %s %s", m.kind, m.at, m.name, m.raw)] = b.Bytes()
	}
	add(fastMutation{})
	everywhere := []string{`"x"`, `7`, `true`, `null`, `[]`, `{}`}
	var visit func(at string, v any)
	visit = func(at string, v any) {
		if at != "" {
			for _, r := range everywhere {
				add(fastMutation{at: at, kind: fastReplace, raw: r})
			}
		}
		switch x := v.(type) {
		case map[string]any:
			add(fastMutation{at: at, kind: fastAdd, name: "zzUnknown", raw: `{"a":[1]}`})
			add(fastMutation{at: at, kind: fastDuplicate})
			for k, e := range x {
				add(fastMutation{at: at, kind: fastRemove, name: k})
				visit(at+"/"+k, e)
			}
		case []any:
			for i, e := range x {
				visit(fmt.Sprintf("%s/%d", at, i), e)
			}
		case string:
			sb, _ := json.Marshal(x + "X")
			ub, _ := json.Marshal(x + "\u00e9")
			for _, r := range []string{`""`, `"a"`, string(sb), string(ub)} {
				add(fastMutation{at: at, kind: fastReplace, raw: r})
			}
		case json.Number:
			for _, r := range []string{"1001", "-1", "1000", "0", "-0", "5.5", "5.0", "1e2", "1e400", "1000.0000000000000001"} {
				add(fastMutation{at: at, kind: fastReplace, raw: r})
			}
		}
	}
	visit("", doc)
	return out
}
