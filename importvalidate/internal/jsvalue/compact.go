package jsvalue

import (
	"github.com/flagadmin/flagadmin/internal/jsonwire"

	"cmp"
	"slices"
	"sort"
)

// AppendCompact appends the value that starts at raw[off] (a JSON text
// that jsonwire.Scan accepted) as JSON.stringify of its parsed value writes it: no
// whitespace, strings re-escaped, numbers in JavaScript form, object
// members in JavaScript's order (index-like keys first by value, then the
// others in body order; a repeated key keeps its first place and its last
// value).
//
// It does not recurse: arrays are copied in one pass over the text, and
// only objects, whose members may change order, keep a frame with their
// members while open. One pass beforehand finds where each object member's
// value that is an object or array ends, so that an object's members are
// listed without walking their values again. Memory and time grow with
// the size of the value, whatever its depth.
func AppendCompact(dst, raw []byte, off int) []byte {
	i := jsonwire.SkipWS(raw, off)
	if i >= len(raw) {
		return dst
	}
	if c := raw[i]; c != '{' && c != '[' {
		dst, _ = appendCompactScalar(dst, raw, i)
		return dst
	}
	ends := memberEnds(raw, i)
	// open holds the open containers, innermost last: for an object the
	// index in objs of its frame, for a run of arrays nested directly in
	// one another minus their number (so that arrays cost no memory per
	// level).
	var open []int
	var objs []compactObject
	push := func(at int) {
		if raw[at] == '[' {
			dst = append(dst, '[')
			if n := len(open); n > 0 && open[n-1] < 0 {
				open[n-1]--
			} else {
				open = append(open, -1)
			}
			i = at + 1
			return
		}
		dst = append(dst, '{')
		open = append(open, len(objs))
		objs = append(objs, listMembers(raw, at, ends))
	}
	push(i)
	for len(open) > 0 {
		top := open[len(open)-1]
		var at int // the next value to write
		if top < 0 {
			j := jsonwire.SkipWS(raw, i)
			if j < len(raw) && raw[j] == ',' {
				dst = append(dst, ',')
				j = jsonwire.SkipWS(raw, j+1)
			}
			if j >= len(raw) || raw[j] == ']' || raw[j] == '}' {
				dst = append(dst, ']')
				if open[len(open)-1]++; open[len(open)-1] == 0 {
					open = open[:len(open)-1]
				}
				i = j + 1
				continue
			}
			at = j
		} else {
			o := &objs[top]
			if o.next == len(o.members) {
				dst = append(dst, '}')
				i = o.end
				open = open[:len(open)-1]
				objs = objs[:top]
				continue
			}
			m := o.members[o.next]
			if o.next > 0 {
				dst = append(dst, ',')
			}
			o.next++
			dst = AppendString(dst, m.key)
			dst = append(dst, ':')
			at = m.val
		}
		if at >= len(raw) {
			i = at
			continue
		}
		if c := raw[at]; c == '{' || c == '[' {
			push(at)
			continue
		}
		dst, i = appendCompactScalar(dst, raw, at)
	}
	return dst
}

// compactObject is an open object of AppendCompact: its members in the
// order written, the next one to write, and the offset after its '}'.
type compactObject struct {
	members []compactMember
	next    int
	end     int
}

// compactMember is one member: its decoded key, its order (KeyOrder
// without offset) and the offset of its value.
type compactMember struct {
	key   string
	order int64
	val   int
}

// listMembers lists the members of the object at raw[at] in JavaScript's
// order, a repeated key in its first place with its last value.
func listMembers(raw []byte, at int, ends containerEnds) compactObject {
	var ms []compactMember
	var seen map[string]int // the index in ms of each key, for large objects
	k := jsonwire.SkipWS(raw, at+1)
	for k < len(raw) && raw[k] == '"' {
		kend := jsonwire.SkipValue(raw, k)
		key := string(jsonwire.AppendUnquoted(nil, raw[k+1:max(kend-1, k+1)]))
		k = jsonwire.SkipWS(raw, kend)
		if k < len(raw) && raw[k] == ':' {
			k = jsonwire.SkipWS(raw, k+1)
		}
		val := k
		k = ends.after(raw, k)
		found := -1
		if seen != nil {
			if x, ok := seen[key]; ok {
				found = x
			}
		} else {
			for x := range ms {
				if ms[x].key == key {
					found = x
					break
				}
			}
		}
		if found >= 0 {
			ms[found].val = val
		} else {
			if seen != nil {
				seen[key] = len(ms)
			}
			ms = append(ms, compactMember{key, KeyOrder(key, 0), val})
			if seen == nil && len(ms) > 16 {
				seen = make(map[string]int, 2*len(ms))
				for x, m := range ms {
					seen[m.key] = x
				}
			}
		}
		k = jsonwire.SkipWS(raw, k)
		if k < len(raw) && raw[k] == ',' {
			k = jsonwire.SkipWS(raw, k+1)
		}
	}
	if k < len(raw) && raw[k] == '}' {
		k++
	}
	// Index-like keys first, by value; the others keep body order.
	slices.SortStableFunc(ms, func(a, b compactMember) int { return cmp.Compare(a.order, b.order) })
	return compactObject{members: ms, end: k}
}

// appendCompactScalar appends the string, number or literal at raw[i] and
// returns the offset after it.
func appendCompactScalar(dst, raw []byte, i int) ([]byte, int) {
	if raw[i] == '"' {
		end := jsonwire.SkipValue(raw, i)
		if end-1 <= i {
			return dst, end
		}
		return AppendString(dst, string(jsonwire.AppendUnquoted(nil, raw[i+1:end-1]))), end
	}
	end := jsonwire.SkipValue(raw, i)
	tok := string(raw[i:end])
	if c := raw[i]; c == '-' || ('0' <= c && c <= '9') {
		tok = jsonNumberText(tok)
	}
	return append(dst, tok...), end
}

// containerEnds records where the objects and arrays that are values of
// object members end: open holds their offsets in increasing order, end
// the offset after each one's closing bracket.
type containerEnds struct {
	open, end []int
}

// memberEnds finds the ends of the containers within the value at
// raw[start] that are values of object members, in one pass with a stack
// of the open containers.
func memberEnds(raw []byte, start int) containerEnds {
	var ce containerEnds
	// stack holds the open containers, innermost last: the index in ce of
	// a recorded one, unrecordedObject for an object that is not, and for
	// a run of arrays nested directly in one another and not recorded,
	// unrecordedObject minus their number (so that arrays cost no memory
	// per level).
	const unrecordedObject = -1
	var stack []int
	for j := jsonwire.NextBracket(raw, start); j < len(raw); j = jsonwire.NextBracket(raw, j+1) {
		switch raw[j] {
		case '{', '[':
			n := len(stack)
			switch {
			case n > 0 && (stack[n-1] == unrecordedObject || stack[n-1] >= 0 && raw[ce.open[stack[n-1]]] == '{'):
				// A member's value.
				stack = append(stack, len(ce.open))
				ce.open = append(ce.open, j)
				ce.end = append(ce.end, len(raw))
			case raw[j] == '{':
				stack = append(stack, unrecordedObject)
			case n > 0 && stack[n-1] < unrecordedObject:
				stack[n-1]--
			default:
				stack = append(stack, unrecordedObject-1)
			}
		case '}', ']':
			n := len(stack)
			if n == 0 {
				return ce
			}
			switch top := stack[n-1]; {
			case top >= 0:
				ce.end[top] = j + 1
				stack = stack[:n-1]
			case top == unrecordedObject || top == unrecordedObject-1:
				stack = stack[:n-1]
			default:
				stack[n-1]++
			}
			if len(stack) == 0 {
				return ce
			}
		}
	}
	return ce
}

// after returns the offset after the value at raw[i]: for an object or
// array recorded in ce its end, else the end of the scalar (or, for a
// container not recorded, which jsonwire.Scan-accepted text does not have, the end
// jsonwire.SkipValue finds).
func (ce containerEnds) after(raw []byte, i int) int {
	if i < len(raw) && (raw[i] == '{' || raw[i] == '[') {
		x := sort.SearchInts(ce.open, i)
		if x < len(ce.open) && ce.open[x] == i {
			return ce.end[x]
		}
	}
	return jsonwire.SkipValue(raw, i)
}
