package schema

import (
	"context"
	"errors"
	"math"

	"github.com/santhosh-tekuri/jsonschema/v5"
)

// jsonschema/v5 builds its whole error tree before returning it: for
// features: [1,1,1,...] of 500 kB, a quarter of a million errors and
// hundreds of megabytes, of which only the first MaxProblems are worded.
// So it is handed the body in pieces: the body with every long array
// replaced by an empty one, then the items of each long array one at a
// time against the schema of the items (the same walk, recursively).
// The problems of an array's items come in index order, so once its items
// have given more than MaxProblems problems, those of its later items can
// never be among the first MaxProblems of the body: they are not looked
// for, and the list ends with "more than N problems" rather than a count.
// Each piece's error tree is dropped once read, so the memory held is
// that of the problems kept plus one piece's tree.

// splitAt is the length from which an array is checked item by item.
const splitAt = 64

// compiledItems compiles, with compiler c, the schema of the items of
// every array of the tree, keyed by the items node.
func compiledItems(c *jsonschema.Compiler, t *Tree) (map[*Node]*jsonschema.Schema, error) {
	out := map[*Node]*jsonschema.Schema{}
	for _, n := range t.nodes {
		if n.Items == nil {
			continue
		}
		// The resolved node: a $ref would add a level to every error.
		sch, err := c.Compile(schemaURL + "#" + n.Items.Resolve().Ptr)
		if err != nil {
			return nil, err
		}
		out[n.Items] = sch
	}
	return out, nil
}

// longArray is an array of the instance checked item by item.
type longArray struct {
	items []any
	node  *Node // the schema of the items
	toks  []string
}

// piecewise gathers the schema problems of an instance checked in pieces.
type piecewise struct {
	c        *Checker
	ctx      context.Context
	raw      []byte
	instance any // the instance as decoded from raw, which the problems quote
	pend     []pendingProblem
	// counted is the number of problems counted but not kept (members
	// an object does not allow, past the first MaxProblems).
	counted int
	// more is set when the items of a long array were left unchecked
	// once they had given more than MaxProblems problems: the body has
	// more problems than those kept and counted.
	more  bool
	steps int
}

// check checks v, the value at toks whose schema is n (compiled as sch),
// keeps its problems and returns how many it found.
func (pw *piecewise) check(sch *jsonschema.Schema, n *Node, v any, toks []string) (int, error) {
	st := stubber{toks: toks, splitAt: splitAt}
	if pw.c.whole {
		st.splitAt = math.MaxInt
	}
	stub, _ := st.stub(n, v)
	found := 0
	if err := sch.Validate(stub); err != nil {
		var ve *jsonschema.ValidationError
		if !errors.As(err, &ve) {
			return 0, err
		}
		before := len(pw.pend)
		var dropped int
		pw.pend, dropped = pw.c.expandTree(pw.pend, pw.raw, pw.instance, toks, ve)
		pw.counted += dropped
		found = len(pw.pend) - before + dropped
	}
	for _, a := range st.long {
		itemSchema := pw.c.items[a.node]
		kept := 0
		for i, item := range a.items {
			if kept > pw.c.opts.MaxProblems {
				pw.more = true
				break
			}
			if pw.steps++; pw.steps%cancelEvery == 0 {
				if err := pw.ctx.Err(); err != nil {
					return 0, err
				}
			}
			k, err := pw.check(itemSchema, a.node.Resolve(), item, tokens(a.toks, []step{{idx: i}}))
			if err != nil {
				return 0, err
			}
			kept += k
		}
		found += kept
	}
	return found, nil
}

// stubber replaces the long arrays of a piece by empty ones.
type stubber struct {
	toks []string // the path of the piece
	long []longArray
	// splitAt is the length from which an array is stubbed.
	splitAt int
}

// stub returns v, whose schema is n, with every array of more than
// splitAt items replaced by an empty array, which it records in s.long,
// and whether it replaced any. It copies only the objects and arrays on
// the way to a replaced array. The schema has no keyword on the length of
// an array, so an empty array judges alike but for its items.
func (s *stubber) stub(n *Node, v any) (any, bool) {
	return rewrite(n, v, func(n *Node, v any, path []step) (any, bool, bool) {
		switch x := v.(type) {
		case []any:
			if n.Items != nil && len(x) > s.splitAt {
				s.long = append(s.long, longArray{items: x, node: n.Items, toks: tokens(s.toks, path)})
				return []any{}, true, false
			}
		case map[string]any:
			if n.Closed && len(x) > s.splitAt+len(n.Props) {
				if out := fewerExtras(n, x, s.splitAt); out != nil {
					return out, true, true
				}
			}
		}
		return v, false, true
	})
}

// fewerExtras returns, for object x of the closed schema n with more than
// limit members n does not list, a copy with the listed members and one
// other: the library still finds that additionalProperties fails there,
// without a set and a message of every name (expand lists the members
// from the instance). It returns nil for an object with fewer.
func fewerExtras(n *Node, x map[string]any, limit int) map[string]any {
	extras := 0
	for k := range x {
		if _, listed := n.propIdx[k]; !listed {
			extras++
		}
	}
	if extras <= limit {
		return nil
	}
	out := make(map[string]any, len(n.Props)+1)
	other := false
	for k, e := range x {
		if _, listed := n.propIdx[k]; listed || !other {
			out[k] = e
			other = other || !listed
		}
	}
	return out
}
