package exportfile

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
)

// member is a member of a JSON object: its key and its raw value, or, for
// a list member that Canonical orders, its items.
type member struct {
	key    string
	raw    json.RawMessage
	items  []object
	isList bool
}

// object is a JSON object's members in their order.
type object []member

// parseObject reads a JSON object, keeping the order of its members.
func parseObject(raw []byte) (object, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	t, err := dec.Token()
	if err != nil {
		return nil, err
	}
	if d, ok := t.(json.Delim); !ok || d != '{' {
		return nil, errors.New("not a JSON object")
	}
	var out object
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key, _ := t.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, fmt.Errorf("member %q: %w", key, err)
		}
		out = append(out, member{key: key, raw: v})
	}
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("more than one JSON value")
	}
	return out, nil
}

// parseItems reads a JSON array of objects.
func parseItems(raw []byte) ([]object, error) {
	var elems []json.RawMessage
	if err := json.Unmarshal(raw, &elems); err != nil {
		return nil, errors.New("not an array")
	}
	out := make([]object, len(elems))
	for i, e := range elems {
		o, err := parseObject(e)
		if err != nil {
			return nil, fmt.Errorf("item %d: %w", i, err)
		}
		out[i] = o
	}
	return out, nil
}

// get returns the raw value of the member key, nil when there is none.
func (o object) get(key string) json.RawMessage {
	for _, m := range o {
		if m.key == key {
			return m.raw
		}
	}
	return nil
}

// str is the member key when it is a string, else "".
func (o object) str(key string) string {
	var s string
	if raw := o.get(key); raw != nil && json.Unmarshal(raw, &s) == nil {
		return s
	}
	return ""
}

// num is the member key when it is a number, else 0.
func (o object) num(key string) float64 {
	var f float64
	if raw := o.get(key); raw != nil && json.Unmarshal(raw, &f) == nil {
		return f
	}
	return 0
}

// drop removes the member key.
func (o *object) drop(key string) {
	*o = slices.DeleteFunc(*o, func(m member) bool { return m.key == key })
}

// set sets the member key to raw, in its place or, when new, at the end.
func (o *object) set(key string, raw json.RawMessage) {
	for i := range *o {
		if (*o)[i].key == key {
			(*o)[i].raw = raw
			return
		}
	}
	*o = append(*o, member{key: key, raw: raw})
}

// compact is the object's compact JSON text, the key of its content.
func (o object) compact() []byte {
	var b bytes.Buffer
	writeObject(&b, o, "")
	var c bytes.Buffer
	if json.Compact(&c, b.Bytes()) != nil {
		return b.Bytes()
	}
	return c.Bytes()
}

// sortList orders the items of the list member key with sortItems (nil:
// keeps their order), after each has gone through each (nil: nothing).
// An absent or null member is left.
func (o object) sortList(key string, sortItems func([]object), each func(*object)) error {
	for i := range o {
		m := &o[i]
		if m.key != key || bytes.Equal(bytes.TrimSpace(m.raw), []byte("null")) {
			continue
		}
		items, err := parseItems(m.raw)
		if err != nil {
			return fmt.Errorf("%s: %w", key, err)
		}
		for j := range items {
			if each != nil {
				each(&items[j])
			}
		}
		if sortItems != nil {
			sortItems(items)
		}
		m.items, m.isList = items, true
	}
	return nil
}

// sortSegmentIDs sorts the strategy's segment ids, numbers, in ascending
// order.
func (o object) sortSegmentIDs() error {
	for i := range o {
		m := &o[i]
		if m.key != "segments" || bytes.Equal(bytes.TrimSpace(m.raw), []byte("null")) {
			continue
		}
		var ids []json.Number
		dec := json.NewDecoder(bytes.NewReader(m.raw))
		dec.UseNumber()
		if err := dec.Decode(&ids); err != nil {
			return errors.New("segments: not an array of numbers")
		}
		vals := make([]float64, len(ids))
		for j, id := range ids {
			f, err := strconv.ParseFloat(string(id), 64)
			if err != nil {
				return fmt.Errorf("segments: %q is not a number", id)
			}
			vals[j] = f
		}
		idx := make([]int, len(ids))
		for j := range idx {
			idx[j] = j
		}
		slices.SortStableFunc(idx, func(a, b int) int {
			switch {
			case vals[a] < vals[b]:
				return -1
			case vals[a] > vals[b]:
				return 1
			}
			return 0
		})
		var b bytes.Buffer
		b.WriteByte('[')
		for j, k := range idx {
			if j > 0 {
				b.WriteByte(',')
			}
			b.WriteString(string(ids[k]))
		}
		b.WriteByte(']')
		m.raw = b.Bytes()
	}
	return nil
}

// writeObject writes o indented by two spaces a level, its first line
// at the current position and its others after indent.
func writeObject(b *bytes.Buffer, o object, indent string) {
	writeSeq(b, len(o), '{', '}', indent, func(i int, inner string) {
		b.Write(quote(o[i].key))
		b.WriteString(": ")
		if o[i].isList {
			writeItems(b, o[i].items, inner)
		} else {
			writeRaw(b, o[i].raw, inner)
		}
	})
}

// writeItems writes a list of objects.
func writeItems(b *bytes.Buffer, items []object, indent string) {
	writeSeq(b, len(items), '[', ']', indent, func(i int, inner string) { writeObject(b, items[i], inner) })
}

// writeSeq writes n elements between open and close, one a line after
// indent and two spaces, each written by each; none as open and close
// alone.
func writeSeq(b *bytes.Buffer, n int, open, close byte, indent string, each func(i int, inner string)) {
	b.WriteByte(open)
	if n == 0 {
		b.WriteByte(close)
		return
	}
	inner := indent + "  "
	b.WriteByte('\n')
	for i := range n {
		b.WriteString(inner)
		each(i, inner)
		if i < n-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString(indent)
	b.WriteByte(close)
}

// writeRaw writes a raw value indented, or, should it not be valid JSON
// (it always is, as parsed), as it is.
func writeRaw(b *bytes.Buffer, raw json.RawMessage, indent string) {
	n := b.Len()
	if err := json.Indent(b, raw, indent, "  "); err != nil {
		b.Truncate(n)
		b.Write(raw)
	}
}

// quote is s as a JSON string, with <, > and & as they are.
func quote(s string) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	return bytes.TrimRight(b.Bytes(), "\n")
}
