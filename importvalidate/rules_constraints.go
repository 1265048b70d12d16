package importvalidate

import (
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/Masterminds/semver/v3"
	"github.com/flagadmin/flagadmin/importvalidate/importmodel"
	"github.com/flagadmin/flagadmin/model"
)

// checkConstraintValue (strict) reports constraint values that do not parse
// for their operator: NUM_* take a number, DATE_* an RFC 3339 date-time,
// SEMVER_* a strict semantic version, REGEX a regular expression (Go
// syntax). These operators also need a value at all.
func checkConstraintValue(in *Input) []Issue {
	var items []Item
	in.eachConstraint(func(at importmodel.Place, c *model.Constraint) {
		items = append(items, badConstraintValues(c, at)...)
	})
	return one("The following constraint values do not parse for their operator:", items)
}

// badConstraintValues checks one constraint, at its place.
func badConstraintValues(c *model.Constraint, at importmodel.Place) []Item {
	check := constraintParser(c.Operator)
	if check == nil {
		return nil
	}
	var items []Item
	n := 0
	if c.Value != nil {
		n++
		if why := check(*c.Value); why != "" {
			items = append(items, Item{Value: string(c.Operator) + " " + strconv.Quote(*c.Value) + ": " + why,
				Locations: []Location{located(at.With("value"))}})
		}
	}
	if c.Values != nil {
		for k, v := range *c.Values {
			n++
			if why := check(v); why != "" {
				items = append(items, Item{Value: string(c.Operator) + " " + strconv.Quote(v) + ": " + why,
					Locations: []Location{located(at.With("values/" + itoa(k)))}})
			}
		}
	}
	if n == 0 {
		items = append(items, Item{Value: string(c.Operator) + ": no value given", Locations: []Location{located(at)}})
	}
	return items
}

// constraintParser returns the check of an operator's values (an empty
// result means valid), or nil for operators whose values are free text.
func constraintParser(op model.Operator) func(string) string {
	switch {
	case strings.HasPrefix(string(op), "NUM_"):
		return func(v string) string {
			f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
				return "not a number"
			}
			return ""
		}
	case strings.HasPrefix(string(op), "DATE_"):
		return func(v string) string {
			if _, err := model.ParseDateTime(v); err != nil {
				return "not an RFC 3339 date-time"
			}
			return ""
		}
	case strings.HasPrefix(string(op), "SEMVER_"):
		return func(v string) string {
			// MAJOR.MINOR.PATCH alone, the common form, is told
			// without the parse, which allocates.
			if importmodel.SemverPlain(v) {
				return ""
			}
			if _, err := semver.StrictNewVersion(v); err != nil {
				return "not a semantic version (" + err.Error() + ")"
			}
			return ""
		}
	case op == model.OpRegex:
		return func(v string) string {
			if _, err := regexp.Compile(v); err != nil {
				return "not a regular expression (" + err.Error() + ")"
			}
			return ""
		}
	}
	return nil
}
