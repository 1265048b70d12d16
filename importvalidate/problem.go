package importvalidate

import (
	"fmt"
	"strings"

	"github.com/flagadmin/flagadmin/model"
)

// Severity says how much a finding matters.
type Severity int

// The severities, from the most to the least severe.
const (
	// SeverityError blocks the import.
	SeverityError Severity = iota + 1
	// SeverityWarning is something the user should know.
	SeverityWarning
)

// String returns "error" or "warning".
func (s Severity) String() string { return enumName("Severity", int(s), "error", "warning") }

// MarshalText writes the severity's name.
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads a name that MarshalText writes.
func (s *Severity) UnmarshalText(b []byte) error {
	v, err := enumValue("Severity", string(b), "error", "warning")
	*s = Severity(v)
	return err
}

// Category says what a finding is about: the body's structure, the data
// (a rule), or the caller (a permission the caller lacks). It is apart from
// the severity: a missing permission blocks this caller's import, not the
// data's.
type Category int

// The categories, in the order a report lists them.
const (
	// CategoryStructure is a problem of the body's structure: its syntax
	// or its shape against the import schema. When one is an error, the
	// rules did not run.
	CategoryStructure Category = iota + 1
	// CategoryRule is a finding of a rule about the data.
	CategoryRule
	// CategoryPermission is a permission the caller lacks for the import.
	// The reference response lists these apart, under "permissions".
	CategoryPermission
	// CategoryImport is a finding about what Unleash's import (POST
	// /api/admin/features-batch/import) does with the file beyond what
	// its validation says: an error is a reason for which the import
	// refuses the file, a warning something it drops or changes without a
	// word. Never in the reference response.
	CategoryImport
)

// categoryNames are the names of the categories, in their order.
func categoryNames() []string { return []string{"structure", "rule", "permission", "import"} }

// String returns "structure", "rule", "permission" or "import".
func (c Category) String() string { return enumName("Category", int(c), categoryNames()...) }

// known reports whether c is one of the categories.
func (c Category) known() bool { return c >= 1 && int(c) <= len(categoryNames()) }

// enumName is the name of the value v of an enumeration that counts from
// 1 with the given names, or "Type(v)" for a value out of range.
func enumName(typ string, v int, names ...string) string {
	if v >= 1 && v <= len(names) {
		return names[v-1]
	}
	return fmt.Sprintf("%s(%d)", typ, v)
}

// enumValue is the value of the name s in an enumeration that counts
// from 1 with the given names; an unknown name is an error naming typ.
func enumValue(typ, s string, names ...string) (int, error) {
	for i, n := range names {
		if n == s {
			return i + 1, nil
		}
	}
	return 0, fmt.Errorf("importvalidate: %s %q: one of %s", typ, s, strings.Join(names, ", "))
}

// rank is the category's place in a report: the findings about the data,
// of a rule or of the import, come together, by severity, between the
// structure's and the caller's.
func (c Category) rank() int {
	if c == CategoryImport {
		return int(CategoryRule)
	}
	return int(c)
}

// MarshalText writes the category's name.
func (c Category) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText reads a name that MarshalText writes.
func (c *Category) UnmarshalText(b []byte) error {
	v, err := enumValue("Category", string(b), categoryNames()...)
	*c = Category(v)
	return err
}

// Location is a place in the input document (see model.Location): the
// same type that model.DecodeError carries.
type Location = model.Location

// Problems is the list of a body's structural problems, each a Diagnostic
// of CategoryStructure in file order. It implements error.
type Problems []Diagnostic

// HasErrors reports whether any problem has SeverityError.
func (ps Problems) HasErrors() bool {
	for _, p := range ps {
		if p.Severity == SeverityError {
			return true
		}
	}
	return false
}

// Error names the first problem and how many follow it:
// "line:col: code: message (and N more)".
func (ps Problems) Error() string {
	switch len(ps) {
	case 0:
		return "no problems"
	case 1:
		return ps[0].String()
	}
	return fmt.Sprintf("%s (and %d more)", ps[0], len(ps)-1)
}
