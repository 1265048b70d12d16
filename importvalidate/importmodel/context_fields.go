package importmodel

import (
	"slices"
	"strconv"
	"strings"

	"github.com/flagadmin/flagadmin/model"
)

// The import creates the context fields of the file whose name does not
// exist, all at once (importContextFields): each is checked for a unique
// name, then with joi's contextSchema, then inserted. An existing field is
// left as it is.

// eachNewContextField calls f with each contextFields[] entry whose
// name does not exist.
func (in *Input) eachNewContextField(f func(i int, cf *model.ContextField)) {
	d := &in.Import.Data
	for i := range d.ContextFields {
		if _, exists := in.ContextFields[d.ContextFields[i].Name]; !exists {
			f(i, &d.ContextFields[i])
		}
	}
}

// checkImportContextFieldInvalid reports the new context fields that joi's
// contextSchema refuses: the name (nameType), a description of at most 250
// characters, legal values of 1 to 100 characters, none twice.
func checkImportContextFieldInvalid(in *Input) []Finding {
	var out []Finding
	in.eachNewContextField(func(i int, cf *model.ContextField) {
		if msg := nameType("name", cf.Name, 1, 100); msg != "" {
			out = append(out, single(msg, cf.Name, place("contextFields", i, "name")))
		}
		if cf.Description.Valid && len(cf.Description.Value) > 250 {
			if msg := length("description", cf.Description.Value, 0, 250); msg != "" {
				out = append(out, single(msg, cf.Name, place("contextFields", i, "description")))
			}
		}
		if cf.LegalValues == nil {
			return
		}
		seen := make(map[string]bool, len(*cf.LegalValues))
		for k, lv := range *cf.LegalValues {
			at := placeIn("contextFields", i, "legalValues", k, "")
			label := "legalValues[" + strconv.Itoa(k) + "]"
			if msg := stringRule(label+".value", lv.Value, 1, 100); msg != "" {
				out = append(out, single(msg, cf.Name, at.With("value")))
			}
			if seen[lv.Value] {
				quoted := jsObject{{"value", jsString(lv.Value)}}
				if lv.Description != nil {
					quoted = append(quoted, jsMember{"description", jsString(*lv.Description)})
				}
				out = append(out, single(joi{label: label, kind: joiDuplicate, value: quoted}.String(), cf.Name, at))
			}
			seen[lv.Value] = true
		}
	})
	return out
}

// checkImportContextFieldDuplicate reports new context fields named like
// an earlier one: both pass the check for a unique name before either is
// inserted, and the second insert breaks the primary key (a 500).
func checkImportContextFieldDuplicate(in *Input) []Finding {
	var seen map[string]bool
	var out []Finding
	in.eachNewContextField(func(i int, cf *model.ContextField) {
		if seen == nil {
			seen = map[string]bool{}
		}
		if seen[cf.Name] {
			out = append(out, single(contextFieldInsert(cf)+
				` - duplicate key value violates unique constraint "context_fields_pkey"`, cf.Name, place("contextFields", i, "name")))
		}
		seen[cf.Name] = true
	})
	return out
}

// contextFieldInsert is knex's SQL of the insert of a new context
// field (context-field-store.js fieldToRow): its columns in order, DEFAULT
// for a description the file leaves out, the project column only for a
// field the file gives a project (it is then the target project).
func contextFieldInsert(cf *model.ContextField) string {
	cols := []string{"description", "legal_values", "name"}
	if cf.Project != nil && *cf.Project != "" {
		cols = append(cols, "project")
	}
	cols = append(cols, "sort_order", "stickiness")
	return knexInsert("context_fields", cols, func(c string) bool { return c == "description" && !cf.Description.Present })
}

// knexInsert is knex's SQL of an insert into table of the columns
// cols, in order: DEFAULT for a column whose value is undefined, the
// others numbered as parameters.
func knexInsert(table string, cols []string, undefined func(column string) bool) string {
	var b strings.Builder
	b.WriteString(`insert into "` + table + `" (`)
	for k, c := range cols {
		if k > 0 {
			b.WriteString(", ")
		}
		b.WriteString(`"` + c + `"`)
	}
	b.WriteString(") values (")
	n := 0
	for k, c := range cols {
		if k > 0 {
			b.WriteString(", ")
		}
		if undefined(c) {
			b.WriteString("DEFAULT")
			continue
		}
		n++
		b.WriteString("$" + strconv.Itoa(n))
	}
	b.WriteString(") returning *")
	return b.String()
}

// checkImportConstraintContextUnknown is the refusal of the versions whose
// import reads each constraint's context field while it creates the
// strategies (profile.Import.ConstraintContextMustExist: up to 6.x): a
// constraint on a field that neither exists nor is imported is a 404, and
// the import stops there. The first such constraint, in the order the
// strategies are created, is reported.
func checkImportConstraintContextUnknown(in *Input) []Finding {
	if !in.VersionProfile().Import.ConstraintContextMustExist {
		return nil
	}
	known := in.KnownContextField()
	var out []Finding
	in.eachStrategy(func(i int, s *model.Strategy) {
		if len(out) > 0 || s.Constraints == nil {
			return
		}
		for j, c := range *s.Constraints {
			if known(c.ContextName) {
				continue
			}
			out = append(out, single("Could not find Context field with name "+c.ContextName, c.ContextName,
				placeIn("featureStrategies", i, "constraints", j, "contextName")))
			return
		}
	})
	return out
}

// ContextLegalValues are the imported context fields that exist and
// either carry a legal value the existing field lacks (compared by value,
// exactly) or exist in a project other than the target (from the
// version that says so), each at the places that say it: E2 and the
// import's E2 report them. New fields are not. Input order, duplicates
// kept.
func (in *Input) ContextLegalValues() []Item {
	var items []Item
	in.eachExistingContextField(func(i int, cf *model.ContextField, def *model.SnapshotContextField) {
		var places []Place
		if p := Scope(def.Project); p != "" && p != in.Project && in.ScopedContextFields() {
			places = append(places, place("contextFields", i, "name"))
		}
		if cf.LegalValues != nil {
			for j, lv := range *cf.LegalValues {
				if lacksLegalValue(def, lv.Value) {
					places = append(places, placeIn("contextFields", i, "legalValues", j, "value"))
				}
			}
		}
		if len(places) > 0 {
			items = append(items, Item{Value: cf.Name, Places: places})
		}
	})
	return items
}

// eachExistingContextField calls f, in the file's order, with each
// context field of the file that exists (def, the existing one).
func (in *Input) eachExistingContextField(f func(i int, cf *model.ContextField, def *model.SnapshotContextField)) {
	cfs := in.Import.Data.ContextFields
	for i := range cfs {
		if def, ok := in.ContextFields[cfs[i].Name]; ok {
			f(i, &cfs[i], &def)
		}
	}
}

// lacksLegalValue reports whether the existing context field def lacks
// the legal value v (compared exactly).
func lacksLegalValue(def *model.SnapshotContextField, v string) bool {
	return !slices.ContainsFunc(def.LegalValues, func(d model.LegalValue) bool { return d.Value == v })
}

// KnownContextField returns whether a constraint's context field exists
// or is one the file imports.
func (in *Input) KnownContextField() func(name string) bool {
	imported := make(map[string]bool, len(in.Import.Data.ContextFields))
	for i := range in.Import.Data.ContextFields {
		imported[in.Import.Data.ContextFields[i].Name] = true
	}
	return func(name string) bool {
		_, ok := in.ContextFields[name]
		return ok || imported[name]
	}
}
