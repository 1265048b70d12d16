package importvalidate

import (
	"cmp"
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

// gather reads the state once (one Read of every name the rules need,
// with the import's facts when facts is set) and builds the rules' input.
// An error aborts with the read named.
//
// The memory of the names it resolves comes from buffers (nil for none),
// which the input then holds for the rules.
func gather(ctx context.Context, st State, imp *model.ImportRequest, project, env string, constraintContexts, facts bool,
	body importmodel.RequestBody, buffers *importmodel.Buffers) (*Input, error) {
	in := &Input{Input: importmodel.NewInput(imp, project, env, body, buffers)}
	if constraintContexts {
		in.stickiness = in.unusualStickiness()
	}
	p := planLookups(imp, in.Places(), in.FileNames(), in.stickiness, constraintContexts)
	// A project or environment no database can hold does not exist: the
	// state is asked about "" instead, which names nothing, and a target
	// of such a name has no facts (the rules that need one say so).
	projectOK, envOK := model.Storable(project), model.Storable(env)
	q := Query{Strategies: p.strategies, ContextFields: p.contextFields, Segments: p.segments, TagTypes: p.tagTypes,
		Features: p.features, Want: PartTarget}
	if projectOK {
		q.Project = project
	}
	if envOK {
		q.Environment = env
	}
	if facts && projectOK && envOK {
		q.Want |= PartFacts
		q.Tags = importmodel.QueryTags(&imp.Data)
	}
	r, err := st.Read(ctx, q)
	if err != nil {
		return nil, fmt.Errorf("importvalidate: reading the state: %w", err)
	}
	if r == nil {
		r = &Reading{}
	}
	in.Strategies = byName(r.Strategies, func(s model.SnapshotStrategy) string { return s.Name })
	in.ContextFields = byName(r.ContextFields, func(c model.SnapshotContextField) string { return c.Name })
	in.Segments = make(map[string][]model.SnapshotSegment, len(r.Segments))
	for _, s := range r.Segments {
		in.Segments[s.Name] = append(in.Segments[s.Name], s)
	}
	in.TagTypes = nameSet(r.TagTypes)
	in.storableNames = p.features
	in.Features = byName(r.Features, func(f model.SnapshotFeature) string { return f.Name })
	if projectOK && r.Project != nil {
		in.TargetProject, in.ProjectExists = *r.Project, true
	}
	if envOK {
		// A state that cannot tell takes the environment as existing.
		in.EnvironmentExists = !r.Environment.Known || r.Environment.Value
		// The features of data.features only: the import asks to delete
		// strategies when one of those has some.
		fp := in.Places()
		in.WithStrategies = make(map[string]bool, len(r.WithStrategies))
		for _, n := range r.WithStrategies {
			if fp.Has(n) {
				in.WithStrategies[n] = true
			}
		}
	}
	if facts {
		in.Facts.Source = cmp.Or(r.Source, "the state")
		if r.Facts != nil && q.Want.Has(PartFacts) {
			in.Facts = *r.Facts
			in.Facts.Source = cmp.Or(in.Facts.Source, r.Source, "the state")
		}
	}
	return in, nil
}

// byName indexes items by the name that name reads.
func byName[T any](items []T, name func(T) string) map[string]T {
	m := make(map[string]T, len(items))
	for _, it := range items {
		m[name(it)] = it
	}
	return m
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

// factsPermissions are the permissions the import checks itself, beyond
// those it requires, that Facts.Granted answers.
var factsPermissions = [...]Permission{PermCreateFeatureStrategy, PermSkipChangeRequest}

// callerFacts fills the caller's part of in.Facts from perms: whether it
// holds an admin API token, and its answers for the permissions the
// import checks itself.
func (in *Input) callerFacts(ctx context.Context, perms Permissions) error {
	f := &in.Facts
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
	return nil
}
