// Package statefile loads a state snapshot file (the format of
// model.Snapshot) for the example commands and validatetest, and reports a
// bad file the way an import file's problems are reported: as
// FILE:LINE:COL: message.
package statefile

import (
	"errors"
	"fmt"
	"os"
	"reflect"
	"strconv"
	"strings"

	"github.com/flagadmin/flagadmin/internal/suggest"
	"github.com/flagadmin/flagadmin/model"
)

// Load decodes the snapshot in the file at path, or returns the embedded
// default state when path is "".
func Load(path string) (*model.Snapshot, error) {
	if path == "" {
		return model.DefaultSnapshot()
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("state file: %w", err)
	}
	return Decode(path, b)
}

// Decode decodes the snapshot b read from the file name. A problem of the
// document is an error of the form "name:line:col: pointer: message", or
// "name: message" when it has no place.
func Decode(name string, b []byte) (*model.Snapshot, error) {
	s, err := model.DecodeSnapshot(b)
	if err == nil {
		return s, nil
	}
	var de *model.DecodeError
	if !errors.As(err, &de) {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	where, l := name, de.Location
	if l.Line > 0 {
		where = fmt.Sprintf("%s:%d:%d", name, l.Line, l.Column)
	}
	if l.Pointer != "" {
		return nil, fmt.Errorf("%s: %s: %s%s", where, l.Pointer, de.Msg, memberHint(l.Pointer, de.Msg))
	}
	return nil, fmt.Errorf("%s: %s", where, de.Msg)
}

// memberHint is, for an unknown member of a snapshot close to a member the
// format has, "; did you mean \"name\"?", else "".
func memberHint(pointer, msg string) string {
	quoted, ok := strings.CutPrefix(msg, "unknown member ")
	if !ok {
		return ""
	}
	name, err := strconv.Unquote(quoted)
	if err != nil {
		return ""
	}
	t := reflect.TypeFor[model.Snapshot]()
	toks := strings.Split(pointer, "/")[1:]
	for _, tok := range toks[:len(toks)-1] {
		for t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		switch t.Kind() {
		case reflect.Slice:
			t = t.Elem() // tok is an index
		case reflect.Struct:
			f, found := fieldByJSON(t, tok)
			if !found {
				return ""
			}
			t = f.Type
		default:
			return ""
		}
	}
	for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return ""
	}
	var names []string
	for i := range t.NumField() {
		if n := jsonName(t.Field(i)); n != "" {
			names = append(names, n)
		}
	}
	if near := suggest.Nearest(name, names); near != "" {
		return fmt.Sprintf("; did you mean %q?", near)
	}
	return ""
}

// fieldByJSON returns the field of the struct type t whose JSON name is
// name.
func fieldByJSON(t reflect.Type, name string) (reflect.StructField, bool) {
	for i := range t.NumField() {
		if f := t.Field(i); jsonName(f) == name {
			return f, true
		}
	}
	return reflect.StructField{}, false
}

// jsonName is the member name encoding/json gives the field, "" for none.
func jsonName(f reflect.StructField) string {
	if !f.IsExported() {
		return ""
	}
	tag := f.Tag.Get("json")
	if tag == "-" {
		return ""
	}
	if n, _, _ := strings.Cut(tag, ","); n != "" {
		return n
	}
	return f.Name
}
