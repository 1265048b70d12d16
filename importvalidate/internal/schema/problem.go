package schema

import (
	"cmp"
	"slices"

	"github.com/flagadmin/flagadmin/internal/jsonwire"
	"github.com/flagadmin/flagadmin/model"
)

// Kind is the kind of a structural problem.
type Kind int

// The kinds of problems, one per problem code of importvalidate. Those of
// reading the body are the scanner's findings, with the values of
// jsonwire.Kind.
const (
	KindSyntax       = Kind(jsonwire.KindSyntax)
	KindInvalidUTF8  = Kind(jsonwire.KindInvalidUTF8)
	KindDuplicateKey = Kind(jsonwire.KindDuplicateKey)
	KindMaxDepth     = Kind(jsonwire.KindMaxDepth)
	// KindByteOrderMark: a leading byte order mark, skipped.
	KindByteOrderMark = Kind(jsonwire.KindByteOrderMark)
)

// The kinds of the schema's keywords, declared in the order in which ajv
// checks the keywords of one value: the order of their problems at one
// place (see keywordRank).
const (
	KindType Kind = KindByteOrderMark + 1 + iota
	KindEnum
	KindMaximum
	KindMinimum
	KindMaxLength
	KindMinLength
	KindPattern
	KindFormat
	KindRequired
	KindAdditionalProperty
)

// The kinds of problems that are neither a scanner finding nor a keyword's.
const (
	KindTooManyProblems Kind = KindAdditionalProperty + 1 + iota
	// KindDecode: a structurally valid body the model cannot hold (a
	// number out of range, for instance).
	KindDecode
	// KindCoerced: a scalar taken as another type, as the reference server
	// coerces it.
	KindCoerced
	// KindKeyword: a keyword of the schema that has no kind of its own;
	// Problem.Keyword names it.
	KindKeyword
	// KindNumber: a warning (an error with Options.Strict). A number of a
	// valid body is beyond what its member in the model holds (1e20 for an
	// int64, 1e400 for a float64); the model holds the nearest value it can
	// instead.
	KindNumber
)

// Location is a place in the body: the model's location (JSON pointer,
// byte offset or -1, line and column once known), which the validator's
// diagnostics carry as they are.
type Location = model.Location

// Problem is one structural problem, worded as the reference server words
// it.
type Problem struct {
	Kind Kind
	// Keyword is the schema keyword of a KindKeyword problem.
	Keyword string
	Message string
	// Hint is, for an additional property, the nearest property the
	// schema allows when one is close; "" else.
	Hint     string
	Location Location
	// Warning marks a problem the reference server does not refuse: the
	// body is still checked and decoded as it reads it.
	Warning bool
}

// hasErrors reports whether some problem is not a warning.
func hasErrors(ps []Problem) bool {
	for _, p := range ps {
		if !p.Warning {
			return true
		}
	}
	return false
}

// Positions fills in Line and Column of each location with an offset. Lines
// are separated by '\n'; columns count bytes from 1. It reads src once, up
// to the largest offset, however many locations there are, and builds no
// table of its lines (jsonwire.LineCounter).
func Positions(src []byte, locs ...*Location) {
	located := make([]*Location, 0, len(locs))
	for _, l := range locs {
		if l != nil && l.Offset >= 0 {
			located = append(located, l)
		}
	}
	slices.SortStableFunc(located, func(a, b *Location) int { return cmp.Compare(a.Offset, b.Offset) })
	c := jsonwire.NewLineCounter(src)
	for _, l := range located {
		l.Line, l.Column = c.Position(l.Offset)
	}
}

// Locate sets the Offset of every location whose Pointer names a value of
// data (a JSON text without syntax errors), then its Line and Column.
// Locations whose pointer is not found keep their offset; nil ones are
// passed over. It reads data at most once however many locations there
// are, and only the items wanted of the arrays in starts (nil: none
// known).
func Locate(data []byte, starts jsonwire.ItemStarts, locs []*Location) {
	if len(locs) == 0 {
		return
	}
	pointers := make([]string, 0, len(locs))
	kept := make([]*Location, 0, len(locs))
	for _, l := range locs {
		if l != nil {
			pointers = append(pointers, l.Pointer)
			kept = append(kept, l)
		}
	}
	for i, off := range jsonwire.LocateWith(data, pointers, starts) {
		if off >= 0 {
			kept[i].Offset = off
		}
	}
	Positions(data, locs...)
}
