package schema

import (
	"github.com/flagadmin/flagadmin/importvalidate/internal/jsvalue"

	"cmp"
	"context"
	"iter"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/flagadmin/flagadmin/internal/jsonwire"
	"github.com/flagadmin/flagadmin/internal/suggest"

	"github.com/santhosh-tekuri/jsonschema/v5"
)

// pendingProblem is a schema problem before it is ordered and completed:
// the failed keyword, the schema node holding it and where in the
// instance.
type pendingProblem struct {
	kind    Kind
	node    *Node
	toks    []string // decoded tokens of the value (of the object for required and additional-property)
	ptr     string   // JSON pointer of the problem (the member for required and additional-property)
	prop    string   // the missing or additional property
	value   any      // the failing value (for required and additional-property: the object)
	msg     string   // the library's message, for a keyword this file does not know
	off     int64
	sortKey []int64
}

// The rank of a problem's keyword in the reference server's walk of one
// value is its kind's place among the keyword kinds (keywordRank), which
// are declared in ajv's keyword order; then come the value's children.
const (
	rankAdditional = int64(KindAdditionalProperty - KindType) // also the children under additionalProperties, by offset
	rankProperty   = rankAdditional + 1                       // listed properties by schema order, array items by index
	rankOther      = rankProperty + 1
)

// keywordRank is the rank of a problem of kind k, rankOther for a kind of
// no keyword of its own.
func keywordRank(k Kind) int64 {
	if k < KindType || k > KindAdditionalProperty {
		return rankOther
	}
	return int64(k - KindType)
}

// expandTree appends the problems of the library's error tree root, found
// checking the value at toks of the instance decoded from raw, to pend,
// and returns the number of problems it counted without keeping them (see
// expand).
func (c *Checker) expandTree(pend []pendingProblem, raw []byte, instance any, toks []string, root *jsonschema.ValidationError) ([]pendingProblem, int) {
	dropped := 0
	for e := range leaves(root) {
		pend = c.expand(pend, raw, instance, toks, e, &dropped)
	}
	return pend, dropped
}

// leaves yields the leaves of the library's error tree root, left to
// right, without recursion.
func leaves(root *jsonschema.ValidationError) iter.Seq[*jsonschema.ValidationError] {
	return func(yield func(*jsonschema.ValidationError) bool) {
		stack := []*jsonschema.ValidationError{root}
		for len(stack) > 0 {
			e := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if len(e.Causes) == 0 {
				if !yield(e) {
					return
				}
				continue
			}
			for i := len(e.Causes) - 1; i >= 0; i-- {
				stack = append(stack, e.Causes[i])
			}
		}
	}
}

// firstExtras returns the first limit members of the object at ptr in raw
// that schema node sub does not list, in the order JavaScript enumerates
// keys (index-like keys by value, then body order; a repeated key in its
// first place). ok is false when the object is not found. Only the keys
// that can be among the first limit are kept: every index-like one, and
// the first limit others.
func firstExtras(raw []byte, ptr string, sub *Node, limit int) (first []string, ok bool) {
	off := jsonwire.Locate(raw, []string{ptr})[0]
	if off < 0 || int(off) >= len(raw) || raw[off] != '{' {
		return nil, false
	}
	type extra struct {
		key   string
		order int64
	}
	var all []extra
	seen := map[string]bool{}
	others := 0 // keys kept that are not index-like
	var buf []byte
	i := jsonwire.SkipWS(raw, int(off)+1)
	for i < len(raw) && raw[i] == '"' {
		end := jsonwire.SkipValue(raw, i)
		buf = jsonwire.AppendUnquoted(buf[:0], raw[i+1:max(end-1, i+1)])
		if _, listed := sub.propIdx[string(buf)]; !listed && !seen[string(buf)] {
			order := int64(1<<32 + i) // JSKeyOrder's, without a string for a key that is no number
			if len(buf) > 0 && buf[0] >= '0' && buf[0] <= '9' {
				order = jsvalue.KeyOrder(string(buf), int64(i))
			}
			if index := order < 1<<32; index || others < limit {
				key := string(buf)
				seen[key] = true
				all = append(all, extra{key, order})
				if !index {
					others++
				}
			}
		}
		i = jsonwire.SkipWS(raw, end)
		i = jsonwire.SkipWS(raw, i+1) // past ':'
		i = jsonwire.SkipWS(raw, jsonwire.SkipValue(raw, i))
		if i < len(raw) && raw[i] == ',' {
			i = jsonwire.SkipWS(raw, i+1)
		}
	}
	slices.SortFunc(all, func(a, b extra) int { return cmp.Compare(a.order, b.order) })
	first = make([]string, 0, limit)
	for _, e := range all[:min(limit, len(all))] {
		first = append(first, e.key)
	}
	return first, true
}

// orderProblems locates the problems in raw and puts them in the
// reference order. It stops with ctx's error when ctx ends.
func (c *Checker) orderProblems(ctx context.Context, raw []byte, pend []pendingProblem, shadowed bool) ([]pendingProblem, error) {
	// Offsets: of each problem, and of the members reached through
	// additionalProperties (they order by offset).
	want := map[string]int64{}
	for i := range pend {
		p := &pend[i]
		switch p.kind {
		case KindRequired:
			want[jsonwire.PointerOf(p.toks)] = -1
		default:
			want[p.ptr] = -1
		}
		c.walkSchema(p.toks, func(prefix string) { want[prefix] = -1 })
	}
	if len(raw) > jsonwire.BOMLen(raw) {
		left, steps := len(want), 0
		jsonwire.WalkPointers(raw, func(off int, key bool, ptr []byte) bool {
			if steps++; steps%cancelEvery == 0 && ctx.Err() != nil {
				return false
			}
			if key {
				return true
			}
			if o, ok := want[string(ptr)]; ok && (o < 0 || shadowed) {
				// Of a repeated name the last value counts, as
				// JSON.parse keeps it: with shadowed members the walk
				// goes to the end.
				want[string(ptr)] = int64(off)
				if o < 0 {
					left--
				}
			}
			return left > 0 || shadowed
		})
	} else {
		for k := range want {
			want[k] = 0
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	for i := range pend {
		p := &pend[i]
		if p.kind == KindRequired {
			p.off = want[jsonwire.PointerOf(p.toks)]
		} else {
			p.off = want[p.ptr]
		}
		p.sortKey = c.sortKey(p, want)
	}
	sort.SliceStable(pend, func(i, j int) bool { return lessKey(pend[i].sortKey, pend[j].sortKey) })
	return pend, ctx.Err()
}

// cancelEvery is the number of steps of a loop between two looks at the
// context: a few microseconds of work.
const cancelEvery = 1 << 10

// expand turns one leaf error into problems: one per missing or additional
// property, one otherwise.
// The error is of the value at prefix of the instance decoded from raw;
// the additional properties of an object past the first MaxProblems are
// added to *dropped instead.
func (c *Checker) expand(pend []pendingProblem, raw []byte, instance any, prefix []string, e *jsonschema.ValidationError, dropped *int) []pendingProblem {
	toks := instanceTokens(prefix, e.InstanceLocation)
	value := lookupValue(instance, toks)
	kw, sub := c.failedKeyword(e)
	ptr := jsonwire.PointerOf(toks)
	if sub == nil {
		return append(pend, pendingProblem{kind: KindKeyword, toks: toks, ptr: ptr, value: value, msg: e.Message})
	}
	switch kw {
	case "required":
		obj, _ := value.(map[string]any)
		for _, r := range sub.Required {
			if _, ok := obj[r]; !ok {
				pend = append(pend, pendingProblem{kind: KindRequired, node: sub, toks: toks, ptr: ptr + "/" + jsonwire.EscapeToken(r), prop: r, value: value})
			}
		}
		return pend
	case "additionalProperties":
		obj, _ := value.(map[string]any)
		extra := make([]string, 0, 1)
		for k := range obj {
			if _, ok := sub.propIdx[k]; !ok {
				extra = append(extra, k)
			}
		}
		if len(extra) > c.opts.MaxProblems && len(raw) > 0 && !c.whole {
			// Only the first MaxProblems, in the order they are
			// listed, can be among the first MaxProblems of the body:
			// the others are counted.
			if first, ok := firstExtras(raw, ptr, sub, c.opts.MaxProblems); ok {
				*dropped += len(extra) - len(first)
				extra = first
			}
		}
		slices.Sort(extra)
		for _, k := range extra {
			pend = append(pend, pendingProblem{kind: KindAdditionalProperty, node: sub, toks: toks, ptr: ptr + "/" + jsonwire.EscapeToken(k), prop: k, value: value})
		}
		return pend
	}
	kind := keywordKind(kw)
	if kind == 0 {
		return append(pend, pendingProblem{kind: KindKeyword, node: sub, toks: toks, ptr: ptr, value: value, msg: e.Message})
	}
	return append(pend, pendingProblem{kind: kind, node: sub, toks: toks, ptr: ptr, value: value})
}

// failedKeyword is the keyword of a leaf error and the schema node holding
// it, nil when the node is not one of the tree's.
func (c *Checker) failedKeyword(e *jsonschema.ValidationError) (string, *Node) {
	frag := e.AbsoluteKeywordLocation
	if i := strings.IndexByte(frag, '#'); i >= 0 {
		frag = frag[i+1:]
	}
	frag = unescapeSchemaPointer(frag)
	kw, nodePtr := frag, ""
	if i := strings.LastIndexByte(frag, '/'); i >= 0 {
		kw, nodePtr = frag[i+1:], frag[:i]
	}
	return kw, c.tree.nodes[nodePtr]
}

// keywordKind is the kind of problem of a JSON Schema keyword, 0 for a
// keyword the schema does not use.
func keywordKind(kw string) Kind {
	switch kw {
	case "type":
		return KindType
	case "enum":
		return KindEnum
	case "maximum":
		return KindMaximum
	case "minimum":
		return KindMinimum
	case "minLength":
		return KindMinLength
	case "maxLength":
		return KindMaxLength
	case "pattern":
		return KindPattern
	case "format":
		return KindFormat
	}
	return 0
}

// instanceTokens splits the library's instance location (percent-encoded,
// ~-escaped tokens) into decoded tokens, after prefix.
func instanceTokens(prefix []string, loc string) []string {
	if loc == "" || loc == "/" {
		return prefix
	}
	parts := strings.Split(strings.TrimPrefix(loc, "/"), "/")
	for i, p := range parts {
		parts[i] = jsonwire.UnescapeToken(jsonwire.PercentDecode(p))
	}
	if len(prefix) == 0 {
		return parts
	}
	return append(slices.Clip(prefix), parts...)
}

// lookupValue finds the value at the decoded tokens.
func lookupValue(v any, toks []string) any {
	for _, t := range toks {
		switch x := v.(type) {
		case map[string]any:
			v = x[t]
		case []any:
			i, err := strconv.Atoi(t)
			if err != nil || i < 0 || i >= len(x) {
				return nil
			}
			v = x[i]
		default:
			return nil
		}
	}
	return v
}

// walkSchema follows toks through the schema and calls onAddl with the
// pointer of every member reached through additionalProperties.
func (c *Checker) walkSchema(toks []string, onAddl func(prefix string)) {
	n := c.tree.Root.Resolve()
	prefix := ""
	for _, t := range toks {
		prefix += "/" + jsonwire.EscapeToken(t)
		if n == nil {
			return
		}
		if i, ok := n.propIdx[t]; ok {
			n = n.PropNodes[i].Resolve()
		} else if n.Items != nil {
			n = n.Items.Resolve()
		} else if n.Addl != nil {
			onAddl(prefix)
			n = n.Addl.Resolve()
		} else {
			n = nil
		}
	}
}

// sortKey is the position of the problem in the reference walk: a pair
// (rank, sub) per level of the path, then one for the keyword.
func (c *Checker) sortKey(p *pendingProblem, offsets map[string]int64) []int64 {
	key := make([]int64, 0, 2*len(p.toks)+2)
	n := c.tree.Root.Resolve()
	prefix := ""
	for _, t := range p.toks {
		prefix += "/" + jsonwire.EscapeToken(t)
		switch {
		case n == nil:
			key = append(key, rankOther, 0)
		case n.propIdx != nil && hasKey(n.propIdx, t):
			i := n.propIdx[t]
			key = append(key, rankProperty, int64(i))
			n = n.PropNodes[i].Resolve()
			continue
		case n.Items != nil:
			i, _ := strconv.Atoi(t)
			key = append(key, rankProperty, int64(i))
			n = n.Items.Resolve()
			continue
		case n.Addl != nil:
			key = append(key, rankAdditional, jsvalue.KeyOrder(t, offsets[prefix]))
			n = n.Addl.Resolve()
			continue
		default:
			key = append(key, rankOther, 0)
		}
		n = nil
	}
	sub := int64(0)
	switch p.kind {
	case KindRequired:
		for j, r := range p.node.Required {
			if r == p.prop {
				sub = int64(j)
			}
		}
	case KindAdditionalProperty:
		sub = jsvalue.KeyOrder(p.prop, p.off)
	}
	return append(key, keywordRank(p.kind), sub)
}

func hasKey(m map[string]int, k string) bool { _, ok := m[k]; return ok }

// lessKey compares sort keys lexicographically; a prefix comes first.
func lessKey(a, b []int64) bool {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return len(a) < len(b)
}

// problem is the schema problem with what it found: for a keyword, what
// it asks for and the value sent.
func (p *pendingProblem) problem(raw []byte) Problem {
	out := Problem{Kind: p.kind, Location: Location{Pointer: p.ptr, Offset: p.off}}
	d := &out.Detail
	switch p.kind {
	case KindRequired:
		return out
	case KindAdditionalProperty:
		out.Hint = suggest.Nearest(p.prop, p.node.Props)
		return out
	case KindEnum:
		d.Allowed = p.node.Enum
		d.Got = jsvalue.String(p.value)
		return out
	case KindType:
		d.Want = "object"
		for _, ty := range p.node.Types {
			if ty != "null" {
				d.Want = ty
				break
			}
		}
	case KindMaximum:
		d.Want = jsvalue.NumberText(p.node.Maximum)
	case KindMinimum:
		d.Want = jsvalue.NumberText(p.node.Minimum)
	case KindMaxLength:
		d.Limit = p.node.MaxLength
	case KindMinLength:
		d.Limit = p.node.MinLength
	case KindPattern:
		d.Want = p.node.Pattern
	case KindFormat:
		d.Want = p.node.Format
	default:
		d.Want = p.msg
	}
	d.Got = string(p.sent(raw))
	return out
}

// sent is the failing value as JSON.stringify writes it.
func (p *pendingProblem) sent(raw []byte) []byte {
	switch p.value.(type) {
	case map[string]any, []any:
		if len(raw) > 0 && p.off >= 0 && int(p.off) < len(raw) {
			return jsvalue.AppendCompact(nil, raw, int(p.off))
		}
	}
	return jsvalue.AppendValue(nil, p.value)
}
