package model

import "fmt"

// Location is a place in a JSON document. The byte offset is the truth;
// Line and Column are derived from it and are zero until computed.
type Location struct {
	// Pointer is the JSON pointer (RFC 6901) of the value, such as
	// "/data/features/3/name". For a missing member it names the member.
	Pointer string `json:"pointer"`
	// Offset is the byte offset of the value's first byte in the input (for
	// a missing member: of the object that lacks it), or -1 when unknown.
	Offset int64 `json:"offset"`
	// Line is the 1-based line of Offset; 0 when not computed.
	Line int `json:"line,omitempty"`
	// Column is the 1-based column of Offset, counted in bytes; 0 when not
	// computed.
	Column int `json:"column,omitempty"`
}

// String formats the location as "line:col" when known, else as the
// pointer ("/" for the document itself).
func (l Location) String() string {
	if l.Line > 0 {
		return fmt.Sprintf("%d:%d", l.Line, l.Column)
	}
	if l.Pointer == "" {
		return "/"
	}
	return l.Pointer
}
