package importmodel

import (
	"sync"

	"github.com/flagadmin/flagadmin/model"
)

// view is the file as the import reads it after cleaning it
// (export-import-service.js cleanData): the features[] entries of names
// that exist archived are dropped with their strategies, environments and
// tags; strategies and environments without a featureName are dropped; a
// tag type is kept only when a remaining tag names it. Every later step of
// the import, its checks included, sees the cleaned file only. The view
// keeps the input's indices: it says which entries remain.
//
// It is also the file resolved once for every rule: each feature name the
// file uses is looked up once (ref), and each item of the file
// that names a feature holds the index of that name's ref, so that a rule
// walks slices instead of hashing names again.
type view struct {
	// resolving runs resolve once (resolved).
	resolving sync.Once
	// archived is the set of features[] names that exist archived, in any
	// project; nil when there are none.
	archived map[string]bool
	// usedTagTypes is the set of the tag types the remaining featureTags
	// name, read with the tags' notes (noteTags).
	usedTagTypes map[string]bool
	// variants are the lists of variants the import checks in which a
	// rule may find something, read on first use (variantsOnce).
	variants     []variantList
	variantsOnce sync.Once
	// suspect is the union of the lists' suspects.
	suspect variantSuspect
	// constraints are those of the kept strategies, read on first use
	// (constraintList, constraintsOnce).
	constraints     constraints
	constraintsOnce sync.Once

	// refs are the feature names resolved, one for each of fileNames'
	// names: first those of features[] in order of first occurrence (files
	// of them), then the others.
	refs  []ref
	files int
	// facts hold the facts of the refs that have some; noFacts is the
	// zero facts of the others.
	facts   []FeatureFacts
	noFacts *FeatureFacts
	// entry, strategy, envName, envFeature, tag, dependency and link are
	// the refs of the names of features[i].name,
	// featureStrategies[i].featureName, featureEnvironments[i].name and
	// .featureName, featureTags[i].featureName, dependencies[i].feature
	// and links[i].feature (fileNames' lists); -1 where the member is
	// null.
	entry, strategy, envName, envFeature, tag, dependency, link []int32
	// ints is the memory of the lists of indices below
	// (indexLists).
	ints []int32
	// keptStrategies and keptEnvironments are the indices of the
	// strategies and feature environments the cleaned file keeps, in file
	// order.
	keptStrategies, keptEnvironments []int32
	// segmented are the indices of the kept strategies that have
	// segments, in file order, and maxSegments the most one has.
	segmented   []int32
	maxSegments int
	// maxConstraints is the most constraints a kept strategy has, and
	// oddSortOrder is true when one has a sortOrder that is not an
	// integer of PostgreSQL's integer range.
	maxConstraints int
	oddSortOrder   bool
	// unnamed is true when a strategy or a feature environment names no
	// feature (a null or empty featureName).
	unnamed bool
	// notes are what the walks of the lists found, for the rules that
	// look for items of one kind.
	notes notes
	// parents are the parents of the dependencies the import applies,
	// read on first use (parentsOnce).
	parents     []dependencyParent
	parentsOnce sync.Once
}

// notes are what the view's one walk of each list notes for the
// rules that look for items of one kind: the indices of those items, in
// file order, so that such a rule reads those items alone instead of
// walking its list again. A note is taken by the test the rule itself
// makes of an item (the methods of ref below, environmentLacks,
// memberSet), or, for the flags, by a weaker one that is true
// for more items.
type notes struct {
	// Indices into featureStrategies of kept strategies: of a feature
	// outside the target project once the features are written
	// (outsideProject); of an existing feature of the project that the
	// file does not apply (keptOutsideFile). maxOutsideStrategies is the
	// most strategies in the environment that an existing feature
	// outside the file, named by a kept strategy, has.
	strategyOutsideProject, strategyOutsideFile []int32
	maxOutsideStrategies                        int
	// Indices into featureEnvironments of kept entries: whose name is of
	// a feature outside the target project (outsideProject) or of a
	// feature that is archived once the features are written; with
	// variants for a feature that does not exist then
	// (noVariantsTarget), or that exists and the file does not
	// apply (variantsOutsideFile); that the import refuses for an
	// environment a feature lacks (environmentLacks). Of all
	// entries: whose name and featureName name two features.
	envOutsideProject, envArchived, envNoTarget, envVariantsOutside, envLacking, envMismatch []int32
	// Indices into featureTags: of tags without tagType that the
	// cleaning keeps; of the tags the import adds, those of an existing
	// feature the file does not apply (tagOutsideFile) and those of no
	// feature once the features are written, and those whose value or
	// type joi's tagSchema refuses. tagOldMembers is true when a tag has
	// the member type or value, and tagTypeUnknown when a tag the import
	// adds has a type that does not exist.
	tagWithoutType, tagOutside, tagNoFeature, tagOdd []int32
	tagOldMembers, tagTypeUnknown                    bool
	// features holds the members of features[] entries that rules look
	// for (memberSet), over all entries; oddName is true when
	// a name of features[] is not one that Unleash's nameType certainly
	// accepts (nameTypeValid), and emptyType when an entry has the
	// type "". unknownType is true when an entry has a type that is
	// not "" and, as far as the facts tell, not a feature type of the
	// instance.
	features                        memberSet
	oddName, emptyType, unknownType bool
}

// note appends i to note when test holds.
func note(note *[]int32, i int, test bool) {
	if test {
		*note = append(*note, int32(i))
	}
}

// ref is one feature name of the file and what the rules ask of it,
// resolved once per validation.
type ref struct {
	name string
	// project is the existing feature's project (see exists).
	project string
	// facts are the facts of the import of the existing feature in the
	// target environment when hasFacts, else zero. It is never nil.
	facts *FeatureFacts
	// first and last are the indices of the name's first and last
	// features[] entries; -1 when features[] does not name it.
	first, last int32
	// strategies counts the strategies of the cleaned file naming an
	// applied feature, and enabled those of them that are not disabled.
	strategies, enabled int32
	// exists is true when a feature of that name exists (any project,
	// archived or not); project and existingArchived are then its own.
	exists, existingArchived bool
	// inFile is true for a name of the cleaned features[]: the import
	// creates or updates it. applied is true when it does so in the
	// target project (the name is new, or an active feature of the
	// target's). inProject is true for an existing feature of the target
	// project, archived or not.
	inFile, applied, inProject bool
	// hasFacts is true when the facts of the import know the existing
	// feature in the target environment.
	hasFacts bool
}

// cleaned returns the cleaned view of the input with the names the
// cleaning drops (archived), built once; resolved fills in the rest.
func (in *Input) cleaned() *view {
	if in.viewCache != nil {
		return in.viewCache
	}
	v := &view{}
	fp := in.Places()
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
	in.viewCache = v
	return v
}

func (v *view) addArchived(name string) {
	if v.archived == nil {
		v.archived = make(map[string]bool)
	}
	v.archived[name] = true
}

// resolved returns the cleaned view with every feature name of the file
// resolved, built once. Lists that follow the order of features[], as
// Unleash's export writes them, are resolved by comparing each name with
// the next entry's, without hashing it.
func (in *Input) resolved() *view {
	v := in.cleaned()
	v.resolving.Do(func() { in.resolve(v) })
	return v
}

// resolve fills in the cleaned view v: the names resolved, the kept
// lists and the notes. Readers on two goroutines share v (ReadShared):
// resolved runs it once, the other waiting.
func (in *Input) resolve(v *view) {
	d := &in.Import.Data
	x := in.fileNames()
	ns, ne := len(d.FeatureStrategies), len(d.FeatureEnvironments)
	var lists indexLists
	v.refs, lists = viewMemory(in.buffers, len(x.names), ns+ne)
	v.ints = lists.ints
	v.entry, v.strategy, v.envName, v.envFeature = x.entry, x.strategy, x.envName, x.envFeature
	v.tag, v.dependency, v.link = x.tag, x.dependency, x.link
	// The types of a file are few: most are one of the last few asked.
	knownType := lastAnswers(func(t string) bool { return in.Facts.FeatureTypes.Value[t] })
	for i := range d.Features {
		f := &d.Features[i]
		if f.Type != nil {
			if *f.Type == "" {
				v.notes.emptyType = true
			} else if in.Facts.FeatureTypes.Known && !v.notes.unknownType && !knownType(*f.Type) {
				v.notes.unknownType = true
			}
		}
		v.notes.features |= featureMembers(f)
		// The entry is a first one when its name is the next to resolve.
		if k := x.entry[i]; int(k) == len(v.refs) {
			v.refs = append(v.refs, ref{name: f.Name, first: int32(i), last: int32(i)})
			v.notes.oddName = v.notes.oddName || !nameTypeValid(f.Name, 1, 100)
		} else {
			v.refs[k].last = int32(i)
		}
	}
	v.files = len(v.refs)
	fp := in.Places()
	// The existing features and their facts are few next to the file's
	// names in a first import: walk the smaller set.
	for r := range v.refs {
		v.refs[r].inFile, v.refs[r].applied = true, true
	}
	if len(in.Features) < len(v.refs) {
		for name := range in.Features {
			if j, ok := fp.first(name); ok {
				v.resolveExisting(in, &v.refs[v.entry[j]])
			}
		}
	} else {
		for r := range v.refs {
			v.resolveExisting(in, &v.refs[r])
		}
	}
	v.noFacts = new(FeatureFacts)
	if facts := in.Facts.Features; facts.Known {
		v.facts = make([]FeatureFacts, 0, min(len(facts.Value), len(x.names)))
	}
	for r := range v.refs {
		v.refs[r].facts = v.noFacts
	}
	if facts := in.Facts.Features; facts.Known && len(facts.Value) < len(v.refs) {
		for name, f := range facts.Value {
			if j, ok := fp.first(name); ok {
				v.setFacts(&v.refs[v.entry[j]], f)
			}
		}
	} else if facts.Known {
		for r := range v.refs {
			if f, ok := facts.Value[v.refs[r].name]; ok {
				v.setFacts(&v.refs[r], f)
			}
		}
	}
	// The names features[] does not hold, in the order of names.
	for _, name := range x.names[v.files:] {
		v.newRef(in, name)
	}

	v.keptStrategies = lists.take(0, ns)
	for i := range d.FeatureStrategies {
		s := &d.FeatureStrategies[i]
		r := v.strategy[i]
		if r < 0 || *s.FeatureName == "" {
			v.unnamed = true
			continue
		}
		if v.refs[r].archived() {
			continue
		}
		v.keptStrategies = append(v.keptStrategies, int32(i))
		if s.Segments != nil && len(*s.Segments) > 0 {
			v.segmented = append(v.segmented, int32(i))
			v.maxSegments = max(v.maxSegments, len(*s.Segments))
		}
		if s.Constraints != nil {
			v.maxConstraints = max(v.maxConstraints, len(*s.Constraints))
		}
		v.oddSortOrder = v.oddSortOrder || !plainSortOrder(s.SortOrder)
		ref := &v.refs[r]
		if ref.applied {
			ref.strategies++
			if off, ok := s.Disabled.Get(); !ok || !off {
				ref.enabled++
			}
		}
		n := &v.notes
		note(&n.strategyOutsideProject, i, ref.outsideProject(in))
		note(&n.strategyOutsideFile, i, ref.keptOutsideFile())
		if !ref.inFile && ref.hasFacts {
			n.maxOutsideStrategies = max(n.maxOutsideStrategies, ref.facts.Strategies)
		}
	}
	v.keptEnvironments = lists.take(0, ne)
	for i := range d.FeatureEnvironments {
		e := &d.FeatureEnvironments[i]
		r := v.envFeature[i]
		note(&v.notes.envMismatch, i, !v.droppedRef(r) && r != v.envName[i])
		if r < 0 || *e.FeatureName == "" {
			v.unnamed = true
		} else if !v.refs[r].archived() {
			v.keptEnvironments = append(v.keptEnvironments, int32(i))
			v.noteEnvironment(in, i, e, &v.refs[r], &v.refs[v.envName[i]])
		}
	}
	v.noteTags(in)
}

// noteEnvironment notes what the rules of feature environments look for
// in the kept feature environment e, entry i, whose featureName is of fr
// and name of nr.
func (v *view) noteEnvironment(in *Input, i int, e *model.FeatureEnvironment, fr, nr *ref) {
	n := &v.notes
	note(&n.envOutsideProject, i, nr.outsideProject(in))
	note(&n.envArchived, i, nr.existsAfterFeatures() && !nr.activeAfterFeatures(in))
	if e.Variants != nil && len(*e.Variants) > 0 {
		note(&n.envNoTarget, i, !fr.existsAfterFeatures())
		note(&n.envVariantsOutside, i, fr.variantsOutsideFile())
	}
	variants, status := environmentLacks(in, e, fr, nr)
	note(&n.envLacking, i, variants || status)
}

// noteTags notes what the rules of tags look for in featureTags, and the
// tag types the kept tags name.
func (v *view) noteTags(in *Input) {
	n := &v.notes
	d := &in.Import.Data
	prevType, typeOdd, started := "", false, false
	for i := range d.FeatureTags {
		t := &d.FeatureTags[i]
		ref := &v.refs[v.tag[i]]
		n.tagOldMembers = n.tagOldMembers || t.Type != nil || t.Value != nil
		switch {
		case ref.archived():
			continue
		case !tagged(t):
			n.tagWithoutType = append(n.tagWithoutType, int32(i))
			continue
		}
		note(&n.tagOutside, i, ref.tagOutsideFile())
		note(&n.tagNoFeature, i, !ref.existsAfterFeatures())
		if !started || *t.TagType != prevType {
			started, prevType = true, *t.TagType
			typeOdd = tagTypeRule(prevType) != ""
			n.tagTypeUnknown = n.tagTypeUnknown || !in.TagTypes[prevType]
			if v.usedTagTypes == nil {
				v.usedTagTypes = make(map[string]bool)
			}
			v.usedTagTypes[prevType] = true
		}
		note(&n.tagOdd, i, typeOdd || tagValueRule(t.TagValue) != "")
	}
}

// outsideProject reports whether the feature is not one of the target
// project once the features are written (projectAfterFeatures).
func (r *ref) outsideProject(in *Input) bool { return r.projectAfterFeatures(in) != in.Project }

// keptOutsideFile reports whether the feature is an existing one of the
// target project that the file does not apply: it keeps what it has.
func (r *ref) keptOutsideFile() bool { return !r.applied && r.inProject }

// tagOutsideFile reports whether the feature is an existing one, of any
// project, that the file does not apply: it keeps its other tags.
func (r *ref) tagOutsideFile() bool { return !r.applied && r.exists }

// variantsOutsideFile reports whether variants for the feature (a
// featureName) overwrite those of an existing feature the file does not
// apply, which has the target environment as far as the facts tell (else
// the import refuses them).
func (r *ref) variantsOutsideFile() bool {
	return !r.applied && r.exists && (!r.hasFacts || r.facts.InEnvironment)
}

// resolveExisting fills in what the existing feature of ref's name, if
// any, makes of it.
func (v *view) resolveExisting(in *Input, r *ref) {
	f, ok := in.Features[r.name]
	if !ok {
		return
	}
	r.exists, r.existingArchived, r.project = true, f.Archived, f.Project
	r.inProject = f.Project == in.Project
	if r.first >= 0 {
		skip := skipOf(f.Archived, f.Project, in.Project)
		r.inFile = skip != SkipArchived
		r.applied = skip == 0
	}
}

// setFacts gives r the facts f.
func (v *view) setFacts(r *ref, f FeatureFacts) {
	v.facts = append(v.facts, f)
	r.facts, r.hasFacts = &v.facts[len(v.facts)-1], true
}

// newRef resolves name, which features[] does not name, as the next ref.
func (v *view) newRef(in *Input, name string) {
	r := ref{name: name, first: -1, last: -1, facts: v.noFacts}
	v.resolveExisting(in, &r)
	if f, ok := in.Facts.Features.Value[name]; ok && in.Facts.Features.Known {
		v.setFacts(&r, f)
	}
	v.refs = append(v.refs, r)
}

// archived reports whether the cleaning drops the name's features[]
// entries: it exists archived.
func (r *ref) archived() bool { return r.first >= 0 && r.exists && r.existingArchived }

// projectAfterFeatures is the project that the feature belongs to once the
// import has created and updated the features of the file: an existing
// feature's own (archived or not; one in another project makes the import
// refuse the file first), the target for a feature the import creates,
// "" for no feature at all.
func (r *ref) projectAfterFeatures(in *Input) string {
	switch {
	case r.exists:
		return r.project
	case r.inFile:
		return in.Project
	}
	return ""
}

// existsAfterFeatures reports whether any feature (any project, archived
// or not) has the name once the import has created the features of the
// file.
func (r *ref) existsAfterFeatures() bool { return r.exists || r.inFile }

// activeAfterFeatures reports whether a feature of the name exists and is
// not archived once the import has created and updated the features of
// the file: a feature of the file is archived when its last entry says
// "archived": true (the import writes that flag), any other keeps its
// state.
func (r *ref) activeAfterFeatures(in *Input) bool {
	if r.inFile {
		a := in.Import.Data.Features[r.last].Archived
		return a == nil || !*a
	}
	return r.exists && !r.existingArchived
}

// namesFeature reports whether the featureName of a strategy or a
// feature environment names a feature: the cleaning drops those whose
// featureName is absent or empty (removeArchivedFeatures, and
// importStrategies' hasFeatureName), and those of an archived feature.
// The view and the replay (featureEnvTarget, strategies) read it.
func namesFeature(featureName *string) bool { return featureName != nil && *featureName != "" }

// keptStrategy reports whether the cleaned file keeps strategy s:
// it names a feature that is not archived.
func (in *Input) keptStrategy(s *model.Strategy) bool {
	return namesFeature(s.FeatureName) && !in.cleaned().archived[*s.FeatureName]
}

// keptEnvironment reports whether the cleaned file keeps the
// feature environment e, by its featureName as for strategies.
func (in *Input) keptEnvironment(e *model.FeatureEnvironment) bool {
	return namesFeature(e.FeatureName) && !in.cleaned().archived[*e.FeatureName]
}

// eachKeptEnvironment calls f with each feature environment that
// the cleaned file keeps, and its index.
func (in *Input) eachKeptEnvironment(f func(i int, e *model.FeatureEnvironment)) {
	for _, i := range in.resolved().keptEnvironments {
		f(int(i), &in.Import.Data.FeatureEnvironments[i])
	}
}

// outsideStrategies reports whether a kept strategy names a feature that
// features[] does not.
func (v *view) outsideStrategies() bool {
	for _, i := range v.keptStrategies {
		if v.refs[v.strategy[i]].first < 0 {
			return true
		}
	}
	return false
}

// fileRefs are the refs of the names of features[], in order of first
// occurrence.
func (v *view) fileRefs() []ref { return v.refs[:v.files] }

// droppedRef reports whether the cleaning drops an item naming feature
// ref r through its featureName: it names none (r < 0, or the empty
// name), or an archived feature.
func (v *view) droppedRef(r int32) bool {
	return r < 0 || v.refs[r].name == "" || v.refs[r].archived()
}

// lastAnswers returns ask with its answers for the last eight
// strings it was asked about kept at hand: the values of a member that
// takes a few values (a feature's type, a constraint's context field)
// then cost a few comparisons instead of a lookup.
func lastAnswers[T any](ask func(string) T) func(string) T {
	var keys [8]string
	var answers [8]T
	n, next := 0, 0
	return func(s string) T {
		for k := range n {
			if keys[k] == s {
				return answers[k]
			}
		}
		a := ask(s)
		keys[next], answers[next] = s, a
		next = (next + 1) % len(keys)
		n = min(n+1, len(keys))
		return a
	}
}
