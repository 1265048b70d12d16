package jsonwire

import (
	"bytes"
	"strconv"
	"strings"
	"unicode/utf8"
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

// pointerTrie holds the JSON pointers to locate, one node per reference
// token, so that a walk of the document descends only into the members and
// items on the way to a wanted value and skips everything else.
type pointerTrie struct {
	want    []int                   // indices of the pointers naming this node's value
	members map[string]*pointerTrie // children by member name
	items   map[int]*pointerTrie    // children by array index
}

func (t *pointerTrie) add(pointer string, idx int) {
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
}

// locate walks the value of d at i (a JSON text without syntax errors),
// sets the offsets of the wanted pointers in offs and returns the offset
// past the value.
func (t *pointerTrie) locate(d []byte, i int, offs []int64) int {
	i = SkipWS(d, i)
	for _, k := range t.want {
		offs[k] = int64(i)
	}
	if i >= len(d) || (t.members == nil && t.items == nil) {
		return SkipValue(d, i)
	}
	switch d[i] {
	case '{':
		var name, valid []byte
		i = SkipWS(d, i+1)
		for i < len(d) && d[i] == '"' {
			end := skipString(d, i)
			raw := d[i+1 : end-1]
			// The name as the reference reads it: the body's invalid
			// UTF-8 replaced first, then the escapes decoded.
			if !utf8.Valid(raw) {
				valid = AppendReplacingInvalid(valid[:0], raw)
				raw = valid
			}
			if bytes.IndexByte(raw, '\\') >= 0 {
				name = AppendUnquoted(name[:0], raw)
				raw = name
			}
			i = SkipWS(d, end)
			i = SkipWS(d, i+1) // past ':'
			if child := t.members[string(raw)]; child != nil {
				i = child.locate(d, i, offs)
			} else {
				i = SkipValue(d, i)
			}
			i = SkipWS(d, i)
			if i < len(d) && d[i] == ',' {
				i = SkipWS(d, i+1)
			}
		}
		return i + 1 // past '}'
	case '[':
		i = SkipWS(d, i+1)
		for k := 0; i < len(d) && d[i] != ']'; k++ {
			if child := t.items[k]; child != nil {
				i = child.locate(d, i, offs)
			} else {
				i = SkipValue(d, i)
			}
			i = SkipWS(d, i)
			if i < len(d) && d[i] == ',' {
				i = SkipWS(d, i+1)
			}
		}
		return i + 1 // past ']'
	}
	return SkipValue(d, i)
}
