package importvalidate

import (
	"github.com/flagadmin/flagadmin/model"
)

// This file holds the fast path's decode functions for a Feature and the
// types only a feature holds (see fastpath.go): its creator, tags, parent
// dependencies, lifecycle, collaborators and links.

// feature decodes a Feature.
func (d *fastDecoder) feature(out *model.Feature) bool {
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
			out.Name, ok = d.strIf(fastOnce(&seen, name))
		case "type":
			out.Type, ok = d.strPtr(fastOnce(&seen, typ))
		case "description":
			out.Description, ok = d.nullString(fastOnce(&seen, description))
		case "archived":
			out.Archived, ok = d.boolPtr(fastOnce(&seen, archived))
		case "project":
			out.Project, ok = d.strPtr(fastOnce(&seen, project))
		case "enabled":
			out.Enabled, ok = d.boolPtr(fastOnce(&seen, enabled))
		case "stale":
			out.Stale, ok = d.boolPtr(fastOnce(&seen, stale))
		case "favorite":
			out.Favorite, ok = d.boolPtr(fastOnce(&seen, favorite))
		case "impressionData":
			out.ImpressionData, ok = d.boolPtr(fastOnce(&seen, impressionData))
		case "createdAt":
			if ok = fastOnce(&seen, createdAt); ok {
				out.CreatedAt, ok = d.nullDateTime()
			}
		case "createdBy":
			if ok = fastOnce(&seen, createdBy); ok {
				out.CreatedBy = d.createdBys.zero()
				ok = d.createdBy(out.CreatedBy)
			}
		case "archivedAt":
			if ok = fastOnce(&seen, archivedAt); ok {
				out.ArchivedAt, ok = d.nullDateTime()
			}
		case "lastSeenAt":
			if ok = fastOnce(&seen, lastSeenAt); ok {
				out.LastSeenAt, ok = d.nullDateTime()
			}
		case "environments":
			if ok = fastOnce(&seen, environments); ok {
				out.Environments, ok = fastArrayPtr(d, &d.featureEnvironments, (*fastDecoder).featureEnvironment)
			}
		case "variants":
			if ok = fastOnce(&seen, variants); ok {
				out.Variants, ok = fastArrayPtr(d, &d.variants, (*fastDecoder).variant)
			}
		case "strategies":
			if ok = fastOnce(&seen, strategies); ok {
				out.Strategies, ok = fastArrayPtr(d, &d.raws, fastObjectItem)
			}
		case "tags":
			if ok = fastOnce(&seen, tags); ok {
				if d.null() {
					out.Tags = model.Nullable[[]model.Tag]{Present: true}
				} else {
					var t []model.Tag
					t, ok = fastArray(d, &d.tags, (*fastDecoder).tag)
					out.Tags = model.Nullable[[]model.Tag]{Value: t, Valid: true, Present: true}
				}
			}
		case "children":
			if ok = fastOnce(&seen, children); ok {
				out.Children, ok = fastArrayPtr(d, &d.strs, fastStrItem)
			}
		case "lifecycle":
			if ok = fastOnce(&seen, lifecycle); ok {
				out.Lifecycle = d.lifecycles.zero()
				ok = d.lifecycle(out.Lifecycle)
			}
		case "dependencies":
			if ok = fastOnce(&seen, dependencies); ok {
				out.Dependencies, ok = fastArrayPtr(d, &d.parents, (*fastDecoder).parentDependency)
			}
		case "collaborators":
			if ok = fastOnce(&seen, collaborators); ok {
				out.Collaborators = d.collabs.zero()
				ok = d.collaboratorsObject(out.Collaborators)
			}
		case "links":
			if ok = fastOnce(&seen, links); ok {
				out.Links, ok = fastArrayPtr(d, &d.featureLinks, (*fastDecoder).featureLink)
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
func (d *fastDecoder) createdBy(out *model.CreatedBy) bool {
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
			if ok = fastOnce(&seen, id); ok {
				out.ID, ok = d.integer()
			}
		case "name":
			out.Name, ok = d.strIf(fastOnce(&seen, name))
		case "imageUrl":
			out.ImageURL, ok = d.strIf(fastOnce(&seen, imageURL))
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
func (d *fastDecoder) tag(out *model.Tag) bool {
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
			out.Value, ok = d.strIf(fastOnce(&seen, value))
			ok = ok && fastLenBetween(out.Value, 2, 50)
		case "type":
			out.Type, ok = d.strIf(fastOnce(&seen, typ))
			ok = ok && fastLenBetween(out.Type, 2, 50)
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
	return ok && seen&(value|typ) == value|typ
}

// parentDependency decodes a ParentDependency.
func (d *fastDecoder) parentDependency(out *model.ParentDependency) bool {
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
			out.Feature, ok = d.strIf(fastOnce(&seen, feature))
		case "enabled":
			out.Enabled, ok = d.boolPtr(fastOnce(&seen, enabled))
		case "variants":
			if ok = fastOnce(&seen, variants); ok {
				out.Variants, ok = fastArrayPtr(d, &d.strs, fastStrItem)
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
func (d *fastDecoder) lifecycle(out *model.Lifecycle) bool {
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
			if ok = fastOnce(&seen, stage); ok {
				out.Stage, ok = d.lifecycleStage()
			}
		case "enteredStageAt":
			if ok = fastOnce(&seen, enteredStageAt); ok {
				out.EnteredStageAt, ok = d.dateTime()
			}
		case "status":
			out.Status, ok = d.nullString(fastOnce(&seen, status))
		default:
			return false
		}
		if ok {
			more, ok = d.nextMember()
		}
	}
	return ok && seen&(stage|enteredStageAt) == stage|enteredStageAt
}

// fastCollaboratorsMembers are the declared members of Collaborators.
var fastCollaboratorsMembers = []string{"users"}

// collaboratorsObject decodes Collaborators, an open object.
func (d *fastDecoder) collaboratorsObject(out *model.Collaborators) bool {
	var seen uint32
	empty, ok := d.openObject()
	for more := !empty; ok && more; {
		var member string
		if member, ok = d.member(); !ok {
			return false
		}
		switch member {
		case "users":
			if ok = fastOnce(&seen, 1); ok {
				out.Users, ok = fastArray(d, &d.collaborators, (*fastDecoder).collaborator)
			}
		default:
			ok = d.extra(&out.Extra, member, fastCollaboratorsMembers)
		}
		if ok {
			more, ok = d.nextMember()
		}
	}
	return ok && seen != 0
}

// fastCollaboratorMembers are the declared members of a Collaborator.
var fastCollaboratorMembers = []string{"id", "name", "imageUrl"}

// collaborator decodes a Collaborator, an open object.
func (d *fastDecoder) collaborator(out *model.Collaborator) bool {
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
			if ok = fastOnce(&seen, id); ok {
				out.ID, ok = d.integer()
			}
		case "name":
			out.Name, ok = d.strIf(fastOnce(&seen, name))
		case "imageUrl":
			out.ImageURL, ok = d.strIf(fastOnce(&seen, imageURL))
		default:
			ok = d.extra(&out.Extra, member, fastCollaboratorMembers)
		}
		if ok {
			more, ok = d.nextMember()
		}
	}
	return ok && seen == id|name|imageURL
}

// fastFeatureLinkMembers are the declared members of a FeatureLink.
var fastFeatureLinkMembers = []string{"id", "url", "title", "feature"}

// featureLink decodes a FeatureLink, an open object.
func (d *fastDecoder) featureLink(out *model.FeatureLink) bool {
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
			out.ID, ok = d.strIf(fastOnce(&seen, id))
		case "url":
			out.URL, ok = d.strIf(fastOnce(&seen, url))
		case "title":
			out.Title, ok = d.nullString(fastOnce(&seen, title))
		case "feature":
			out.Feature, ok = d.strPtr(fastOnce(&seen, feature))
		default:
			ok = d.extra(&out.Extra, member, fastFeatureLinkMembers)
		}
		if ok {
			more, ok = d.nextMember()
		}
	}
	return ok && seen&(id|url) == id|url
}
