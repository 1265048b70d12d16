package importvalidate

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/flagadmin/flagadmin/importvalidate/internal/jsonwire"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/flagadmin/flagadmin/model"
)

// The codes of structural problems.
const (
	// CodeSyntax: the body is not a JSON text (only white space, truncated,
	// a stray character or control character, a bad escape, data after the
	// value, a leading byte order mark). The message names the line, column
	// and byte offset. No other problem is reported with it.
	CodeSyntax = "syntax"
	// CodeInvalidUTF8: a string holds a byte sequence that is not UTF-8.
	// The location is the first such byte of the string.
	CodeInvalidUTF8 = "invalid-utf8"
	// CodeDuplicateKey: an object has the same key twice (compared after
	// decoding escapes). Both places are reported, located at the key.
	// encoding/json would silently keep the last value.
	CodeDuplicateKey = "duplicate-key"
	// CodeMaxDepth: objects and arrays nest deeper than
	// StructureOptions.MaxDepth. No other problem is reported with it.
	CodeMaxDepth = "max-depth"
	// CodeRequired: a required property is missing. The pointer names the
	// missing property; the offset is the object's.
	CodeRequired = "required"
	// CodeAdditionalProperty: an object has a property its schema does not
	// list. One problem per such property, in the order JavaScript
	// enumerates keys (index-like keys such as "2" first, then body order).
	CodeAdditionalProperty = "additional-property"
	// CodeType: a value has the wrong JSON type.
	CodeType = "type"
	// CodeEnum: a value is not one of the allowed values.
	CodeEnum = "enum"
	// CodeMaximum: a number is above its maximum.
	CodeMaximum = "maximum"
	// CodeMinimum: a number is below its minimum.
	CodeMinimum = "minimum"
	// CodeMinLength: a string is shorter than its minimum length.
	CodeMinLength = "min-length"
	// CodeMaxLength: a string is longer than its maximum length.
	CodeMaxLength = "max-length"
	// CodePattern: a string does not match its pattern.
	CodePattern = "pattern"
	// CodeFormat: a string does not match its format (date-time).
	CodeFormat = "format"
	// CodeTooManyProblems is the last entry of a list cut at
	// StructureOptions.MaxProblems; its message is "N more problems".
	CodeTooManyProblems = "too-many-problems"
)

// The defaults of StructureOptions.
const (
	// DefaultMaxProblems is the number of problems listed when
	// StructureOptions.MaxProblems is 0.
	DefaultMaxProblems = 1000
	// DefaultMaxDepth is the nesting limit when StructureOptions.MaxDepth
	// is 0.
	DefaultMaxDepth = 1000
	// MaxMaxDepth is the largest accepted StructureOptions.MaxDepth (the
	// nesting encoding/json decodes).
	MaxMaxDepth = 10000
)

// StructureOptions configure a Structure. The zero value is the default.
type StructureOptions struct {
	// MaxProblems caps the problems Check lists; 0 means
	// DefaultMaxProblems. When there are more, the list ends with one extra
	// entry of code CodeTooManyProblems saying how many were left out.
	MaxProblems int
	// MaxDepth is the deepest nesting of objects and arrays accepted; 0
	// means DefaultMaxDepth. At most MaxMaxDepth.
	MaxDepth int
	// CoerceScalars accepts what the reference server coerces before
	// checking (numbers and booleans where a string is expected, null as ""
	// or 0 or false, "true"/"false" as booleans, numeric strings as
	// numbers: see the ajv coerceTypes rules) and makes Check return the
	// coerced body. Off by default: such bodies are reported as type
	// problems.
	CoerceScalars bool
}

// Structure is the structural tier of the validation: it checks the bytes
// of an import request body against the syntax of JSON and the schema of
// ImportTogglesSchema (admin-api.md section 2 and the structural facts of
// validation-rules.md), and words the problems as the reference server
// does. Build one with NewStructure and reuse it; it is safe for concurrent
// use.
type Structure struct {
	opts   StructureOptions
	schema *jsonschema.Schema
	tree   *schemaTree
}

// NewStructure compiles the embedded schema. It fails on negative limits or
// on a MaxDepth above MaxMaxDepth.
func NewStructure(opts StructureOptions) (*Structure, error) {
	switch {
	case opts.MaxProblems < 0:
		return nil, fmt.Errorf("importvalidate: MaxProblems %d is negative", opts.MaxProblems)
	case opts.MaxDepth < 0 || opts.MaxDepth > MaxMaxDepth:
		return nil, fmt.Errorf("importvalidate: MaxDepth %d is not between 0 and %d", opts.MaxDepth, MaxMaxDepth)
	}
	if opts.MaxProblems == 0 {
		opts.MaxProblems = DefaultMaxProblems
	}
	if opts.MaxDepth == 0 {
		opts.MaxDepth = DefaultMaxDepth
	}
	tree, err := parseSchemaTree(importSchema)
	if err != nil {
		return nil, fmt.Errorf("importvalidate: import schema: %w", err)
	}
	sch, err := compileSchema()
	if err != nil {
		return nil, fmt.Errorf("importvalidate: import schema: %w", err)
	}
	return &Structure{opts: opts, schema: sch, tree: tree}, nil
}

// Check checks raw, the bytes of an import request body. It returns the
// body to decode, raw itself or, when CoerceScalars changed a value, a
// coerced copy, and every structural problem, each with SeverityError, a
// Code* code, the reference server's wording and a location (pointer
// without the /body prefix, byte offset in raw even when the body was
// coerced, line and column).
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
// UTF-8 byte order mark is a syntax problem: JSON texts must not carry one
// (RFC 8259 section 8.1), although the reference server skips it. NUL bytes
// and other control characters are syntax problems, outside strings and
// unescaped inside them.
func (s *Structure) Check(raw []byte) (body []byte, problems Problems) {
	// A body the single-pass decoder accepts is valid: its verdict equals
	// jsonschema/v5's (a differential test and fuzz target hold it to
	// that), so the slow walk below runs only for bodies with problems.
	if _, ok := fastDecode(raw, s.opts.MaxDepth); ok {
		return raw, nil
	}
	body = raw
	var instance any
	if len(raw) == 0 {
		instance = map[string]any{}
	} else {
		issues, fatal := jsonwire.Scan(raw, s.opts.MaxDepth)
		problems = s.scanProblems(raw, issues, fatal)
		if fatal {
			return body, s.finish(raw, problems, nil)
		}
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.UseNumber()
		if err := dec.Decode(&instance); err != nil {
			// The scanner accepted it, so this does not happen; say so
			// rather than panic.
			p := Problem{Severity: SeverityError, Code: CodeSyntax, Message: "The body could not be decoded: " + err.Error(), Location: Location{Offset: -1}}
			return body, s.finish(raw, Problems{p}, nil)
		}
	}
	if s.opts.CoerceScalars {
		var cs []coercion
		instance, cs = coerceInstance(s.tree.root, instance)
		if len(cs) > 0 {
			body = applyCoercions(raw, cs)
		}
	}
	var schemaProblems []pendingProblem
	// The schema library reads numbers with math/big, which takes long for
	// a big exponent (1e999999: 40 ms) and panics beyond a million; it
	// checks tamed stand-ins, and the problems quote the original values.
	tamed, _ := tameNumbers(instance)
	if err := s.schema.Validate(tamed); err != nil {
		var ve *jsonschema.ValidationError
		if !errors.As(err, &ve) {
			p := Problem{Severity: SeverityError, Code: CodeType, Message: "The body could not be checked: " + err.Error(), Location: Location{Offset: -1}}
			return body, s.finish(raw, append(problems, p), nil)
		}
		schemaProblems = s.schemaProblems(raw, instance, ve)
	}
	return body, s.finish(raw, problems, schemaProblems)
}

// finish joins the problems of the text and of the schema, cuts the list at
// MaxProblems, words the schema problems that are kept and fills in lines
// and columns.
func (s *Structure) finish(raw []byte, text Problems, pending []pendingProblem) Problems {
	total := len(text) + len(pending)
	if total == 0 {
		return nil
	}
	keep := total
	if keep > s.opts.MaxProblems {
		keep = s.opts.MaxProblems
	}
	out := make(Problems, 0, keep+1)
	out = append(out, text[:min(len(text), keep)]...)
	for i := 0; len(out) < keep && i < len(pending); i++ {
		out = append(out, pending[i].problem(raw))
	}
	if keep < total {
		out = append(out, Problem{Severity: SeverityError, Code: CodeTooManyProblems,
			Message: strconv.Itoa(total-keep) + " more problems", Location: Location{Offset: -1}})
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

// scanProblems words the scanner's findings. Their locations need the
// positions of other places, so lines and columns are computed here.
func (s *Structure) scanProblems(raw []byte, issues []jsonwire.Issue, fatal bool) Problems {
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
	out := make(Problems, len(issues))
	others := make([]Location, len(issues))
	locs := make([]*Location, 0, 2*len(issues))
	for i, is := range issues {
		out[i] = Problem{Severity: SeverityError, Code: scanCode(is.Kind), Location: Location{Offset: int64(is.Off)}}
		if is.At >= 0 {
			out[i].Location.Pointer = ptrs[is.At]
		}
		locs = append(locs, &out[i].Location)
		others[i] = Location{Offset: int64(is.Other)}
		if is.Other >= 0 {
			locs = append(locs, &others[i])
		}
	}
	Positions(raw, locs...)
	for i, is := range issues {
		p := &out[i]
		at := fmt.Sprintf("line %d, column %d (byte %d)", p.Location.Line, p.Location.Column, p.Location.Offset)
		switch is.Kind {
		case jsonwire.KindSyntax:
			p.Message = is.What + " at " + at
			if is.Tail != "" {
				p.Message += ": " + is.Tail
			}
		case jsonwire.KindMaxDepth:
			p.Message = fmt.Sprintf("The body nests objects and arrays deeper than %d levels at %s", s.opts.MaxDepth, at)
		case jsonwire.KindInvalidUTF8:
			p.Message = fmt.Sprintf("Invalid UTF-8 byte 0x%02X in the string at `/body%s`, at %s", is.Byte, p.Location.Pointer, at)
		case jsonwire.KindDuplicateKey:
			key := string(jsonwire.AppendJSString(nil, string(jsonwire.AppendUnquoted(nil, []byte(is.What)))))
			o := others[i]
			if is.First {
				p.Message = fmt.Sprintf("The key %s at %s appears again in the same object at line %d, column %d (byte %d), pointer `/body%s`; a JSON decoder keeps only the last value",
					key, at, o.Line, o.Column, o.Offset, p.Location.Pointer)
			} else {
				p.Message = fmt.Sprintf("The key %s at %s repeats the key at line %d, column %d (byte %d) of the same object, pointer `/body%s`; a JSON decoder keeps only the last value",
					key, at, o.Line, o.Column, o.Offset, p.Location.Pointer)
			}
		}
	}
	return out
}

// scanCode is the problem code of a kind of scanner finding.
func scanCode(k jsonwire.Kind) string {
	switch k {
	case jsonwire.KindInvalidUTF8:
		return CodeInvalidUTF8
	case jsonwire.KindDuplicateKey:
		return CodeDuplicateKey
	case jsonwire.KindMaxDepth:
		return CodeMaxDepth
	}
	return CodeSyntax
}

// pendingProblem is a schema problem before it is worded: the failed
// keyword, the schema node holding it and where in the instance.
type pendingProblem struct {
	code    string
	node    *schemaNode
	toks    []string // decoded tokens of the value (of the object for required and additional-property)
	ptr     string   // JSON pointer of the problem (the member for required and additional-property)
	prop    string   // the missing or additional property
	value   any      // the failing value (for required and additional-property: the object)
	msg     string   // the library's message, for a keyword this file does not know
	off     int64
	sortKey []int64
}

// The rank of each keyword in the reference server's walk of one value
// (ajv's keyword order), then of the value's children.
const (
	rankType = iota
	rankEnum
	rankMaximum
	rankMinimum
	rankMaxLength
	rankMinLength
	rankPattern
	rankFormat
	rankRequired
	rankAdditional // also the children under additionalProperties, by offset
	rankProperty   // listed properties by schema order, array items by index
	rankOther
)

// schemaProblems turns the library's error tree into problems in the
// reference order.
func (s *Structure) schemaProblems(raw []byte, instance any, root *jsonschema.ValidationError) []pendingProblem {
	var pend []pendingProblem
	// Leaves of the error tree, without recursion.
	stack := []*jsonschema.ValidationError{root}
	for len(stack) > 0 {
		e := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if len(e.Causes) > 0 {
			for i := len(e.Causes) - 1; i >= 0; i-- {
				stack = append(stack, e.Causes[i])
			}
			continue
		}
		pend = s.expand(pend, instance, e)
	}
	// Offsets: of each problem, and of the members reached through
	// additionalProperties (they order by offset).
	want := map[string]int64{}
	for i := range pend {
		p := &pend[i]
		switch p.code {
		case CodeRequired:
			want[jsonwire.PointerOf(p.toks)] = -1
		default:
			want[p.ptr] = -1
		}
		s.walkSchema(p.toks, func(prefix string) { want[prefix] = -1 })
	}
	if len(raw) > 0 {
		left := len(want)
		jsonwire.WalkPointers(raw, func(off int, key bool, ptr []byte) bool {
			if key {
				return true
			}
			if o, ok := want[string(ptr)]; ok && o < 0 {
				want[string(ptr)] = int64(off)
				left--
			}
			return left > 0
		})
	} else {
		for k := range want {
			want[k] = 0
		}
	}
	for i := range pend {
		p := &pend[i]
		if p.code == CodeRequired {
			p.off = want[jsonwire.PointerOf(p.toks)]
		} else {
			p.off = want[p.ptr]
		}
		p.sortKey = s.sortKey(p, want)
	}
	sort.SliceStable(pend, func(i, j int) bool { return lessKey(pend[i].sortKey, pend[j].sortKey) })
	return pend
}

// expand turns one leaf error into problems: one per missing or additional
// property, one otherwise.
func (s *Structure) expand(pend []pendingProblem, instance any, e *jsonschema.ValidationError) []pendingProblem {
	toks := instanceTokens(e.InstanceLocation)
	value := lookupValue(instance, toks)
	frag := e.AbsoluteKeywordLocation
	if i := strings.IndexByte(frag, '#'); i >= 0 {
		frag = frag[i+1:]
	}
	frag = unescapeSchemaPointer(frag)
	kw, nodePtr := frag, ""
	if i := strings.LastIndexByte(frag, '/'); i >= 0 {
		kw, nodePtr = frag[i+1:], frag[:i]
	}
	node := s.tree.nodes[nodePtr]
	ptr := jsonwire.PointerOf(toks)
	if node == nil {
		return append(pend, pendingProblem{code: kw, toks: toks, ptr: ptr, value: value, msg: e.Message})
	}
	switch kw {
	case "required":
		obj, _ := value.(map[string]any)
		for _, r := range node.required {
			if _, ok := obj[r]; !ok {
				pend = append(pend, pendingProblem{code: CodeRequired, node: node, toks: toks, ptr: ptr + "/" + jsonwire.EscapeToken(r), prop: r, value: value})
			}
		}
		return pend
	case "additionalProperties":
		obj, _ := value.(map[string]any)
		extra := make([]string, 0, 1)
		for k := range obj {
			if _, ok := node.propIdx[k]; !ok {
				extra = append(extra, k)
			}
		}
		jsonwire.SortStrings(extra)
		for _, k := range extra {
			pend = append(pend, pendingProblem{code: CodeAdditionalProperty, node: node, toks: toks, ptr: ptr + "/" + jsonwire.EscapeToken(k), prop: k, value: value})
		}
		return pend
	}
	code := keywordCode(kw)
	if code == "" {
		return append(pend, pendingProblem{code: kw, node: node, toks: toks, ptr: ptr, value: value, msg: e.Message})
	}
	return append(pend, pendingProblem{code: code, node: node, toks: toks, ptr: ptr, value: value})
}

// keywordCode is the problem code of a JSON Schema keyword, "" for a
// keyword the schema does not use.
func keywordCode(kw string) string {
	switch kw {
	case "type":
		return CodeType
	case "enum":
		return CodeEnum
	case "maximum":
		return CodeMaximum
	case "minimum":
		return CodeMinimum
	case "minLength":
		return CodeMinLength
	case "maxLength":
		return CodeMaxLength
	case "pattern":
		return CodePattern
	case "format":
		return CodeFormat
	}
	return ""
}

// instanceTokens splits the library's instance location (percent-encoded,
// ~-escaped tokens) into decoded tokens.
func instanceTokens(loc string) []string {
	if loc == "" || loc == "/" {
		return nil
	}
	parts := strings.Split(strings.TrimPrefix(loc, "/"), "/")
	for i, p := range parts {
		parts[i] = jsonwire.UnescapeToken(jsonwire.PercentDecode(p))
	}
	return parts
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
func (s *Structure) walkSchema(toks []string, onAddl func(prefix string)) {
	n := s.tree.root.resolve()
	prefix := ""
	for _, t := range toks {
		prefix += "/" + jsonwire.EscapeToken(t)
		if n == nil {
			return
		}
		if i, ok := n.propIdx[t]; ok {
			n = n.propNodes[i].resolve()
		} else if n.items != nil {
			n = n.items.resolve()
		} else if n.addl != nil {
			onAddl(prefix)
			n = n.addl.resolve()
		} else {
			n = nil
		}
	}
}

// sortKey is the position of the problem in the reference walk: a pair
// (rank, sub) per level of the path, then one for the keyword.
func (s *Structure) sortKey(p *pendingProblem, offsets map[string]int64) []int64 {
	key := make([]int64, 0, 2*len(p.toks)+2)
	n := s.tree.root.resolve()
	prefix := ""
	for _, t := range p.toks {
		prefix += "/" + jsonwire.EscapeToken(t)
		switch {
		case n == nil:
			key = append(key, rankOther, 0)
		case n.propIdx != nil && hasKey(n.propIdx, t):
			i := n.propIdx[t]
			key = append(key, rankProperty, int64(i))
			n = n.propNodes[i].resolve()
			continue
		case n.items != nil:
			i, _ := strconv.Atoi(t)
			key = append(key, rankProperty, int64(i))
			n = n.items.resolve()
			continue
		case n.addl != nil:
			key = append(key, rankAdditional, jsonwire.JSKeyOrder(t, offsets[prefix]))
			n = n.addl.resolve()
			continue
		default:
			key = append(key, rankOther, 0)
		}
		n = nil
	}
	switch p.code {
	case CodeType:
		key = append(key, rankType, 0)
	case CodeEnum:
		key = append(key, rankEnum, 0)
	case CodeMaximum:
		key = append(key, rankMaximum, 0)
	case CodeMinimum:
		key = append(key, rankMinimum, 0)
	case CodeMaxLength:
		key = append(key, rankMaxLength, 0)
	case CodeMinLength:
		key = append(key, rankMinLength, 0)
	case CodePattern:
		key = append(key, rankPattern, 0)
	case CodeFormat:
		key = append(key, rankFormat, 0)
	case CodeRequired:
		i := 0
		for j, r := range p.node.required {
			if r == p.prop {
				i = j
			}
		}
		key = append(key, rankRequired, int64(i))
	case CodeAdditionalProperty:
		key = append(key, rankAdditional, jsonwire.JSKeyOrder(p.prop, p.off))
	default:
		key = append(key, rankOther, 0)
	}
	return key
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

// problem words a schema problem as the reference server does.
func (p *pendingProblem) problem(raw []byte) Problem {
	out := Problem{Severity: SeverityError, Code: p.code, Location: Location{Pointer: p.ptr, Offset: p.off}}
	body := "/body" + p.ptr
	switch p.code {
	case CodeRequired:
		out.Message = "The `" + body + "` property is required. It was not present on the data you sent."
		return out
	case CodeAdditionalProperty:
		out.Message = "The `/body" + jsonwire.PointerOf(p.toks) + "` object of the request body does not allow additional properties. Your request included the `" + body + "` property."
		return out
	case CodeEnum:
		var b strings.Builder
		b.WriteString("The `")
		b.WriteString(lastToken(p.ptr))
		b.WriteString("` property must be equal to one of the allowed values: ")
		for i, v := range p.node.enum {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(`"` + v + `"`)
		}
		b.WriteString(`. You provided "`)
		b.WriteString(jsonwire.JSToString(p.value))
		b.WriteString(`", which is not valid. Please use one of the allowed values instead..`)
		out.Message = b.String()
		return out
	}
	var what string
	switch p.code {
	case CodeType:
		t := "object"
		for _, ty := range p.node.types {
			if ty != "null" {
				t = ty
				break
			}
		}
		what = "must be " + t
	case CodeMaximum:
		what = "must be <= " + jsonwire.JSNumberText(p.node.maximum)
	case CodeMinimum:
		what = "must be >= " + jsonwire.JSNumberText(p.node.minimum)
	case CodeMaxLength:
		what = "must NOT have more than " + strconv.Itoa(p.node.maxLength) + " characters"
	case CodeMinLength:
		what = "must NOT have fewer than " + strconv.Itoa(p.node.minLength) + " characters"
	case CodePattern:
		what = `must match pattern "` + p.node.pattern + `"`
	case CodeFormat:
		what = `must match format "` + p.node.format + `"`
	default:
		what = p.msg
	}
	out.Message = "The `" + body + "` property " + what + ". You sent " + string(p.sent(raw)) + "."
	return out
}

// sent is the failing value as JSON.stringify writes it.
func (p *pendingProblem) sent(raw []byte) []byte {
	switch p.value.(type) {
	case map[string]any, []any:
		if len(raw) > 0 && p.off >= 0 && int(p.off) < len(raw) {
			return jsonwire.AppendCompact(nil, raw, int(p.off))
		}
	}
	return jsonwire.AppendJSONValue(nil, p.value)
}

// lastToken is the last token of a JSON pointer, still escaped.
func lastToken(ptr string) string {
	return ptr[strings.LastIndexByte(ptr, '/')+1:]
}

// Details projects the problems onto the `details` of the reference 400
// body: path is "/body" followed by the pointer (for code enum: the last
// token of the pointer, as the reference server writes it; empty for a
// problem that has no place, such as a syntax error), message is the
// problem's message.
func (ps Problems) Details() []model.ErrorDetail {
	out := make([]model.ErrorDetail, len(ps))
	for i, p := range ps {
		d := model.ErrorDetail{Message: p.Message}
		switch p.Code {
		case CodeEnum:
			d.Path = lastToken(p.Location.Pointer)
		case CodeSyntax, CodeMaxDepth, CodeTooManyProblems:
		case CodeRequired, CodeAdditionalProperty, CodeType, CodeMaximum, CodeMinimum,
			CodeMinLength, CodeMaxLength, CodePattern, CodeFormat, CodeInvalidUTF8, CodeDuplicateKey:
			d.Path = "/body" + p.Location.Pointer
		default:
			if p.Location.Pointer != "" {
				d.Path = "/body" + p.Location.Pointer
			}
		}
		out[i] = d
	}
	return out
}

// tameDigits bounds the digits of the numbers the schema library reads:
// its math/big takes time quadratic in a number's digits and linear in its
// exponent (40 ms for 1e999999), and fails beyond an exponent of a million.
const tameDigits = 400

// tameNumber returns a stand-in for a number of more than tameDigits
// characters or with an exponent of more than three digits, written
// without exponent in at most about 2×tameDigits digits: the same value
// when it fits, else a number with the same sign and integer-ness on the
// same side of every bound of up to tameDigits digits (the schema's are 0
// and 1000), so that the type, minimum and maximum keywords judge it
// alike. ok is false for a number that needs no stand-in.
func tameNumber(n json.Number) (json.Number, bool) {
	s := string(n)
	i := strings.IndexAny(s, "eE")
	if len(s) <= tameDigits && (i < 0 || len(strings.TrimLeft(s[i+1:], "+-0")) <= 3) {
		return n, false
	}
	d := jsonwire.ParseDecimal(s)
	if d.Digits == "" {
		return "0", true
	}
	sign := ""
	if d.Neg {
		sign = "-"
	}
	p := int64(len(d.Digits)) + d.Exp // |n| < 10^p
	var out string
	switch {
	case d.Exp >= 0 && p > tameDigits: // a huge integer
		out = "1e" + strconv.Itoa(tameDigits)
	case d.Exp >= 0:
		out = d.Digits + strings.Repeat("0", int(d.Exp))
	case p > tameDigits: // a huge number with a fraction
		out = "1" + strings.Repeat("0", tameDigits) + ".5"
	case p < -tameDigits: // a tiny number
		out = "1e-" + strconv.Itoa(tameDigits)
	default:
		intPart, frac := "0", ""
		if p > 0 {
			intPart, frac = d.Digits[:p], d.Digits[p:]
		} else {
			frac = strings.Repeat("0", int(-p)) + d.Digits
		}
		if len(frac) > tameDigits {
			// Cut, then a last 1: still a fraction, and still between
			// the same two numbers of tameDigits decimals.
			frac = frac[:tameDigits] + "1"
		}
		out = intPart + "." + frac
	}
	return json.Number(sign + out), true
}

// tameNumbers returns v with tameNumber's stand-ins for its numbers, and
// whether it changed any. It copies only the arrays and objects on the way
// to a changed number and returns v itself when nothing changed.
func tameNumbers(v any) (any, bool) {
	switch x := v.(type) {
	case json.Number:
		if t, ok := tameNumber(x); ok {
			return t, true
		}
	case []any:
		var out []any
		for i, e := range x {
			if t, changed := tameNumbers(e); changed {
				if out == nil {
					out = slices.Clone(x)
				}
				out[i] = t
			}
		}
		if out != nil {
			return out, true
		}
	case map[string]any:
		var out map[string]any
		for k, e := range x {
			if t, changed := tameNumbers(e); changed {
				if out == nil {
					out = maps.Clone(x)
				}
				out[k] = t
			}
		}
		if out != nil {
			return out, true
		}
	}
	return v, false
}
