package importvalidate

import (
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/flagadmin/flagadmin/model"
)

// The import checks each constraint of each strategy it creates
// (features/constraints/constraints-read-model.js validateConstraint): joi's
// constraintSchema, then a value for the single-value operators, then the
// value's syntax for the operator, then the legal values of the context
// field when it has any.

// refusalOperatorKind groups the operators as the import does.
type refusalOperatorKind int

const (
	opString refusalOperatorKind = iota + 1 // IN NOT_IN STR_*: a list of values
	opNumber                                // NUM_*
	opDate                                  // DATE_*
	opSemver                                // SEMVER_*
	opRegex                                 // REGEX
)

// refusalOperator returns the kind of op.
func refusalOperator(op model.Operator) refusalOperatorKind {
	switch op {
	case model.OpIn, model.OpNotIn, model.OpStrEndsWith, model.OpStrStartsWith, model.OpStrContains:
		return opString
	case model.OpNumEq, model.OpNumGt, model.OpNumGte, model.OpNumLt, model.OpNumLte:
		return opNumber
	case model.OpDateAfter, model.OpDateBefore:
		return opDate
	case model.OpSemverEq, model.OpSemverGt, model.OpSemverLt, model.OpSemverGte, model.OpSemverLte:
		return opSemver
	case model.OpRegex:
		return opRegex
	}
	return 0
}

// refusalConstraintAt is the place of a constraint, built only for a
// finding.
type refusalConstraintAt struct{ strategy, constraint int }

// ptr is the pointer to the constraint's member rest ("" for the
// constraint).
func (c refusalConstraintAt) ptr(rest string) string {
	p := ptr("featureStrategies", c.strategy, "constraints/"+strconv.Itoa(c.constraint))
	if rest != "" {
		p += "/" + rest
	}
	return p
}

// value is the pointer to the constraint's value k.
func (c refusalConstraintAt) value(k int) string { return c.ptr("values/" + strconv.Itoa(k)) }

// refusalConstraints is what the rules of constraints read once per
// input of the constraints of the strategies the import creates: the
// places of the REGEX constraints and of the values the import refuses,
// whether a contextName is empty, the most values one has, and whether a
// value of their values is "" or longer than 100 bytes. A rule returns at
// once when it cannot find anything, and reads the places it needs only.
type refusalConstraints struct {
	// regex are the places of the REGEX constraints, whose values the
	// rules of regular expressions compile.
	regex [][2]int32
	// refused are the places of the constraints whose value the check of
	// their operator refuses (a number, a date or a semver; a date that
	// only V8's fallback parser reads too), and of those whose value is
	// not among the legal values of their context field, with what is
	// wrong (refusalValueBits). The walk checks every value once; the
	// rules then read these few places alone.
	refused []refusalRefusedValue
	// refusedBits is the union of the refused places' bits.
	refusedBits           refusalValueBits
	emptyContext          bool
	maxValues             int
	emptyValue, longValue bool
	// valueMissing is true when a constraint of a single-value operator
	// (NUM_*, DATE_*, SEMVER_*) has no value (null or ""), and
	// valuesMissing when one of a list operator has no values.
	valueMissing, valuesMissing bool
	read                        bool
}

// refusalValueBits says what is wrong with a constraint's value.
type refusalValueBits uint8

const (
	valueNumber      refusalValueBits = 1 << iota // joi's number() refuses it
	valueSemver                                   // not a strict semver
	valueDate                                     // joi's date() refuses it
	valueDateLenient                              // only V8's fallback parser reads it
	valueNotLegal                                 // not a legal value of the field
)

// refusalRefusedValue is a constraint whose value is refused, and why.
type refusalRefusedValue struct {
	at   [2]int32
	bits refusalValueBits
}

// refusalConstraintList returns what the constraints the import checks
// hold.
func (in *Input) refusalConstraintList() *refusalConstraints {
	cs := &in.resolved().constraints
	if cs.read {
		return cs
	}
	cs.read = true
	// The fields with legal values are few: each one's are read once,
	// and most constraints name one of the last few fields.
	withLegal := in.refusalFieldsWithLegalValues()
	legal := map[string][]string{}
	legalOf := refusalLastAnswers(func(name string) []string {
		if !slices.Contains(withLegal, name) {
			return nil
		}
		values, seen := legal[name]
		if !seen {
			values, _ = in.refusalLegalValues(name)
			legal[name] = values
		}
		return values
	})
	// One walk of the constraints themselves reads the flags, checks each
	// value, and notes the REGEX constraints.
	in.refusalEachConstraint(func(at refusalConstraintAt, c *model.Constraint) {
		k := refusalOperator(c.Operator)
		var bits refusalValueBits
		switch k {
		case opNumber, opDate, opSemver:
			if c.Value == nil || *c.Value == "" {
				cs.valueMissing = true
				break
			}
			bits = refusalValueCheck(k, *c.Value)
		case opString:
			cs.valuesMissing = cs.valuesMissing || c.Values == nil || len(*c.Values) == 0
		}
		cs.emptyContext = cs.emptyContext || c.ContextName == ""
		if c.Values != nil {
			cs.maxValues = max(cs.maxValues, len(*c.Values))
			for _, v := range *c.Values {
				cs.emptyValue = cs.emptyValue || v == ""
				cs.longValue = cs.longValue || len(v) > 100
			}
		}
		if vals := legalOf(c.ContextName); len(vals) > 0 && refusalNotLegal(c, vals) >= 0 {
			bits |= valueNotLegal
		}
		if bits != 0 {
			cs.refused = append(cs.refused, refusalRefusedValue{at: [2]int32{int32(at.strategy), int32(at.constraint)}, bits: bits})
			cs.refusedBits |= bits
		}
		if k == opRegex {
			cs.regex = append(cs.regex, [2]int32{int32(at.strategy), int32(at.constraint)})
		}
	})
	return cs
}

// refusalValueCheck checks the value v of a constraint of kind opNumber,
// opDate or opSemver as the import does, and says what it refuses.
func refusalValueCheck(kind refusalOperatorKind, v string) refusalValueBits {
	switch kind {
	case opNumber:
		if refused, _ := refusalCheckNumber(v); refused != 0 {
			return valueNumber
		}
	case opDate:
		switch refusalDate(v) {
		case dateInvalid:
			return valueDate
		case dateLenient:
			return valueDateLenient
		}
	case opSemver:
		if !refusalSemver(v) {
			return valueSemver
		}
	}
	return 0
}

// refusalNotLegal returns the index of the first value of c that is not
// among legal: of its values for the list operators (IN, NOT_IN, STR_*),
// 0 for the value of the others; -1 when every value is legal.
func refusalNotLegal(c *model.Constraint, legal []string) int {
	if refusalOperator(c.Operator) == opString {
		if c.Values == nil {
			return -1
		}
		for k, v := range *c.Values {
			if !slices.Contains(legal, v) {
				return k
			}
		}
		return -1
	}
	if c.Value != nil && !slices.Contains(legal, *c.Value) {
		return 0
	}
	return -1
}

// refusalEachRefusedValue calls f with each constraint whose value has
// one of bits wrong, and its place.
func (in *Input) refusalEachRefusedValue(bits refusalValueBits, f func(at refusalConstraintAt, c *model.Constraint, wrong refusalValueBits)) {
	cs := in.refusalConstraintList()
	if cs.refusedBits&bits == 0 {
		return
	}
	d := &in.Import.Data
	for _, r := range cs.refused {
		if r.bits&bits != 0 {
			f(refusalConstraintAt{int(r.at[0]), int(r.at[1])}, &(*d.FeatureStrategies[r.at[0]].Constraints)[r.at[1]], r.bits)
		}
	}
}

// refusalEachConstraint calls f with every constraint of the strategies
// the import creates, and its place.
func (in *Input) refusalEachConstraint(f func(at refusalConstraintAt, c *model.Constraint)) {
	in.refusalEachStrategy(func(i int, s *model.Strategy) {
		if s.Constraints == nil {
			return
		}
		cs := *s.Constraints
		for j := range cs {
			f(refusalConstraintAt{i, j}, &cs[j])
		}
	})
}

// refusalEachRegexConstraint calls f with every REGEX constraint of the
// strategies the import creates, and its place.
func (in *Input) refusalEachRegexConstraint(f func(at refusalConstraintAt, c *model.Constraint)) {
	d := &in.Import.Data
	for _, at := range in.refusalConstraintList().regex {
		f(refusalConstraintAt{int(at[0]), int(at[1])}, &(*d.FeatureStrategies[at[0]].Constraints)[at[1]])
	}
}

// checkImportConstraintContextNameEmpty reports constraints whose
// contextName is "" (or null).
func checkImportConstraintContextNameEmpty(in *Input) []Issue {
	if !in.refusalConstraintList().emptyContext {
		return nil
	}
	var out []Issue
	in.refusalEachConstraint(func(at refusalConstraintAt, c *model.Constraint) {
		if c.ContextName == "" {
			out = append(out, refusalIssue(refusalJoi{label: "contextName", kind: joiEmpty}.String(), "", at.ptr("contextName")))
		}
	})
	return out
}

// checkImportConstraintValueEmpty reports constraint values that are ""
// (or null): joi's values items are strings of 1 to 100 characters.
func checkImportConstraintValueEmpty(in *Input) []Issue {
	var out []Issue
	in.refusalEachSuspectValue(true, func(at refusalConstraintAt, c *model.Constraint, k int, v string) {
		if v == "" {
			out = append(out, refusalIssue(refusalJoi{label: refusalValuesLabel(k), kind: joiEmpty}.String(), c.ContextName, at.value(k)))
		}
	})
	return out
}

// refusalEachConstraintValue calls f with every value k of the values of
// the constraints the import creates.
func (in *Input) refusalEachConstraintValue(f func(at refusalConstraintAt, c *model.Constraint, k int, v string)) {
	in.refusalEachConstraint(func(at refusalConstraintAt, c *model.Constraint) {
		if c.Values == nil {
			return
		}
		for k, v := range *c.Values {
			f(at, c, k, v)
		}
	})
}

// refusalEachSuspectValue is refusalEachConstraintValue when a value is
// empty (empty) or longer than 100 bytes (!empty), else nothing.
func (in *Input) refusalEachSuspectValue(empty bool, f func(at refusalConstraintAt, c *model.Constraint, k int, v string)) {
	if cs := in.refusalConstraintList(); (empty && cs.emptyValue) || (!empty && cs.longValue) {
		in.refusalEachConstraintValue(f)
	}
}

// refusalValuesLabel is joi's label of value k of a constraint.
func refusalValuesLabel(k int) string { return "values[" + strconv.Itoa(k) + "]" }

// checkImportConstraintValueTooLong reports constraint values longer than
// 100 UTF-16 code units.
func checkImportConstraintValueTooLong(in *Input) []Issue {
	var out []Issue
	in.refusalEachSuspectValue(false, func(at refusalConstraintAt, c *model.Constraint, k int, v string) {
		if len(v) > 100 && refusalLen(v) > 100 {
			out = append(out, refusalIssue(refusalLength(refusalValuesLabel(k), v, 0, 100), v, at.value(k)))
		}
	})
	return out
}

// checkImportConstraintValuesMissing reports constraints of the list
// operators (IN, NOT_IN, STR_*) without values: joi wants at least one.
func checkImportConstraintValuesMissing(in *Input) []Issue {
	if !in.refusalConstraintList().valuesMissing {
		return nil
	}
	var out []Issue
	msg := refusalJoi{label: "value", kind: joiMinItems, limit: 1, value: refusalArray{}}.String()
	in.refusalEachConstraint(func(at refusalConstraintAt, c *model.Constraint) {
		if refusalOperator(c.Operator) == opString && (c.Values == nil || len(*c.Values) == 0) {
			out = append(out, refusalIssue(msg, c.ContextName, at.ptr("values")))
		}
	})
	return out
}

// checkImportConstraintValueMissing reports constraints of the
// single-value operators (NUM_*, DATE_*, SEMVER_*) without a value.
func checkImportConstraintValueMissing(in *Input) []Issue {
	if !in.refusalConstraintList().valueMissing {
		return nil
	}
	var out []Issue
	in.refusalEachConstraint(func(at refusalConstraintAt, c *model.Constraint) {
		switch refusalOperator(c.Operator) {
		case opNumber, opDate, opSemver:
			if c.Value == nil || *c.Value == "" {
				out = append(out, refusalIssue("Single-value constraint operators require a non-empty value.", c.ContextName, at.ptr("value")))
			}
		}
	})
	return out
}

// checkImportConstraintNumber reports values of NUM_* constraints that
// joi's number() refuses: not a number, or not a safe one.
func checkImportConstraintNumber(in *Input) []Issue {
	var out []Issue
	in.refusalEachRefusedValue(valueNumber, func(at refusalConstraintAt, c *model.Constraint, _ refusalValueBits) {
		kind, quoted := refusalCheckNumber(*c.Value)
		out = append(out, refusalIssue(refusalJoi{label: "value", kind: kind, value: quoted}.String(), *c.Value, at.ptr("value")))
	})
	return out
}

// checkImportConstraintDate reports values of DATE_* constraints that
// joi's date() certainly refuses (refusalDate).
func checkImportConstraintDate(in *Input) []Issue {
	return in.refusalDates(valueDate)
}

// checkImportConstraintDateLenient warns of values of DATE_* constraints
// that only V8's fallback date parser reads: whether the import accepts
// them cannot be told, and other JavaScript engines read them otherwise.
func checkImportConstraintDateLenient(in *Input) []Issue {
	return in.refusalDates(valueDateLenient)
}

// refusalDates reports the DATE_* values of the given verdict
// (valueDate or valueDateLenient).
func (in *Input) refusalDates(verdict refusalValueBits) []Issue {
	var out []Issue
	in.refusalEachRefusedValue(verdict, func(at refusalConstraintAt, c *model.Constraint, _ refusalValueBits) {
		msg := refusalJoi{label: "value", kind: joiDate, value: refusalString(*c.Value)}.String()
		if verdict == valueDateLenient {
			msg = "The import reads " + strconv.Quote(*c.Value) + " with JavaScript's Date, which accepts more than the " +
				"ECMAScript date-time format by rules of its own; whether the import accepts it cannot be told. " +
				"Write a date-time such as 2024-03-07T00:00:00.000Z."
		}
		out = append(out, refusalIssue(msg, *c.Value, at.ptr("value")))
	})
	return out
}

// checkImportConstraintSemver reports values of SEMVER_* constraints that
// are not strict, canonical semantic versions as npm semver 7.7.4 parses
// them (util/semver.js parseStrictSemVer).
func checkImportConstraintSemver(in *Input) []Issue {
	var out []Issue
	in.refusalEachRefusedValue(valueSemver, func(at refusalConstraintAt, c *model.Constraint, _ refusalValueBits) {
		msg := "the provided value is not a valid semver format. The value provided was: " + *c.Value
		out = append(out, refusalIssue(msg, *c.Value, at.ptr("value")))
	})
	return out
}

// refusalSemver reports whether v is a strict semantic version in the
// form npm semver writes it back: MAJOR.MINOR.PATCH without leading
// zeros, each at most 2^53-1, an optional pre-release and build, no "v"
// and no white space, at most 256 characters.
func refusalSemver(v string) bool {
	return refusalSemverPlain(v) || refusalSemverExact(v)
}

// refusalSemverPlain reports whether v is MAJOR.MINOR.PATCH alone, each
// 0 or 1 to 15 digits without a leading zero (so below 2^53): the form
// most versions take, which refusalSemverExact accepts, told without the
// general parse. It says false of anything else, which the exact check
// decides.
func refusalSemverPlain(v string) bool {
	parts, start := 0, 0
	for i := 0; i <= len(v); i++ {
		if i < len(v) && v[i] != '.' {
			if v[i] < '0' || v[i] > '9' {
				return false
			}
			continue
		}
		if n := i - start; n == 0 || n > 15 || (n > 1 && v[start] == '0') {
			return false
		}
		parts++
		start = i + 1
	}
	return parts == 3
}

// refusalSemverExact is refusalSemver for any string.
func refusalSemverExact(v string) bool {
	if len(v) > 256 {
		return false
	}
	core, build, hasBuild := strings.Cut(v, "+")
	core, pre, hasPre := strings.Cut(core, "-")
	if strings.Count(core, ".") != 2 {
		return false
	}
	for p := range strings.SplitSeq(core, ".") {
		if !refusalNumericIdentifier(p) {
			return false
		}
		if n, err := strconv.ParseUint(p, 10, 64); err != nil || n > 1<<53-1 {
			return false
		}
	}
	if hasPre {
		for id := range strings.SplitSeq(pre, ".") {
			if !refusalNumericIdentifier(id) && !refusalNonNumericIdentifier(id) {
				return false
			}
		}
	}
	if hasBuild {
		for id := range strings.SplitSeq(build, ".") {
			if id == "" || strings.Trim(id, refusalLetterDashNumber) != "" {
				return false
			}
		}
	}
	return true
}

// refusalLetterDashNumber are the characters of semver identifiers.
const refusalLetterDashNumber = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-"

// refusalNumericIdentifier matches 0|[1-9]\d*.
func refusalNumericIdentifier(s string) bool {
	return refusalAllDigits(s) && (s == "0" || s[0] != '0')
}

// refusalNonNumericIdentifier matches \d*[a-zA-Z-][a-zA-Z0-9-]*.
func refusalNonNumericIdentifier(s string) bool {
	return s != "" && strings.Trim(s, refusalLetterDashNumber) == "" && !refusalAllDigits(s)
}

// checkImportConstraintRegex reports REGEX constraints without a value or
// with one that RE2 refuses (the import compiles it with RE2JS; Go's
// regexp is RE2 as well and words its errors alike).
func checkImportConstraintRegex(in *Input) []Issue {
	var out []Issue
	in.refusalEachRegexConstraint(func(at refusalConstraintAt, c *model.Constraint) {
		if c.Value == nil {
			out = append(out, refusalIssue("the provided value is not a valid regex string.", c.ContextName, at.ptr("value")))
			return
		}
		if refusalHasSurrogate(*c.Value) {
			return // RE2JS reads UTF-16; Go's regexp would refuse the bytes
		}
		if _, err := regexp.Compile(*c.Value); err != nil {
			out = append(out, refusalIssue("the provided value is not a valid regex string. Error: "+err.Error(), *c.Value, at.ptr("value")))
		}
	})
	return out
}

// checkImportConstraintRegexInverted reports inverted REGEX constraints.
func checkImportConstraintRegexInverted(in *Input) []Issue {
	var out []Issue
	in.refusalEachRegexConstraint(func(at refusalConstraintAt, c *model.Constraint) {
		if c.Inverted != nil && *c.Inverted {
			out = append(out, refusalIssue("REGEX operator cannot be inverted.", c.ContextName, at.ptr("inverted")))
		}
	})
	return out
}

// refusalLegalValues returns the legal values of context field name as the
// import sees them when it creates the strategies: an existing field's
// own, else those of the first contextFields[] entry of that name, which
// the import has created by then. ok is false for a field that neither
// exists nor is created.
func (in *Input) refusalLegalValues(name string) (values []string, ok bool) {
	if def, exists := in.ContextFields[name]; exists {
		for _, lv := range def.LegalValues {
			values = append(values, lv.Value)
		}
		return values, true
	}
	for i := range in.Import.Data.ContextFields {
		cf := &in.Import.Data.ContextFields[i]
		if cf.Name != name {
			continue
		}
		if cf.LegalValues != nil {
			for _, lv := range *cf.LegalValues {
				values = append(values, lv.Value)
			}
		}
		return values, true
	}
	return nil, false
}

// refusalFieldsWithLegalValues are the names of the context fields,
// existing or in the file, that have legal values: the only ones
// refusalLegalValues may give values for.
func (in *Input) refusalFieldsWithLegalValues() []string {
	var names []string
	for name, f := range in.ContextFields {
		if len(f.LegalValues) > 0 {
			names = append(names, name)
		}
	}
	for i := range in.Import.Data.ContextFields {
		if cf := &in.Import.Data.ContextFields[i]; cf.LegalValues != nil && len(*cf.LegalValues) > 0 && !slices.Contains(names, cf.Name) {
			names = append(names, cf.Name)
		}
	}
	return names
}

// checkImportConstraintNotLegalValue reports constraints on a context
// field with legal values whose value (single-value operators and REGEX)
// or values (the others) are not among them, compared exactly.
func checkImportConstraintNotLegalValue(in *Input) []Issue {
	var out []Issue
	legal := func(name string) []string {
		values, _ := in.refusalLegalValues(name)
		return values
	}
	in.refusalEachRefusedValue(valueNotLegal, func(at refusalConstraintAt, c *model.Constraint, _ refusalValueBits) {
		k := refusalNotLegal(c, legal(c.ContextName))
		if refusalOperator(c.Operator) == opString {
			// One message for the constraint, at its first illegal value.
			v := (*c.Values)[k]
			out = append(out, refusalIssue("input values are not specified as a legal value on this context field", v, at.value(k)))
			return
		}
		out = append(out, refusalIssue(*c.Value+" is not specified as a legal value on this context field", *c.Value, at.ptr("value")))
	})
	return out
}
