package importmodel

import (
	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/model/profile"
)

// Input is what the model reads: the decoded import, the target, and the
// existing state looked up once for the whole import; and what the model
// makes of them, computed once and kept: the file's names resolved, the
// view of the file as the import reads it after cleaning it. Readers
// must not modify it.
type Input struct {
	// Import is the decoded request body.
	Import *model.ImportRequest
	// Project and Environment are the target of the import.
	Project     string
	Environment string

	// Strategies are the existing strategy types named by the import, by
	// name.
	Strategies map[string]model.SnapshotStrategy
	// ContextFields are the existing context fields named by the import
	// (imported fields, constraint context names and stickiness values),
	// by name.
	ContextFields map[string]model.SnapshotContextField
	// Segments are the existing segments named by the imported segments,
	// by name; several projects may hold a segment of the same name.
	Segments map[string][]model.SnapshotSegment
	// TagTypes is the set of existing tag types named by the import.
	TagTypes map[string]bool
	// Features are the existing features named by the import (imported
	// features and dependency parents), by name.
	Features map[string]model.SnapshotFeature
	// TargetProject is the target project with its settings;
	// ProjectExists is false when the project does not exist.
	TargetProject Project
	ProjectExists bool
	// EnvironmentExists is false when the target environment does not
	// exist; it is true when the state cannot tell.
	EnvironmentExists bool
	// WithStrategies is the set of imported features that already have a
	// strategy in the target environment.
	WithStrategies map[string]bool
	// Missing is the set of required permissions the caller lacks. Nil
	// when permissions are not checked.
	Missing map[Permission]bool
	// Required lists the permissions the import needs, in catalogue order.
	Required []Permission
	// Profile is how the instance's Unleash version answers; the zero
	// value is the default version's.
	Profile profile.Profile
	// Facts are what the import's own checks read of the instance and of
	// the caller (facts.go).
	Facts Facts

	// body is the request body the import was read from; empty when the
	// validation read no bytes.
	body RequestBody
	// buffers are the memory the resolved names and the view of the
	// cleaned file may take, kept between validations; nil when there
	// are none.
	buffers *Buffers

	placesCache *Places
	// fileNamesCache is every feature name the file names, resolved while
	// the lookups are planned.
	fileNamesCache *fileNames
	viewCache      *view
	namingCache    *Naming
	// strategyTypesCache is StrategyTypes, read on first use.
	strategyTypesCache *StrategyTypes
	// missingParentsCache is MissingParents, read on first use
	// (missingParentsRead).
	missingParentsCache [][2]int32
	missingParentsRead  bool
}

// NewInput starts the model of the import imp into project and env, read
// from body (zero for an import read from no bytes), whose resolved names
// and view take their memory from buffers when they are large enough (nil
// for none). The state's answers are filled in before a check runs.
func NewInput(imp *model.ImportRequest, project, env string, body RequestBody, buffers *Buffers) Input {
	return Input{Import: imp, Project: project, Environment: env, body: body, buffers: buffers}
}

// Places indexes the names of data.features, once per input.
func (in *Input) Places() *Places {
	if in.placesCache == nil {
		fs := in.Import.Data.Features
		in.placesCache = newPlaces(len(fs), func(i int) string { return fs[i].Name })
	}
	return in.placesCache
}

// FileNames returns every feature name the file names anywhere, each
// once: first those of features[] in order of first occurrence, then the
// others in file order. They are resolved once per input.
func (in *Input) FileNames() []string { return in.fileNames().names }

// fileNames returns every feature name of the file resolved, once per
// input.
func (in *Input) fileNames() *fileNames {
	if in.fileNamesCache == nil {
		d := &in.Import.Data
		in.fileNamesCache = resolveFileNames(d, in.Places(), nameMemory(in.buffers, fileNameLists(d)))
	}
	return in.fileNamesCache
}

// VersionProfile is the profile the model reads: Profile, or the default
// version's when it is the zero value.
func (in *Input) VersionProfile() profile.Profile {
	if in.Profile.Name == "" {
		return profile.Default()
	}
	return in.Profile
}

// ScopedContextFields says whether the instance's version reports a
// context field scoped to another project (7.4 and later).
func (in *Input) ScopedContextFields() bool {
	return in.VersionProfile().Import.ScopedContextFields
}

// Project is a project as the model reads it: its settings, as a state
// snapshot holds them, and the number of its features, which a snapshot
// gives by listing them.
type Project struct {
	model.SnapshotProject
	// FeatureCount is the number of non-archived features of the project.
	FeatureCount int64
}

// Naming is the project's feature naming pattern, whose Pattern is ""
// when it has none.
func (p Project) Naming() model.FeatureNaming {
	if p.FeatureNaming == nil {
		return model.FeatureNaming{}
	}
	return *p.FeatureNaming
}

// Scope is the project a context field or a segment belongs to, "" for a
// global one.
func Scope(project *string) string {
	if project == nil {
		return ""
	}
	return *project
}

// Forget drops what the model read once of the file and the facts (the
// view of the cleaned file, the strategies' types, the missing parents),
// keeping the file's names resolved: the next check reads them again, as
// it must after the facts were changed.
func (in *Input) Forget() {
	in.viewCache, in.strategyTypesCache = nil, nil
	in.missingParentsCache, in.missingParentsRead = nil, false
}

// Reread is Forget with the file's names resolved again too: the next
// check reads the file as it is after an edit.
func (in *Input) Reread() {
	in.Forget()
	in.placesCache, in.fileNamesCache = nil, nil
}

// ReadShared reads at once what the model keeps on the input itself for
// every reader: the file's names, the cleaned view, the strategies'
// types, the naming pattern's verdicts and the missing parents. What the
// view reads later (the names resolved, the variant and constraint lists,
// the dependencies the import applies) it reads once for whichever reader
// asks first, the others waiting. After ReadShared, readers of copies of
// the input may therefore run on several goroutines.
func (in *Input) ReadShared() {
	in.fileNames()
	in.cleaned()
	in.StrategyTypes()
	in.Naming()
	in.missingParents()
}
