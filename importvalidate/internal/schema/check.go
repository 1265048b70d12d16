package schema

import (
	"github.com/flagadmin/flagadmin/importvalidate/internal/jsvalue"

	"bytes"
	"context"
	"slices"
	"sort"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/flagadmin/flagadmin/internal/jsonwire"
)

// Options configure a Checker. Unlike the public options they are taken as
// they are: the caller has checked them and filled in the defaults.
type Options struct {
	// MaxProblems caps the problems Check lists; more end the list with a
	// KindTooManyProblems entry.
	MaxProblems int
	// MaxDepth is the deepest nesting of objects and arrays accepted.
	MaxDepth int
	// Warnings are the kinds of problems that are warnings, of those the
	// reference server accepts after changing what it read (a byte order
	// mark, invalid UTF-8, a repeated key, a coerced scalar, a number the
	// model cannot hold); every other problem is an error.
	Warnings Kinds
}

// Checker is the slow path of the structural tier: it finds every problem
// of a body and orders the problems as the reference server does. It is
// safe for concurrent use.
type Checker struct {
	opts   Options
	schema *jsonschema.Schema
	// items are the compiled schemas of array items, by items node, for
	// checking long arrays item by item (see pieces.go).
	items map[*Node]*jsonschema.Schema
	// whole makes Check hand the body to the library whole and keep
	// every problem before cutting the list, as tests compare.
	whole bool
	tree  *Tree
}

// New compiles doc, the JSON Schema of the import request body.
func New(doc []byte, opts Options) (*Checker, error) {
	t, err := Parse(doc)
	if err != nil {
		return nil, err
	}
	sch, items, err := compileSchema(doc, t)
	if err != nil {
		return nil, err
	}
	return &Checker{opts: opts, schema: sch, items: items, tree: t}, nil
}

// Check checks raw, the bytes of an import request body. It returns the
// body to decode, raw itself or, when a scalar was coerced, a coerced copy,
// and every structural problem, each with its kind, what it found and a
// location (pointer without the /body prefix, byte offset in raw even when
// the body was coerced, line and column). Scalars are coerced as the
// reference server coerces them (see coerce.go), each one a KindCoerced
// problem located at the value.
//
// The problems come in the reference server's order, so that the first is
// the one it reports: first the problems of the JSON text itself (by
// offset), then the schema problems in the order of a depth-first walk: for
// a value its type, then its other keywords (enum, maximum, minimum,
// maxLength, minLength, pattern, format); for an object its missing
// required properties (schema order), the properties it does not allow
// (body order, index-like keys first as JavaScript enumerates them), then
// its listed properties in schema order; array items by index. A body that
// is not JSON gets only its syntax (or depth) problem.
//
// A body of zero bytes is read as the empty object, as the reference server
// reads it (it then lacks every required property). A body starting with a
// UTF-8 byte order mark is read after it, as the reference server reads it,
// with a KindByteOrderMark problem at offset 0; the returned body then has
// three spaces in its place, so
// that offsets stay those of raw. NUL bytes and other control characters
// are syntax problems, outside strings and unescaped inside them.
//
// The error is ctx's when it ended before the check did; then there are no
// problems.
func (c *Checker) Check(ctx context.Context, raw []byte) (body []byte, problems []Problem, err error) {
	body = raw
	var instance any
	shadowed := false // some member is shadowed by a later one of its name
	if bom := jsonwire.BOMLen(raw); bom > 0 {
		body = append([]byte("   "), raw[bom:]...)
		if len(raw) == bom {
			// Nothing after the mark: the empty body, read as {}.
			problems = c.scanProblems(raw, []jsonwire.Issue{{Kind: jsonwire.KindByteOrderMark, At: -1, Other: -1}}, false)
			body = raw[:0]
		}
	}
	if len(body) == 0 {
		instance = map[string]any{}
	} else {
		issues, fatal := jsonwire.Scan(raw, c.opts.MaxDepth)
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		problems = c.scanProblems(raw, issues, fatal)
		if fatal {
			return raw, c.finish(raw, problems, nil, 0, false), nil
		}
		// A repeated name keeps its last value, as JSON.parse keeps it.
		read := jsvalue.DropShadowed(body, issues)
		shadowed = len(read) != len(body)
		body = read
		for _, is := range issues {
			if is.Kind == jsonwire.KindInvalidUTF8 {
				// Read as the reference server's body reader decodes
				// the bytes: each ill-formed sequence one U+FFFD.
				body = jsonwire.AppendReplacingInvalid(make([]byte, 0, len(body)+16), body)
				break
			}
		}
		var err error
		if instance, err = jsvalue.Parse(body); err != nil {
			// The scanner accepted it, so this does not happen; say so
			// rather than panic.
			p := Problem{Kind: KindDecode, Detail: Detail{Got: err.Error()}, Location: Location{Offset: -1}}
			return body, c.finish(raw, []Problem{p}, nil, 0, false), nil
		}
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
	}
	var cs []coercion
	var coerced []Problem
	instance, cs = coerceInstance(c.tree.Root, instance)
	if len(cs) > 0 {
		// The warnings are located in raw, the coercions applied to body
		// (whose offsets differ where invalid UTF-8 was replaced).
		at := slices.Clone(cs)
		locateCoercions(raw, at)
		sort.SliceStable(at, func(i, j int) bool { return at[i].off < at[j].off })
		coerced = c.coercionProblems(at)
		body = applyCoercions(body, cs)
	}
	var schemaProblems []pendingProblem
	// The schema library checks a copy where it must (see checked.go):
	// numbers as the IEEE doubles the reference checks, unpaired
	// surrogates as one character; the problems quote the original values.
	checked := checkedCopy(c.tree.Root, body, instance)
	pw := piecewise{c: c, ctx: ctx, raw: raw, instance: instance}
	if _, err := pw.check(c.schema, c.tree.Root, checked, nil); err != nil {
		if ctxErr := ctx.Err(); ctxErr != nil {
			return nil, nil, ctxErr
		}
		p := Problem{Kind: KindKeyword, Detail: Detail{Got: err.Error()}, Location: Location{Offset: -1}}
		return body, c.finish(raw, append(problems, p), nil, 0, false), nil
	}
	if len(pw.pend) > 0 {
		var err error
		if schemaProblems, err = c.orderProblems(ctx, raw, pw.pend, shadowed); err != nil {
			return nil, nil, err
		}
	}
	// The coercions come after the problems the reference server reports,
	// so that the first detail stays its own.
	return body, c.finish(raw, problems, schemaProblems, pw.counted, pw.more, coerced...), nil
}

// finish joins the problems of the text, of the schema and the trailing
// ones, cuts the list at MaxProblems, completes the schema problems that
// are kept and fills in lines and columns. counted is the number of further
// schema problems that were counted but not kept, which all come after the
// first MaxProblems; more says that there are others still, not counted
// (see piecewise.more), and makes the last entry "more than N problems".
func (c *Checker) finish(raw []byte, text []Problem, pending []pendingProblem, counted int, more bool, tail ...Problem) []Problem {
	total := len(text) + len(pending) + counted + len(tail)
	if total == 0 {
		return nil
	}
	keep := total
	if keep > c.opts.MaxProblems {
		keep = c.opts.MaxProblems
	}
	out := make([]Problem, 0, keep+1)
	out = append(out, text[:min(len(text), keep)]...)
	for i := 0; len(out) < keep && i < len(pending); i++ {
		out = append(out, pending[i].problem(raw))
	}
	for i := 0; len(out) < keep && i < len(tail); i++ {
		out = append(out, tail[i])
	}
	if keep < total {
		// The entry is a warning when every problem it stands for is.
		warning := counted == 0 && !more && (len(pending) == 0 || len(text)+len(pending) <= keep)
		for i := keep; warning && i < len(text); i++ {
			warning = text[i].Warning
		}
		for i := max(0, keep-len(text)-len(pending)); warning && i < len(tail); i++ {
			warning = tail[i].Warning
		}
		d := Detail{Limit: total - keep}
		if more {
			d = Detail{Limit: keep, Uncounted: true}
		}
		out = append(out, Problem{Kind: KindTooManyProblems, Warning: warning, Detail: d, Location: Location{Offset: -1}})
	}
	locs := make([]*Location, 0, len(out))
	for i := range out {
		if out[i].Location.Offset >= 0 && out[i].Location.Line == 0 {
			locs = append(locs, &out[i].Location)
		}
	}
	Positions(raw, locs...)
	return out
}

// scanProblems turns the scanner's findings into problems, located with
// their pointers; a duplicate key's also holds where the other occurrence
// is.
func (c *Checker) scanProblems(raw []byte, issues []jsonwire.Issue, fatal bool) []Problem {
	if len(issues) == 0 {
		return nil
	}
	if fatal {
		issues = issues[len(issues)-1:]
	}
	sort.SliceStable(issues, func(i, j int) bool { return issues[i].Off < issues[j].Off })
	// Pointers of the places that have one.
	ptrs := map[int]string{}
	for _, is := range issues {
		if is.At >= 0 {
			ptrs[is.At] = ""
		}
	}
	if len(ptrs) > 0 && !fatal {
		left := len(ptrs)
		jsonwire.WalkPointers(raw, func(off int, key bool, ptr []byte) bool {
			if _, ok := ptrs[off]; ok {
				ptrs[off] = string(ptr)
				left--
			}
			return left > 0
		})
	}
	out := make([]Problem, len(issues))
	locs := make([]*Location, 0, 2*len(issues))
	for i, is := range issues {
		// A scanner finding's kind has the value of its problem's kind.
		p := &out[i]
		*p = Problem{Kind: Kind(is.Kind), Location: Location{Offset: int64(is.Off)}}
		p.Warning = c.opts.Warnings.Has(p.Kind)
		if is.At >= 0 {
			p.Location.Pointer = ptrs[is.At]
		}
		locs = append(locs, &p.Location)
		switch is.Kind {
		case jsonwire.KindSyntax:
			p.Detail = syntaxDetail(is)
		case jsonwire.KindMaxDepth:
			p.Detail.Limit = c.opts.MaxDepth
		case jsonwire.KindInvalidUTF8:
			p.Detail.Byte = is.Byte
		case jsonwire.KindDuplicateKey:
			p.Detail.Key = string(jsonwire.AppendUnquoted(nil, []byte(is.What)))
			p.Detail.First = is.First
			p.Detail.Other = Location{Offset: int64(is.Other)}
			locs = append(locs, &p.Detail.Other)
		}
	}
	Positions(raw, locs...)
	return out
}

// syntaxDetail is what a syntax issue of the scanner found.
func syntaxDetail(is jsonwire.Issue) Detail {
	return Detail{Got: is.What, Want: is.Expect}
}

// SyntaxProblem returns the syntax problem of raw, as Check finds and
// locates it, and false; or true when raw is a JSON text
// (an empty raw is too, as Check reads it as {}). Unlike Check it finds
// nothing else, keeps no tree and has no depth limit: its cost is one
// pass over raw with one bit per open container (jsonwire.Syntax), so it
// is fit for bodies no one vouches for yet.
func SyntaxProblem(raw []byte) (Problem, bool) {
	if len(raw) == jsonwire.BOMLen(raw) {
		return Problem{}, true
	}
	is, ok := jsonwire.Syntax(raw)
	if ok {
		return Problem{}, true
	}
	p := Problem{Kind: KindSyntax, Detail: syntaxDetail(is), Location: Location{Offset: int64(is.Off)}}
	p.Location.Line, p.Location.Column = jsonwire.Position(raw, p.Location.Offset)
	return p, false
}

// hasEscapedSurrogate reports whether body may hold an escaped surrogate
// (\uD800 to \uDFFF; a false positive costs only a second decoding).
func hasEscapedSurrogate(body []byte) bool {
	return bytes.Contains(body, []byte(`\ud`)) || bytes.Contains(body, []byte(`\uD`))
}
