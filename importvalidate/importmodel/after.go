// Package importmodel is what Unleash's import
// (POST /api/admin/features-batch/import) does with a file; this part,
// the after*.go files, is the instance after it: Apply replays the import's
// steps (processImport in export-import-service.js) on the instance
// before it (Before) and gives each feature of the file the configuration
// the import leaves it with (After), as the import of the instance's
// version does (profile.Import). It does no I/O.
package importmodel

import (
	"context"

	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/model/profile"
)

// After is the instance after an import, as far as the file's features
// go.
type After struct {
	// Features is the configuration each feature the import creates or
	// updates will have, by name; the features it skips are not in it.
	Features map[string]*Config
	// Skipped says why the import leaves a feature of the file alone, by
	// name.
	Skipped map[string]Skip
	// ContextFields and TagTypes are the ones the import creates, in the
	// file's order. An import never changes an existing context field or
	// tag type, and never creates or changes a segment.
	ContextFields []string
	TagTypes      []string
	// SortOrders are the sort orders that make the order of the created
	// strategies certain, by their index in data.featureStrategies (see
	// after_ties.go); nil when the import creates none.
	SortOrders map[int]int64
	// Notes are the places where what After shows of a feature is not
	// certain, by feature name, in the order of its strategies.
	Notes map[string][]Note
	// existing are the features before the import, by name.
	existing map[string]*Config
}

// Existing is the configuration of feature name before the import, nil
// for one that did not exist.
func (a *After) Existing(name string) *Config { return a.existing[name] }

// Skip is why an import leaves a feature of the file alone.
type Skip uint8

// The reasons for a skip.
const (
	// SkipArchived: the feature is archived in the target; the import
	// drops it with its strategies, statuses, variants and tags
	// (removeArchivedFeatures).
	SkipArchived Skip = iota + 1
	// SkipOtherProject: the feature exists in another project; the import
	// refuses the whole file (verifyFeatures).
	SkipOtherProject
)

// skipOf is why the import leaves alone a features[] entry whose name
// exists, archived or not, in project, when it imports into target: the
// cleaning drops an archived feature before anything else, then a feature
// of another project is not the target's. It is 0 for an entry the import
// applies. The view (resolveExisting) and the replay (features) both
// decide by it.
func skipOf(archived bool, project, target string) Skip {
	switch {
	case archived:
		return SkipArchived
	case project != target:
		return SkipOtherProject
	}
	return 0
}

// Apply replays the import of d into project and environment env over
// before (nil: an empty instance), as the import of imp's version does,
// and returns the instance after it. The file's items that the import
// refuses change nothing here: the validation reports them. It fails
// only when ctx ends, with ctx's error, which it looks at now and then.
func Apply(ctx context.Context, imp profile.Import, project, env string, d *model.ExportData, before *Before) (*After, error) {
	if before == nil {
		before = &Before{}
	}
	r := newReplay(ctx, imp, project, env, d, before)
	r.features()
	r.variants()
	r.tags()
	r.links()
	r.strategies()
	r.statuses()
	r.dependencies()
	a := &After{Features: r.want, Skipped: r.skipped, SortOrders: r.sortOrders, Notes: r.notes, existing: r.existing}
	a.ContextFields = r.newContextFields()
	a.TagTypes = r.newTagTypes()
	if r.err != nil {
		return nil, r.err
	}
	return a, nil
}

// replay replays the import's steps (export-import-service.js,
// processImport) on the instance before it.
type replay struct {
	ctx context.Context
	// imp is what the import of the instance's version does.
	imp          profile.Import
	project, env string
	d            *model.ExportData
	before       *Before
	existing     map[string]*Config
	// want is the configuration each imported feature will have.
	want    map[string]*Config
	skipped map[string]Skip
	// enableCalls is the last enabled status the file sets per feature.
	enableCalls map[string]bool
	segmentName map[float64]string
	// segmentIDs tells the ids of a strategy's segments given before
	// (after_strategies.go).
	segmentIDs firstSeen[float64]
	// contextFields are the context fields that exist when the import
	// creates the strategies: the instance's and the file's.
	contextFields map[string]bool
	// sortOrders are the sort orders that make the order of the created
	// strategies certain, by their index in data.featureStrategies;
	// notes are the features' notes (after_ties.go).
	sortOrders map[int]int64
	notes      map[string][]Note
	// steps counts the steps of the loops, for looking at ctx now and
	// then; err is ctx's error once it ended, and the loops then stop.
	steps int
	err   error
}

func newReplay(ctx context.Context, imp profile.Import, project, env string, d *model.ExportData, before *Before) *replay {
	r := &replay{ctx: ctx, imp: imp, project: project, env: env, d: d, before: before,
		existing:      make(map[string]*Config, len(before.Features)),
		want:          make(map[string]*Config, len(d.Features)),
		skipped:       map[string]Skip{},
		enableCalls:   map[string]bool{},
		segmentName:   fileSegmentNames(d.Segments),
		contextFields: make(map[string]bool, len(before.ContextFields)+len(d.ContextFields))}
	for i := range before.Features {
		r.existing[before.Features[i].Name] = &before.Features[i]
	}
	for _, n := range before.ContextFields {
		r.contextFields[n] = true
	}
	for _, cf := range d.ContextFields {
		r.contextFields[cf.Name] = true
	}
	return r
}

// stop reports whether the replay must stop: its context ended. It looks
// at the context on its first call and every 256th after, so that a loop
// may call it for each of its steps.
func (r *replay) stop() bool {
	if r.err != nil {
		return true
	}
	r.steps++
	if r.steps&255 == 1 {
		r.err = r.ctx.Err()
	}
	return r.err != nil
}

// archived reports whether name is archived in the target: the import
// drops such a feature, its strategies, statuses, variants and tags.
func (r *replay) archived(name string) bool {
	c, ok := r.existing[name]
	return ok && c.Archived
}
