package importvalidate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/flagadmin/flagadmin/importvalidate/internal/schema"
	"github.com/flagadmin/flagadmin/internal/jsonwire"
	"github.com/flagadmin/flagadmin/model/profile"
)

// A file exported from a newer Unleash than the target, such as an 8.2
// export with "links" imported into 6.10, holds members (and constraint
// operators) that the target's schema refuses: every object of every
// version's schema is closed, so the import refuses the file (400) rather
// than drop them. The structural problem says what the target's server
// says; CodeImportMemberOfNewerVersion adds, at the same place, which
// version knows the member and what to do.

// newerLine is a line of releases newer than the profile's, with its
// parsed request schema.
type newerLine struct {
	since string // the first release of the line, such as "7.0.0"
	tree  *schema.Tree
}

// newerLines returns the lines newer than p, oldest first, each with its
// schema; none for a profile that is not one of profile.All().
func newerLines(p profile.Profile) ([]newerLine, error) {
	all := profile.All()
	var out []newerLine
	found := false
	for _, q := range all {
		if !found {
			found = q.Name == p.Name && q.Schema.Name == p.Schema.Name
			continue
		}
		doc, _, err := requestSchema(q)
		if err != nil {
			return nil, err
		}
		tree, err := schema.Parse(doc)
		if err != nil {
			return nil, fmt.Errorf("importvalidate: request schema of Unleash %s: %w", q.Name, err)
		}
		since, _, _ := strings.Cut(strings.TrimPrefix(q.Range, ">="), " ")
		out = append(out, newerLine{since: since, tree: tree})
	}
	return out, nil
}

// newerMembers returns one CodeImportMemberOfNewerVersion issue per
// structural error of problems that a newer line's schema does not make:
// a member that the profile's schema does not allow and a newer one
// lists, an operator outside the profile's enumeration and inside a newer
// one's. It returns an empty list for the default version's schema,
// which no line is newer than.
func (s *structure) newerMembers(problems Problems) ([]Issue, error) {
	out := []Issue{}
	if s.fast || !problems.HasErrors() {
		return out, nil
	}
	s.newer.once.Do(func() { s.newer.lines, s.newer.err = newerLines(s.profile) })
	if s.newer.err != nil {
		return nil, s.newer.err
	}
	for _, p := range problems {
		if p.Severity != SeverityError || p.problem == nil {
			continue
		}
		ptr := p.Location.Pointer
		parent, last := ptr[:max(strings.LastIndexByte(ptr, '/'), 0)], jsonwire.UnescapeToken(jsonwire.LastToken(ptr))
		var what, value string
		var known func(n *schema.Node) bool
		switch p.Code {
		case CodeAdditionalProperty:
			what, value = "the member `"+last+"`", last
			known = func(n *schema.Node) bool {
				o := nodeAt(n, parent)
				return o != nil && o.Prop(last) != nil
			}
		case CodeEnum:
			got := p.problem.detail.Got
			what, value = "the value `"+got+"` of `"+last+"`", got
			known = func(n *schema.Node) bool {
				e := nodeAt(n, ptr)
				return e != nil && slices.Contains(e.Enum, got)
			}
		default:
			continue
		}
		for _, l := range s.newer.lines {
			if !known(l.tree.Root) {
				continue
			}
			msg := fmt.Sprintf("Unleash %s does not know %s, which Unleash %s and later know: its import refuses the file "+
				"(one exported from a newer version?). Remove it from the file, or upgrade the instance to %s or later.",
				s.profile.Name, what, l.since, l.since)
			out = append(out, Issue{Severity: SeverityError, Category: CategoryImport, Code: CodeImportMemberOfNewerVersion,
				Message: msg, Items: []Item{{Value: value, Locations: []Location{p.Location}}}})
			break
		}
	}
	return out, nil
}

// nodeAt is the schema, under root, of the value at the JSON pointer ptr
// of a body, nil where the schema has none.
func nodeAt(root *schema.Node, ptr string) *schema.Node {
	n := root.Resolve()
	if ptr == "" {
		return n
	}
	for _, tok := range strings.Split(ptr[1:], "/") {
		var next *schema.Node
		if n.Items != nil && isIndex(tok) {
			next = n.Items
		} else {
			next = n.Child(jsonwire.UnescapeToken(tok))
		}
		if next == nil {
			return nil
		}
		n = next.Resolve()
	}
	return n
}

// isIndex reports whether tok is an array index of a pointer.
func isIndex(tok string) bool {
	if tok == "" || (len(tok) > 1 && tok[0] == '0') {
		return false
	}
	for i := 0; i < len(tok); i++ {
		if tok[i] < '0' || tok[i] > '9' {
			return false
		}
	}
	return true
}
