package importmodel

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

// operatorKind groups the operators as the import does.
type operatorKind int

const (
	opString operatorKind = iota + 1 // IN NOT_IN STR_*: a list of values
	opNumber                         // NUM_*
	opDate                           // DATE_*
	opSemver                         // SEMVER_*
	opRegex                          // REGEX
)

// operator returns the kind of op.
func operator(op model.Operator) operatorKind {
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

// constraintAt is the place of a constraint, built only for a
// finding.
type constraintAt struct{ strategy, constraint int }

// member is the place of the constraint's member rest ("" for the
// constraint).
func (c constraintAt) member(rest string) Place {
	return placeIn("featureStrategies", c.strategy, "constraints", c.constraint, rest)
}

// value is the place of the constraint's value k.
func (c constraintAt) value(k int) Place { return c.member("values/" + strconv.Itoa(k)) }

// constraints is what the rules of constraints read once per
// input of the constraints of the strategies the import creates: the
// places of the REGEX constraints and of the values the import refuses,
// whether a contextName is empty, the most values one has, and whether a
// value of their values is "" or longer than 100 bytes. A rule returns at
// once when it cannot find anything, and reads the places it needs only.
type constraints struct {
	// regex are the places of the REGEX constraints, whose values the
	// rules of regular expressions compile.
	regex [][2]int32
	// refused are the places of the constraints whose value the check of
	// their operator refuses (a number, a date or a semver; a date that
	// only V8's fallback parser reads too), and of those whose value is
	// not among the legal values of their context field, with what is
	// wrong (valueBits). The walk checks every value once; the
	// rules then read these few places alone.
	refused []refusedValue
	// refusedBits is the union of the refused places' bits.
	refusedBits           valueBits
	emptyContext          bool
	maxValues             int
	emptyValue, longValue bool
	// valueMissing is true when a constraint of a single-value operator
	// (NUM_*, DATE_*, SEMVER_*) has no value (null or ""), and
	// valuesMissing when one of a list operator has no values.
	valueMissing, valuesMissing bool
}

// valueBits says what is wrong with a constraint's value.
type valueBits uint8

const (
	valueNumber      valueBits = 1 << iota // joi's number() refuses it
	valueSemver                            // not a strict semver
	valueDate                              // joi's date() refuses it
	valueDateLenient                       // only V8's fallback parser reads it
	valueNotLegal                          // not a legal value of the field
)

// refusedValue is a constraint whose value is refused, and why.
type refusedValue struct {
	at   [2]int32
	bits valueBits
}

// constraintList returns what the constraints the import checks
// hold.
func (in *Input) constraintList() *constraints {
	v := in.resolved()
	v.constraintsOnce.Do(func() { in.readConstraints(&v.constraints) })
	return &v.constraints
}

// readConstraints fills in cs, the view's constraints (constraintList).
func (in *Input) readConstraints(cs *constraints) {
	// The fields with legal values are few: each one's are read once,
	// and most constraints name one of the last few fields.
	withLegal := in.fieldsWithLegalValues()
	legal := map[string][]string{}
	legalOf := lastAnswers(func(name string) []string {
		if !slices.Contains(withLegal, name) {
			return nil
		}
		values, seen := legal[name]
		if !seen {
			values, _ = in.legalValues(name)
			legal[name] = values
		}
		return values
	})
	// One walk of the constraints themselves reads the flags, checks each
	// value, and notes the REGEX constraints.
	in.eachConstraint(func(at constraintAt, c *model.Constraint) {
		k := operator(c.Operator)
		var bits valueBits
		switch k {
		case opNumber, opDate, opSemver:
			if c.Value == nil || *c.Value == "" {
				cs.valueMissing = true
				break
			}
			bits = valueCheck(k, *c.Value)
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
		if vals := legalOf(c.ContextName); len(vals) > 0 && notLegal(c, vals) >= 0 {
			bits |= valueNotLegal
		}
		if bits != 0 {
			cs.refused = append(cs.refused, refusedValue{at: [2]int32{int32(at.strategy), int32(at.constraint)}, bits: bits})
			cs.refusedBits |= bits
		}
		if k == opRegex {
			cs.regex = append(cs.regex, [2]int32{int32(at.strategy), int32(at.constraint)})
		}
	})
}

// valueCheck checks the value v of a constraint of kind opNumber,
// opDate or opSemver as the import does, and says what it refuses.
func valueCheck(kind operatorKind, v string) valueBits {
	switch kind {
	case opNumber:
		if refused, _ := checkNumber(v); refused != 0 {
			return valueNumber
		}
	case opDate:
		switch date(v) {
		case dateInvalid:
			return valueDate
		case dateLenient:
			return valueDateLenient
		}
	case opSemver:
		if !semver(v) {
			return valueSemver
		}
	}
	return 0
}

// notLegal returns the index of the first value of c that is not
// among legal: of its values for the list operators (IN, NOT_IN, STR_*),
// 0 for the value of the others; -1 when every value is legal.
func notLegal(c *model.Constraint, legal []string) int {
	if operator(c.Operator) == opString {
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

// eachRefusedValue calls f with each constraint whose value has
// one of bits wrong, and its place.
func (in *Input) eachRefusedValue(bits valueBits, f func(at constraintAt, c *model.Constraint, wrong valueBits)) {
	cs := in.constraintList()
	if cs.refusedBits&bits == 0 {
		return
	}
	d := &in.Import.Data
	for _, r := range cs.refused {
		if r.bits&bits != 0 {
			f(constraintAt{int(r.at[0]), int(r.at[1])}, &(*d.FeatureStrategies[r.at[0]].Constraints)[r.at[1]], r.bits)
		}
	}
}

// eachConstraint calls f with every constraint of the strategies
// the import creates, and its place.
func (in *Input) eachConstraint(f func(at constraintAt, c *model.Constraint)) {
	in.eachStrategy(func(i int, s *model.Strategy) {
		if s.Constraints == nil {
			return
		}
		cs := *s.Constraints
		for j := range cs {
			f(constraintAt{i, j}, &cs[j])
		}
	})
}

// eachRegexConstraint calls f with every REGEX constraint of the
// strategies the import creates, and its place.
func (in *Input) eachRegexConstraint(f func(at constraintAt, c *model.Constraint)) {
	d := &in.Import.Data
	for _, at := range in.constraintList().regex {
		f(constraintAt{int(at[0]), int(at[1])}, &(*d.FeatureStrategies[at[0]].Constraints)[at[1]])
	}
}

// checkImportConstraintContextNameEmpty reports constraints whose
// contextName is "" (or null).
func checkImportConstraintContextNameEmpty(in *Input) []Finding {
	if !in.constraintList().emptyContext {
		return nil
	}
	var out []Finding
	in.eachConstraint(func(at constraintAt, c *model.Constraint) {
		if c.ContextName == "" {
			out = append(out, single(joi{label: "contextName", kind: joiEmpty}.String(), "", at.member("contextName")))
		}
	})
	return out
}

// checkImportConstraintValueEmpty reports constraint values that are ""
// (or null): joi's values items are strings of 1 to 100 characters.
func checkImportConstraintValueEmpty(in *Input) []Finding {
	var out []Finding
	in.eachSuspectValue(true, func(at constraintAt, c *model.Constraint, k int, v string) {
		if v == "" {
			out = append(out, single(joi{label: valuesLabel(k), kind: joiEmpty}.String(), c.ContextName, at.value(k)))
		}
	})
	return out
}

// eachConstraintValue calls f with every value k of the values of
// the constraints the import creates.
func (in *Input) eachConstraintValue(f func(at constraintAt, c *model.Constraint, k int, v string)) {
	in.eachConstraint(func(at constraintAt, c *model.Constraint) {
		if c.Values == nil {
			return
		}
		for k, v := range *c.Values {
			f(at, c, k, v)
		}
	})
}

// eachSuspectValue is eachConstraintValue when a value is
// empty (empty) or longer than 100 bytes (!empty), else nothing.
func (in *Input) eachSuspectValue(empty bool, f func(at constraintAt, c *model.Constraint, k int, v string)) {
	if cs := in.constraintList(); (empty && cs.emptyValue) || (!empty && cs.longValue) {
		in.eachConstraintValue(f)
	}
}

// valuesLabel is joi's label of value k of a constraint.
func valuesLabel(k int) string { return "values[" + strconv.Itoa(k) + "]" }

// checkImportConstraintValueTooLong reports constraint values longer than
// 100 UTF-16 code units.
func checkImportConstraintValueTooLong(in *Input) []Finding {
	var out []Finding
	in.eachSuspectValue(false, func(at constraintAt, c *model.Constraint, k int, v string) {
		if len(v) > 100 && utf16Len(v) > 100 {
			out = append(out, single(length(valuesLabel(k), v, 0, 100), v, at.value(k)))
		}
	})
	return out
}

// checkImportConstraintValuesMissing reports constraints of the list
// operators (IN, NOT_IN, STR_*) without values: joi wants at least one.
func checkImportConstraintValuesMissing(in *Input) []Finding {
	if !in.constraintList().valuesMissing {
		return nil
	}
	var out []Finding
	msg := joi{label: "value", kind: joiMinItems, limit: 1, value: jsArray{}}.String()
	in.eachConstraint(func(at constraintAt, c *model.Constraint) {
		if operator(c.Operator) == opString && (c.Values == nil || len(*c.Values) == 0) {
			out = append(out, single(msg, c.ContextName, at.member("values")))
		}
	})
	return out
}

// checkImportConstraintValueMissing reports constraints of the
// single-value operators (NUM_*, DATE_*, SEMVER_*) without a value.
func checkImportConstraintValueMissing(in *Input) []Finding {
	if !in.constraintList().valueMissing {
		return nil
	}
	var out []Finding
	in.eachConstraint(func(at constraintAt, c *model.Constraint) {
		switch operator(c.Operator) {
		case opNumber, opDate, opSemver:
			if c.Value == nil || *c.Value == "" {
				out = append(out, single("Single-value constraint operators require a non-empty value.", c.ContextName, at.member("value")))
			}
		}
	})
	return out
}

// checkImportConstraintNumber reports values of NUM_* constraints that
// joi's number() refuses: not a number, or not a safe one.
func checkImportConstraintNumber(in *Input) []Finding {
	var out []Finding
	in.eachRefusedValue(valueNumber, func(at constraintAt, c *model.Constraint, _ valueBits) {
		kind, quoted := checkNumber(*c.Value)
		out = append(out, single(joi{label: "value", kind: kind, value: quoted}.String(), *c.Value, at.member("value")))
	})
	return out
}

// checkImportConstraintDate reports values of DATE_* constraints that
// joi's date() certainly refuses (date).
func checkImportConstraintDate(in *Input) []Finding {
	return in.dates(valueDate)
}

// checkImportConstraintDateLenient warns of values of DATE_* constraints
// that only V8's fallback date parser reads: whether the import accepts
// them cannot be told, and other JavaScript engines read them otherwise.
func checkImportConstraintDateLenient(in *Input) []Finding {
	return in.dates(valueDateLenient)
}

// dates reports the DATE_* values of the given verdict
// (valueDate or valueDateLenient).
func (in *Input) dates(verdict valueBits) []Finding {
	var out []Finding
	in.eachRefusedValue(verdict, func(at constraintAt, c *model.Constraint, _ valueBits) {
		msg := joi{label: "value", kind: joiDate, value: jsString(*c.Value)}.String()
		if verdict == valueDateLenient {
			msg = "The import reads " + strconv.Quote(*c.Value) + " with JavaScript's Date, which accepts more than the " +
				"ECMAScript date-time format by rules of its own; whether the import accepts it cannot be told. " +
				"Write a date-time such as 2024-03-07T00:00:00.000Z."
		}
		out = append(out, single(msg, *c.Value, at.member("value")))
	})
	return out
}

// checkImportConstraintSemver reports values of SEMVER_* constraints that
// are not strict, canonical semantic versions as npm semver 7.7.4 parses
// them (util/semver.js parseStrictSemVer).
func checkImportConstraintSemver(in *Input) []Finding {
	var out []Finding
	in.eachRefusedValue(valueSemver, func(at constraintAt, c *model.Constraint, _ valueBits) {
		msg := "the provided value is not a valid semver format. The value provided was: " + *c.Value
		out = append(out, single(msg, *c.Value, at.member("value")))
	})
	return out
}

// semver reports whether v is a strict semantic version in the
// form npm semver writes it back: MAJOR.MINOR.PATCH without leading
// zeros, each at most 2^53-1, an optional pre-release and build, no "v"
// and no white space, at most 256 characters.
func semver(v string) bool {
	return SemverPlain(v) || semverExact(v)
}

// SemverPlain reports whether v is MAJOR.MINOR.PATCH alone, each
// 0 or 1 to 15 digits without a leading zero (so below 2^53): the form
// most versions take, which semverExact accepts, told without the
// general parse. It says false of anything else, which the exact check
// decides.
func SemverPlain(v string) bool {
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

// semverExact is semver for any string.
func semverExact(v string) bool {
	if len(v) > 256 {
		return false
	}
	core, build, hasBuild := strings.Cut(v, "+")
	core, pre, hasPre := strings.Cut(core, "-")
	if strings.Count(core, ".") != 2 {
		return false
	}
	for p := range strings.SplitSeq(core, ".") {
		if !numericIdentifier(p) {
			return false
		}
		if n, err := strconv.ParseUint(p, 10, 64); err != nil || n > 1<<53-1 {
			return false
		}
	}
	if hasPre {
		for id := range strings.SplitSeq(pre, ".") {
			if !numericIdentifier(id) && !nonNumericIdentifier(id) {
				return false
			}
		}
	}
	if hasBuild {
		for id := range strings.SplitSeq(build, ".") {
			if id == "" || strings.Trim(id, letterDashNumber) != "" {
				return false
			}
		}
	}
	return true
}

// letterDashNumber are the characters of semver identifiers.
const letterDashNumber = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-"

// numericIdentifier matches 0|[1-9]\d*.
func numericIdentifier(s string) bool {
	return allDigits(s) && (s == "0" || s[0] != '0')
}

// nonNumericIdentifier matches \d*[a-zA-Z-][a-zA-Z0-9-]*.
func nonNumericIdentifier(s string) bool {
	return s != "" && strings.Trim(s, letterDashNumber) == "" && !allDigits(s)
}

// checkImportConstraintRegex reports REGEX constraints without a value or
// with one that RE2 refuses (the import compiles it with RE2JS; Go's
// regexp is RE2 as well and words its errors alike).
func checkImportConstraintRegex(in *Input) []Finding {
	var out []Finding
	in.eachRegexConstraint(func(at constraintAt, c *model.Constraint) {
		if c.Value == nil {
			out = append(out, single("the provided value is not a valid regex string.", c.ContextName, at.member("value")))
			return
		}
		if hasSurrogate(*c.Value) {
			return // RE2JS reads UTF-16; Go's regexp would refuse the bytes
		}
		if _, err := regexp.Compile(*c.Value); err != nil {
			out = append(out, single("the provided value is not a valid regex string. Error: "+err.Error(), *c.Value, at.member("value")))
		}
	})
	return out
}

// checkImportConstraintRegexInverted reports inverted REGEX constraints.
func checkImportConstraintRegexInverted(in *Input) []Finding {
	var out []Finding
	in.eachRegexConstraint(func(at constraintAt, c *model.Constraint) {
		if c.Inverted != nil && *c.Inverted {
			out = append(out, single("REGEX operator cannot be inverted.", c.ContextName, at.member("inverted")))
		}
	})
	return out
}

// legalValues returns the legal values of context field name as the
// import sees them when it creates the strategies: an existing field's
// own, else those of the first contextFields[] entry of that name, which
// the import has created by then. ok is false for a field that neither
// exists nor is created.
func (in *Input) legalValues(name string) (values []string, ok bool) {
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

// fieldsWithLegalValues are the names of the context fields,
// existing or in the file, that have legal values: the only ones
// legalValues may give values for.
func (in *Input) fieldsWithLegalValues() []string {
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
func checkImportConstraintNotLegalValue(in *Input) []Finding {
	var out []Finding
	legal := func(name string) []string {
		values, _ := in.legalValues(name)
		return values
	}
	in.eachRefusedValue(valueNotLegal, func(at constraintAt, c *model.Constraint, _ valueBits) {
		k := notLegal(c, legal(c.ContextName))
		if operator(c.Operator) == opString {
			// One message for the constraint, at its first illegal value.
			v := (*c.Values)[k]
			out = append(out, single("input values are not specified as a legal value on this context field", v, at.value(k)))
			return
		}
		out = append(out, single(*c.Value+" is not specified as a legal value on this context field", *c.Value, at.member("value")))
	})
	return out
}
