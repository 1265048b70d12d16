package importmodel

import "strconv"

// Finding is one thing of a kind that the import refuses, drops or
// changes: the import's own message and the values it names, each at its
// places in the file. importvalidate turns it into an Issue, where the
// places become JSON pointers.
type Finding struct {
	Kind    Kind
	Message string
	Items   []Item
	// Warning marks a finding of a refusal that the import may take after
	// all (a body over the limit only with its white space): a warning,
	// where the kind's findings are errors.
	Warning bool
	// Names are what a finding without items names in its message (the
	// permissions the import asks for), which a finding of another code
	// may restate.
	Names []string
}

// Item is a value a finding names, at its places in the file.
type Item struct {
	Value  string
	Places []Place
}

// Place names a value of the file by its indices, without building its
// JSON pointer, which only a finding needs: the item I of data's list
// Member, or the item J of that item's list List, and a member of that
// (Field, which may name members below it, such as "payload/value").
// With Member "", Field is a member of the body itself ("project"), or
// "" for the body.
type Place struct {
	Member string
	I      int
	List   string
	J      int
	Field  string
}

// With is p's member field.
func (p Place) With(field string) Place {
	p.Field = field
	return p
}

// place is the place of item i of data's list member, at field ("" for
// the item itself).
func place(member string, i int, field string) Place {
	return Place{Member: member, I: i, Field: field}
}

// placeIn is the place of item j of the list of item i of data's list
// member, at field ("" for the item itself).
func placeIn(member string, i int, list string, j int, field string) Place {
	return Place{Member: member, I: i, List: list, J: j, Field: field}
}

// single is a finding of one item at one place.
func single(message, value string, at Place) Finding {
	return Finding{Message: message, Items: []Item{{Value: value, Places: []Place{at}}}}
}

// one returns a single finding with items, or nothing when items is
// empty.
func one(message string, items []Item) []Finding {
	if len(items) == 0 {
		return nil
	}
	return []Finding{{Message: message, Items: items}}
}

// itoa is strconv.Itoa.
func itoa(i int) string { return strconv.Itoa(i) }
