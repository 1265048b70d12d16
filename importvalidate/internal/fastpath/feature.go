package fastpath

import (
	"github.com/flagadmin/flagadmin/model"
)

// This file holds the fast path's decode functions for a Feature and the
// types only a feature holds (see fastpath.go): its creator, tags, parent
// dependencies, lifecycle, collaborators and links.

// feature decodes a Feature.
func (d *decoder) feature(out *model.Feature) bool {
	const (
		name = 1 << iota
		typ
		description
		archived
		project
		enabled
		stale
		favorite
		impressionData
		createdAt
		createdBy
		archivedAt
		lastSeenAt
		environments
		variants
		strategies
		tags
		children
		lifecycle
		dependencies
		collaborators
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
		case "name":
			out.Name, ok = d.strIf(once(&seen, name))
		case "type":
			out.Type, ok = d.strPtr(once(&seen, typ))
		case "description":
			out.Description, ok = d.nullString(once(&seen, description))
		case "archived":
			out.Archived, ok = d.boolPtr(once(&seen, archived))
		case "project":
			out.Project, ok = d.strPtr(once(&seen, project))
		case "enabled":
			out.Enabled, ok = d.boolPtr(once(&seen, enabled))
		case "stale":
			out.Stale, ok = d.boolPtr(once(&seen, stale))
		case "favorite":
			out.Favorite, ok = d.boolPtr(once(&seen, favorite))
		case "impressionData":
			out.ImpressionData, ok = d.boolPtr(once(&seen, impressionData))
		case "createdAt":
			if ok = once(&seen, createdAt); ok {
				out.CreatedAt, ok = d.nullDateTime()
			}
		case "createdBy":
			if ok = once(&seen, createdBy); ok {
				out.CreatedBy = d.createdBys.zero()
				ok = d.createdBy(out.CreatedBy)
			}
		case "archivedAt":
			if ok = once(&seen, archivedAt); ok {
				out.ArchivedAt, ok = d.nullDateTime()
			}
		case "lastSeenAt":
			if ok = once(&seen, lastSeenAt); ok {
				out.LastSeenAt, ok = d.nullDateTime()
			}
		case "environments":
			if ok = once(&seen, environments); ok {
				out.Environments, ok = arrayPtr(d, &d.featureEnvironments, (*decoder).featureEnvironment)
			}
		case "variants":
			if ok = once(&seen, variants); ok {
				out.Variants, ok = arrayPtr(d, &d.variants, (*decoder).variant)
			}
		case "strategies":
			if ok = once(&seen, strategies); ok {
				out.Strategies, ok = arrayPtr(d, &d.raws, objectItem)
			}
		case "tags":
			if ok = once(&seen, tags); ok {
				if d.null() {
					out.Tags = model.Nullable[[]model.Tag]{Present: true}
				} else {
					var t []model.Tag
					t, ok = array(d, &d.tags, (*decoder).tag)
					out.Tags = model.Nullable[[]model.Tag]{Value: t, Valid: true, Present: true}
				}
			}
		case "children":
			if ok = once(&seen, children); ok {
				out.Children, ok = arrayPtr(d, &d.strs, strItem)
			}
		case "lifecycle":
			if ok = once(&seen, lifecycle); ok {
				out.Lifecycle = d.lifecycles.zero()
				ok = d.lifecycle(out.Lifecycle)
			}
		case "dependencies":
			if ok = once(&seen, dependencies); ok {
				out.Dependencies, ok = arrayPtr(d, &d.parents, (*decoder).parentDependency)
			}
		case "collaborators":
			if ok = once(&seen, collaborators); ok {
				out.Collaborators = d.collabs.zero()
				ok = d.collaboratorsObject(out.Collaborators)
			}
		case "links":
			if ok = once(&seen, links); ok {
				out.Links, ok = arrayPtr(d, &d.featureLinks, (*decoder).featureLink)
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

// createdBy decodes a CreatedBy.
func (d *decoder) createdBy(out *model.CreatedBy) bool {
	const (
		id = 1 << iota
		name
		imageURL
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
				out.ID, ok = d.integer()
			}
		case "name":
			out.Name, ok = d.strIf(once(&seen, name))
		case "imageUrl":
			out.ImageURL, ok = d.strIf(once(&seen, imageURL))
		default:
			return false
		}
		if ok {
			more, ok = d.nextMember()
		}
	}
	return ok && seen == id|name|imageURL
}

// tag decodes a Tag of a feature: value and type of 2 to 50 code points.
func (d *decoder) tag(out *model.Tag) bool {
	const (
		value = 1 << iota
		typ
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
		case "value":
			out.Value, ok = d.strIf(once(&seen, value))
			ok = ok && lenBetween(out.Value, 2, 50)
		case "type":
			out.Type, ok = d.strIf(once(&seen, typ))
			ok = ok && lenBetween(out.Type, 2, 50)
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
	return ok && seen&(value|typ) == value|typ
}

// parentDependency decodes a ParentDependency.
func (d *decoder) parentDependency(out *model.ParentDependency) bool {
	const (
		feature = 1 << iota
		enabled
		variants
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
		case "enabled":
			out.Enabled, ok = d.boolPtr(once(&seen, enabled))
		case "variants":
			if ok = once(&seen, variants); ok {
				out.Variants, ok = arrayPtr(d, &d.strs, strItem)
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

// lifecycle decodes a Lifecycle.
func (d *decoder) lifecycle(out *model.Lifecycle) bool {
	const (
		stage = 1 << iota
		enteredStageAt
		status
	)
	var seen uint32
	empty, ok := d.openObject()
	for more := !empty; ok && more; {
		var member string
		if member, ok = d.member(); !ok {
			return false
		}
		switch member {
		case "stage":
			if ok = once(&seen, stage); ok {
				out.Stage, ok = d.lifecycleStage()
			}
		case "enteredStageAt":
			if ok = once(&seen, enteredStageAt); ok {
				out.EnteredStageAt, ok = d.dateTime()
			}
		case "status":
			out.Status, ok = d.nullString(once(&seen, status))
		default:
			return false
		}
		if ok {
			more, ok = d.nextMember()
		}
	}
	return ok && seen&(stage|enteredStageAt) == stage|enteredStageAt
}

// collaboratorsMembers are the declared members of Collaborators.
var collaboratorsMembers = []string{"users"}

// collaboratorsObject decodes Collaborators, an open object.
func (d *decoder) collaboratorsObject(out *model.Collaborators) bool {
	var seen uint32
	empty, ok := d.openObject()
	for more := !empty; ok && more; {
		var member string
		if member, ok = d.member(); !ok {
			return false
		}
		switch member {
		case "users":
			if ok = once(&seen, 1); ok {
				out.Users, ok = array(d, &d.collaborators, (*decoder).collaborator)
			}
		default:
			ok = d.extra(&out.Extra, member, collaboratorsMembers)
		}
		if ok {
			more, ok = d.nextMember()
		}
	}
	return ok && seen != 0
}

// collaboratorMembers are the declared members of a Collaborator.
var collaboratorMembers = []string{"id", "name", "imageUrl"}

// collaborator decodes a Collaborator, an open object.
func (d *decoder) collaborator(out *model.Collaborator) bool {
	const (
		id = 1 << iota
		name
		imageURL
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
				out.ID, ok = d.integer()
			}
		case "name":
			out.Name, ok = d.strIf(once(&seen, name))
		case "imageUrl":
			out.ImageURL, ok = d.strIf(once(&seen, imageURL))
		default:
			ok = d.extra(&out.Extra, member, collaboratorMembers)
		}
		if ok {
			more, ok = d.nextMember()
		}
	}
	return ok && seen == id|name|imageURL
}

// featureLinkMembers are the declared members of a FeatureLink.
var featureLinkMembers = []string{"id", "url", "title", "feature"}

// featureLink decodes a FeatureLink, an open object.
func (d *decoder) featureLink(out *model.FeatureLink) bool {
	const (
		id = 1 << iota
		url
		title
		feature
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
			out.ID, ok = d.strIf(once(&seen, id))
		case "url":
			out.URL, ok = d.strIf(once(&seen, url))
		case "title":
			out.Title, ok = d.nullString(once(&seen, title))
		case "feature":
			out.Feature, ok = d.strPtr(once(&seen, feature))
		default:
			ok = d.extra(&out.Extra, member, featureLinkMembers)
		}
		if ok {
			more, ok = d.nextMember()
		}
	}
	return ok && seen&(id|url) == id|url
}
