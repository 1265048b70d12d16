package importvalidate

import (
	"context"
	"fmt"
	"slices"

	"github.com/flagadmin/flagadmin/importvalidate/importmodel"
	"github.com/flagadmin/flagadmin/model"
)

// Input is what a rule sees: the decoded import, the target, and the
// existing state looked up once for the whole import (importmodel.Input's
// fields), with the model of what Unleash's import does with the file,
// computed once. Rules must not modify it.
type Input struct {
	importmodel.Input

	// stickiness are the stickiness values the file sets that no SDK
	// knows by itself, read once (unusualStickiness).
	stickiness []stickinessUse
	// names are what the issue without items of a code names in its
	// message (the permissions of the import's refusal), for
	// restatements.leaveOut.
	names map[Code][]string
	// storableNames are the names of FileNames that a database can hold.
	storableNames []string
	// strict is Options.Strict: the reference errors that the import
	// accepts stay errors, without ImportAccepts.
	strict bool
}

// lookupPlan is the set of names one validation asks the state about,
// each list of names a database can hold only (model.Storable).
type lookupPlan struct {
	strategies, contextFields, segments, tagTypes, features, featureNames []string
}

// planLookups collects, once, every distinct name the rules need. The
// imported feature names come from fp, the index the rules share.
func planLookups(imp *model.ImportRequest, fp *importmodel.Places, names []string, stickiness []stickinessUse, constraintContexts bool) lookupPlan {
	d := &imp.Data
	// The names of features[] come first: when all are storable, so are
	// those of the lists.
	order := fp.Order()
	p := lookupPlan{features: model.StorableOnly(slices.Clip(names))}
	if len(p.features) == len(names) {
		p.featureNames = p.features[:len(order):len(order)]
	} else {
		p.featureNames = model.StorableOnly(slices.Clip(order))
	}
	others := make(map[string]struct{})
	add := func(dst *[]string, set map[string]struct{}, name string) {
		// The strategy types and context names of a file are few: a
		// short list is searched without hashing the name.
		if len(*dst) <= 8 {
			if slices.Contains(*dst, name) {
				return
			}
		} else if _, ok := set[name]; ok {
			return
		}
		set[name] = struct{}{}
		*dst = append(*dst, name)
	}
	for i := range d.FeatureStrategies {
		add(&p.strategies, others, d.FeatureStrategies[i].Name)
	}
	clear(others)
	for i := range d.FeatureStrategies {
		s := &d.FeatureStrategies[i]
		if constraintContexts && s.Constraints != nil {
			for _, c := range *s.Constraints {
				add(&p.contextFields, others, c.ContextName)
			}
		}
	}
	for _, u := range stickiness {
		add(&p.contextFields, others, u.name)
	}
	for i := range d.ContextFields {
		add(&p.contextFields, others, d.ContextFields[i].Name)
	}
	clear(others)
	for i := range d.Segments {
		add(&p.segments, others, d.Segments[i].Name)
	}
	clear(others)
	for i := range d.TagTypes {
		add(&p.tagTypes, others, d.TagTypes[i].Name)
	}
	for i := range d.FeatureTags {
		if t := d.FeatureTags[i].TagType; t != nil {
			add(&p.tagTypes, others, *t)
		}
	}
	for _, l := range []*[]string{&p.strategies, &p.contextFields, &p.segments, &p.tagTypes} {
		*l = model.StorableOnly(*l)
	}
	return p
}

// gather asks the state once per kind of fact and builds the rules' input.
// Empty batches are not asked. Any error aborts with the lookup named.
//
// The memory of the names it resolves comes from buffers (nil for none),
// which the input then holds for the rules.
func gather(ctx context.Context, st State, imp *model.ImportRequest, project, env string, constraintContexts bool,
	body importmodel.RequestBody, buffers *importmodel.Buffers) (*Input, error) {
	in := &Input{Input: importmodel.NewInput(imp, project, env, body, buffers)}
	if constraintContexts {
		in.stickiness = in.unusualStickiness()
	}
	p := planLookups(imp, in.Places(), in.FileNames(), in.stickiness, constraintContexts)
	var err error
	in.Strategies, err = lookupBy(ctx, "strategies", p.strategies, st.Strategies, byName(func(s model.SnapshotStrategy) string { return s.Name }))
	if err != nil {
		return nil, err
	}
	in.ContextFields, err = lookupBy(ctx, "context fields", p.contextFields, st.ContextFields, byName(func(c model.SnapshotContextField) string { return c.Name }))
	if err != nil {
		return nil, err
	}
	in.Segments, err = lookupBy(ctx, "segments", p.segments, st.Segments, func(got []model.SnapshotSegment) map[string][]model.SnapshotSegment {
		m := make(map[string][]model.SnapshotSegment, len(got))
		for _, s := range got {
			m[s.Name] = append(m[s.Name], s)
		}
		return m
	})
	if err != nil {
		return nil, err
	}
	in.TagTypes, err = lookupBy(ctx, "tag types", p.tagTypes, st.TagTypes, nameSet)
	if err != nil {
		return nil, err
	}
	in.storableNames = p.features
	in.Features, err = lookupBy(ctx, "features", p.features, st.Features, byName(func(f model.SnapshotFeature) string { return f.Name }))
	if err != nil {
		return nil, err
	}
	// A project or environment no database can hold does not exist: the
	// state is not asked about it.
	if model.Storable(project) {
		p, ok, err := st.Project(ctx, project)
		if err != nil {
			return nil, fmt.Errorf("importvalidate: looking up project %q: %w", project, err)
		}
		in.TargetProject, in.ProjectExists = p, ok
	}
	if model.Storable(env) {
		in.EnvironmentExists = true
		if es, ok := st.(EnvironmentState); ok {
			if in.EnvironmentExists, err = es.Environment(ctx, env); err != nil {
				return nil, fmt.Errorf("importvalidate: looking up environment %q: %w", env, err)
			}
		}
		withStrategies := func(ctx context.Context, names []string) ([]string, error) {
			return st.FeaturesWithStrategies(ctx, env, names)
		}
		in.WithStrategies, err = lookupBy(ctx, "strategies of existing features", p.featureNames, withStrategies, nameSet)
		if err != nil {
			return nil, err
		}
	}
	return in, nil
}

// lookupBy asks the state one batched question, lookup of names (those a
// database can hold), and indexes the answer with index. An empty batch is
// not asked: the index is then nil. An error names what was looked up.
func lookupBy[T any, M any](ctx context.Context, what string, names []string,
	lookup func(context.Context, []string) ([]T, error), index func([]T) M) (M, error) {
	var none M
	if len(names) == 0 {
		return none, nil
	}
	got, err := lookup(ctx, names)
	if err != nil {
		return none, fmt.Errorf("importvalidate: looking up %s: %w", what, err)
	}
	return index(got), nil
}

// byName returns an index of items by the name that name reads.
func byName[T any](name func(T) string) func([]T) map[string]T {
	return func(items []T) map[string]T {
		m := make(map[string]T, len(items))
		for _, it := range items {
			m[name(it)] = it
		}
		return m
	}
}

// nameSet is the set of names.
func nameSet(names []string) map[string]bool {
	return keySet(names, func(n string) string { return n })
}

// checkPermissions fills Required and Missing by asking perms about each
// required permission in the target project and environment.
func (in *Input) checkPermissions(ctx context.Context, perms Permissions) error {
	in.Required = in.NeededPermissions(false)
	if _, all := perms.(AllPermissions); all {
		return nil
	}
	in.Missing = make(map[Permission]bool)
	asked := make(map[Permission]bool, len(in.Required))
	// The import asks for permissions on the file it imports after
	// cleaning it, which may need one the file as sent does not.
	for _, p := range append(slices.Clip(in.Required), in.NeededPermissions(true)...) {
		if asked[p] {
			continue
		}
		asked[p] = true
		ok, err := perms.HasPermission(ctx, string(p), in.Project, in.Environment)
		if err != nil {
			return fmt.Errorf("importvalidate: checking permission %s: %w", p, err)
		}
		if !ok {
			in.Missing[p] = true
		}
	}
	return nil
}

// named records what the issue without items of code c names in its
// message.
func (in *Input) named(c Code, names []string) {
	if in.names == nil {
		in.names = map[Code][]string{}
	}
	in.names[c] = names
}

// adminTokenCaller is what Target.Permissions implements when it can tell
// that the caller authenticated with an admin API token (*auth.Principal
// does).
type adminTokenCaller interface {
	AdminAPIToken() bool
}

// sourceNamer is what a State implements to name itself in findings.
type sourceNamer interface {
	SourceName() string
}

// factsPermissions are the permissions the import checks itself, beyond
// those it requires, that Facts.Granted answers.
var factsPermissions = [...]Permission{PermCreateFeatureStrategy, PermSkipChangeRequest}

// gatherFacts fills in.Facts: the caller's from perms, the instance's
// from st when it is an ImportState, in one call whatever the size of the
// import, with the feature names looked up for in.Features (every name
// the file names).
func (in *Input) gatherFacts(ctx context.Context, st State, perms Permissions) error {
	f := &in.Facts
	f.Source = "the state"
	if n, ok := st.(sourceNamer); ok {
		f.Source = n.SourceName()
	}
	if c, ok := perms.(adminTokenCaller); ok {
		f.AdminToken = c.AdminAPIToken()
	}
	f.Granted = make(map[Permission]bool, len(factsPermissions))
	for _, p := range factsPermissions {
		if _, all := perms.(AllPermissions); all {
			f.Granted[p] = true
			continue
		}
		ok, err := perms.HasPermission(ctx, string(p), in.Project, in.Environment)
		if err != nil {
			return fmt.Errorf("importvalidate: checking permission %s: %w", p, err)
		}
		f.Granted[p] = ok
	}
	is, ok := st.(ImportState)
	if !ok || !model.Storable(in.Project) || !model.Storable(in.Environment) {
		// A target no database can hold has no facts; the rules that need
		// one say so.
		return nil
	}
	q := ImportQuery{Project: in.Project, Environment: in.Environment, Features: in.storableNames,
		Tags: importmodel.QueryTags(&in.Import.Data)}
	got, err := is.ImportFacts(ctx, q)
	if err != nil {
		return fmt.Errorf("importvalidate: looking up the facts of the import: %w", err)
	}
	if got == nil {
		return nil
	}
	granted, admin, source := f.Granted, f.AdminToken, f.Source
	*f = *got
	f.Granted, f.AdminToken = granted, admin
	if f.Source == "" {
		f.Source = source
	}
	return nil
}
