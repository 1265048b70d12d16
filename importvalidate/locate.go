package importvalidate

import (
	"bytes"
	"strconv"
	"strings"
)

// locateItems fills in the offset, line and column of every item location
// of issues from body, in one read of body.
func locateItems(body []byte, issues []Issue) {
	var locs []*Location
	for i := range issues {
		for j := range issues[i].Items {
			it := &issues[i].Items[j]
			for k := range it.Locations {
				locs = append(locs, &it.Locations[k])
			}
		}
	}
	locatePointers(body, locs)
}

// pointerTrie holds the JSON pointers to locate, one node per reference
// token, so that a walk of the document descends only into the members and
// items on the way to a wanted value and skips everything else.
type pointerTrie struct {
	locs    []*Location             // the locations of this node's value
	members map[string]*pointerTrie // children by member name
	items   map[int]*pointerTrie    // children by array index
}

func (t *pointerTrie) add(pointer string, l *Location) {
	n := t
	if pointer != "" {
		for _, tok := range strings.Split(pointer[1:], "/") {
			tok = unescapeToken(tok)
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
	n.locs = append(n.locs, l)
}

// locate walks the value of d at i (a JSON text without syntax errors),
// sets the offsets of the wanted locations and returns the offset past the
// value.
func (t *pointerTrie) locate(d []byte, i int) int {
	i = skipWS(d, i)
	for _, l := range t.locs {
		l.Offset = int64(i)
	}
	if i >= len(d) || (t.members == nil && t.items == nil) {
		return skipValue(d, i)
	}
	switch d[i] {
	case '{':
		var name []byte
		i = skipWS(d, i+1)
		for i < len(d) && d[i] == '"' {
			end := skipString(d, i)
			raw := d[i+1 : end-1]
			if bytes.IndexByte(raw, '\\') >= 0 {
				name = appendUnquoted(name[:0], raw)
				raw = name
			}
			i = skipWS(d, end)
			i = skipWS(d, i+1) // past ':'
			if child := t.members[string(raw)]; child != nil {
				i = child.locate(d, i)
			} else {
				i = skipValue(d, i)
			}
			i = skipWS(d, i)
			if i < len(d) && d[i] == ',' {
				i = skipWS(d, i+1)
			}
		}
		return i + 1 // past '}'
	case '[':
		i = skipWS(d, i+1)
		for k := 0; i < len(d) && d[i] != ']'; k++ {
			if child := t.items[k]; child != nil {
				i = child.locate(d, i)
			} else {
				i = skipValue(d, i)
			}
			i = skipWS(d, i)
			if i < len(d) && d[i] == ',' {
				i = skipWS(d, i+1)
			}
		}
		return i + 1 // past ']'
	}
	return skipValue(d, i)
}
