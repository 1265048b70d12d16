package model

import (
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strconv"

	"github.com/flagadmin/flagadmin/internal/jsonwire"
)

// strictWalker reads a valid JSON text beside a Go type, in document
// order, and finds the first problem of DecodeStrict: a member the type
// does not name, or a value whose JSON type the Go type cannot take (see
// kindMismatch). It reads the text in place: nothing is decoded but keys,
// numbers and the strings of date-times, so that the check takes no
// memory in proportion to the text.
type strictWalker struct {
	d []byte
	// ptr is the JSON pointer of the value being read.
	ptr []byte
	// key holds the decoded key being read.
	key []byte
	// fields caches the members of each struct type met.
	fields map[reflect.Type]structFields
}

// structFields are the JSON members of a struct type and whether it is an
// open object.
type structFields struct {
	types map[string]reflect.Type
	open  bool
}

// value checks the value at i (after white space) against t and returns
// the offset after it, or the first problem.
func (w *strictWalker) value(i int, t reflect.Type) (int, *strictProblem) {
	d := w.d
	i = jsonwire.SkipWS(d, i)
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if d[i] == 'n' || t == rawMessageType {
		// null leaves any Go value alone; raw JSON takes anything.
		return jsonwire.SkipValue(d, i), nil
	}
	if inner, ok := nullableValueType(t); ok {
		return w.value(i, inner)
	}
	end := jsonwire.SkipValue(d, i)
	if msg := kindMismatch(w.scalar(i, end, t, false), t); msg != "" {
		if d[i] != '-' && (d[i] < '0' || d[i] > '9') || isNumber(t) {
			return end, w.problem(msg, nil)
		}
		// A number met a type that takes none: word it with its text.
		return end, w.problem(kindMismatch(w.scalar(i, end, t, true), t), nil)
	}
	switch {
	case d[i] == '{' && t.Kind() == reflect.Struct:
		return w.object(i, t, w.structFields(t))
	case d[i] == '{' && t.Kind() == reflect.Map:
		return w.object(i, t.Elem(), structFields{})
	case d[i] == '[' && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array):
		return w.array(i, t.Elem())
	}
	return end, nil
}

// scalar is the value at i (ending at end) as kindMismatch reads it: a
// typed placeholder for an object or an array, the number (its text only
// for a numeric type, or when text is true), the boolean, or the string
// (decoded only for a date-time, the one type whose check reads it).
func (w *strictWalker) scalar(i, end int, t reflect.Type, text bool) any {
	switch w.d[i] {
	case '{':
		return map[string]any(nil)
	case '[':
		return []any(nil)
	case '"':
		if t == timeType {
			var s string
			if err := json.Unmarshal(w.d[i:end], &s); err == nil {
				return s
			}
		}
		return ""
	case 't':
		return true
	case 'f':
		return false
	}
	if text || isNumber(t) {
		return json.Number(w.d[i:end])
	}
	return json.Number("")
}

// isNumber reports whether t is an integer or floating-point type.
func isNumber(t reflect.Type) bool {
	k := t.Kind()
	return k >= reflect.Int && k <= reflect.Uint64 || k == reflect.Float32 || k == reflect.Float64
}

// object checks the members of the object at i: against the struct's
// members when sf names them (elem is then unused), else each value
// against elem (a map's element type).
func (w *strictWalker) object(i int, elem reflect.Type, sf structFields) (int, *strictProblem) {
	d := w.d
	base := len(w.ptr)
	defer func() { w.ptr = w.ptr[:base] }()
	i = jsonwire.SkipWS(d, i+1)
	for d[i] != '}' {
		end := jsonwire.SkipValue(d, i)
		w.key = jsonwire.AppendUnquoted(w.key[:0], d[i+1:end-1])
		w.ptr = jsonwire.AppendPointerToken(append(w.ptr[:base], '/'), w.key)
		t := elem
		if sf.types != nil {
			ft, ok := sf.types[string(w.key)]
			if !ok && !sf.open {
				return end, w.problem(fmt.Sprintf("unknown member %q", w.key), slices.Sorted(maps.Keys(sf.types)))
			}
			t = ft
		}
		i = jsonwire.SkipWS(d, end) + 1 // past ':'
		var pr *strictProblem
		if t == nil {
			// A member of an open object that its type does not name.
			i = jsonwire.SkipValue(d, jsonwire.SkipWS(d, i))
		} else if i, pr = w.value(i, t); pr != nil {
			return i, pr
		}
		if i = jsonwire.SkipWS(d, i); d[i] == ',' {
			i = jsonwire.SkipWS(d, i+1)
		}
	}
	return i + 1, nil
}

// array checks each element of the array at i against elem.
func (w *strictWalker) array(i int, elem reflect.Type) (int, *strictProblem) {
	d := w.d
	base := len(w.ptr)
	defer func() { w.ptr = w.ptr[:base] }()
	i = jsonwire.SkipWS(d, i+1)
	for n := 0; d[i] != ']'; n++ {
		w.ptr = strconv.AppendInt(append(w.ptr[:base], '/'), int64(n), 10)
		var pr *strictProblem
		if i, pr = w.value(i, elem); pr != nil {
			return i, pr
		}
		if i = jsonwire.SkipWS(d, i); d[i] == ',' {
			i = jsonwire.SkipWS(d, i+1)
		}
	}
	return i + 1, nil
}

// problem is a problem at the pointer being read.
func (w *strictWalker) problem(msg string, members []string) *strictProblem {
	return &strictProblem{pointer: string(w.ptr), msg: msg, members: members}
}

// structFields returns the members of struct type t, from the cache.
func (w *strictWalker) structFields(t reflect.Type) structFields {
	sf, ok := w.fields[t]
	if !ok {
		sf = structFields{types: jsonFields(t), open: hasExtra(t)}
		w.fields[t] = sf
	}
	return sf
}
