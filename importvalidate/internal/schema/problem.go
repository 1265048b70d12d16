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
	// KindKeyword: a keyword of the schema that has no kind of its own
	// failed, or the schema could not be used.
	KindKeyword
	// KindNumber: a number of a valid body is beyond what its member in
	// the model holds (1e20 for an int64, 1e400 for a float64); the model
	// holds the nearest value it can instead.
	KindNumber
)

// Location is a place in the body: the model's location (JSON pointer,
// byte offset or -1, line and column once known), which the validator's
// diagnostics carry as they are.
type Location = model.Location

// Kinds is a set of kinds.
type Kinds uint64

// Has reports whether k is in the set.
func (ks Kinds) Has(k Kind) bool { return k >= 0 && k < 64 && ks&(1<<k) != 0 }

// With returns the set with k added.
func (ks Kinds) With(k Kind) Kinds { return ks | 1<<k }

// Problem is one structural problem: its kind, its place and what was
// found, as data. It holds no words: importvalidate words it, as the
// reference server does for its answer or for a file.
type Problem struct {
	Kind     Kind
	Location Location
	// Warning marks a problem the reference server does not refuse: the
	// body is still checked and decoded as it reads it.
	Warning bool
	// Hint is, for an additional property, the nearest property the
	// schema allows when one is close; "" else.
	Hint   string
	Detail Detail
}

// Detail is what a problem found, by kind; a kind leaves the fields it
// does not name zero. The pointers a problem's words name are those of
// its location.
type Detail struct {
	// Want is what was asked for: the type (KindType), the pattern
	// (KindPattern), the format (KindFormat), the bound (KindMaximum,
	// KindMinimum) as JavaScript writes the number, the type of the member
	// (KindNumber: "integer" or "number"), what the scanner expected there
	// (KindSyntax; "" when it says nothing), the library's message
	// (KindKeyword).
	Want string
	// Got is what was found: the value as JSON.stringify writes it (the
	// kinds of keywords), as String() writes it (KindEnum), as JavaScript
	// writes the scalar (KindCoerced: 5, "5", true, null); the number as
	// sent (KindNumber); what the scanner met (KindSyntax, such as
	// "Unexpected character '}'"); the decoder's error (KindDecode).
	Got string
	// Held is the value taken instead: the coerced scalar as JavaScript
	// writes it (KindCoerced), the model's number (KindNumber).
	Held string
	// Limit is the bound of KindMinLength and KindMaxLength, the nesting
	// limit (KindMaxDepth), the number of problems left out
	// (KindTooManyProblems).
	Limit int
	// Uncounted says, for KindTooManyProblems, that there are more
	// problems than Limit, not all counted: Limit is then the number of
	// problems listed.
	Uncounted bool
	// Allowed are the allowed values (KindEnum).
	Allowed []string
	// Key is the repeated key, decoded (KindDuplicateKey); Other is where
	// its other occurrence is, and First says that this one comes first.
	Key   string
	Other Location
	First bool
	// Byte is the byte that is not UTF-8 (KindInvalidUTF8).
	Byte byte
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
