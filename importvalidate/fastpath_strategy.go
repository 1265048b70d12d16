package importvalidate

import (
	"github.com/flagadmin/flagadmin/model"
)

// This file holds the fast path's decode functions for feature
// environments, strategies and variants (see fastpath.go): FeatureEnvironment,
// Strategy, Constraint, StrategyVariant and its payload, Variant, Payload
// and Override.

// featureEnvironment decodes a FeatureEnvironment.
func (d *fastDecoder) featureEnvironment(out *model.FeatureEnvironment) bool {
	const (
		name = 1 << iota
		featureName
		environment
		typ
		enabled
		sortOrder
		variantCount
		strategies
		variants
		lastSeenAt
		hasStrategies
		hasEnabledStrategies
		changeRequestIDs
		milestoneName
		milestoneOrder
		totalMilestones
		yes
		no
		releasePlans
		safeguards
	)
	var seen uint32
	empty, ok := d.openObject()
	for more := !empty; ok && more; {
		var member string
		if member, ok = d.member(); !ok {
			return false
		}
		switch member {
		case "name":
			out.Name, ok = d.strIf(fastOnce(&seen, name))
		case "featureName":
			out.FeatureName, ok = d.strPtr(fastOnce(&seen, featureName))
		case "environment":
			out.Environment, ok = d.strPtr(fastOnce(&seen, environment))
		case "type":
			out.Type, ok = d.strPtr(fastOnce(&seen, typ))
		case "enabled":
			if ok = fastOnce(&seen, enabled); ok {
				out.Enabled, ok = d.boolean()
			}
		case "sortOrder":
			out.SortOrder, ok = d.floatPtr(fastOnce(&seen, sortOrder))
		case "variantCount":
			out.VariantCount, ok = d.floatPtr(fastOnce(&seen, variantCount))
		case "strategies":
			if ok = fastOnce(&seen, strategies); ok {
				out.Strategies, ok = fastArrayPtr(d, &d.strategies, (*fastDecoder).strategy)
			}
		case "variants":
			if ok = fastOnce(&seen, variants); ok {
				out.Variants, ok = fastArrayPtr(d, &d.variants, (*fastDecoder).variant)
			}
		case "lastSeenAt":
			if ok = fastOnce(&seen, lastSeenAt); ok {
				out.LastSeenAt, ok = d.nullDateTime()
			}
		case "hasStrategies":
			out.HasStrategies, ok = d.boolPtr(fastOnce(&seen, hasStrategies))
		case "hasEnabledStrategies":
			out.HasEnabledStrategies, ok = d.boolPtr(fastOnce(&seen, hasEnabledStrategies))
		case "changeRequestIds":
			if ok = fastOnce(&seen, changeRequestIDs); ok {
				out.ChangeRequestIDs, ok = fastArrayPtr(d, &d.floats, fastFloatItem)
			}
		case "milestoneName":
			out.MilestoneName, ok = d.strPtr(fastOnce(&seen, milestoneName))
		case "milestoneOrder":
			out.MilestoneOrder, ok = d.floatPtr(fastOnce(&seen, milestoneOrder))
		case "totalMilestones":
			out.TotalMilestones, ok = d.floatPtr(fastOnce(&seen, totalMilestones))
		case "yes":
			out.Yes, ok = d.countPtr(fastOnce(&seen, yes))
		case "no":
			out.No, ok = d.countPtr(fastOnce(&seen, no))
		case "releasePlans":
			if ok = fastOnce(&seen, releasePlans); ok {
				out.ReleasePlans, ok = fastArrayPtr(d, &d.raws, fastObjectItem)
			}
		case "safeguards":
			if ok = fastOnce(&seen, safeguards); ok {
				out.Safeguards, ok = fastArrayPtr(d, &d.raws, fastObjectItem)
			}
		default:
			return false
		}
		if ok {
			more, ok = d.nextMember()
		}
	}
	return ok && seen&(name|enabled) == name|enabled
}

// strategy decodes a Strategy.
func (d *fastDecoder) strategy(out *model.Strategy) bool {
	const (
		id = 1 << iota
		name
		title
		disabled
		featureName
		sortOrder
		segments
		constraints
		variants
		parameters
	)
	var seen uint32
	empty, ok := d.openObject()
	for more := !empty; ok && more; {
		var member string
		if member, ok = d.member(); !ok {
			return false
		}
		switch member {
		case "id":
			out.ID, ok = d.strPtr(fastOnce(&seen, id))
		case "name":
			out.Name, ok = d.strIf(fastOnce(&seen, name))
		case "title":
			out.Title, ok = d.nullString(fastOnce(&seen, title))
		case "disabled":
			if ok = fastOnce(&seen, disabled); ok {
				if d.null() {
					out.Disabled = model.Nullable[bool]{Present: true}
				} else {
					var b bool
					b, ok = d.boolean()
					out.Disabled = model.Nullable[bool]{Value: b, Valid: true, Present: true}
				}
			}
		case "featureName":
			out.FeatureName, ok = d.strPtr(fastOnce(&seen, featureName))
		case "sortOrder":
			out.SortOrder, ok = d.floatPtr(fastOnce(&seen, sortOrder))
		case "segments":
			if ok = fastOnce(&seen, segments); ok {
				out.Segments, ok = fastArrayPtr(d, &d.floats, fastFloatItem)
			}
		case "constraints":
			if ok = fastOnce(&seen, constraints); ok {
				out.Constraints, ok = fastArrayPtr(d, &d.constraints, (*fastDecoder).constraint)
			}
		case "variants":
			if ok = fastOnce(&seen, variants); ok {
				out.Variants, ok = fastArrayPtr(d, &d.strategyVariants, (*fastDecoder).strategyVariant)
			}
		case "parameters":
			if ok = fastOnce(&seen, parameters); ok {
				out.Parameters, ok = d.parameters()
			}
		default:
			return false
		}
		if ok {
			more, ok = d.nextMember()
		}
	}
	return ok && seen&name != 0
}

// parameters decodes the parameters of a strategy: an object of any
// member names with string values.
func (d *fastDecoder) parameters() (*map[string]string, bool) {
	empty, ok := d.openObject()
	if !ok {
		return nil, false
	}
	m := make(map[string]string, 4)
	for more := !empty; more; {
		name, ok := d.member()
		if !ok {
			return nil, false
		}
		v, ok := d.str()
		if !ok {
			return nil, false
		}
		n := len(m)
		m[d.keep(fastViewBytes(name))] = v
		if len(m) == n {
			return nil, false // a duplicate name
		}
		if more, ok = d.nextMember(); !ok {
			return nil, false
		}
	}
	return d.params.put(m), true
}

// constraint decodes a Constraint.
func (d *fastDecoder) constraint(out *model.Constraint) bool {
	const (
		contextName = 1 << iota
		operator
		caseInsensitive
		inverted
		values
		value
	)
	var seen uint32
	empty, ok := d.openObject()
	for more := !empty; ok && more; {
		var member string
		if member, ok = d.member(); !ok {
			return false
		}
		switch member {
		case "contextName":
			out.ContextName, ok = d.strIf(fastOnce(&seen, contextName))
		case "operator":
			if ok = fastOnce(&seen, operator); ok {
				out.Operator, ok = d.operator()
			}
		case "caseInsensitive":
			out.CaseInsensitive, ok = d.boolPtr(fastOnce(&seen, caseInsensitive))
		case "inverted":
			out.Inverted, ok = d.boolPtr(fastOnce(&seen, inverted))
		case "values":
			if ok = fastOnce(&seen, values); ok {
				out.Values, ok = fastArrayPtr(d, &d.strs, fastStrItem)
			}
		case "value":
			out.Value, ok = d.strPtr(fastOnce(&seen, value))
			ok = ok && *out.Value != "" // minLength 1
		default:
			return false
		}
		if ok {
			more, ok = d.nextMember()
		}
	}
	return ok && seen&(contextName|operator) == contextName|operator
}

// strategyVariant decodes a StrategyVariant: weight is an integer from 0
// to 1000.
func (d *fastDecoder) strategyVariant(out *model.StrategyVariant) bool {
	const (
		name = 1 << iota
		weight
		weightType
		stickiness
		payload
	)
	var seen uint32
	empty, ok := d.openObject()
	for more := !empty; ok && more; {
		var member string
		if member, ok = d.member(); !ok {
			return false
		}
		switch member {
		case "name":
			out.Name, ok = d.strIf(fastOnce(&seen, name))
		case "weight":
			if ok = fastOnce(&seen, weight); ok {
				out.Weight, ok = d.integer()
				ok = ok && out.Weight >= 0 && out.Weight <= 1000
			}
		case "weightType":
			if ok = fastOnce(&seen, weightType); ok {
				out.WeightType, ok = d.weightType()
			}
		case "stickiness":
			out.Stickiness, ok = d.strIf(fastOnce(&seen, stickiness))
		case "payload":
			if ok = fastOnce(&seen, payload); ok {
				out.Payload = d.svPayloads.zero()
				ok = d.strategyPayload(out.Payload)
			}
		default:
			return false
		}
		if ok {
			more, ok = d.nextMember()
		}
	}
	return ok && seen&(name|weight|weightType|stickiness) == name|weight|weightType|stickiness
}

// fastStrategyPayloadMembers are the declared members of a strategy
// variant's payload.
var fastStrategyPayloadMembers = []string{"type", "value"}

// strategyPayload decodes the payload of a strategy variant, an open
// object.
func (d *fastDecoder) strategyPayload(out *model.StrategyPayload) bool {
	const (
		typ = 1 << iota
		value
	)
	var seen uint32
	empty, ok := d.openObject()
	for more := !empty; ok && more; {
		var member string
		if member, ok = d.member(); !ok {
			return false
		}
		switch member {
		case "type":
			if ok = fastOnce(&seen, typ); ok {
				out.Type, ok = d.payloadType()
			}
		case "value":
			out.Value, ok = d.strIf(fastOnce(&seen, value))
		default:
			ok = d.extra(&out.Extra, member, fastStrategyPayloadMembers)
		}
		if ok {
			more, ok = d.nextMember()
		}
	}
	return ok && seen == typ|value
}

// variant decodes a Variant of a feature or feature environment: weight
// is a number from 0 to 1000.
func (d *fastDecoder) variant(out *model.Variant) bool {
	const (
		name = 1 << iota
		weight
		weightType
		stickiness
		payload
		overrides
	)
	var seen uint32
	empty, ok := d.openObject()
	for more := !empty; ok && more; {
		var member string
		if member, ok = d.member(); !ok {
			return false
		}
		switch member {
		case "name":
			out.Name, ok = d.strIf(fastOnce(&seen, name))
		case "weight":
			if ok = fastOnce(&seen, weight); ok {
				out.Weight, ok = d.weight()
			}
		case "weightType":
			if ok = fastOnce(&seen, weightType); ok {
				var w model.WeightType
				w, ok = d.weightType()
				out.WeightType = d.weightTypePtrs.put(w)
			}
		case "stickiness":
			out.Stickiness, ok = d.strPtr(fastOnce(&seen, stickiness))
		case "payload":
			if ok = fastOnce(&seen, payload); ok {
				out.Payload = d.payloads.zero()
				ok = d.payload(out.Payload)
			}
		case "overrides":
			if ok = fastOnce(&seen, overrides); ok {
				out.Overrides, ok = fastArrayPtr(d, &d.overrides, (*fastDecoder).override)
			}
		default:
			return false
		}
		if ok {
			more, ok = d.nextMember()
		}
	}
	return ok && seen&(name|weight) == name|weight
}

// payload decodes the Payload of a variant.
func (d *fastDecoder) payload(out *model.Payload) bool {
	const (
		typ = 1 << iota
		value
	)
	var seen uint32
	empty, ok := d.openObject()
	for more := !empty; ok && more; {
		var member string
		if member, ok = d.member(); !ok {
			return false
		}
		switch member {
		case "type":
			if ok = fastOnce(&seen, typ); ok {
				out.Type, ok = d.payloadType()
			}
		case "value":
			out.Value, ok = d.strIf(fastOnce(&seen, value))
		default:
			return false
		}
		if ok {
			more, ok = d.nextMember()
		}
	}
	return ok && seen == typ|value
}

// override decodes an Override of a variant.
func (d *fastDecoder) override(out *model.Override) bool {
	const (
		contextName = 1 << iota
		values
	)
	var seen uint32
	empty, ok := d.openObject()
	for more := !empty; ok && more; {
		var member string
		if member, ok = d.member(); !ok {
			return false
		}
		switch member {
		case "contextName":
			out.ContextName, ok = d.strIf(fastOnce(&seen, contextName))
		case "values":
			if ok = fastOnce(&seen, values); ok {
				out.Values, ok = fastArray(d, &d.strs, fastStrItem)
			}
		default:
			return false
		}
		if ok {
			more, ok = d.nextMember()
		}
	}
	return ok && seen == contextName|values
}
