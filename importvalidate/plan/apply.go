package plan

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/model/profile"
)

// ErrNoImport is returned, wrapped, by Plan for a report without a
// decoded import: the body failed the structural tier, and the report's
// Structural problems say why. Such a body is no import to plan.
var ErrNoImport = errors.New("the report holds no decoded import (the body failed the structural tier)")

// Plan computes what importing the file that rep validated will change,
// into the target of the validation (rep.Project and rep.Environment),
// from the import it decoded (rep.Import). Its failures are rep's
// findings of the import's refusals (see Plan.Failures): the plan and the
// validation read the file the same way and give the same reasons. It
// makes one call to the Source, with the names of the file that a
// database can hold (model.StorableOnly).
func (p *Planner) Plan(ctx context.Context, rep *importvalidate.Report) (*Plan, error) {
	out, _, err := p.PlanSortOrders(ctx, rep)
	return out, err
}

// PlanSortOrders is Plan, with the sort orders that make the order of
// the strategies that the plan shows certain (see SortOrders).
func (p *Planner) PlanSortOrders(ctx context.Context, rep *importvalidate.Report) (*Plan, SortOrders, error) {
	if rep == nil || rep.Import == nil {
		return nil, nil, fmt.Errorf("plan: %w", ErrNoImport)
	}
	project, env := rep.Project, rep.Environment
	d := &rep.Import.Data
	q := Query{Project: project, Environment: env,
		Features:      make([]string, 0, len(d.Features)),
		ContextFields: make([]string, 0, len(d.ContextFields)),
		TagTypes:      make([]string, 0, len(d.TagTypes))}
	for i := range d.Features {
		q.Features = append(q.Features, d.Features[i].Name)
	}
	// The import replaces the links of the features data.links names,
	// in the file or not: whether one outside the file exists and is
	// active decides whether the import is refused.
	for _, fl := range d.Links {
		if !slices.Contains(q.Features, fl.Feature) {
			q.Features = append(q.Features, fl.Feature)
		}
	}
	for _, cf := range d.ContextFields {
		q.ContextFields = append(q.ContextFields, cf.Name)
	}
	// The context fields the constraints name: whether each exists
	// decides how long the import takes to create a strategy, and so the
	// strategies' order (see order.go).
	q.ContextFields = appendConstraintFields(q.ContextFields, d.FeatureStrategies)
	for _, tt := range d.TagTypes {
		q.TagTypes = append(q.TagTypes, tt.Name)
	}
	// A name no database can hold cannot exist: it is never sent to the
	// Source, and nothing is read for a project or environment that
	// cannot exist (as the validation does, see model.Storable).
	cur := &current{}
	if model.Storable(project) && model.Storable(env) {
		q.Features = model.StorableOnly(q.Features)
		q.ContextFields = model.StorableOnly(q.ContextFields)
		q.TagTypes = model.StorableOnly(q.TagTypes)
		got, err := p.src.Current(ctx, q)
		if err == nil {
			cur, err = currentOf(got, project, env)
		}
		if err != nil {
			return nil, nil, fmt.Errorf("plan: %w", err)
		}
	}
	a := newApplier(ctx, p.imp, project, env, d, cur)
	a.apply()
	out := a.plan()
	if a.err != nil {
		return nil, nil, a.err
	}
	out.Failures, out.MoreFailures = failuresOf(rep, p.maxFailures)
	orders := SortOrders(a.sortOrders)
	if orders == nil {
		orders = SortOrders{}
	}
	return out, orders, nil
}

// compute is the plan of importing d into project and env over the
// current configuration cur, without any lookup: cur must answer the
// Query that Planner.Plan would make. It lists no failures: they are a
// validation's (Planner.Plan).
func compute(project, env string, d *model.ExportData, cur *current) *Plan {
	a := newApplier(context.Background(), profile.Default().Import, project, env, d, cur)
	a.apply()
	return a.plan()
}

// applier replays the import's steps (export-import-service.js,
// processImport) on the current configuration.
type applier struct {
	ctx context.Context
	// imp is what the import of the instance's version does.
	imp          profile.Import
	project, env string
	d            *model.ExportData
	cur          *current
	existing     map[string]*config
	// want is the configuration each imported feature will have.
	want    map[string]*config
	skipped map[string]string
	// enableCalls is the last enabled status the file sets per feature.
	enableCalls map[string]bool
	segmentName map[float64]string
	// contextFields are the context fields that exist when the import
	// creates the strategies: the instance's and the file's.
	contextFields map[string]bool
	// sortOrders are the sort orders that make the order of the created
	// strategies certain, by their index in data.featureStrategies;
	// notes are the features' notes (ties.go).
	sortOrders map[int]int64
	notes      map[*config][]Note
	// steps counts the steps of the loops, for looking at ctx now and
	// then; err is ctx's error once it ended, and the loops then stop.
	steps int
	err   error
}

func newApplier(ctx context.Context, imp profile.Import, project, env string, d *model.ExportData, cur *current) *applier {
	a := &applier{ctx: ctx, imp: imp, project: project, env: env, d: d, cur: cur,
		existing:      make(map[string]*config, len(cur.Features)),
		want:          make(map[string]*config, len(d.Features)),
		skipped:       map[string]string{},
		enableCalls:   map[string]bool{},
		segmentName:   make(map[float64]string, len(d.Segments)),
		contextFields: make(map[string]bool, len(cur.ContextFields)+len(d.ContextFields))}
	for i := range cur.Features {
		a.existing[cur.Features[i].Name] = &cur.Features[i]
	}
	for _, s := range d.Segments {
		a.segmentName[s.ID] = s.Name
	}
	for _, n := range cur.ContextFields {
		a.contextFields[n] = true
	}
	for _, cf := range d.ContextFields {
		a.contextFields[cf.Name] = true
	}
	return a
}

// stop reports whether the plan must stop: its context ended. It looks
// at the context on its first call and every 256th after, so that a loop
// may call it for each of its steps.
func (a *applier) stop() bool {
	if a.err != nil {
		return true
	}
	a.steps++
	if a.steps&255 == 1 {
		a.err = a.ctx.Err()
	}
	return a.err != nil
}

// archived reports whether name is archived in the target: the import
// drops such a feature, its strategies, statuses, variants and tags.
func (a *applier) archived(name string) bool {
	c, ok := a.existing[name]
	return ok && c.Archived
}

func (a *applier) apply() {
	a.features()
	a.variants()
	a.tags()
	a.links()
	a.strategies()
	a.statuses()
	a.dependencies()
}

// features is createOrUpdateToggles: the metadata comes from the file,
// with the defaults of featureMetadataSchema.
func (a *applier) features() {
	for i := range a.d.Features {
		if a.stop() {
			return
		}
		f := &a.d.Features[i]
		if a.archived(f.Name) {
			a.skipped[f.Name] = ReasonArchived
			continue
		}
		old, ok := a.existing[f.Name]
		var c config
		switch {
		case ok && old.Project != a.project:
			a.skipped[f.Name] = ReasonOtherProject
			continue
		case ok:
			c = cloneConfig(old)
		default:
			c = config{Name: f.Name, Project: a.project}
		}
		c.setMetadata(f, a.imp.DescriptionAsGiven)
		a.want[f.Name] = &c
	}
}

// setMetadata sets the settings of c that an import writes from f, its
// feature in a file, and an instance's export reads back the same way:
// the type ("release" when f has none), the description (none when empty;
// it points into f and is never written through), and whether it is
// stale, has impression data or is archived. Where the description is
// stored as given (asGiven, profile.Import.DescriptionAsGiven: 5.x), an
// empty one is kept, and an absent one leaves c's.
func (c *config) setMetadata(f *model.Feature, asGiven bool) {
	det := f.Details()
	c.Type = "release"
	if f.Type != nil {
		c.Type = *f.Type
	}
	switch {
	case asGiven && !f.Description.Present:
	case f.Description.Valid && (asGiven || f.Description.Value != ""):
		c.Description = &f.Description.Value
	default:
		c.Description = nil
	}
	c.Stale = det.Stale != nil && *det.Stale
	c.ImpressionData = det.ImpressionData != nil && *det.ImpressionData
	c.Archived = f.Archived != nil && *f.Archived
}

// featureEnvTarget is the feature a featureEnvironments item applies
// to, by its featureName; "" when the import drops the item (no
// featureName, or an archived feature).
func (a *applier) featureEnvTarget(fe *model.FeatureEnvironment) string {
	if fe.FeatureName == nil || *fe.FeatureName == "" || a.archived(*fe.FeatureName) {
		return ""
	}
	return *fe.FeatureName
}

// variants is importToggleVariants: an item with variants replaces the
// feature's variants in the environment, weights fixed; an item without
// variants leaves them.
func (a *applier) variants() {
	for i := range a.d.FeatureEnvironments {
		if a.stop() {
			return
		}
		fe := &a.d.FeatureEnvironments[i]
		name := a.featureEnvTarget(fe)
		if name == "" || fe.Variants == nil || len(*fe.Variants) == 0 {
			continue
		}
		c := a.want[name]
		if c == nil {
			continue
		}
		vs, ok := fixVariants(*fe.Variants)
		if !ok {
			continue // the import refuses them (import-variant-no-variable, import-variant-fix-over-1000)
		}
		c.Variants = vs
	}
}

// tags is importTags: the tags of every imported feature are replaced by
// the file's, only items with a tagType counting.
func (a *applier) tags() {
	for _, c := range a.want {
		c.Tags = nil
	}
	places := placeIndex[model.SnapshotTag, model.SnapshotTag]{key: func(t model.SnapshotTag) model.SnapshotTag { return t }}
	for _, ft := range a.d.FeatureTags {
		if a.stop() {
			return
		}
		if a.archived(ft.FeatureName) || ft.TagType == nil || *ft.TagType == "" {
			continue
		}
		c := a.want[ft.FeatureName]
		if c == nil {
			continue
		}
		t := model.SnapshotTag{Type: *ft.TagType, Value: ft.TagValue}
		if places.find(c, c.Tags, t) < 0 {
			c.Tags = append(c.Tags, t)
			places.added(c, c.Tags)
		}
	}
}

// links is importLinks: a feature listed in data.links has its links
// replaced by the file's, URLs normalised.
func (a *applier) links() {
	if !a.imp.Links {
		return // before 7.0, no import changes links (nor has any)
	}
	for _, fl := range a.d.Links {
		if a.stop() {
			return
		}
		c := a.want[fl.Feature]
		if c == nil || c.Archived {
			continue // the import refuses links of a feature it does not keep active (import-link-feature-not-active)
		}
		c.Links = make([]link, 0, len(fl.Links))
		for j := range fl.Links {
			if a.stop() {
				return
			}
			l := &fl.Links[j]
			u, ok := normalizeURL(l.URL)
			if !ok {
				continue // the import refuses it (import-link-invalid-url)
			}
			var title *string
			if l.Title.Valid && l.Title.Value != "" {
				title = &l.Title.Value // shared, never changed
			}
			c.Links = append(c.Links, link{URL: u, Title: title})
		}
	}
}

// strategies is deleteStrategies then importStrategies: the strategies of
// every imported feature in the environment are replaced by the file's,
// standardised as createStrategy does, in the order the import gives them
// (see order.go).
func (a *applier) strategies() {
	for _, c := range a.want {
		c.Strategies = nil
	}
	created := make([]creation, 0, len(a.d.FeatureStrategies))
	for i := range a.d.FeatureStrategies {
		if a.stop() {
			return
		}
		s := &a.d.FeatureStrategies[i]
		if s.FeatureName == nil || *s.FeatureName == "" {
			continue
		}
		c := a.want[*s.FeatureName]
		if c == nil {
			continue
		}
		st := strategy{Name: s.Name}
		if s.Title.Valid {
			st.Title = &s.Title.Value // shared, never changed
		}
		if v, ok := s.Disabled.Get(); ok {
			st.Disabled = v
		}
		if s.Parameters != nil {
			st.Parameters = *s.Parameters // shared; withDefaults copies before it adds
		}
		if s.Constraints != nil {
			st.Constraints = normalizeConstraints(*s.Constraints)
		}
		if s.Segments != nil {
			st.Segments = a.segments(s)
		}
		if s.Variants != nil && len(*s.Variants) > 0 {
			st.Variants, _ = fixStrategyVariants(*s.Variants)
		}
		a.withDefaults(&st, c.Name)
		cr := creation{feature: c, strategy: st, index: i, rounds: a.roundsBefore(s)}
		if s.SortOrder != nil {
			// One that is no integer of 32 bits refuses the import
			// (import-strategy-sort-order).
			cr.given, cr.sortOrder = true, int64(*s.SortOrder)
		}
		created = append(created, cr)
	}
	a.order(created)
}

// segments names the segments of s by the file's data.segments. An id
// missing there, an id given twice and more segments than the instance
// allows refuse the import (import-strategy-segment-not-listed,
// import-strategy-duplicate-segment, import-strategy-too-many-segments);
// the names are then incomplete.
func (a *applier) segments(s *model.Strategy) []string {
	ids := *s.Segments
	var names []string
	for j, id := range ids {
		if slices.Contains(ids[:j], id) {
			continue
		}
		if n, ok := a.segmentName[id]; ok {
			names = append(names, n)
		}
	}
	return names
}

// withDefaults completes the parameters of s, a strategy of feature that
// the import creates, as the instance's version does
// (profile.Import.StrategyParameters: from 7.x, parametersWithDefaults
// gives a flexibleRollout rollout 100, the project's default stickiness
// and the feature's name as group id when the file leaves them out).
func (a *applier) withDefaults(s *strategy, feature string) {
	s.Parameters = a.imp.StrategyParameters(s.Name, feature, s.Parameters, a.cur.DefaultStickiness)
}

// statuses is importToggleStatuses: each item sets enabled on the feature
// its name (not its featureName) says; enabling a feature without an
// active strategy adds the project's default strategy.
func (a *applier) statuses() {
	for i := range a.d.FeatureEnvironments {
		if a.stop() {
			return
		}
		fe := &a.d.FeatureEnvironments[i]
		if a.featureEnvTarget(fe) == "" {
			continue
		}
		c := a.want[fe.Name]
		if c == nil {
			continue
		}
		if c.Archived {
			continue // the import refuses it (import-archived-feature-enabled)
		}
		c.Enabled = fe.Enabled
		a.enableCalls[fe.Name] = fe.Enabled
	}
	for name, on := range a.enableCalls {
		if a.stop() {
			return
		}
		c := a.want[name]
		if !on || slices.ContainsFunc(c.Strategies, func(s strategy) bool { return !s.Disabled }) {
			continue
		}
		c.Strategies = append(c.Strategies, a.defaultStrategy(name))
	}
}

// defaultStrategy is the strategy enabling adds to feature: the project's
// default strategy in the environment (getProjectDefaultStrategy: an
// empty groupId is the feature's name, an absent one is empty), or a 100%
// flexibleRollout (getDefaultStrategy), completed as the import completes
// the file's.
func (a *applier) defaultStrategy(feature string) strategy {
	var s strategy
	if a.cur.DefaultStrategy != nil {
		s = cloneStrategy(*a.cur.DefaultStrategy)
		if s.Parameters == nil {
			s.Parameters = map[string]string{}
		}
		if g, ok := s.Parameters["groupId"]; !ok {
			s.Parameters["groupId"] = ""
		} else if g == "" {
			s.Parameters["groupId"] = feature
		}
	} else {
		s = strategy{Name: "flexibleRollout", Parameters: map[string]string{"rollout": "100", "stickiness": "default", "groupId": feature}}
	}
	s.Disabled = false
	a.withDefaults(&s, feature)
	return s
}

// dependencies is importDependencies: the parents of a feature whose item
// in data.features names a project are replaced by those the file gives
// it. Each parent is upserted by a store call that first deletes all the
// child's parents; the calls run together, all the deletes before the
// inserts, so the child ends with every parent the file gives it (the
// last item of a parent named twice) and no other. A feature the file
// gives no parent keeps its own.
func (a *applier) dependencies() {
	withProject := make(map[string]bool, len(a.d.Features))
	for i := range a.d.Features {
		f := &a.d.Features[i]
		withProject[f.Name] = f.Project != nil && *f.Project != "" && a.want[f.Name] != nil
	}
	places := placeIndex[dependency, string]{key: func(d dependency) string { return d.Feature }}
	replaced := make(map[*config]bool, len(a.d.Dependencies))
	for _, fd := range a.d.Dependencies {
		if a.stop() {
			return
		}
		if !withProject[fd.Feature] {
			continue
		}
		c := a.want[fd.Feature]
		if !replaced[c] {
			replaced[c] = true
			c.Dependencies = nil
			delete(places.big, c) // its index held the old parents
		}
		for _, p := range fd.Dependencies {
			if a.stop() {
				return
			}
			dep := dependency{Feature: p.Feature, Enabled: true}
			if p.Enabled != nil && !*p.Enabled {
				dep.Enabled = false
			} else if p.Variants != nil {
				dep.Variants = slices.Clone(*p.Variants)
			}
			if j := places.find(c, c.Dependencies, p.Feature); j >= 0 {
				c.Dependencies[j] = dep
			} else {
				c.Dependencies = append(c.Dependencies, dep)
				places.added(c, c.Dependencies)
			}
		}
	}
}

// placeIndex finds the items of a feature's list by their key in a few
// steps however long the list grows: a list of up to shortList items is
// searched, a longer one gets an index of its keys' places.
type placeIndex[T any, K comparable] struct {
	key func(T) K
	big map[*config]map[K]int
}

// shortList is the length up to which a list is searched.
const shortList = 8

// find returns the place in list, c's, of the first item of key k, or -1.
func (ix *placeIndex[T, K]) find(c *config, list []T, k K) int {
	m := ix.big[c]
	if m == nil && len(list) > shortList {
		m = ix.index(c, list)
	}
	if m == nil {
		return slices.IndexFunc(list, func(x T) bool { return ix.key(x) == k })
	}
	if j, ok := m[k]; ok {
		return j
	}
	return -1
}

// added notes that list, c's, got an item at its end.
func (ix *placeIndex[T, K]) added(c *config, list []T) {
	if m := ix.big[c]; m != nil {
		if k := ix.key(list[len(list)-1]); !hasKey(m, k) {
			m[k] = len(list) - 1
		}
	} else if len(list) > shortList {
		ix.index(c, list)
	}
}

// index makes the index of list, c's.
func (ix *placeIndex[T, K]) index(c *config, list []T) map[K]int {
	if ix.big == nil {
		ix.big = map[*config]map[K]int{}
	}
	m := make(map[K]int, 2*len(list))
	for j, x := range list {
		if k := ix.key(x); !hasKey(m, k) {
			m[k] = j
		}
	}
	ix.big[c] = m
	return m
}

func hasKey[K comparable, V any](m map[K]V, k K) bool {
	_, ok := m[k]
	return ok
}

// normalizeConstraints gives each constraint its values array (joi's
// default), as the instance stores it.
func normalizeConstraints(cs []model.Constraint) []model.Constraint {
	for _, c := range cs {
		if c.Values == nil {
			out := slices.Clone(cs)
			for i := range out {
				if out[i].Values == nil {
					out[i].Values = &emptyValues
				}
			}
			return out
		}
	}
	// The constraints are shared, never changed.
	return cs
}

// emptyValues is the values of a constraint without any; shared, never
// changed.
var emptyValues = []string{}

// fixVariants is fixVariantWeights for a feature's variants: variable
// variants share what the fixed ones leave of 1000, the first ones
// taking the remainder; a variant of neither weight type is dropped.
func fixVariants(in []model.Variant) ([]model.Variant, bool) {
	return fixWeights(in, func(v model.Variant) model.WeightType {
		if v.WeightType == nil {
			return ""
		}
		return *v.WeightType
	}, func(v model.Variant) int64 { return int64(v.Weight) }, func(v *model.Variant, w int64) { v.Weight = float64(w) })
}

// fixStrategyVariants is fixVariantWeights for a strategy's variants.
func fixStrategyVariants(in []model.StrategyVariant) ([]model.StrategyVariant, bool) {
	return fixWeights(in, func(v model.StrategyVariant) model.WeightType { return v.WeightType },
		func(v model.StrategyVariant) int64 { return v.Weight }, func(v *model.StrategyVariant, w int64) { v.Weight = w })
}

// fixWeights returns the variable variants of in, their weights shared,
// then the fixed ones; ok is false when the import refuses them (no
// variable variant, fixed weights above 1000).
func fixWeights[V any](in []V, typ func(V) model.WeightType, weight func(V) int64, set func(*V, int64)) ([]V, bool) {
	out := make([]V, 0, len(in))
	var fixedSum int64
	for _, v := range in {
		if typ(v) == model.WeightVariable {
			out = append(out, v)
		}
	}
	n := len(out)
	for _, v := range in {
		if typ(v) == model.WeightFix {
			out = append(out, v)
			fixedSum += weight(v)
		}
	}
	switch {
	case len(in) > 0 && n == 0, fixedSum > 1000:
		return nil, false
	case n == 0:
		return out, true
	}
	avg, rem := (1000-fixedSum)/int64(n), (1000-fixedSum)%int64(n)
	for i := range n {
		w := avg
		if rem > 0 {
			w++
			rem--
		}
		set(&out[i], w)
	}
	return out, true
}

func cloneStrategy(s strategy) strategy {
	c := s
	c.Parameters = maps.Clone(s.Parameters)
	c.Constraints = slices.Clone(s.Constraints)
	c.Segments = slices.Clone(s.Segments)
	c.Variants = slices.Clone(s.Variants)
	return c
}

// cloneConfig copies c for the import to change: the lists it replaces
// as a whole (strategies, variants, tags, links) are shared, the
// dependencies it changes in place are copied.
func cloneConfig(c *config) config {
	n := *c
	n.Dependencies = slices.Clone(c.Dependencies)
	return n
}

// applied is the configuration that importing d into project and env
// gives each feature it imports (skipped features left out), in the
// file's order: what an export of them shows afterwards.
func applied(project, env string, d *model.ExportData, cur *current) []config {
	if cur == nil {
		cur = &current{}
	}
	a := newApplier(context.Background(), profile.Default().Import, project, env, d, cur)
	a.apply()
	out := make([]config, 0, len(a.want))
	seen := make(map[string]bool, len(a.want))
	for i := range d.Features {
		name := d.Features[i].Name
		if c := a.want[name]; c != nil && !seen[name] {
			seen[name] = true
			out = append(out, *c)
		}
	}
	return out
}
