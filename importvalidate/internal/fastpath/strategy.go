package fastpath

import (
	"github.com/flagadmin/flagadmin/model"
)

// This file holds the fast path's decode functions for feature
// environments, strategies and variants (see fastpath.go): FeatureEnvironment,
// Strategy, Constraint, StrategyVariant and its payload, Variant, Payload
// and Override.

// featureEnvironment decodes a FeatureEnvironment.
func (d *decoder) featureEnvironment(out *model.FeatureEnvironment) bool {
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
			out.Name, ok = d.strIf(once(&seen, name))
		case "featureName":
			out.FeatureName, ok = d.strPtr(once(&seen, featureName))
		case "environment":
			out.Environment, ok = d.strPtr(once(&seen, environment))
		case "type":
			out.Type, ok = d.strPtr(once(&seen, typ))
		case "enabled":
			if ok = once(&seen, enabled); ok {
				out.Enabled, ok = d.boolean()
			}
		case "sortOrder":
			out.SortOrder, ok = d.floatPtr(once(&seen, sortOrder))
		case "variantCount":
			out.VariantCount, ok = d.floatPtr(once(&seen, variantCount))
		case "strategies":
			if ok = once(&seen, strategies); ok {
				out.Strategies, ok = arrayPtr(d, &d.strategies, (*decoder).strategy)
			}
		case "variants":
			if ok = once(&seen, variants); ok {
				out.Variants, ok = arrayPtr(d, &d.variants, (*decoder).variant)
			}
		case "lastSeenAt":
			if ok = once(&seen, lastSeenAt); ok {
				out.LastSeenAt, ok = d.nullDateTime()
			}
		case "hasStrategies":
			out.HasStrategies, ok = d.boolPtr(once(&seen, hasStrategies))
		case "hasEnabledStrategies":
			out.HasEnabledStrategies, ok = d.boolPtr(once(&seen, hasEnabledStrategies))
		case "changeRequestIds":
			if ok = once(&seen, changeRequestIDs); ok {
				out.ChangeRequestIDs, ok = arrayPtr(d, &d.floats, floatItem)
			}
		case "milestoneName":
			out.MilestoneName, ok = d.strPtr(once(&seen, milestoneName))
		case "milestoneOrder":
			out.MilestoneOrder, ok = d.floatPtr(once(&seen, milestoneOrder))
		case "totalMilestones":
			out.TotalMilestones, ok = d.floatPtr(once(&seen, totalMilestones))
		case "yes":
			out.Yes, ok = d.countPtr(once(&seen, yes))
		case "no":
			out.No, ok = d.countPtr(once(&seen, no))
		case "releasePlans":
			if ok = once(&seen, releasePlans); ok {
				out.ReleasePlans, ok = arrayPtr(d, &d.raws, objectItem)
			}
		case "safeguards":
			if ok = once(&seen, safeguards); ok {
				out.Safeguards, ok = arrayPtr(d, &d.raws, objectItem)
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
func (d *decoder) strategy(out *model.Strategy) bool {
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
			out.ID, ok = d.strPtr(once(&seen, id))
		case "name":
			out.Name, ok = d.strIf(once(&seen, name))
		case "title":
			out.Title, ok = d.nullString(once(&seen, title))
		case "disabled":
			if ok = once(&seen, disabled); ok {
				if d.null() {
					out.Disabled = model.Nullable[bool]{Present: true}
				} else {
					var b bool
					b, ok = d.boolean()
					out.Disabled = model.Nullable[bool]{Value: b, Valid: true, Present: true}
				}
			}
		case "featureName":
			out.FeatureName, ok = d.strPtr(once(&seen, featureName))
		case "sortOrder":
			out.SortOrder, ok = d.floatPtr(once(&seen, sortOrder))
		case "segments":
			if ok = once(&seen, segments); ok {
				out.Segments, ok = arrayPtr(d, &d.floats, floatItem)
			}
		case "constraints":
			if ok = once(&seen, constraints); ok {
				out.Constraints, ok = arrayPtr(d, &d.constraints, (*decoder).constraint)
			}
		case "variants":
			if ok = once(&seen, variants); ok {
				out.Variants, ok = arrayPtr(d, &d.strategyVariants, (*decoder).strategyVariant)
			}
		case "parameters":
			if ok = once(&seen, parameters); ok {
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
func (d *decoder) parameters() (*map[string]string, bool) {
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
		m[d.keep(viewBytes(name))] = v
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
func (d *decoder) constraint(out *model.Constraint) bool {
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
			out.ContextName, ok = d.strIf(once(&seen, contextName))
		case "operator":
			if ok = once(&seen, operator); ok {
				out.Operator, ok = d.operator()
			}
		case "caseInsensitive":
			out.CaseInsensitive, ok = d.boolPtr(once(&seen, caseInsensitive))
		case "inverted":
			out.Inverted, ok = d.boolPtr(once(&seen, inverted))
		case "values":
			if ok = once(&seen, values); ok {
				out.Values, ok = arrayPtr(d, &d.strs, strItem)
			}
		case "value":
			out.Value, ok = d.strPtr(once(&seen, value))
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
func (d *decoder) strategyVariant(out *model.StrategyVariant) bool {
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
			out.Name, ok = d.strIf(once(&seen, name))
		case "weight":
			if ok = once(&seen, weight); ok {
				out.Weight, ok = d.integer()
				ok = ok && out.Weight >= 0 && out.Weight <= 1000
			}
		case "weightType":
			if ok = once(&seen, weightType); ok {
				out.WeightType, ok = d.weightType()
			}
		case "stickiness":
			out.Stickiness, ok = d.strIf(once(&seen, stickiness))
		case "payload":
			if ok = once(&seen, payload); ok {
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

// strategyPayloadMembers are the declared members of a strategy
// variant's payload.
var strategyPayloadMembers = []string{"type", "value"}

// strategyPayload decodes the payload of a strategy variant, an open
// object.
func (d *decoder) strategyPayload(out *model.StrategyPayload) bool {
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
			if ok = once(&seen, typ); ok {
				out.Type, ok = d.payloadType()
			}
		case "value":
			out.Value, ok = d.strIf(once(&seen, value))
		default:
			ok = d.extra(&out.Extra, member, strategyPayloadMembers)
		}
		if ok {
			more, ok = d.nextMember()
		}
	}
	return ok && seen == typ|value
}

// variant decodes a Variant of a feature or feature environment: weight
// is a number from 0 to 1000.
func (d *decoder) variant(out *model.Variant) bool {
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
			out.Name, ok = d.strIf(once(&seen, name))
		case "weight":
			if ok = once(&seen, weight); ok {
				out.Weight, ok = d.weight()
			}
		case "weightType":
			if ok = once(&seen, weightType); ok {
				var w model.WeightType
				w, ok = d.weightType()
				out.WeightType = d.weightTypePtrs.put(w)
			}
		case "stickiness":
			out.Stickiness, ok = d.strPtr(once(&seen, stickiness))
		case "payload":
			if ok = once(&seen, payload); ok {
				out.Payload = d.payloads.zero()
				ok = d.payload(out.Payload)
			}
		case "overrides":
			if ok = once(&seen, overrides); ok {
				out.Overrides, ok = arrayPtr(d, &d.overrides, (*decoder).override)
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
func (d *decoder) payload(out *model.Payload) bool {
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
			if ok = once(&seen, typ); ok {
				out.Type, ok = d.payloadType()
			}
		case "value":
			out.Value, ok = d.strIf(once(&seen, value))
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
func (d *decoder) override(out *model.Override) bool {
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
			out.ContextName, ok = d.strIf(once(&seen, contextName))
		case "values":
			if ok = once(&seen, values); ok {
				out.Values, ok = array(d, &d.strs, strItem)
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
