package importvalidate

import (
	"encoding/json"
	"slices"
	"strconv"

	"github.com/flagadmin/flagadmin/internal/jsonwire"
	"github.com/flagadmin/flagadmin/model"
)

// The import checks a strategy's variants (standardizeStrategyConfig) and
// a feature environment's (legacySaveVariantsOnEnv) alike: joi's
// variantsArraySchema on the list as sent, then fixVariantWeights, which
// wants a variant whose weightType is "variable" and the fixed weights
// within 1000. joi labels a variant's members from the list: "[0].name".

// refusalVariant is one variant of either kind, as the import reads it.
type refusalVariant struct {
	name       string
	weight     float64
	weightType *string // nil when absent (an environment's variant)
	stickiness *string
	payload    *refusalPayload
	overrides  []model.Override
	hasOverr   bool
}

// refusalPayload is a variant's payload; extra holds the members a
// strategy variant's open payload may carry beyond type and value.
type refusalPayload struct {
	typ, value string
	extra      model.Extra
}

// refusalVariantList is one non-empty list of variants the import checks,
// and the pointer to it.
type refusalVariantList struct {
	base     string
	variants []refusalVariant
}

// refusalEachVariantList calls f with each list of variants the import
// checks: those of the strategies it creates, and those of the feature
// environments it keeps. The lists are read once per input.
func (in *Input) refusalEachVariantList(f func(l refusalVariantList)) {
	v := in.refusal()
	if !v.variantsRead {
		v.variants, v.variantsRead = in.refusalVariantLists(), true
	}
	for _, l := range v.variants {
		f(l)
	}
}

// refusalVariantLists reads the lists of variants the import checks.
func (in *Input) refusalVariantLists() []refusalVariantList {
	var lists []refusalVariantList
	f := func(l refusalVariantList) { lists = append(lists, l) }
	d := &in.Import.Data
	in.refusalEachStrategy(func(i int, s *model.Strategy) {
		if s.Variants == nil || len(*s.Variants) == 0 {
			return
		}
		vs := make([]refusalVariant, len(*s.Variants))
		for k, v := range *s.Variants {
			wt, st := string(v.WeightType), v.Stickiness
			vs[k] = refusalVariant{name: v.Name, weight: float64(v.Weight), weightType: &wt, stickiness: &st}
			if v.Payload != nil {
				vs[k].payload = &refusalPayload{typ: string(v.Payload.Type), value: v.Payload.Value, extra: v.Payload.Extra}
			}
		}
		f(refusalVariantList{base: ptr("featureStrategies", i, "variants"), variants: vs})
	})
	for i := range d.FeatureEnvironments {
		e := &d.FeatureEnvironments[i]
		if !in.refusalKeptEnvironment(e) || e.Variants == nil || len(*e.Variants) == 0 {
			continue
		}
		vs := make([]refusalVariant, len(*e.Variants))
		for k, v := range *e.Variants {
			vs[k] = refusalVariant{name: v.Name, weight: v.Weight, stickiness: v.Stickiness}
			if v.WeightType != nil {
				wt := string(*v.WeightType)
				vs[k].weightType = &wt
			}
			if v.Payload != nil {
				vs[k].payload = &refusalPayload{typ: string(v.Payload.Type), value: v.Payload.Value}
			}
			if v.Overrides != nil {
				vs[k].overrides, vs[k].hasOverr = *v.Overrides, true
			}
		}
		f(refusalVariantList{base: ptr("featureEnvironments", i, "variants"), variants: vs})
	}
	return lists
}

// label is joi's label of member of variant k: "[k].member".
func refusalVariantLabel(k int, member string) string {
	return "[" + strconv.Itoa(k) + "]." + member
}

// checkImportVariantNameInvalid reports variant names that nameType
// refuses.
func checkImportVariantNameInvalid(in *Input) []Issue {
	var out []Issue
	in.refusalEachVariantList(func(l refusalVariantList) {
		for k, v := range l.variants {
			if msg := refusalNameType(refusalVariantLabel(k, "name"), v.name, 1, 100); msg != "" {
				out = append(out, refusalIssue(msg, v.name, l.base+"/"+strconv.Itoa(k)+"/name"))
			}
		}
	})
	return out
}

// checkImportVariantDuplicateName reports variants named like an earlier
// one of their list. joi quotes the variant as it validated it: its
// members, then the defaults it added (weightType "variable", stickiness
// "default").
func checkImportVariantDuplicateName(in *Input) []Issue {
	var out []Issue
	in.refusalEachVariantList(func(l refusalVariantList) {
		seen := make(map[string]bool, len(l.variants))
		for k, v := range l.variants {
			if seen[v.name] {
				msg := refusalJoi{label: "[" + strconv.Itoa(k) + "]", kind: joiDuplicate, value: v.validated()}.String()
				out = append(out, refusalIssue(msg, v.name, l.base+"/"+strconv.Itoa(k)))
			}
			seen[v.name] = true
		}
	})
	return out
}

// validated is the variant as joi's variantsSchema returns it, for
// quoting: its members in the order of the file's usual writer (Unleash's
// export), then the defaults joi adds.
func (v refusalVariant) validated() refusalValue {
	o := refusalObject{{"name", refusalString(v.name)}, {"weight", refusalNumber(v.weight)}}
	if v.weightType != nil {
		o = append(o, refusalMember{"weightType", refusalString(*v.weightType)})
	}
	if v.stickiness != nil {
		o = append(o, refusalMember{"stickiness", refusalString(*v.stickiness)})
	}
	if v.payload != nil {
		o = append(o, refusalMember{"payload", refusalObject{{"type", refusalString(v.payload.typ)}, {"value", refusalString(v.payload.value)}}})
	}
	if v.hasOverr {
		arr := make(refusalArray, len(v.overrides))
		for m, ov := range v.overrides {
			vals := make(refusalArray, len(ov.Values))
			for n, s := range ov.Values {
				vals[n] = refusalString(s)
			}
			arr[m] = refusalObject{{"contextName", refusalString(ov.ContextName)}, {"values", vals}}
		}
		o = append(o, refusalMember{"overrides", arr})
	}
	if v.weightType == nil {
		o = append(o, refusalMember{"weightType", refusalString("variable")})
	}
	if v.stickiness == nil {
		o = append(o, refusalMember{"stickiness", refusalString("default")})
	}
	return o
}

// checkImportVariantWeightNotInteger reports environment variant weights
// that are not integers (a strategy variant's weight is one by schema).
func checkImportVariantWeightNotInteger(in *Input) []Issue {
	var out []Issue
	in.refusalEachVariantList(func(l refusalVariantList) {
		for k, v := range l.variants {
			if v.weight != float64(int64(v.weight)) {
				msg := refusalJoi{kind: joiWeightDecimal, value: refusalNumber(v.weight)}.String()
				out = append(out, refusalIssue(msg, v.name, l.base+"/"+strconv.Itoa(k)+"/weight"))
			}
		}
	})
	return out
}

// checkImportVariantEmptyString reports the strings of a variant that joi
// does not allow to be empty: its stickiness, its payload's value, and its
// overrides' context names and values.
func checkImportVariantEmptyString(in *Input) []Issue {
	var out []Issue
	empty := func(label, value, pointer string) {
		out = append(out, refusalIssue(refusalJoi{label: label, kind: joiEmpty}.String(), value, pointer))
	}
	in.refusalEachVariantList(func(l refusalVariantList) {
		for k, v := range l.variants {
			at := l.base + "/" + strconv.Itoa(k)
			if v.stickiness != nil && *v.stickiness == "" {
				empty(refusalVariantLabel(k, "stickiness"), v.name, at+"/stickiness")
			}
			if v.payload != nil && v.payload.value == "" {
				empty(refusalVariantLabel(k, "payload.value"), v.name, at+"/payload/value")
			}
			for m, ov := range v.overrides {
				om := "overrides[" + strconv.Itoa(m) + "]"
				if ov.ContextName == "" {
					empty(refusalVariantLabel(k, om+".contextName"), v.name, at+"/overrides/"+strconv.Itoa(m)+"/contextName")
				}
				for n, s := range ov.Values {
					if s == "" {
						empty(refusalVariantLabel(k, om+".values["+strconv.Itoa(n)+"]"), v.name,
							at+"/overrides/"+strconv.Itoa(m)+"/values/"+strconv.Itoa(n))
					}
				}
			}
		}
	})
	return out
}

// checkImportVariantPayloadJSON reports json payloads whose value is not
// the JSON text of an object or an array (Unleash's validateJsonString).
func checkImportVariantPayloadJSON(in *Input) []Issue {
	var out []Issue
	in.refusalEachVariantList(func(l refusalVariantList) {
		for k, v := range l.variants {
			p := v.payload
			if p == nil || p.typ != string(model.PayloadJSON) || p.value == "" || refusalJSONObject(p.value) {
				continue
			}
			msg := refusalJoi{kind: joiJSONString, value: refusalString(p.value)}.String()
			out = append(out, refusalIssue(msg, v.name, l.base+"/"+strconv.Itoa(k)+"/payload/value"))
		}
	})
	return out
}

// refusalJSONObject reports whether JSON.parse(s) gives an object or an
// array.
func refusalJSONObject(s string) bool {
	i := jsonwire.SkipWS([]byte(s), 0)
	return i < len(s) && (s[i] == '{' || s[i] == '[') && json.Valid([]byte(s))
}

// checkImportVariantPayloadMember reports members of a strategy variant's
// payload besides type and value: the reference schema leaves that
// payload open, joi does not.
func checkImportVariantPayloadMember(in *Input) []Issue {
	var out []Issue
	in.refusalEachVariantList(func(l refusalVariantList) {
		for k, v := range l.variants {
			if v.payload == nil || len(v.payload.extra) == 0 {
				continue
			}
			keys := make([]string, 0, len(v.payload.extra))
			for m := range v.payload.extra {
				keys = append(keys, m)
			}
			slices.Sort(keys)
			for _, m := range keys {
				var quoted refusalValue
				if val, err := jsonwire.Value(v.payload.extra[m]); err == nil {
					quoted = refusalDecoded{val}
				}
				msg := refusalJoi{label: refusalVariantLabel(k, "payload."+m), kind: joiNotAllowed, value: quoted}.String()
				out = append(out, refusalIssue(msg, m, l.base+"/"+strconv.Itoa(k)+"/payload/"+jsonwire.EscapeToken(m)))
			}
		}
	})
	return out
}

// checkImportVariantNoVariable reports lists of variants none of which has
// the weightType "variable" (an environment's variant without one is not
// variable).
func checkImportVariantNoVariable(in *Input) []Issue {
	var items []Item
	in.refusalEachVariantList(func(l refusalVariantList) {
		for _, v := range l.variants {
			if v.weightType != nil && *v.weightType == string(model.WeightVariable) {
				return
			}
		}
		items = append(items, Item{Value: l.variants[0].name, Locations: []Location{at(l.base)}})
	})
	return one(`There must be at least one "variable" variant`, items)
}

// checkImportVariantFixOver1000 reports lists whose fixed weights sum to
// more than 1000.
func checkImportVariantFixOver1000(in *Input) []Issue {
	var items []Item
	in.refusalEachVariantList(func(l refusalVariantList) {
		sum := 0.0
		for _, v := range l.variants {
			if v.weightType != nil && *v.weightType == string(model.WeightFix) {
				sum += v.weight
			}
		}
		if sum > 1000 {
			items = append(items, Item{Value: jsonwire.JSFormatFloat(sum), Locations: []Location{at(l.base)}})
		}
	})
	return one("The traffic distribution total must equal 100%", items)
}
