package model

import (
	"bytes"
	"encoding/json"
	"time"
)

// Nullable is a member that may be absent, null, or carry a value of type T.
//
// The zero value is absent. Use it with the `omitzero` struct tag option so
// that an absent member stays absent when encoded, while an explicit null is
// written as null.
type Nullable[T any] struct {
	// Value is the member's value; meaningful only when Valid is true.
	Value T
	// Valid reports that the member carried a non-null value.
	Valid bool
	// Present reports that the member was present, as a value or as null.
	Present bool
}

// Some returns a present, non-null Nullable holding v.
func Some[T any](v T) Nullable[T] { return Nullable[T]{Value: v, Valid: true, Present: true} }

// Null returns a present Nullable whose value is null.
func Null[T any]() Nullable[T] { return Nullable[T]{Present: true} }

// IsZero reports whether the member is absent. encoding/json's `omitzero`
// option calls it.
func (n Nullable[T]) IsZero() bool { return !n.Present }

// IsNull reports whether the member is present and null.
func (n Nullable[T]) IsNull() bool { return n.Present && !n.Valid }

// Get returns the value and whether it is non-null.
func (n Nullable[T]) Get() (T, bool) { return n.Value, n.Valid }

// Ptr returns a pointer to a copy of the value, or nil when absent or null.
func (n Nullable[T]) Ptr() *T {
	if !n.Valid {
		return nil
	}
	v := n.Value
	return &v
}

var nullLiteral = []byte("null")

// MarshalJSON writes null or the value. An absent member is written as null
// too; mark the field `omitzero` to leave it out.
func (n Nullable[T]) MarshalJSON() ([]byte, error) {
	if !n.Valid {
		return nullLiteral, nil
	}
	if t, ok := any(n.Value).(time.Time); ok {
		return t.MarshalJSON()
	}
	return json.Marshal(n.Value)
}

// UnmarshalJSON reads null or a value of type T. Date-times are read with
// [ParseDateTime], so every RFC 3339 date-time is accepted.
func (n *Nullable[T]) UnmarshalJSON(b []byte) error {
	n.Present = true
	if bytes.Equal(bytes.TrimSpace(b), nullLiteral) {
		var zero T
		n.Value, n.Valid = zero, false
		return nil
	}
	switch p := any(&n.Value).(type) {
	case *time.Time:
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		t, err := ParseDateTime(s)
		if err != nil {
			return err
		}
		*p = t
	case *string:
		if err := json.Unmarshal(b, p); err != nil {
			return err
		}
	default:
		if err := json.Unmarshal(b, &n.Value); err != nil {
			return err
		}
	}
	n.Valid = true
	return nil
}
