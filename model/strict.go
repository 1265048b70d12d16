package model

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/flagadmin/flagadmin/internal/jsonwire"
)

// DecodeError is a decoding failure at a place in a JSON document.
type DecodeError struct {
	// Location is where the failure is: the JSON pointer of the offending
	// member (empty for the document or a syntax error), its byte offset
	// (-1 when unknown) and, when the offset is known, its line and column.
	Location Location
	// Msg says what is wrong.
	Msg string
	// Members, for a member the object does not name, are the members it
	// does name, sorted, so that a caller can suggest the one meant; nil
	// for any other failure.
	Members []string
}

// Error formats the error as "pointer (byte N): message".
func (e *DecodeError) Error() string {
	where := e.Location.Pointer
	if where == "" {
		where = "/"
	}
	if e.Location.Offset >= 0 {
		return fmt.Sprintf("%s (byte %d): %s", where, e.Location.Offset, e.Msg)
	}
	return fmt.Sprintf("%s: %s", where, e.Msg)
}

// decodeError returns a *DecodeError at the pointer and offset of the
// document b, with the offset's line and column when it is known.
func decodeError(b []byte, pointer string, offset int64, msg string) *DecodeError {
	l := Location{Pointer: pointer, Offset: offset}
	if offset >= 0 {
		l.Line, l.Column = jsonwire.Position(b, offset)
	}
	return &DecodeError{Location: l, Msg: msg}
}

// DecodeStrict decodes the JSON document b into v (a pointer to a struct of
// this package) and fails on the first member that v's type does not name,
// on a value of the wrong type, on a key an object has twice (the last
// value would silently win), or on trailing data. Open objects (the types
// that keep unknown members in an [Extra] field) accept any member. The
// error is a *DecodeError naming the JSON pointer of the problem.
//
// The checks read b in place, without decoding it into a generic tree
// first, so that the memory of a decode is about that of v's value.
func DecodeStrict(b []byte, v any) error {
	if !json.Valid(b) {
		return syntaxProblem(b)
	}
	if de := duplicateKey(b); de != nil {
		return de
	}
	w := strictWalker{d: b, fields: map[reflect.Type]structFields{}}
	if _, pr := w.value(0, reflect.TypeOf(v)); pr != nil {
		de := decodeError(b, pr.pointer, jsonwire.LocateMember(b, pr.pointer), pr.msg)
		de.Members = pr.members
		return de
	}
	if err := json.Unmarshal(b, v); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return decodeError(b, dottedToPointer(te.Field), te.Offset,
				fmt.Sprintf("cannot use a JSON %s as %s", te.Value, te.Type))
		}
		return decodeError(b, "", -1, err.Error())
	}
	return nil
}

// syntaxProblem words why b, which json.Valid refused, is no JSON
// document: its syntax error, or the data after its value.
func syntaxProblem(b []byte) error {
	var raw json.RawMessage
	dec := json.NewDecoder(bytes.NewReader(b))
	if err := dec.Decode(&raw); err != nil {
		return syntaxToDecodeError(err, b)
	}
	end := dec.InputOffset()
	if _, err := dec.Token(); err == nil {
		return decodeError(b, "", int64(jsonwire.SkipWS(b, int(end))), "unexpected data after the JSON value")
	} else if err != io.EOF {
		return syntaxToDecodeError(err, b)
	}
	return decodeError(b, "", -1, "not a JSON text")
}

// maxNesting is the nesting encoding/json accepts (json.Valid refuses
// more), so that the scan for duplicate keys never stops at its own limit.
const maxNesting = 10_000

// duplicateKey returns the error of the first key that an object of the
// valid JSON text b has twice, at its second occurrence, or nil.
func duplicateKey(b []byte) *DecodeError {
	issues, _ := jsonwire.Scan(b, maxNesting+1)
	for _, is := range issues {
		if is.Kind != jsonwire.KindDuplicateKey || is.First {
			continue
		}
		var pointer string
		jsonwire.WalkPointers(b, func(off int, key bool, ptr []byte) bool {
			if key && off == is.At {
				pointer = string(ptr)
				return false
			}
			return true
		})
		line, col := jsonwire.Position(b, int64(is.Other))
		key := string(jsonwire.AppendUnquoted(nil, []byte(is.What)))
		return decodeError(b, pointer, int64(is.Off),
			fmt.Sprintf("duplicate member %q: the object has it at line %d, column %d already", key, line, col))
	}
	return nil
}

// syntaxToDecodeError places a syntax error of the document b: at its
// offset, or at the end for a document that ends too early.
func syntaxToDecodeError(err error, b []byte) error {
	n := len(b)
	var se *json.SyntaxError
	if errors.As(err, &se) {
		// The offset counts the bytes read, the offending one included.
		off := se.Offset
		if off > 0 && off <= int64(n) {
			off--
		}
		return decodeError(b, "", off, se.Error())
	}
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return decodeError(b, "", int64(n), "unexpected end of JSON input")
	}
	return decodeError(b, "", -1, err.Error())
}

func dottedToPointer(field string) string {
	if field == "" {
		return ""
	}
	return "/" + strings.ReplaceAll(field, ".", "/")
}

// strictProblem is the first problem strictWalker finds: its pointer, its
// message and, for an unknown member, the members the object names.
type strictProblem struct {
	pointer, msg string
	members      []string
}

var (
	rawMessageType = reflect.TypeFor[json.RawMessage]()
	timeType       = reflect.TypeFor[time.Time]()
	modelPkgPath   = reflect.TypeFor[Extra]().PkgPath()
)

// nullableValueType returns T when t is Nullable[T].
func nullableValueType(t reflect.Type) (reflect.Type, bool) {
	if t.Kind() != reflect.Struct || t.PkgPath() != modelPkgPath || !strings.HasPrefix(t.Name(), "Nullable[") {
		return nil, false
	}
	return t.Field(0).Type, true
}

// kindMismatch says why the non-null generic JSON value v cannot be decoded
// into a value of type t, or returns "" when it can, as far as the JSON type
// (and, for date-times, the text) goes.
func kindMismatch(v any, t reflect.Type) string {
	ok := true
	switch t.Kind() {
	case reflect.Interface:
	case reflect.Bool:
		_, ok = v.(bool)
	case reflect.String:
		_, ok = v.(string)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		ok = fitsInteger(v, t)
	case reflect.Float32, reflect.Float64:
		_, ok = v.(json.Number)
	case reflect.Slice, reflect.Array:
		_, ok = v.([]any)
	case reflect.Map:
		_, ok = v.(map[string]any)
	case reflect.Struct:
		if t == timeType {
			s, isString := v.(string)
			if !isString {
				ok = false
				break
			}
			if _, err := ParseDateTime(s); err != nil {
				return err.Error()
			}
			return ""
		}
		_, ok = v.(map[string]any)
	}
	if ok {
		return ""
	}
	return fmt.Sprintf("cannot use a JSON %s as %s", jsonKind(v), t)
}

// fitsInteger reports whether v is a JSON number that the integer type t
// holds exactly.
func fitsInteger(v any, t reflect.Type) bool {
	n, ok := v.(json.Number)
	if !ok {
		return false
	}
	if t.Kind() >= reflect.Uint && t.Kind() <= reflect.Uint64 {
		u, err := strconv.ParseUint(string(n), 10, 64)
		return err == nil && !reflect.Zero(t).OverflowUint(u)
	}
	i, err := strconv.ParseInt(string(n), 10, 64)
	return err == nil && !reflect.Zero(t).OverflowInt(i)
}

// jsonKind names the JSON type of a generic value the way
// json.UnmarshalTypeError does.
func jsonKind(v any) string {
	switch x := v.(type) {
	case map[string]any:
		return "object"
	case []any:
		return "array"
	case string:
		return "string"
	case bool:
		return "bool"
	case json.Number:
		return "number " + string(x)
	}
	return "null"
}

// jsonFields maps the JSON member names of struct type t to their types.
func jsonFields(t reflect.Type) map[string]reflect.Type {
	m := make(map[string]reflect.Type, t.NumField())
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.Anonymous && f.Tag.Get("json") == "" && f.Type.Kind() == reflect.Pointer && f.Type.Elem().Kind() == reflect.Struct {
			// An embedded struct's members are the outer object's.
			for name, ft := range jsonFields(f.Type.Elem()) {
				if _, ok := m[name]; !ok {
					m[name] = ft
				}
			}
			continue
		}
		if !f.IsExported() {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		m[name] = f.Type
	}
	return m
}

var extraType = reflect.TypeFor[Extra]()

// hasExtra reports whether struct type t is an open object: one that keeps
// the members it does not name in a field of type Extra.
func hasExtra(t reflect.Type) bool {
	for i := 0; i < t.NumField(); i++ {
		if t.Field(i).Type == extraType {
			return true
		}
	}
	return false
}
