package importvalidate

import (
	"context"
	"fmt"
	"math"
	"sync"

	"github.com/flagadmin/flagadmin/importvalidate/internal/fastpath"
	"github.com/flagadmin/flagadmin/importvalidate/internal/schema"
	"github.com/flagadmin/flagadmin/internal/jsonwire"

	"github.com/flagadmin/flagadmin/model"
)

// The codes of structural problems.
const (
	// CodeSyntax: the body is not a JSON text (only white space, truncated,
	// a stray character or control character, a bad escape, data after the
	// value). The message names the line, column
	// and byte offset. No other problem is reported with it.
	CodeSyntax = "syntax"
	// CodeInvalidUTF8: a string holds a byte sequence that is not UTF-8.
	// The location is the first such byte of the string. The reference
	// server reads each ill-formed sequence as U+FFFD, and so does the
	// validator. A warning; an error with StructureOptions.Strict.
	CodeInvalidUTF8 = "invalid-utf8"
	// CodeDuplicateKey: an object has the same key twice (compared after
	// decoding escapes). Every occurrence is reported, located at the key.
	// The last value is kept, as JSON.parse keeps it (encoding/json would
	// merge repeated objects into one struct instead). A warning; an error
	// with StructureOptions.Strict.
	CodeDuplicateKey = "duplicate-key"
	// CodeMaxDepth: objects and arrays nest deeper than
	// StructureOptions.MaxDepth, when it is set. No other problem is
	// reported with it.
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
	// CodeCoerced: a scalar of the wrong type that the reference server
	// takes as the type the schema asks for (ajv's coerceTypes: the number
	// 5 as the string "5", null as "", "true" as true, "12" as 12), located
	// at the value. A warning; an error with StructureOptions.Strict.
	CodeCoerced = "coerced"
	// CodeByteOrderMark: the body starts with a UTF-8 byte order mark,
	// which the reference server skips; so does the validator. Located at
	// offset 0. A warning; an error with StructureOptions.Strict.
	CodeByteOrderMark = "byte-order-mark"
	// CodeTooManyProblems is the last entry of a list cut at
	// StructureOptions.MaxProblems; its message is "N more problems", or
	// "more than M problems" (M the problems listed) when the items of a
	// long array past those that gave more than the cap were not checked.
	CodeTooManyProblems = "too-many-problems"
	// CodeNumber is a warning (an error in strict mode) about a valid
	// body: a number is beyond what its member in the model holds, as the
	// reference reads it (1e20 for a 64-bit integer, 1e400, which is
	// Infinity, for a 64-bit float). The answer stays the reference's; the
	// model holds the nearest value it can, which the message names.
	CodeNumber = "number"
)

// The defaults of StructureOptions.
const (
	// DefaultMaxProblems is the number of problems listed when
	// StructureOptions.MaxProblems is 0.
	DefaultMaxProblems = 1000
)

// StructureOptions configure a Structure. The zero value is the default.
type StructureOptions struct {
	// MaxProblems caps the problems Check lists; 0 means
	// DefaultMaxProblems. When there are more, the list ends with one extra
	// entry of code CodeTooManyProblems saying how many were left out, or
	// that there are more than the cap.
	MaxProblems int
	// MaxDepth is the deepest nesting of objects and arrays accepted; 0
	// means no limit but the input's size, as the reference server has
	// none but its body limit. Deep nesting inside free-form members
	// (strategy parameters, payloads, extra members) is read without
	// recursion: each level costs a small frame, in proportion to the
	// input.
	MaxDepth int
	// Strict makes an error (SeverityError) of each thing the reference
	// server accepts after changing it: a coerced scalar (CodeCoerced), a
	// leading byte order mark (CodeByteOrderMark), invalid UTF-8
	// (CodeInvalidUTF8), a repeated key (CodeDuplicateKey).
	// Without it each is a warning (SeverityWarning) in the report, and
	// the body is checked and decoded as the reference server reads it.
	// Options.Strict of a Validator sets it too.
	Strict bool
}

// Structure is the structural tier of the validation: it checks the bytes
// of an import request body against the syntax of JSON and the schema of
// ImportTogglesSchema (import.schema.json, the reference server's schema
// of the import body), and words the problems as the reference server
// does. Build one with NewStructure and reuse it; it is safe for concurrent
// use.
type Structure struct {
	opts StructureOptions
	// slow is the slow path, compiled from the embedded schema when a
	// body first needs it (see slowPath): a body the fast path takes
	// never does, so that a process validating valid bodies only never
	// spends the compilation (about 12 ms and 4.6 MB).
	slow struct {
		once    sync.Once
		checker *schema.Checker
		err     error
	}
}

// NewStructure builds the structural tier. It fails on negative limits.
// The embedded schema is compiled when a body first needs the slow path.
func NewStructure(opts StructureOptions) (*Structure, error) {
	switch {
	case opts.MaxProblems < 0:
		return nil, fmt.Errorf("importvalidate: MaxProblems %d is negative", opts.MaxProblems)
	case opts.MaxDepth < 0:
		return nil, fmt.Errorf("importvalidate: MaxDepth %d is negative", opts.MaxDepth)
	}
	if opts.MaxProblems == 0 {
		opts.MaxProblems = DefaultMaxProblems
	}
	if opts.MaxDepth == 0 {
		opts.MaxDepth = math.MaxInt
	}
	return &Structure{opts: opts}, nil
}

// slowPath returns the checker of the slow path, compiling it on the
// first call; every later call returns the same checker, or the same
// error (a defect of the embedded schema, which the tests rule out).
func (s *Structure) slowPath() (*schema.Checker, error) {
	s.slow.once.Do(func() {
		s.slow.checker, s.slow.err = schema.New(importSchema, schema.Options{
			MaxProblems: s.opts.MaxProblems, MaxDepth: s.opts.MaxDepth, Strict: s.opts.Strict,
		})
		if s.slow.err != nil {
			s.slow.err = fmt.Errorf("importvalidate: import schema: %w", s.slow.err)
		}
	})
	return s.slow.checker, s.slow.err
}

// Check checks raw, the bytes of an import request body. It returns the
// body to decode, raw itself or, when a scalar was coerced as the reference
// server coerces it, a coerced copy, and every structural problem, each
// with a severity, a Code* code, the reference server's wording and a
// location (pointer without the /body prefix, byte offset in raw even when
// the body was coerced, line and column). The things the reference server
// accepts after changing them (CodeCoerced, CodeByteOrderMark,
// CodeInvalidUTF8, CodeDuplicateKey) are warnings unless
// StructureOptions.Strict is set; the body is valid when no problem is an
// error (Problems.HasErrors).
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
// reads it (it then lacks every required property). A leading UTF-8 byte
// order mark is skipped, as the reference server skips it
// (CodeByteOrderMark; the returned body has three spaces in its place). NUL
// bytes and other control characters are syntax problems, outside strings
// and unescaped inside them.
//
// Should the embedded schema fail to compile (a defect of the build), a
// body the fast path does not take gets one error of code "schema" that
// says so.
func (s *Structure) Check(raw []byte) (body []byte, problems Problems) {
	body, problems, err := s.CheckContext(context.Background(), raw)
	if err != nil {
		return raw, Problems{{Severity: SeverityError, Category: CategoryStructure, Code: "schema", Message: err.Error()}}
	}
	return body, problems
}

// CheckContext is Check that stops when ctx ends, with ctx's error and no
// problems; a schema that fails to compile is its error too. It looks at ctx every thousand members or items, or problems,
// so a cancelled check ends within a few milliseconds.
func (s *Structure) CheckContext(ctx context.Context, raw []byte) (body []byte, problems Problems, err error) {
	// A body the single-pass decoder accepts is valid: its verdict equals
	// jsonschema/v5's (a differential test and fuzz target hold it to
	// that), so the slow walk runs only for bodies with problems.
	if _, ok := fastpath.DecodeContext(ctx, raw, s.opts.MaxDepth); ok {
		return raw, nil, nil
	}
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	checker, err := s.slowPath()
	if err != nil {
		return nil, nil, err
	}
	body, found, err := checker.Check(ctx, raw)
	if err != nil {
		return nil, nil, err
	}
	return body, problemsOf(found), nil
}

// decode checks body and decodes it into the model, reading it once when
// it is valid as it stands: such a body takes the single-pass fast path;
// any other goes through the slow path, which finds every problem, coerces
// scalars and decodes (with the fast path from the body as read, else with
// encoding/json). Warnings come back with the decoded request. The error
// is ctx's when it ended first.
//
// When the fast path took body, starts holds where the items of the
// arrays of data begin in it, for locating (jsonwire.LocateWith).
func (s *Structure) decode(ctx context.Context, body []byte) (imp *model.ImportRequest, starts jsonwire.ItemStarts, problems Problems, err error) {
	if imp, starts, ok := fastpath.DecodeIndexed(ctx, body, s.opts.MaxDepth); ok {
		return imp, starts, nil, nil
	}
	if err := ctx.Err(); err != nil {
		return nil, nil, nil, err
	}
	checker, err := s.slowPath()
	if err != nil {
		return nil, nil, nil, err
	}
	imp, found, err := checker.DecodeWith(ctx, body, func(read []byte) (*model.ImportRequest, bool) {
		return fastpath.DecodeContext(ctx, read, s.opts.MaxDepth)
	})
	if err != nil {
		return nil, nil, nil, err
	}
	return imp, nil, problemsOf(found), nil
}

// problemsOf words the slow path's problems as Problems: each with the
// code of its kind, an error but for the warnings of kind KindNumber.
func problemsOf(found []schema.Problem) Problems {
	if len(found) == 0 {
		return nil
	}
	out := make(Problems, len(found))
	for i, p := range found {
		sev := SeverityError
		if p.Warning {
			sev = SeverityWarning
		}
		out[i] = Diagnostic{Severity: sev, Category: CategoryStructure, Code: kindCode(p), Message: p.Message,
			Hint: p.Hint, Location: p.Location}
	}
	return out
}

// kindCode is the code of a problem of the slow path: its kind's, or for a
// schema keyword without a kind of its own the keyword.
func kindCode(p schema.Problem) string {
	switch p.Kind {
	case schema.KindSyntax:
		return CodeSyntax
	case schema.KindInvalidUTF8:
		return CodeInvalidUTF8
	case schema.KindDuplicateKey:
		return CodeDuplicateKey
	case schema.KindMaxDepth:
		return CodeMaxDepth
	case schema.KindRequired:
		return CodeRequired
	case schema.KindAdditionalProperty:
		return CodeAdditionalProperty
	case schema.KindType:
		return CodeType
	case schema.KindEnum:
		return CodeEnum
	case schema.KindMaximum:
		return CodeMaximum
	case schema.KindMinimum:
		return CodeMinimum
	case schema.KindMinLength:
		return CodeMinLength
	case schema.KindMaxLength:
		return CodeMaxLength
	case schema.KindPattern:
		return CodePattern
	case schema.KindFormat:
		return CodeFormat
	case schema.KindTooManyProblems:
		return CodeTooManyProblems
	case schema.KindDecode:
		return CodeDecode
	case schema.KindCoerced:
		return CodeCoerced
	case schema.KindByteOrderMark:
		return CodeByteOrderMark
	case schema.KindNumber:
		return CodeNumber
	}
	return p.Keyword
}

// Details projects the errors onto the `details` of the reference 400
// body (warnings are left out: the reference server accepts what they
// report): path is "/body" followed by the pointer (for code enum: the last
// token of the pointer, as the reference server writes it; empty for a
// problem that has no place, such as a syntax error), message is the
// problem's message. The reading problems the reference words otherwise
// (syntax, invalid UTF-8, a duplicate key, nesting too deep) name their
// line, column and byte offset in the message, as the HTTP answer has no
// other place for them.
func (ps Problems) Details() []model.ErrorDetail {
	out := make([]model.ErrorDetail, 0, len(ps))
	for _, p := range ps {
		if p.Severity == SeverityWarning {
			continue
		}
		d := model.ErrorDetail{Message: p.Message}
		switch p.Code {
		case CodeSyntax, CodeMaxDepth, CodeInvalidUTF8, CodeDuplicateKey:
			if l := p.Location; l.Line > 0 {
				d.Message += fmt.Sprintf(" (line %d, column %d, byte %d)", l.Line, l.Column, l.Offset)
			}
		}
		switch p.Code {
		case CodeEnum:
			d.Path = jsonwire.LastToken(p.Location.Pointer)
		case CodeSyntax, CodeMaxDepth, CodeTooManyProblems, CodeByteOrderMark:
		case CodeRequired, CodeAdditionalProperty, CodeType, CodeMaximum, CodeMinimum,
			CodeMinLength, CodeMaxLength, CodePattern, CodeFormat, CodeInvalidUTF8, CodeDuplicateKey:
			d.Path = "/body" + p.Location.Pointer
		default:
			if p.Location.Pointer != "" {
				d.Path = "/body" + p.Location.Pointer
			}
		}
		out = append(out, d)
	}
	return out
}
