package importvalidate

import (
	"slices"

	"github.com/flagadmin/flagadmin/model"
)

// checkContextLegalValues is E2: imported context fields that exist and
// either carry a legal value the existing field lacks (compared by value,
// exactly) or exist in a project other than the target. New fields are not
// errors. Input order, duplicates kept.
func checkContextLegalValues(in *Input) []Issue {
	var items []Item
	in.eachExistingContextField(func(i int, cf *model.ContextField, def *model.SnapshotContextField) {
		var locs []Location
		if p := scope(def.Project); p != "" && p != in.Project && in.scopedContextFields() {
			locs = append(locs, at(ptr("contextFields", i, "name")))
		}
		if cf.LegalValues != nil {
			for j, lv := range *cf.LegalValues {
				if lacksLegalValue(def, lv.Value) {
					locs = append(locs, at(ptr("contextFields", i, "legalValues/"+itoa(j)+"/value")))
				}
			}
		}
		if len(locs) > 0 {
			items = append(items, Item{Value: cf.Name, Locations: locs})
		}
	})
	return one("We detected the following context fields that do not have matching legal values with the imported ones:", items)
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

// checkUnknownContextField (strict) reports context fields used in
// constraints that neither exist nor are imported, once per name in order
// of first use, located at every use.
func checkUnknownContextField(in *Input) []Issue {
	known := in.knownContextField()
	g := newGrouper()
	in.eachConstraint(func(p place, c *model.Constraint) {
		if !known(c.ContextName) {
			g.add(c.ContextName, located(p.with("contextName")))
		}
	})
	return one("The following context fields are used in constraints but neither exist nor are imported:", g.items)
}

// knownContextField returns whether a constraint's context field exists
// or is one the file imports.
func (in *Input) knownContextField() func(name string) bool {
	imported := keySet(in.Import.Data.ContextFields, func(cf model.ContextField) string { return cf.Name })
	return func(name string) bool {
		_, ok := in.ContextFields[name]
		return ok || imported[name]
	}
}

// sdkStickiness reports whether every SDK knows the stickiness name
// without a context field of that name: default (userId, then sessionId,
// then random), random, and the two standard fields default tries.
func sdkStickiness(name string) bool {
	switch name {
	case "default", "random", "userId", "sessionId":
		return true
	}
	return false
}

// eachStickiness calls f with the place and value of every stickiness
// the file sets, in file order: a flexibleRollout strategy's parameter,
// its variants', and the variants of feature environments and features.
// Empty values are left out (the import's own checks name them).
func (in *Input) eachStickiness(f func(at place, name string)) {
	d := &in.Import.Data
	for i := range d.FeatureStrategies {
		s := &d.FeatureStrategies[i]
		if s.Name == "flexibleRollout" && s.Parameters != nil {
			if v := (*s.Parameters)["stickiness"]; v != "" {
				f(place{member: "featureStrategies", i: i, field: "parameters/stickiness"}, v)
			}
		}
		if s.Variants != nil {
			for j, v := range *s.Variants {
				if v.Stickiness != "" {
					f(place{member: "featureStrategies", i: i, list: "variants", j: j, field: "stickiness"}, v.Stickiness)
				}
			}
		}
	}
	variants := func(member string, i int, vs *[]model.Variant) {
		if vs == nil {
			return
		}
		for j, v := range *vs {
			if v.Stickiness != nil && *v.Stickiness != "" {
				f(place{member: member, i: i, list: "variants", j: j, field: "stickiness"}, *v.Stickiness)
			}
		}
	}
	for i := range d.FeatureEnvironments {
		variants("featureEnvironments", i, d.FeatureEnvironments[i].Variants)
	}
	for i := range d.Features {
		variants("features", i, d.Features[i].Variants)
	}
}

// stickinessUse is a stickiness value the file sets, and where.
type stickinessUse struct {
	at   place
	name string
}

// unusualStickiness are the stickiness values of the file that no SDK
// knows by itself (sdkStickiness), in file order: the context fields they
// name are looked up with those of the constraints.
func (in *Input) unusualStickiness() []stickinessUse {
	var out []stickinessUse
	in.eachStickiness(func(at place, name string) {
		if !sdkStickiness(name) {
			out = append(out, stickinessUse{at, name})
		}
	})
	return out
}

// checkUnknownStickiness reports stickiness values that are neither one
// every SDK knows (sdkStickiness) nor a context field that exists or is
// imported, once per value in order of first use, located at every use.
// The import keeps them; an SDK then finds no such value in its context.
func checkUnknownStickiness(in *Input) []Issue {
	known := in.knownContextField()
	g := newGrouper()
	for _, u := range in.stickiness {
		if !known(u.name) {
			g.add(u.name, located(u.at))
		}
	}
	return one("The following stickiness values are neither default, random, userId, sessionId nor a context field that exists or is imported:", g.items)
}
