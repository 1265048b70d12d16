package importmodel

import (
	"encoding/json"
	"slices"
	"strconv"

	"github.com/flagadmin/flagadmin/importvalidate/internal/jsvalue"
	"github.com/flagadmin/flagadmin/internal/jsonwire"
	"github.com/flagadmin/flagadmin/model"
)

// The import checks a strategy's variants (standardizeStrategyConfig) and
// a feature environment's (legacySaveVariantsOnEnv) alike: joi's
// variantsArraySchema on the list as sent, then fixVariantWeights, which
// wants a variant whose weightType is "variable" and the fixed weights
// within 1000. joi labels a variant's members from the list: "[0].name".

// variant is one variant of either kind, as the import reads it.
type variant struct {
	name   string
	weight float64
	// weightType and stickiness are absent from an environment's variant
	// that leaves them out (has... false).
	weightType, stickiness       string
	hasWeightType, hasStickiness bool
	payload                      payload
	hasPayload                   bool
	overrides                    []model.Override
	hasOverrides                 bool
}

// payload is a variant's payload; extra holds the members a
// strategy variant's open payload may carry beyond type and value.
type payload struct {
	typ, value string
	extra      model.Extra
}

// variantList is one non-empty list of variants the import checks:
// a strategy's (strategy set) or a feature environment's, at index i of
// its member.
type variantList struct {
	strategy *model.Strategy
	env      *model.FeatureEnvironment
	i        int
	// suspect says which variant rules may find something in the list.
	suspect variantSuspect
}

// variantSuspect is a set of the variant rules that may find
// something in a list, read once for every rule: a rule skips the lists
// it cannot find anything in.
type variantSuspect uint16

const (
	suspectName         variantSuspect = 1 << iota // a name nameType refuses
	suspectDuplicate                               // a name given twice
	suspectWeight                                  // a weight that is not an integer
	suspectEmpty                                   // an empty string joi refuses
	suspectJSON                                    // a json payload that is not an object or array
	suspectMember                                  // a payload member besides type and value
	suspectNoVariable                              // no variable variant
	suspectFixOver1000                             // fixed weights over 1000
	suspectRecomputed                              // a variable weight the import changes (fixVariantWeights)
	suspectNoWeightType                            // a feature environment's variant without weightType
)

// suspects reads, once, which rules may find something in the list,
// from the variants themselves (without the copy variant makes).
func (l *variantList) suspects() {
	var m variantSuspect
	fixed, variables := 0.0, 0
	payload := func(typ, value string, extra int) {
		if value == "" {
			m |= suspectEmpty
		}
		if typ == string(model.PayloadJSON) && value != "" && !jsonObject(value) {
			m |= suspectJSON
		}
		if extra > 0 {
			m |= suspectMember
		}
	}
	weight := func(typ string, w float64) {
		if w != float64(int64(w)) {
			m |= suspectWeight
		}
		switch typ {
		case string(model.WeightVariable):
			variables++
		case string(model.WeightFix):
			fixed += w
		}
	}
	name := func(k int, name string) {
		if !nameTypeValid(name, 1, 100) {
			m |= suspectName
		}
		if m&suspectDuplicate == 0 {
			for j := range k {
				if l.name(j) == name {
					m |= suspectDuplicate
					break
				}
			}
		}
	}
	if l.strategy != nil {
		for k := range *l.strategy.Variants {
			v := &(*l.strategy.Variants)[k]
			name(k, v.Name)
			weight(string(v.WeightType), float64(v.Weight))
			if v.Stickiness == "" {
				m |= suspectEmpty
			}
			if v.Payload != nil {
				payload(string(v.Payload.Type), v.Payload.Value, len(v.Payload.Extra))
			}
		}
	} else {
		for k := range *l.env.Variants {
			v := &(*l.env.Variants)[k]
			name(k, v.Name)
			typ := ""
			if v.WeightType != nil {
				typ = string(*v.WeightType)
			} else {
				m |= suspectNoWeightType
			}
			weight(typ, v.Weight)
			if v.Stickiness != nil && *v.Stickiness == "" {
				m |= suspectEmpty
			}
			if v.Payload != nil {
				payload(string(v.Payload.Type), v.Payload.Value, 0)
			}
			if v.Overrides != nil {
				for _, ov := range *v.Overrides {
					if ov.ContextName == "" || slices.Contains(ov.Values, "") {
						m |= suspectEmpty
					}
				}
			}
		}
	}
	if variables == 0 {
		m |= suspectNoVariable
	}
	if fixed > 1000 {
		m |= suspectFixOver1000
	}
	// fixVariantWeights, its first walk done above.
	if shares, ok := variableShares(variables, fixed); ok {
		j := 0
		for k := range l.len() {
			if t, w := l.weight(k); t == string(model.WeightVariable) {
				if shares.weight(j) != w {
					m |= suspectRecomputed
					break
				}
				j++
			}
		}
	}
	l.suspect = m
}

// weight is the weight type ("" for none) and weight of variant k.
func (l *variantList) weight(k int) (string, float64) {
	if l.strategy != nil {
		v := &(*l.strategy.Variants)[k]
		return string(v.WeightType), float64(v.Weight)
	}
	v := &(*l.env.Variants)[k]
	if v.WeightType == nil {
		return "", v.Weight
	}
	return string(*v.WeightType), v.Weight
}

// typedWeight is the weight type and weight of variant k, as
// fixVariantWeights reads them.
func (l *variantList) typedWeight(k int) (model.WeightType, float64) {
	t, w := l.weight(k)
	return model.WeightType(t), w
}

// name is the name of variant k.
func (l *variantList) name(k int) string {
	if l.strategy != nil {
		return (*l.strategy.Variants)[k].Name
	}
	return (*l.env.Variants)[k].Name
}

// len is the number of variants.
func (l variantList) len() int {
	if l.strategy != nil {
		return len(*l.strategy.Variants)
	}
	return len(*l.env.Variants)
}

// variant is variant k, read without copying its strings.
func (l variantList) variant(k int) variant {
	if l.strategy != nil {
		v := &(*l.strategy.Variants)[k]
		rv := variant{name: v.Name, weight: float64(v.Weight), weightType: string(v.WeightType), hasWeightType: true,
			stickiness: v.Stickiness, hasStickiness: true}
		if v.Payload != nil {
			rv.payload, rv.hasPayload = payload{typ: string(v.Payload.Type), value: v.Payload.Value, extra: v.Payload.Extra}, true
		}
		return rv
	}
	v := &(*l.env.Variants)[k]
	rv := variant{name: v.Name, weight: v.Weight}
	if v.WeightType != nil {
		rv.weightType, rv.hasWeightType = string(*v.WeightType), true
	}
	if v.Stickiness != nil {
		rv.stickiness, rv.hasStickiness = *v.Stickiness, true
	}
	if v.Payload != nil {
		rv.payload, rv.hasPayload = payload{typ: string(v.Payload.Type), value: v.Payload.Value}, true
	}
	if v.Overrides != nil {
		rv.overrides, rv.hasOverrides = *v.Overrides, true
	}
	return rv
}

// at is the place of variant k's member rest ("" for the variant, k < 0
// for the list).
func (l variantList) at(k int, rest string) Place {
	member := "featureEnvironments"
	if l.strategy != nil {
		member = "featureStrategies"
	}
	if k < 0 {
		if rest != "" {
			return place(member, l.i, "variants/"+rest)
		}
		return place(member, l.i, "variants")
	}
	return placeIn(member, l.i, "variants", k, rest)
}

// variantLists returns the view with the lists of variants the
// import checks read: those of the strategies it creates, and those of
// the feature environments it keeps, in this order. The lists are read
// once per input; only those in which a rule may find something are
// kept.
func (in *Input) variantLists() *view {
	v := in.resolved()
	v.variantsOnce.Do(func() { in.readVariantLists(v) })
	return v
}

// readVariantLists fills in v's lists of variants (variantLists).
func (in *Input) readVariantLists(v *view) {
	keep := func(l variantList) {
		if l.suspects(); l.suspect != 0 {
			v.variants = append(v.variants, l)
			v.suspect |= l.suspect
		}
	}
	in.eachStrategy(func(i int, s *model.Strategy) {
		if s.Variants != nil && len(*s.Variants) > 0 {
			keep(variantList{strategy: s, i: i})
		}
	})
	in.eachKeptEnvironment(func(i int, e *model.FeatureEnvironment) {
		if e.Variants != nil && len(*e.Variants) > 0 {
			keep(variantList{env: e, i: i})
		}
	})
}

// eachSuspectList calls f with each list of variants the import
// checks in which the rule of suspect may find something.
func (in *Input) eachSuspectList(suspect variantSuspect, f func(l variantList)) {
	v := in.variantLists()
	if v.suspect&suspect == 0 {
		return
	}
	for _, l := range v.variants {
		if l.suspect&suspect != 0 {
			f(l)
		}
	}
}

// label is joi's label of member of variant k: "[k].member".
func variantLabel(k int, member string) string {
	return "[" + strconv.Itoa(k) + "]." + member
}

// checkImportVariantNameInvalid reports variant names that nameType
// refuses.
func checkImportVariantNameInvalid(in *Input) []Finding {
	var out []Finding
	in.eachSuspectList(suspectName, func(l variantList) {
		for k := range l.len() {
			v := l.variant(k)
			if nameTypeValid(v.name, 1, 100) {
				continue
			}
			if msg := nameType(variantLabel(k, "name"), v.name, 1, 100); msg != "" {
				out = append(out, single(msg, v.name, l.at(k, "name")))
			}
		}
	})
	return out
}

// checkImportVariantDuplicateName reports variants named like an earlier
// one of their list. joi quotes the variant as it validated it: its
// members, then the defaults it added (weightType "variable", stickiness
// "default").
func checkImportVariantDuplicateName(in *Input) []Finding {
	var out []Finding
	in.eachSuspectList(suspectDuplicate, func(l variantList) {
		n := l.len()
		if n < 2 {
			return
		}
		seen := make(map[string]bool, n)
		for k := range n {
			v := l.variant(k)
			if seen[v.name] {
				msg := joi{label: "[" + strconv.Itoa(k) + "]", kind: joiDuplicate, value: v.validated()}.String()
				out = append(out, single(msg, v.name, l.at(k, "")))
			}
			seen[v.name] = true
		}
	})
	return out
}

// validated is the variant as joi's variantsSchema returns it, for
// quoting: its members in the order of the file's usual writer (Unleash's
// export), then the defaults joi adds.
func (v variant) validated() jsValue {
	o := jsObject{{"name", jsString(v.name)}, {"weight", jsNumber(v.weight)}}
	if v.hasWeightType {
		o = append(o, jsMember{"weightType", jsString(v.weightType)})
	}
	if v.hasStickiness {
		o = append(o, jsMember{"stickiness", jsString(v.stickiness)})
	}
	if v.hasPayload {
		o = append(o, jsMember{"payload", jsObject{{"type", jsString(v.payload.typ)}, {"value", jsString(v.payload.value)}}})
	}
	if v.hasOverrides {
		arr := make(jsArray, len(v.overrides))
		for m, ov := range v.overrides {
			vals := make(jsArray, len(ov.Values))
			for n, s := range ov.Values {
				vals[n] = jsString(s)
			}
			arr[m] = jsObject{{"contextName", jsString(ov.ContextName)}, {"values", vals}}
		}
		o = append(o, jsMember{"overrides", arr})
	}
	if !v.hasWeightType {
		o = append(o, jsMember{"weightType", jsString("variable")})
	}
	if !v.hasStickiness {
		o = append(o, jsMember{"stickiness", jsString("default")})
	}
	return o
}

// checkImportVariantWeightNotInteger reports environment variant weights
// that are not integers (a strategy variant's weight is one by schema).
func checkImportVariantWeightNotInteger(in *Input) []Finding {
	var out []Finding
	in.eachSuspectList(suspectWeight, func(l variantList) {
		for k := range l.len() {
			if v := l.variant(k); v.weight != float64(int64(v.weight)) {
				msg := joi{kind: joiWeightDecimal, value: jsNumber(v.weight)}.String()
				out = append(out, single(msg, v.name, l.at(k, "weight")))
			}
		}
	})
	return out
}

// checkImportVariantEmptyString reports the strings of a variant that joi
// does not allow to be empty: its stickiness, its payload's value, and its
// overrides' context names and values.
func checkImportVariantEmptyString(in *Input) []Finding {
	var out []Finding
	empty := func(label, value string, at Place) {
		out = append(out, single(joi{label: label, kind: joiEmpty}.String(), value, at))
	}
	in.eachSuspectList(suspectEmpty, func(l variantList) {
		for k := range l.len() {
			v := l.variant(k)
			if v.hasStickiness && v.stickiness == "" {
				empty(variantLabel(k, "stickiness"), v.name, l.at(k, "stickiness"))
			}
			if v.hasPayload && v.payload.value == "" {
				empty(variantLabel(k, "payload.value"), v.name, l.at(k, "payload/value"))
			}
			for m, ov := range v.overrides {
				om := "overrides[" + strconv.Itoa(m) + "]"
				if ov.ContextName == "" {
					empty(variantLabel(k, om+".contextName"), v.name, l.at(k, "overrides/"+strconv.Itoa(m)+"/contextName"))
				}
				for n, s := range ov.Values {
					if s == "" {
						empty(variantLabel(k, om+".values["+strconv.Itoa(n)+"]"), v.name,
							l.at(k, "overrides/"+strconv.Itoa(m)+"/values/"+strconv.Itoa(n)))
					}
				}
			}
		}
	})
	return out
}

// checkImportVariantPayloadJSON reports json payloads whose value is not
// the JSON text of an object or an array (Unleash's validateJsonString).
func checkImportVariantPayloadJSON(in *Input) []Finding {
	var out []Finding
	in.eachSuspectList(suspectJSON, func(l variantList) {
		for k := range l.len() {
			v := l.variant(k)
			p := &v.payload
			if !v.hasPayload || p.typ != string(model.PayloadJSON) || p.value == "" || jsonObject(p.value) {
				continue
			}
			msg := joi{kind: joiJSONString, value: jsString(p.value)}.String()
			out = append(out, single(msg, v.name, l.at(k, "payload/value")))
		}
	})
	return out
}

// jsonObject reports whether JSON.parse(s) gives an object or an
// array.
func jsonObject(s string) bool {
	p := jsonScanner{s: s}
	p.ws()
	return p.i < len(s) && (s[p.i] == '{' || s[p.i] == '[') && (plainJSON(s) || json.Valid([]byte(s)))
}

// quoteMax is the longest text of a member's value that a finding
// quotes: a longer one would make the report as long as the file, and
// decoding a deeply nested one would cost many times its size.
const quoteMax = 4 << 10

// checkImportVariantPayloadMember reports members of a strategy variant's
// payload besides type and value: the reference schema leaves that
// payload open, joi does not. One finding per payload: joi names the
// first member alone, whose value is quoted as the import quotes it when
// its text is at most quoteMax bytes long; the items are every
// member.
func checkImportVariantPayloadMember(in *Input) []Finding {
	var out []Finding
	in.eachSuspectList(suspectMember, func(l variantList) {
		for k := range l.len() {
			v := l.variant(k)
			if !v.hasPayload || len(v.payload.extra) == 0 {
				continue
			}
			keys := make([]string, 0, len(v.payload.extra))
			for m := range v.payload.extra {
				keys = append(keys, m)
			}
			slices.Sort(keys)
			// joi stops at the first member it does not allow: the
			// message is that member's, the items are every member.
			var quoted jsValue
			if raw := v.payload.extra[keys[0]]; len(raw) > quoteMax {
				// Not decoded: the line would hold the whole value.
			} else if val, err := jsvalue.Parse(raw); err == nil {
				quoted = jsDecoded{val}
			}
			is := Finding{Message: joi{label: variantLabel(k, "payload."+keys[0]), kind: joiNotAllowed, value: quoted}.String(),
				Items: make([]Item, len(keys))}
			for j, m := range keys {
				is.Items[j] = Item{Value: m, Places: []Place{l.at(k, "payload/"+jsonwire.EscapeToken(m))}}
			}
			out = append(out, is)
		}
	})
	return out
}

// checkImportVariantNoVariable reports lists of variants none of which has
// the weightType "variable" (an environment's variant without one is not
// variable).
func checkImportVariantNoVariable(in *Input) []Finding {
	var items []Item
	in.eachSuspectList(suspectNoVariable, func(l variantList) {
		for k := range l.len() {
			if v := l.variant(k); v.hasWeightType && v.weightType == string(model.WeightVariable) {
				return
			}
		}
		items = append(items, Item{Value: l.variant(0).name, Places: []Place{l.at(-1, "")}})
	})
	return one(`There must be at least one "variable" variant`, items)
}

// checkImportVariantFixOver1000 reports lists whose fixed weights sum to
// more than 1000.
func checkImportVariantFixOver1000(in *Input) []Finding {
	var items []Item
	in.eachSuspectList(suspectFixOver1000, func(l variantList) {
		sum := 0.0
		for k := range l.len() {
			if v := l.variant(k); v.hasWeightType && v.weightType == string(model.WeightFix) {
				sum += v.weight
			}
		}
		if sum > 1000 {
			items = append(items, Item{Value: jsvalue.FormatFloat(sum), Places: []Place{l.at(-1, "")}})
		}
	})
	return one("The traffic distribution total must equal 100%", items)
}
