package schema

import (
	"maps"
	"slices"
	"strconv"
)

// The walks of a decoded instance beside the schema. rewrite is the one
// walk: it visits each value at a place of the schema and puts what the
// visit makes of it back into its parent, copying the objects and arrays
// on the way unless they may be written; walkInstance is rewrite with
// every value writable, so that it changes the instance in place.

// step is one step of a path through an instance: a member name, or an
// array index when idx >= 0.
type step struct {
	key string
	idx int
}

// token is the JSON pointer token of s, unescaped.
func (s step) token() string {
	if s.idx >= 0 {
		return strconv.Itoa(s.idx)
	}
	return s.key
}

// tokens is the path toks followed by steps, in a new slice.
func tokens(toks []string, steps []step) []string {
	out := make([]string, len(toks), len(toks)+len(steps))
	copy(out, toks)
	for _, s := range steps {
		out = append(out, s.token())
	}
	return out
}

// visitFunc is called for each value of an instance at a place of the
// schema, with its node ($ref followed) and the path to it. It returns the
// value to keep in its place, whether that value may be written (a new
// object or array of the visit's own, say), and whether to walk on to its
// members or items.
type visitFunc func(n *Node, v any, path []step) (keep any, writable, descend bool)

// rewrite returns v, whose schema is n, with what visit makes of it and of
// the values below it, and whether the result must be put in v's place:
// it is a new value, or one visit marked writable. It never writes into an
// object or array that visit did not mark writable: it copies those on
// the way to a change, and only those. The members it walks to are those
// n lists or admits as additional properties, the items those of an array
// n has an items schema for.
func rewrite(n *Node, v any, visit visitFunc) (any, bool) {
	r := rewriter{visit: visit}
	return r.walk(n, v)
}

// rewriter holds the walk of rewrite.
type rewriter struct {
	visit visitFunc
	path  []step
}

func (r *rewriter) walk(n *Node, v any) (any, bool) {
	n = n.Resolve()
	if n == nil {
		return v, false
	}
	v, writable, descend := r.visit(n, v, r.path)
	if !descend {
		return v, writable
	}
	out := v
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if c := n.Child(k); c != nil {
				out, writable = r.child(out, writable, step{key: k, idx: -1}, c, e)
			}
		}
	case []any:
		if n.Items != nil {
			for i, e := range x {
				out, writable = r.child(out, writable, step{idx: i}, n.Items, e)
			}
		}
	}
	return out, writable
}

// child walks e, the value at s in out whose schema is n, and puts what it
// becomes in its place when it changed, in a copy of out unless out is
// writable. It returns out, or its copy, and whether that is writable.
func (r *rewriter) child(out any, writable bool, s step, n *Node, e any) (any, bool) {
	r.path = append(r.path, s)
	t, changed := r.walk(n, e)
	r.path = r.path[:len(r.path)-1]
	if !changed {
		return out, writable
	}
	if !writable {
		out = shallowCopy(out)
	}
	switch x := out.(type) {
	case map[string]any:
		x[s.key] = t
	case []any:
		x[s.idx] = t
	}
	return out, true
}

// shallowCopy returns a copy of the object or array v that shares its
// members or items.
func shallowCopy(v any) any {
	switch x := v.(type) {
	case map[string]any:
		return maps.Clone(x)
	case []any:
		return slices.Clone(x)
	}
	return v
}

// walkInstance walks the decoded JSON value v beside the schema from root,
// depth first, changing it in place. At each value it calls visit with
// the value's schema node ($ref followed) and path; visit returns the
// value to keep in its place and whether to descend into it. A value whose
// type the node does not admit is not descended into, nor is one without
// a node.
func walkInstance(root *Node, v any, visit func(n *Node, v any, path []step) (any, bool)) any {
	v, _ = rewrite(root, v, func(n *Node, v any, path []step) (any, bool, bool) {
		v, descend := visit(n, v, path)
		return v, true, descend && (len(n.Types) == 0 || typeMatches(n.Types, v))
	})
	return v
}
