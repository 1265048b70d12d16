package fastpath

import (
	"bytes"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"maps"
	"slices"
	"testing"
)

// mutation is one change to a JSON document, applied while encoding it
// (encode): at is the JSON pointer of the value changed.
type mutation struct {
	at   string
	kind int
	name string // member removed or added
	raw  string // replacement or added value
}

// The kinds of mutation.
const (
	mutNone = iota
	mutReplace
	mutRemove
	mutAdd
	mutDuplicate
)

// encode writes v, a document decoded with UseNumber, with m applied.
// Members are written in sorted order.
func encode(b *bytes.Buffer, v any, at string, m mutation) {
	if m.kind == mutReplace && m.at == at {
		b.WriteString(m.raw)
		return
	}
	here := m.at == at
	switch x := v.(type) {
	case map[string]any:
		keys := slices.Sorted(maps.Keys(x))
		b.WriteByte('{')
		n := 0
		member := func(k string, val any, m mutation) {
			if n > 0 {
				b.WriteByte(',')
			}
			n++
			kb, _ := json.Marshal(k)
			b.Write(kb)
			b.WriteByte(':')
			encode(b, val, at+"/"+k, m)
		}
		for _, k := range keys {
			if here && m.kind == mutRemove && m.name == k {
				continue
			}
			member(k, x[k], m)
		}
		if here && m.kind == mutAdd {
			member(m.name, nil, mutation{at: at + "/" + m.name, kind: mutReplace, raw: m.raw})
		}
		if here && m.kind == mutDuplicate && len(keys) > 0 {
			member(keys[0], x[keys[0]], mutation{})
		}
		b.WriteByte('}')
	case []any:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			encode(b, e, fmt.Sprintf("%s/%d", at, i), m)
		}
		b.WriteByte(']')
	default:
		e, _ := json.Marshal(x)
		b.Write(e)
	}
}

// mutations returns the body and mutations of it, by name: every
// member removed, an unknown member added and the first member repeated
// in every object, and every value replaced by values of each JSON type
// and by values at the edges of the schema's constraints. With every > 1
// it returns only the mutations whose name hashes to 0 modulo every (one in
// every, of each kind alike).
func mutations(tb testing.TB, body []byte, every uint32) map[string][]byte {
	tb.Helper()
	doc, err := decodeNumbers(body)
	if err != nil {
		tb.Fatalf("mutating a body that does not decode: %v", err)
	}
	out := map[string][]byte{}
	add := func(m mutation) {
		name := fmt.Sprintf("%d%s %s %s", m.kind, m.at, m.name, m.raw)
		if h := fnv.New32a(); every > 1 {
			h.Write([]byte(name))
			if h.Sum32()%every != 0 {
				return
			}
		}
		var b bytes.Buffer
		encode(&b, doc, "", m)
		out[name] = b.Bytes()
	}
	add(mutation{})
	everywhere := []string{`"x"`, `7`, `true`, `null`, `[]`, `{}`}
	var visit func(at string, v any)
	visit = func(at string, v any) {
		if at != "" {
			for _, r := range everywhere {
				add(mutation{at: at, kind: mutReplace, raw: r})
			}
		}
		switch x := v.(type) {
		case map[string]any:
			add(mutation{at: at, kind: mutAdd, name: "zzUnknown", raw: `{"a":[1]}`})
			add(mutation{at: at, kind: mutDuplicate})
			for k, e := range x {
				add(mutation{at: at, kind: mutRemove, name: k})
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
				add(mutation{at: at, kind: mutReplace, raw: r})
			}
		case json.Number:
			for _, r := range []string{"1001", "-1", "1000", "0", "-0", "5.5", "5.0", "1e2", "1e400", "1000.0000000000000001"} {
				add(mutation{at: at, kind: mutReplace, raw: r})
			}
		}
	}
	visit("", doc)
	return out
}
