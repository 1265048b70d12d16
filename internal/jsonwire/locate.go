package jsonwire

import (
	"slices"
	"strconv"
	"strings"
)

// Locate returns the byte offset in data (a JSON text without syntax
// errors) of the value each pointer names, in the order of pointers, or -1
// for a pointer that names no value of data. It reads data once however
// many pointers there are, descending only into the members and items on
// the way to a wanted value. A leading byte order mark is skipped, and of
// a member named twice the last counts, as JSON.parse keeps it.
func Locate(data []byte, pointers []string) []int64 {
	offs := make([]int64, len(pointers))
	root := &pointerTrie{}
	for i, p := range pointers {
		offs[i] = -1
		root.add(p, i)
	}
	root.locate(data, BOMLen(data), offs)
	return offs
}

// LocateMember is Locate for one pointer, except that a pointer whose
// last token names an object member is located at the member's name
// rather than at its value: an unknown member is a problem of its name.
// It returns -1 when data has no such place.
func LocateMember(data []byte, pointer string) int64 {
	offs := []int64{-1}
	root := &pointerTrie{}
	n := root.add(pointer, 0)
	n.atName, n.want = n.want, nil
	root.locate(data, BOMLen(data), offs)
	return offs[0]
}

// HasMember reports whether data (a JSON text) is an object with a member
// of one of names, read as Locate reads member names. It stops at the
// first such member, so that a document whose first member is wanted is
// answered without reading the rest; it reads every member otherwise.
func HasMember(data []byte, names ...string) bool {
	found := false
	EachMember(data, SkipWS(data, BOMLen(data)), func(name []byte, _ int) bool {
		found = slices.Contains(names, string(name))
		return !found
	})
	return found
}

// pointerTrie holds the JSON pointers to locate, one node per reference
// token, so that a walk of the document descends only into the members and
// items on the way to a wanted value and skips everything else.
type pointerTrie struct {
	want []int // indices of the pointers naming this node's value
	// atName, set on a member's node, holds the indices of the pointers
	// located at the member's name rather than its value (LocateMember).
	atName  []int
	members map[string]*pointerTrie // children by member name
	items   map[int]*pointerTrie    // children by array index
}

// add adds the pointer of index idx and returns its node.
func (t *pointerTrie) add(pointer string, idx int) *pointerTrie {
	n := t
	if pointer != "" {
		for _, tok := range strings.Split(pointer[1:], "/") {
			tok = UnescapeToken(tok)
			child := n.members[tok]
			if child == nil {
				child = &pointerTrie{}
				if n.members == nil {
					n.members = map[string]*pointerTrie{}
				}
				n.members[tok] = child
				if idx, err := strconv.Atoi(tok); err == nil && idx >= 0 && strconv.Itoa(idx) == tok {
					if n.items == nil {
						n.items = map[int]*pointerTrie{}
					}
					n.items[idx] = child
				}
			}
			n = child
		}
	}
	n.want = append(n.want, idx)
	return n
}

// locate walks the value of d at i (a JSON text without syntax errors),
// sets the offsets of the wanted pointers in offs and returns the offset
// past the value.
func (t *pointerTrie) locate(d []byte, i int, offs []int64) int {
	i = SkipWS(d, i)
	for _, k := range t.want {
		offs[k] = int64(i)
	}
	for _, k := range t.atName {
		if offs[k] < 0 {
			offs[k] = int64(i) // not a member: the value
		}
	}
	if i >= len(d) || (t.members == nil && t.items == nil) {
		return SkipValue(d, i)
	}
	switch d[i] {
	case '{':
		var names NameBuf
		i = SkipWS(d, i+1)
		for i < len(d) && d[i] == '"' {
			end := skipString(d, i)
			child := t.members[string(names.Decode(d[i+1:end-1]))]
			if child != nil {
				for _, k := range child.atName {
					offs[k] = int64(i)
				}
			}
			i = SkipWS(d, end)
			i = SkipWS(d, i+1) // past ':'
			i = child.element(d, i, offs)
		}
		return i + 1 // past '}'
	case '[':
		i = SkipWS(d, i+1)
		for k := 0; i < len(d) && d[i] != ']'; k++ {
			i = t.items[k].element(d, i, offs)
		}
		return i + 1 // past ']'
	}
	return SkipValue(d, i)
}

// element walks one member value or array element at i: through t when
// pointers are wanted below it (t is not nil), past it otherwise. It
// returns the offset of what follows the element and its comma.
func (t *pointerTrie) element(d []byte, i int, offs []int64) int {
	if t != nil {
		i = t.locate(d, i, offs)
	} else {
		i = SkipValue(d, i)
	}
	i = SkipWS(d, i)
	if i < len(d) && d[i] == ',' {
		i = SkipWS(d, i+1)
	}
	return i
}

// ItemStarts holds, for the JSON pointer of an array, the byte offset of
// each of its items, in order: what a reader that has already crossed the
// text (the single-pass decoder) knows of it.
type ItemStarts map[string][]int32

// LocateWith is Locate for a text whose arrays in starts are known: a
// pointer below an item of such an array is looked for from the item's
// offset, so that the members and items before it are not crossed again.
// The other pointers are looked for as Locate does. It gives what Locate
// gives when starts is true of data.
func LocateWith(data []byte, pointers []string, starts ItemStarts) []int64 {
	if len(starts) == 0 {
		return Locate(data, pointers)
	}
	offs := make([]int64, len(pointers))
	// The pointers below one item, with their place in pointers.
	type item struct {
		tails []string
		idx   []int
	}
	items := map[int32]*item{}
	var order []int32 // the items in the order first wanted
	var others []string
	var otherIdx []int
	for i, p := range pointers {
		offs[i] = -1
		start, tail, ok := itemOf(p, starts)
		if !ok {
			others = append(others, p)
			otherIdx = append(otherIdx, i)
			continue
		}
		it := items[start]
		if it == nil {
			it = &item{}
			items[start] = it
			order = append(order, start)
		}
		it.tails = append(it.tails, tail)
		it.idx = append(it.idx, i)
	}
	for _, start := range order {
		it := items[start]
		for k, off := range Locate(data[start:], it.tails) {
			if off >= 0 {
				offs[it.idx[k]] = int64(start) + off
			}
		}
	}
	if len(others) > 0 {
		for k, off := range Locate(data, others) {
			offs[otherIdx[k]] = off
		}
	}
	return offs
}

// itemOf splits a pointer below an item of an array of starts into the
// item's offset and the rest of the pointer. The index must be written
// as JSON pointers write one (no sign, no leading zero) and be within the
// array.
func itemOf(p string, starts ItemStarts) (start int32, tail string, ok bool) {
	for arr, offs := range starts {
		if len(p) <= len(arr)+1 || p[:len(arr)] != arr || p[len(arr)] != '/' {
			continue
		}
		rest := p[len(arr)+1:]
		tok, tail := rest, ""
		if j := strings.IndexByte(rest, '/'); j >= 0 {
			tok, tail = rest[:j], rest[j:]
		}
		k, err := strconv.Atoi(tok)
		if err != nil || k < 0 || k >= len(offs) || strconv.Itoa(k) != tok {
			return 0, "", false
		}
		return offs[k], tail, true
	}
	return 0, "", false
}
