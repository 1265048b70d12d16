package schema

import "github.com/flagadmin/flagadmin/importvalidate/internal/jsonwire"

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

// Location is a place in the body: JSON pointer, byte offset (-1 when
// unknown), and the 1-based line and column of the offset (0 until known).
type Location struct {
	Pointer string
	Offset  int64
	Line    int
	Column  int
}

// Problem is one structural problem, worded as the reference server words
// it.
type Problem struct {
	Kind Kind
	// Keyword is the schema keyword of a KindKeyword problem.
	Keyword  string
	Message  string
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

// positions fills in Line and Column of each location with an offset.
func positions(src []byte, locs ...*Location) {
	if len(locs) == 0 {
		return
	}
	lines := jsonwire.NewLines(src)
	for _, l := range locs {
		if l != nil && l.Offset >= 0 {
			l.Line, l.Column = lines.Position(l.Offset)
		}
	}
}

// locate sets the Offset of every location whose Pointer names a value of
// data (a JSON text without syntax errors), then Line and Column.
func locate(data []byte, locs []*Location) {
	pointers := make([]string, len(locs))
	for i, l := range locs {
		pointers[i] = l.Pointer
	}
	for i, off := range jsonwire.Locate(data, pointers) {
		if off >= 0 {
			locs[i].Offset = off
		}
	}
	positions(data, locs...)
}
