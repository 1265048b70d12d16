package importvalidate

import (
	"github.com/flagadmin/flagadmin/model"
)

// refusalView is the file as the import reads it after cleaning it
// (export-import-service.js cleanData): the features[] entries of names
// that exist archived are dropped with their strategies, environments and
// tags; strategies and environments without a featureName are dropped; a
// tag type is kept only when a remaining tag names it. Every later step of
// the import, its checks included, sees the cleaned file only. The view
// keeps the input's indices: it says which entries remain.
type refusalView struct {
	// archived is the set of features[] names that exist archived, in any
	// project; nil when there are none.
	archived map[string]bool
	// usedTagTypes is the set of the tag types the remaining featureTags
	// name.
	usedTagTypes map[string]bool
	// variants are the lists of variants the import checks, read on first
	// use (variantsRead).
	variants     []refusalVariantList
	variantsRead bool
}

// refusal returns the cleaned view of the input, built once.
func (in *Input) refusal() *refusalView {
	if in.refusalCache != nil {
		return in.refusalCache
	}
	v := &refusalView{}
	fp := in.places()
	// The existing features are few next to the file's names in a first
	// import, and as many in a re-import: walk the smaller set.
	if len(in.Features) < len(fp.order) {
		for name, f := range in.Features {
			if f.Archived && fp.has(name) {
				v.addArchived(name)
			}
		}
	} else {
		for _, name := range fp.order {
			if f, ok := in.Features[name]; ok && f.Archived {
				v.addArchived(name)
			}
		}
	}
	d := &in.Import.Data
	for i := range d.FeatureTags {
		t := &d.FeatureTags[i]
		if t.TagType != nil && !v.archived[t.FeatureName] {
			if v.usedTagTypes == nil {
				v.usedTagTypes = make(map[string]bool)
			}
			v.usedTagTypes[*t.TagType] = true
		}
	}
	in.refusalCache = v
	return v
}

func (v *refusalView) addArchived(name string) {
	if v.archived == nil {
		v.archived = make(map[string]bool)
	}
	v.archived[name] = true
}

// refusalInFile reports whether name is a feature of the cleaned
// features[]: the import creates or updates it in the target project.
func (in *Input) refusalInFile(name string) bool {
	return in.places().has(name) && !in.refusal().archived[name]
}

// refusalKeptStrategy reports whether the cleaned file keeps strategy s:
// it names a feature (a non-empty featureName) that is not archived.
func (in *Input) refusalKeptStrategy(s *model.Strategy) bool {
	return s.FeatureName != nil && *s.FeatureName != "" && !in.refusal().archived[*s.FeatureName]
}

// refusalKeptEnvironment reports whether the cleaned file keeps the
// feature environment e, by its featureName as for strategies.
func (in *Input) refusalKeptEnvironment(e *model.FeatureEnvironment) bool {
	return e.FeatureName != nil && *e.FeatureName != "" && !in.refusal().archived[*e.FeatureName]
}

// refusalEachKeptEnvironment calls f with each feature environment that
// the cleaned file keeps, and its index.
func (in *Input) refusalEachKeptEnvironment(f func(i int, e *model.FeatureEnvironment)) {
	for i := range in.Import.Data.FeatureEnvironments {
		if e := &in.Import.Data.FeatureEnvironments[i]; in.refusalKeptEnvironment(e) {
			f(i, e)
		}
	}
}

// refusalKeptTag reports whether the cleaned file keeps the tag t.
func (in *Input) refusalKeptTag(t *model.FeatureTag) bool {
	return !in.refusal().archived[t.FeatureName]
}

// refusalProjectAfterFeatures is the project that feature name belongs to
// once the import has created and updated the features of the file: an
// existing feature's own (archived or not; one in another project makes
// the import refuse the file first), the target for a feature the import
// creates, "" for no feature at all.
func (in *Input) refusalProjectAfterFeatures(name string) string {
	if f, ok := in.Features[name]; ok {
		return f.Project
	}
	if in.refusalInFile(name) {
		return in.Project
	}
	return ""
}

// refusalExistsAfterFeatures reports whether any feature (any project,
// archived or not) is named name once the import has created the features
// of the file.
func (in *Input) refusalExistsAfterFeatures(name string) bool {
	_, ok := in.Features[name]
	return ok || in.refusalInFile(name)
}

// refusalActiveAfterFeatures reports whether a feature named name exists
// and is not archived once the import has created and updated the features
// of the file: a feature of the file is archived when its last entry says
// "archived": true (the import writes that flag), any other keeps its
// state.
func (in *Input) refusalActiveAfterFeatures(name string) bool {
	if in.refusalInFile(name) {
		a := in.Import.Data.Features[in.refusalLastEntry(name)].Archived
		return a == nil || !*a
	}
	f, ok := in.Features[name]
	return ok && !f.Archived
}

// refusalLastEntry is the index of the last features[] entry named name,
// an imported feature's.
func (in *Input) refusalLastEntry(name string) int {
	fp := in.places()
	if w, ok := fp.again[name]; ok {
		return w[len(w)-1]
	}
	i, _ := fp.first(name)
	return i
}

// refusalFeatureFacts returns the facts of the existing feature name in
// the target environment, and whether they are known.
func (in *Input) refusalFeatureFacts(name string) (FeatureFacts, bool) {
	if !in.Facts.Features.Known {
		return FeatureFacts{}, false
	}
	return in.Facts.Features.Value[name], true
}

// refusalIssue is a finding of one item at one place.
func refusalIssue(message, value, pointer string) Issue {
	return Issue{Message: message, Items: []Item{{Value: value, Locations: []Location{at(pointer)}}}}
}
