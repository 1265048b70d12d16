package schema

import (
	"encoding/json"
	"slices"
	"strconv"
)

// Items past the problem cap are only counted, and the count of an item
// depends on nothing but the item and the schema of the items: checking
// is a pure function of both. So the count of a small item is kept under
// a key that spells the item exactly, and an identical item later in the
// array (features: [{},{},...] repeats one item 163 000 times) is counted
// from it without asking the library again. Items whose key would be long
// are checked each time, and the keys kept per schema are bounded.

const (
	// shapeBudget is the longest key of an item counted from a kept count.
	shapeBudget = 256
	// shapeMembers is the most members of an object in such an item.
	shapeMembers = 16
	// shapeKept is the most counts kept per schema of items.
	shapeKept = 1024
)

// appendShape appends to buf a key that spells v exactly (two values have
// the same key only when they are the same JSON value, members in any
// order), and reports false when the key would exceed shapeBudget bytes.
// keys is scratch space for the members' names, kept between calls.
func appendShape(buf []byte, keys *[]string, v any) ([]byte, bool) {
	var walk func(v any) bool
	walk = func(v any) bool {
		if len(buf) > shapeBudget {
			return false
		}
		switch x := v.(type) {
		case nil:
			buf = append(buf, 'z')
		case bool:
			buf = append(buf, 'f')
			if x {
				buf[len(buf)-1] = 't'
			}
		case json.Number:
			buf = appendCounted(append(buf, 'n'), string(x))
		case string:
			buf = appendCounted(append(buf, 's'), x)
		case []any:
			buf = strconv.AppendInt(append(buf, '['), int64(len(x)), 10)
			for _, e := range x {
				if !walk(e) {
					return false
				}
			}
		case map[string]any:
			if len(x) > shapeMembers {
				return false
			}
			start := len(*keys)
			for k := range x {
				*keys = append(*keys, k)
			}
			mine := (*keys)[start:]
			slices.Sort(mine)
			buf = strconv.AppendInt(append(buf, '{'), int64(len(x)), 10)
			for _, k := range mine {
				buf = appendCounted(buf, k)
				if !walk(x[k]) {
					return false
				}
			}
			*keys = (*keys)[:start]
		default:
			return false
		}
		return len(buf) <= shapeBudget
	}
	ok := walk(v)
	*keys = (*keys)[:0]
	return buf, ok
}

// appendCounted appends s preceded by its length, so that no string can
// be read as the end of another.
func appendCounted(buf []byte, s string) []byte {
	buf = strconv.AppendInt(buf, int64(len(s)), 10)
	buf = append(buf, ':')
	return append(buf, s...)
}

// shapeCounts keeps the counts of items by schema of the items and key.
type shapeCounts struct {
	counts map[*Node]map[string]int
	buf    []byte
	keys   []string
}

// lookup returns the kept count of item under schema n, and the key to
// keep it under when it is not kept (nil when the item is too large).
func (s *shapeCounts) lookup(n *Node, item any) (count int, hit bool, key []byte) {
	key, ok := appendShape(s.buf[:0], &s.keys, item)
	s.buf = key
	if !ok {
		return 0, false, nil
	}
	if count, hit = s.counts[n][string(key)]; hit {
		return count, true, nil
	}
	// The item is checked before its count is kept, and checking may
	// look up the items of its own arrays: the key keeps its bytes.
	s.buf = nil
	return 0, false, key
}

// keep keeps count for the item whose key lookup returned.
func (s *shapeCounts) keep(n *Node, key []byte, count int) {
	if key == nil {
		return
	}
	if cap(key) > cap(s.buf) {
		defer func() { s.buf = key[:0] }()
	}
	if s.counts == nil {
		s.counts = map[*Node]map[string]int{}
	}
	m := s.counts[n]
	if m == nil {
		m = map[string]int{}
		s.counts[n] = m
	}
	if len(m) < shapeKept {
		m[string(key)] = count
	}
}
