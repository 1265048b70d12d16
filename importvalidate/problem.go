package importvalidate

import (
	"fmt"
	"sort"
	"strings"
)

// Severity says how much a problem matters.
type Severity int

// The severities, from the most to the least severe.
const (
	// SeverityError blocks the import.
	SeverityError Severity = iota + 1
	// SeverityWarning is something the user should know.
	SeverityWarning
	// SeverityPermission is a permission the caller lacks.
	SeverityPermission
)

// String returns "error", "warning" or "permission".
func (s Severity) String() string {
	switch s {
	case SeverityError:
		return "error"
	case SeverityWarning:
		return "warning"
	case SeverityPermission:
		return "permission"
	}
	return fmt.Sprintf("Severity(%d)", int(s))
}

// MarshalText writes the severity's name.
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// Location is a place in the input document. The byte offset is the truth;
// Line and Column are derived from it (see Positions) and are zero until
// then.
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
// pointer.
func (l Location) String() string {
	if l.Line > 0 {
		return fmt.Sprintf("%d:%d", l.Line, l.Column)
	}
	if l.Pointer == "" {
		return "/"
	}
	return l.Pointer
}

// Problem is one structural problem of a request body: a value with a
// severity, a stable code, a message in the reference server's wording and
// a location.
type Problem struct {
	// Severity is SeverityError for structural problems, but for the
	// warnings of code CodeNumber outside strict mode.
	Severity Severity `json:"severity"`
	// Code is a stable identifier of the kind of problem, one of the Code*
	// constants.
	Code string `json:"code"`
	// Message is the human-readable text, in the reference server's wording
	// where it has one.
	Message string `json:"message"`
	// Location is where the problem is.
	Location Location `json:"location"`
}

// Error formats the problem as "line:col: code: message".
func (p Problem) Error() string {
	return fmt.Sprintf("%s: %s: %s", p.Location, p.Code, p.Message)
}

// Problems is a list of problems. It sorts by offset, de-duplicates and
// implements error.
type Problems []Problem

// HasErrors reports whether any problem has SeverityError.
func (ps Problems) HasErrors() bool {
	for _, p := range ps {
		if p.Severity == SeverityError {
			return true
		}
	}
	return false
}

// Error joins the problems, one per line.
func (ps Problems) Error() string {
	switch len(ps) {
	case 0:
		return "no problems"
	case 1:
		return ps[0].Error()
	}
	var b strings.Builder
	for i, p := range ps {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(p.Error())
	}
	return b.String()
}

// Err returns ps as an error, or nil when it is empty.
func (ps Problems) Err() error {
	if len(ps) == 0 {
		return nil
	}
	return ps
}

// Sort orders the problems by byte offset (unknown offsets last), then by
// pointer, code and message. The order is stable.
func (ps Problems) Sort() {
	sort.SliceStable(ps, func(i, j int) bool { return ps[i].less(ps[j]) })
}

func (p Problem) less(q Problem) bool {
	po, qo := p.Location.Offset, q.Location.Offset
	if (po < 0) != (qo < 0) {
		return qo < 0
	}
	if po != qo {
		return po < qo
	}
	if p.Location.Pointer != q.Location.Pointer {
		return p.Location.Pointer < q.Location.Pointer
	}
	if p.Code != q.Code {
		return p.Code < q.Code
	}
	return p.Message < q.Message
}

// Dedup removes problems equal to an earlier one (same severity, code,
// message and location), keeping the first, and returns the shortened list.
func (ps Problems) Dedup() Problems {
	seen := make(map[Problem]struct{}, len(ps))
	out := ps[:0]
	for _, p := range ps {
		if _, ok := seen[p]; ok {
			continue
		}
		seen[p] = struct{}{}
		out = append(out, p)
	}
	return out
}
