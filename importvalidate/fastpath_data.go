package importvalidate

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
func (d *fastDecoder) exportData(out *model.ExportData) bool {
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
			if ok = fastOnce(&seen, features); ok {
				out.Features, ok = fastArray(d, &d.features, (*fastDecoder).feature)
			}
		case "featureStrategies":
			if ok = fastOnce(&seen, featureStrategies); ok {
				out.FeatureStrategies, ok = fastArray(d, &d.strategies, (*fastDecoder).strategy)
			}
		case "featureEnvironments":
			if ok = fastOnce(&seen, featureEnvironments); ok {
				out.FeatureEnvironments, ok = fastArray(d, &d.featureEnvironments, (*fastDecoder).featureEnvironment)
			}
		case "contextFields":
			if ok = fastOnce(&seen, contextFields); ok {
				out.ContextFields, ok = fastArray(d, &d.contextFields, (*fastDecoder).contextField)
			}
		case "featureTags":
			if ok = fastOnce(&seen, featureTags); ok {
				out.FeatureTags, ok = fastArray(d, &d.featureTags, (*fastDecoder).featureTag)
			}
		case "segments":
			if ok = fastOnce(&seen, segments); ok {
				out.Segments, ok = fastArray(d, &d.segments, (*fastDecoder).segment)
			}
		case "tagTypes":
			if ok = fastOnce(&seen, tagTypes); ok {
				out.TagTypes, ok = fastArray(d, &d.tagTypes, (*fastDecoder).tagType)
			}
		case "dependencies":
			if ok = fastOnce(&seen, dependencies); ok {
				out.Dependencies, ok = fastArray(d, &d.dependencies, (*fastDecoder).featureDependencies)
			}
		case "links":
			if ok = fastOnce(&seen, links); ok {
				out.Links, ok = fastArray(d, &d.dataLinks, (*fastDecoder).featureLinksItem)
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
func (d *fastDecoder) contextField(out *model.ContextField) bool {
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
			out.Name, ok = d.strIf(fastOnce(&seen, name))
		case "description":
			out.Description, ok = d.nullString(fastOnce(&seen, description))
		case "stickiness":
			out.Stickiness, ok = d.boolPtr(fastOnce(&seen, stickiness))
		case "sortOrder":
			if ok = fastOnce(&seen, sortOrder); ok {
				var n int64
				n, ok = d.integer()
				out.SortOrder = d.intPtrs.put(n)
			}
		case "createdAt":
			if ok = fastOnce(&seen, createdAt); ok {
				out.CreatedAt, ok = d.nullDateTime()
			}
		case "usedInFeatures":
			out.UsedInFeatures, ok = d.nullCount(fastOnce(&seen, usedInFeatures))
		case "usedInProjects":
			out.UsedInProjects, ok = d.nullCount(fastOnce(&seen, usedInProjects))
		case "legalValues":
			if ok = fastOnce(&seen, legalValues); ok {
				out.LegalValues, ok = fastArrayPtr(d, &d.legalValues, (*fastDecoder).legalValue)
			}
		case "project":
			out.Project, ok = d.strPtr(fastOnce(&seen, project))
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
func (d *fastDecoder) nullCount(ok bool) (model.Nullable[int64], bool) {
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
func (d *fastDecoder) countPtr(ok bool) (*int64, bool) {
	if !ok {
		return nil, false
	}
	n, ok := d.integer()
	return d.intPtrs.put(n), ok && n >= 0
}

// legalValue decodes a LegalValue.
func (d *fastDecoder) legalValue(out *model.LegalValue) bool {
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
			out.Value, ok = d.strIf(fastOnce(&seen, value))
		case "description":
			out.Description, ok = d.strPtr(fastOnce(&seen, description))
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
func (d *fastDecoder) featureTag(out *model.FeatureTag) bool {
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
			out.FeatureName, ok = d.strIf(fastOnce(&seen, featureName))
		case "tagType":
			out.TagType, ok = d.strPtr(fastOnce(&seen, tagType))
		case "tagValue":
			out.TagValue, ok = d.strIf(fastOnce(&seen, tagValue))
		case "type":
			out.Type, ok = d.strPtr(fastOnce(&seen, typ))
		case "value":
			out.Value, ok = d.strPtr(fastOnce(&seen, value))
		case "createdByUserId":
			if ok = fastOnce(&seen, createdByUserID); ok {
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
func (d *fastDecoder) segment(out *model.Segment) bool {
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
			if ok = fastOnce(&seen, id); ok {
				out.ID, ok = d.float()
			}
		case "name":
			out.Name, ok = d.strIf(fastOnce(&seen, name))
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
func (d *fastDecoder) tagType(out *model.TagType) bool {
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
			out.Name, ok = d.strIf(fastOnce(&seen, name))
		case "description":
			out.Description, ok = d.strPtr(fastOnce(&seen, description))
		case "icon":
			out.Icon, ok = d.nullString(fastOnce(&seen, icon))
		case "color":
			if ok = fastOnce(&seen, color); ok {
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
func (d *fastDecoder) featureDependencies(out *model.FeatureDependencies) bool {
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
			out.Feature, ok = d.strIf(fastOnce(&seen, feature))
		case "dependencies":
			if ok = fastOnce(&seen, dependencies); ok {
				out.Dependencies, ok = fastArray(d, &d.parentEntries, (*fastDecoder).parentDependencyEntry)
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
func (d *fastDecoder) parentDependencyEntry(out *model.ParentDependencyEntry) bool {
	var p model.ParentDependency
	if !d.parentDependency(&p) {
		return false
	}
	*out = model.ParentDependencyEntry{Feature: p.Feature, Enabled: p.Enabled, Variants: p.Variants}
	return true
}

// featureLinksItem decodes a FeatureLinks item of data.links.
func (d *fastDecoder) featureLinksItem(out *model.FeatureLinks) bool {
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
			out.Feature, ok = d.strIf(fastOnce(&seen, feature))
		case "links":
			if ok = fastOnce(&seen, links); ok {
				out.Links, ok = fastArray(d, &d.dataLink, (*fastDecoder).dataLinkItem)
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

// fastDataLinkMembers are the declared members of a DataLink.
var fastDataLinkMembers = []string{"url", "title"}

// dataLinkItem decodes a DataLink, an open object.
func (d *fastDecoder) dataLinkItem(out *model.DataLink) bool {
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
			out.URL, ok = d.strIf(fastOnce(&seen, url))
		case "title":
			out.Title, ok = d.nullString(fastOnce(&seen, title))
		default:
			ok = d.extra(&out.Extra, member, fastDataLinkMembers)
		}
		if ok {
			more, ok = d.nextMember()
		}
	}
	return ok && seen&url != 0
}
