package importvalidate

import (
	"github.com/flagadmin/flagadmin/importvalidate/importmodel"
	"github.com/flagadmin/flagadmin/model"
)

// checkContextLegalValues is E2: imported context fields that exist and
// either carry a legal value the existing field lacks (compared by value,
// exactly) or exist in a project other than the target. New fields are not
// errors. Input order, duplicates kept.
func checkContextLegalValues(in *Input) []Issue {
	return one("We detected the following context fields that do not have matching legal values with the imported ones:",
		itemsOf(in.ContextLegalValues()))
}

// checkUnknownContextField (strict) reports context fields used in
// constraints that neither exist nor are imported, once per name in order
// of first use, located at every use.
func checkUnknownContextField(in *Input) []Issue {
	known := in.KnownContextField()
	g := newGrouper()
	in.eachConstraint(func(p importmodel.Place, c *model.Constraint) {
		if !known(c.ContextName) {
			g.add(c.ContextName, located(p.With("contextName")))
		}
	})
	return one("The following context fields are used in constraints but neither exist nor are imported:", g.items)
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
func (in *Input) eachStickiness(f func(at importmodel.Place, name string)) {
	d := &in.Import.Data
	for i := range d.FeatureStrategies {
		s := &d.FeatureStrategies[i]
		if s.Name == "flexibleRollout" && s.Parameters != nil {
			if v := (*s.Parameters)["stickiness"]; v != "" {
				f(importmodel.Place{Member: "featureStrategies", I: i, Field: "parameters/stickiness"}, v)
			}
		}
		if s.Variants != nil {
			for j, v := range *s.Variants {
				if v.Stickiness != "" {
					f(importmodel.Place{Member: "featureStrategies", I: i, List: "variants", J: j, Field: "stickiness"}, v.Stickiness)
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
				f(importmodel.Place{Member: member, I: i, List: "variants", J: j, Field: "stickiness"}, *v.Stickiness)
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
	at   importmodel.Place
	name string
}

// unusualStickiness are the stickiness values of the file that no SDK
// knows by itself (sdkStickiness), in file order: the context fields they
// name are looked up with those of the constraints.
func (in *Input) unusualStickiness() []stickinessUse {
	var out []stickinessUse
	in.eachStickiness(func(at importmodel.Place, name string) {
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
	known := in.KnownContextField()
	g := newGrouper()
	for _, u := range in.stickiness {
		if !known(u.name) {
			g.add(u.name, located(u.at))
		}
	}
	return one("The following stickiness values are neither default, random, userId, sessionId nor a context field that exists or is imported:", g.items)
}
