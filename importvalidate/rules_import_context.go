package importvalidate

import (
	"strconv"
	"strings"

	"github.com/flagadmin/flagadmin/model"
)

// The import creates the context fields of the file whose name does not
// exist, all at once (importContextFields): each is checked for a unique
// name, then with joi's contextSchema, then inserted. An existing field is
// left as it is.

// refusalEachNewContextField calls f with each contextFields[] entry whose
// name does not exist.
func (in *Input) refusalEachNewContextField(f func(i int, cf *model.ContextField)) {
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
func checkImportContextFieldInvalid(in *Input) []Issue {
	var out []Issue
	in.refusalEachNewContextField(func(i int, cf *model.ContextField) {
		if msg := refusalNameType("name", cf.Name, 1, 100); msg != "" {
			out = append(out, refusalIssue(msg, cf.Name, ptr("contextFields", i, "name")))
		}
		if cf.Description.Valid && len(cf.Description.Value) > 250 {
			if msg := refusalLength("description", cf.Description.Value, 0, 250); msg != "" {
				out = append(out, refusalIssue(msg, cf.Name, ptr("contextFields", i, "description")))
			}
		}
		if cf.LegalValues == nil {
			return
		}
		seen := make(map[string]bool, len(*cf.LegalValues))
		for k, lv := range *cf.LegalValues {
			at := ptr("contextFields", i, "legalValues/"+strconv.Itoa(k))
			label := "legalValues[" + strconv.Itoa(k) + "]"
			if msg := refusalStringRule(label+".value", lv.Value, 1, 100); msg != "" {
				out = append(out, refusalIssue(msg, cf.Name, at+"/value"))
			}
			if seen[lv.Value] {
				quoted := refusalObject{{"value", refusalString(lv.Value)}}
				if lv.Description != nil {
					quoted = append(quoted, refusalMember{"description", refusalString(*lv.Description)})
				}
				out = append(out, refusalIssue(refusalJoi{label: label, kind: joiDuplicate, value: quoted}.String(), cf.Name, at))
			}
			seen[lv.Value] = true
		}
	})
	return out
}

// checkImportContextFieldDuplicate reports new context fields named like
// an earlier one: both pass the check for a unique name before either is
// inserted, and the second insert breaks the primary key (a 500).
func checkImportContextFieldDuplicate(in *Input) []Issue {
	var seen map[string]bool
	var out []Issue
	in.refusalEachNewContextField(func(i int, cf *model.ContextField) {
		if seen == nil {
			seen = map[string]bool{}
		}
		if seen[cf.Name] {
			out = append(out, refusalIssue(refusalContextFieldInsert(cf)+
				` - duplicate key value violates unique constraint "context_fields_pkey"`, cf.Name, ptr("contextFields", i, "name")))
		}
		seen[cf.Name] = true
	})
	return out
}

// refusalContextFieldInsert is knex's SQL of the insert of a new context
// field (context-field-store.js fieldToRow): its columns in order, DEFAULT
// for a description the file leaves out, the project column only for a
// field the file gives a project (it is then the target project).
func refusalContextFieldInsert(cf *model.ContextField) string {
	cols := []string{"description", "legal_values", "name"}
	if cf.Project != nil && *cf.Project != "" {
		cols = append(cols, "project")
	}
	cols = append(cols, "sort_order", "stickiness")
	return refusalKnexInsert("context_fields", cols, func(c string) bool { return c == "description" && !cf.Description.Present })
}

// refusalKnexInsert is knex's SQL of an insert into table of the columns
// cols, in order: DEFAULT for a column whose value is undefined, the
// others numbered as parameters.
func refusalKnexInsert(table string, cols []string, undefined func(column string) bool) string {
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
func checkImportConstraintContextUnknown(in *Input) []Issue {
	if !in.versionProfile().Import.ConstraintContextMustExist {
		return nil
	}
	known := in.knownContextField()
	var out []Issue
	in.refusalEachStrategy(func(i int, s *model.Strategy) {
		if len(out) > 0 || s.Constraints == nil {
			return
		}
		for j, c := range *s.Constraints {
			if known(c.ContextName) {
				continue
			}
			out = append(out, refusalIssue("Could not find Context field with name "+c.ContextName, c.ContextName,
				ptr("featureStrategies", i, "constraints/"+strconv.Itoa(j)+"/contextName")))
			return
		}
	})
	return out
}
