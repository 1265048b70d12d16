package fastpath

import (
	"github.com/flagadmin/flagadmin/model"
)

// This file holds the fast path's decode functions for ExportData and its
// smaller item types (see fastpath.go): context fields, feature tags,
// segments, tag types, dependencies and data links. Each checks the
// members of its schema definition: the names (closed objects refuse
// others), the types, the required ones and their constraints.

// exportData decodes the data member: ExportData. Every optional array
// that is present is marked so, as ExportData.UnmarshalJSON does.
func (d *decoder) exportData(out *model.ExportData) bool {
	const (
		features = 1 << iota
		featureStrategies
		featureEnvironments
		contextFields
		featureTags
		segments
		tagTypes
		dependencies
		links
	)
	var seen uint32
	empty, ok := d.openObject()
	for more := !empty; ok && more; {
		var name string
		if name, ok = d.member(); !ok {
			return false
		}
		switch name {
		case "features":
			if ok = once(&seen, features); ok {
				out.Features, ok = array(d, &d.features, (*decoder).feature)
			}
		case "featureStrategies":
			if ok = once(&seen, featureStrategies); ok {
				out.FeatureStrategies, ok = array(d, &d.strategies, (*decoder).strategy)
			}
		case "featureEnvironments":
			if ok = once(&seen, featureEnvironments); ok {
				out.FeatureEnvironments, ok = array(d, &d.featureEnvironments, (*decoder).featureEnvironment)
			}
		case "contextFields":
			if ok = once(&seen, contextFields); ok {
				out.ContextFields, ok = array(d, &d.contextFields, (*decoder).contextField)
			}
		case "featureTags":
			if ok = once(&seen, featureTags); ok {
				out.FeatureTags, ok = array(d, &d.featureTags, (*decoder).featureTag)
			}
		case "segments":
			if ok = once(&seen, segments); ok {
				out.Segments, ok = array(d, &d.segments, (*decoder).segment)
			}
		case "tagTypes":
			if ok = once(&seen, tagTypes); ok {
				out.TagTypes, ok = array(d, &d.tagTypes, (*decoder).tagType)
			}
		case "dependencies":
			if ok = once(&seen, dependencies); ok {
				out.Dependencies, ok = array(d, &d.dependencies, (*decoder).featureDependencies)
			}
		case "links":
			if ok = once(&seen, links); ok {
				out.Links, ok = array(d, &d.dataLinks, (*decoder).featureLinksItem)
			}
		default:
			return false
		}
		if ok {
			out.MarkPresent(name) // false, and a no-op, for the required arrays
			more, ok = d.nextMember()
		}
	}
	return ok && seen&(features|featureStrategies|tagTypes) == features|featureStrategies|tagTypes
}

// contextField decodes a ContextField.
func (d *decoder) contextField(out *model.ContextField) bool {
	const (
		name = 1 << iota
		description
		stickiness
		sortOrder
		createdAt
		usedInFeatures
		usedInProjects
		legalValues
		project
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
		case "description":
			out.Description, ok = d.nullString(once(&seen, description))
		case "stickiness":
			out.Stickiness, ok = d.boolPtr(once(&seen, stickiness))
		case "sortOrder":
			if ok = once(&seen, sortOrder); ok {
				var n int64
				n, ok = d.integer()
				out.SortOrder = d.intPtrs.put(n)
			}
		case "createdAt":
			if ok = once(&seen, createdAt); ok {
				out.CreatedAt, ok = d.nullDateTime()
			}
		case "usedInFeatures":
			out.UsedInFeatures, ok = d.nullCount(once(&seen, usedInFeatures))
		case "usedInProjects":
			out.UsedInProjects, ok = d.nullCount(once(&seen, usedInProjects))
		case "legalValues":
			if ok = once(&seen, legalValues); ok {
				out.LegalValues, ok = arrayPtr(d, &d.legalValues, (*decoder).legalValue)
			}
		case "project":
			out.Project, ok = d.strPtr(once(&seen, project))
		default:
			return false
		}
		if ok {
			more, ok = d.nextMember()
		}
	}
	return ok && seen&name != 0
}

// nullCount reads a member of type ["integer", "null"] with minimum 0.
func (d *decoder) nullCount(ok bool) (model.Nullable[int64], bool) {
	if !ok {
		return model.Nullable[int64]{}, false
	}
	if d.null() {
		return model.Nullable[int64]{Present: true}, true
	}
	n, ok := d.integer()
	return model.Nullable[int64]{Value: n, Valid: true, Present: true}, ok && n >= 0
}

// countPtr reads an optional member of type integer with minimum 0.
func (d *decoder) countPtr(ok bool) (*int64, bool) {
	if !ok {
		return nil, false
	}
	n, ok := d.integer()
	return d.intPtrs.put(n), ok && n >= 0
}

// legalValue decodes a LegalValue.
func (d *decoder) legalValue(out *model.LegalValue) bool {
	const (
		value = 1 << iota
		description
	)
	var seen uint32
	empty, ok := d.openObject()
	for more := !empty; ok && more; {
		var member string
		if member, ok = d.member(); !ok {
			return false
		}
		switch member {
		case "value":
			out.Value, ok = d.strIf(once(&seen, value))
		case "description":
			out.Description, ok = d.strPtr(once(&seen, description))
		default:
			return false
		}
		if ok {
			more, ok = d.nextMember()
		}
	}
	return ok && seen&value != 0
}

// featureTag decodes a FeatureTag.
func (d *decoder) featureTag(out *model.FeatureTag) bool {
	const (
		featureName = 1 << iota
		tagType
		tagValue
		typ
		value
		createdByUserID
	)
	var seen uint32
	empty, ok := d.openObject()
	for more := !empty; ok && more; {
		var member string
		if member, ok = d.member(); !ok {
			return false
		}
		switch member {
		case "featureName":
			out.FeatureName, ok = d.strIf(once(&seen, featureName))
		case "tagType":
			out.TagType, ok = d.strPtr(once(&seen, tagType))
		case "tagValue":
			out.TagValue, ok = d.strIf(once(&seen, tagValue))
		case "type":
			out.Type, ok = d.strPtr(once(&seen, typ))
		case "value":
			out.Value, ok = d.strPtr(once(&seen, value))
		case "createdByUserId":
			if ok = once(&seen, createdByUserID); ok {
				if d.null() {
					out.CreatedByUserID = model.Nullable[float64]{Present: true}
				} else {
					var f float64
					f, ok = d.float()
					out.CreatedByUserID = model.Nullable[float64]{Value: f, Valid: true, Present: true}
				}
			}
		default:
			return false
		}
		if ok {
			more, ok = d.nextMember()
		}
	}
	return ok && seen&(featureName|tagValue) == featureName|tagValue
}

// segment decodes a Segment.
func (d *decoder) segment(out *model.Segment) bool {
	const (
		id = 1 << iota
		name
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
			if ok = once(&seen, id); ok {
				out.ID, ok = d.float()
			}
		case "name":
			out.Name, ok = d.strIf(once(&seen, name))
		default:
			return false
		}
		if ok {
			more, ok = d.nextMember()
		}
	}
	return ok && seen == id|name
}

// tagType decodes a TagType.
func (d *decoder) tagType(out *model.TagType) bool {
	const (
		name = 1 << iota
		description
		icon
		color
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
		case "description":
			out.Description, ok = d.strPtr(once(&seen, description))
		case "icon":
			out.Icon, ok = d.nullString(once(&seen, icon))
		case "color":
			if ok = once(&seen, color); ok {
				out.Color, ok = d.nullColor()
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

// featureDependencies decodes a FeatureDependencies item of
// data.dependencies.
func (d *decoder) featureDependencies(out *model.FeatureDependencies) bool {
	const (
		feature = 1 << iota
		dependencies
	)
	var seen uint32
	empty, ok := d.openObject()
	for more := !empty; ok && more; {
		var member string
		if member, ok = d.member(); !ok {
			return false
		}
		switch member {
		case "feature":
			out.Feature, ok = d.strIf(once(&seen, feature))
		case "dependencies":
			if ok = once(&seen, dependencies); ok {
				out.Dependencies, ok = array(d, &d.parentEntries, (*decoder).parentDependencyEntry)
			}
		default:
			return false
		}
		if ok {
			more, ok = d.nextMember()
		}
	}
	return ok && seen == feature|dependencies
}

// parentDependencyEntry decodes an item of
// data.dependencies[].dependencies (schema ParentDependency).
func (d *decoder) parentDependencyEntry(out *model.ParentDependencyEntry) bool {
	var p model.ParentDependency
	if !d.parentDependency(&p) {
		return false
	}
	*out = model.ParentDependencyEntry{Feature: p.Feature, Enabled: p.Enabled, Variants: p.Variants}
	return true
}

// featureLinksItem decodes a FeatureLinks item of data.links.
func (d *decoder) featureLinksItem(out *model.FeatureLinks) bool {
	const (
		feature = 1 << iota
		links
	)
	var seen uint32
	empty, ok := d.openObject()
	for more := !empty; ok && more; {
		var member string
		if member, ok = d.member(); !ok {
			return false
		}
		switch member {
		case "feature":
			out.Feature, ok = d.strIf(once(&seen, feature))
		case "links":
			if ok = once(&seen, links); ok {
				out.Links, ok = array(d, &d.dataLink, (*decoder).dataLinkItem)
			}
		default:
			return false
		}
		if ok {
			more, ok = d.nextMember()
		}
	}
	return ok && seen&feature != 0
}

// dataLinkMembers are the declared members of a DataLink.
var dataLinkMembers = []string{"url", "title"}

// dataLinkItem decodes a DataLink, an open object.
func (d *decoder) dataLinkItem(out *model.DataLink) bool {
	const (
		url = 1 << iota
		title
	)
	var seen uint32
	empty, ok := d.openObject()
	for more := !empty; ok && more; {
		var member string
		if member, ok = d.member(); !ok {
			return false
		}
		switch member {
		case "url":
			out.URL, ok = d.strIf(once(&seen, url))
		case "title":
			out.Title, ok = d.nullString(once(&seen, title))
		default:
			ok = d.extra(&out.Extra, member, dataLinkMembers)
		}
		if ok {
			more, ok = d.nextMember()
		}
	}
	return ok && seen&url != 0
}
