// Package exportgen generates realistic, deterministic import requests
// (feature exports) for tests and benchmarks.
//
// Every generated feature has one flexibleRollout strategy with two
// constraints and two strategy variants, one feature environment with one
// variant, and one tag of type simple. The data set also carries context
// fields, segments, tag types and, for some features, dependencies. The
// output depends only on [Options]: the same options always give the same
// request and the same bytes.
//
// The output is schema-valid: names are plain ASCII, enumerations hold
// known values, variant weights are within 0..1000 and date-times are
// RFC 3339. With ProblemShare 0 the data set is also semantically clean:
// validated into Options.Project against a state that has the built-in
// strategy types (flexibleRollout and the others), the context fields
// region (legal values eu and us), userId, appName and currentTime, the
// global segment beta-users (id 1), the tag type simple and the project,
// it gives no errors. [Snapshot] returns such a state, and
// testdata/conformance/oracle-state.json is one too for project default.
// With ProblemShare above 0, that share of the features carries one
// semantic problem each (see [ProblemKind]); [Problems] lists them with the
// items a validator reports for them.
//
// Size: N=1000 features make about 1.19 MB (1.13 MiB) of compact JSON,
// about 1.2 kB per feature, growing linearly with N.
//
// Randomness comes from math/rand/v2 PCG sources seeded with Options.Seed;
// the package uses no global random source and holds no mutable state, so
// it is safe for concurrent use.
package exportgen

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/flagadmin/flagadmin/model"
)

// Options says what to generate.
type Options struct {
	// Features is the number of entries in data.features; 0 or less gives
	// an empty list.
	Features int
	// Seed selects the pseudo-random content.
	Seed int64
	// ProblemShare is the share (0..1) of features that carry one semantic
	// problem. Values outside 0..1 are clamped.
	ProblemShare float64
	// Project is the project of the request and of every feature;
	// "" means "default".
	Project string
	// Environment is the environment of the request and of every feature
	// environment; "" means "development".
	Environment string
}

// ProblemKind is the kind of semantic problem a generated feature carries.
type ProblemKind int

// The problem kinds. Problem features are given kinds in this order, in
// turn, so that a handful of problems already covers every kind.
const (
	// NoProblem marks a clean feature.
	NoProblem ProblemKind = iota
	// UnknownStrategy: the feature's strategy is of a type that does not
	// exist ("customStrategy-NNNN").
	UnknownStrategy
	// DuplicateName: the feature repeats the name of an earlier feature.
	DuplicateName
	// UnknownSegment: the data carries a segment that does not exist
	// ("segment-NNNN", id 10000+N), and the feature's strategy uses it.
	UnknownSegment
	// MissingParent: the feature depends on a parent that is neither
	// imported nor existing ("retired-flag-NNNN").
	MissingParent
	// IllegalValue: the data carries the context field region again, with a
	// legal value that the existing field lacks ("mars-NNNN"), and the
	// feature's constraint uses it.
	IllegalValue
	// OtherProject: the feature's name ("legacy-...-NNNN") exists in another
	// project of the state that [Snapshot] returns.
	OtherProject
)

var problemKindNames = [...]string{"none", "unknown-strategy", "duplicate-name",
	"unknown-segment", "missing-parent", "illegal-value", "other-project"}

// String returns a short name of the kind, such as "unknown-strategy".
func (k ProblemKind) String() string {
	if k < 0 || int(k) >= len(problemKindNames) {
		return "ProblemKind(" + strconv.Itoa(int(k)) + ")"
	}
	return problemKindNames[k]
}

// problemCycle is the order in which problem features get their kinds.
// DuplicateName is not first, so the first problem feature, which may be
// feature 0, never needs an earlier name.
var problemCycle = [...]ProblemKind{UnknownStrategy, DuplicateName, UnknownSegment,
	MissingParent, IllegalValue, OtherProject}

// Problem is one problem feature of a generated data set.
type Problem struct {
	// Index is the feature's index in data.features.
	Index int
	// Name is the feature's name.
	Name string
	// Kind is the problem it carries.
	Kind ProblemKind
	// Item is the name the validator reports for it: the strategy type,
	// the duplicated feature name, the segment, the parent, the context
	// field (region) or the feature name.
	Item string
}

// OtherProjectID is the project in which [Snapshot] places the features of
// kind OtherProject (or "other-2" when Options.Project is "other").
const OtherProjectID = "other"

// Names of the fixed parts of the data set.
const (
	// SegmentName is the name of the segment that clean strategies use.
	SegmentName = "beta-users"
	// SegmentID is its id.
	SegmentID = 1
	// TagTypeName is the tag type of every feature tag.
	TagTypeName = "simple"
)

// plan is what is decided before the content: names and problem kinds.
type plan struct {
	opts     Options
	names    []string
	kinds    []ProblemKind
	problems []Problem
}

func normalize(opts Options) Options {
	if opts.Features < 0 {
		opts.Features = 0
	}
	if opts.Project == "" {
		opts.Project = "default"
	}
	if opts.Environment == "" {
		opts.Environment = "development"
	}
	if math.IsNaN(opts.ProblemShare) || opts.ProblemShare < 0 {
		opts.ProblemShare = 0
	}
	if opts.ProblemShare > 1 {
		opts.ProblemShare = 1
	}
	return opts
}

func otherProject(opts Options) string {
	if opts.Project == OtherProjectID {
		return OtherProjectID + "-2"
	}
	return OtherProjectID
}

var (
	areas = []string{"checkout", "search", "billing", "onboarding", "profile", "cart",
		"payments", "notifications", "dashboard", "reports", "inventory", "shipping",
		"pricing", "catalog", "login", "settings"}
	things = []string{"redesign", "fastpath", "v2", "darkmode", "recs", "cache",
		"banner", "newflow", "ratelimit", "export", "sso", "audit", "prefetch", "batch",
		"retry", "abtest"}
	flagTypes = []string{"release", "experiment", "operational", "kill-switch", "permission"}
	teams     = []string{"core", "growth", "platform", "mobile", "web", "data", "infra", "support"}
	sentences = []string{
		"Rolls the new behaviour out gradually while we watch error rates.",
		"Remove the flag once the rollout has reached every region.",
		"Guards a schema change; turning it off must stay safe at any time.",
		"Read by mobile and web clients to pick the layout.",
		"Operational switch: off falls back to the previous code path.",
		"Two arms of equal weight; the treatment arm carries settings.",
		"Targets users in the EU and the US on recent app versions.",
		"Reviewed every sprint by the owning team.",
	}
	colors = []string{"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b"}
)

// base is the earliest generated date-time.
var base = time.Date(2024, time.January, 1, 0, 0, 0, 0, time.UTC)

func newRand(seed int64, stream uint64) *rand.Rand {
	return rand.New(rand.NewPCG(uint64(seed), 0x9e3779b97f4a7c15^stream))
}

func makePlan(opts Options) *plan {
	opts = normalize(opts)
	n := opts.Features
	r := newRand(opts.Seed, 1)
	p := &plan{opts: opts, names: make([]string, n), kinds: make([]ProblemKind, n)}

	count := int(math.Round(float64(n) * opts.ProblemShare))
	positions := r.Perm(n)[:count]
	sort.Ints(positions)
	for j, pos := range positions {
		p.kinds[pos] = problemCycle[j%len(problemCycle)]
	}
	for i := range n {
		area, thing := areas[r.IntN(len(areas))], things[r.IntN(len(things))]
		switch p.kinds[i] {
		case DuplicateName:
			p.names[i] = p.names[p.cleanBefore(i)]
		case OtherProject:
			p.names[i] = fmt.Sprintf("legacy-%s-%s-%04d", area, thing, i)
		default:
			p.names[i] = fmt.Sprintf("%s-%s-%04d", area, thing, i)
		}
	}
	for i, k := range p.kinds {
		if k == NoProblem {
			continue
		}
		item := p.names[i]
		switch k {
		case UnknownStrategy:
			item = unknownStrategyName(i)
		case UnknownSegment:
			item = unknownSegmentName(i)
		case MissingParent:
			item = missingParentName(i)
		case IllegalValue:
			item = "region"
		}
		p.problems = append(p.problems, Problem{Index: i, Name: p.names[i], Kind: k, Item: item})
	}
	return p
}

// cleanBefore returns the nearest index before i whose name is an ordinary
// one (neither a duplicate nor a name of another project). Feature 0 always
// qualifies: the first problem kind is UnknownStrategy.
func (p *plan) cleanBefore(i int) int {
	for j := i - 1; j > 0; j-- {
		if p.kinds[j] != DuplicateName && p.kinds[j] != OtherProject {
			return j
		}
	}
	return 0
}

func unknownStrategyName(i int) string { return fmt.Sprintf("customStrategy-%04d", i) }
func unknownSegmentName(i int) string  { return fmt.Sprintf("segment-%04d", i) }
func missingParentName(i int) string   { return fmt.Sprintf("retired-flag-%04d", i) }
func illegalValue(i int) string        { return fmt.Sprintf("mars-%04d", i) }

// Problems lists the problem features that [Generate] gives for opts, in
// feature order. It is empty when ProblemShare is 0.
func Problems(opts Options) []Problem {
	return makePlan(opts).problems
}

// Snapshot returns an existing state against which the data set of opts
// gives exactly the errors of [Problems]: no error at all when ProblemShare
// is 0. It holds the environment, the project and the project of kind
// OtherProject, the built-in strategy types, the context fields
// environment, region (legal values eu and us), userId, appName,
// currentTime, sessionId and remoteAddress, the segment beta-users, the tag
// type simple, and the features of kind OtherProject. It has no roles,
// users or tokens.
func Snapshot(opts Options) *model.Snapshot {
	p := makePlan(opts)
	s := &model.Snapshot{
		Environments: []model.SnapshotEnvironment{{Name: p.opts.Environment, Type: "development"}},
		Projects:     []model.SnapshotProject{{ID: p.opts.Project}, {ID: otherProject(p.opts)}},
		Segments:     []model.SnapshotSegment{{ID: SegmentID, Name: SegmentName}},
		TagTypes:     []model.SnapshotTagType{{Name: TagTypeName}},
	}
	for _, name := range []string{"default", "userWithId", "gradualRolloutUserId",
		"gradualRolloutRandom", "gradualRolloutSessionId", "remoteAddress",
		"applicationHostname", "flexibleRollout"} {
		s.Strategies = append(s.Strategies, model.SnapshotStrategy{Name: name, BuiltIn: true})
	}
	for _, name := range []string{"environment", "region", "userId", "appName",
		"currentTime", "sessionId", "remoteAddress"} {
		f := model.SnapshotContextField{Name: name, LegalValues: []model.LegalValue{}}
		if name == "region" {
			f.LegalValues = []model.LegalValue{{Value: "eu"}, {Value: "us"}}
		}
		s.ContextFields = append(s.ContextFields, f)
	}
	for _, pr := range p.problems {
		if pr.Kind == OtherProject {
			s.Features = append(s.Features, model.SnapshotFeature{Name: pr.Name, Project: otherProject(p.opts)})
		}
	}
	return s
}

// JSON returns the compact JSON encoding of Generate(opts).
func JSON(opts Options) []byte {
	b, err := json.Marshal(Generate(opts))
	if err != nil {
		// The generated values are all encodable; this cannot happen.
		panic("exportgen: " + err.Error())
	}
	return b
}

// ExportJSON returns the compact JSON encoding of Generate(opts).Data: the
// bare export of the data set, the file Unleash's Export button gives,
// which names no project or environment.
func ExportJSON(opts Options) []byte {
	b, err := json.Marshal(Generate(opts).Data)
	if err != nil {
		panic("exportgen: " + err.Error())
	}
	return b
}

// Generate returns the import request of opts. Every call makes a new
// request that the caller may modify.
func Generate(opts Options) *model.ImportRequest {
	p := makePlan(opts)
	g := &gen{p: p, r: newRand(p.opts.Seed, 2)}
	return g.request()
}

type gen struct {
	p *plan
	r *rand.Rand
}

func ptr[T any](v T) *T { return &v }

func (g *gen) pick(s []string) string { return s[g.r.IntN(len(s))] }

// at returns a date-time between base and about 18 months later, with
// millisecond precision.
func (g *gen) at() time.Time {
	return base.Add(time.Duration(g.r.Int64N(int64(540*24*time.Hour/time.Millisecond))) * time.Millisecond)
}

func (g *gen) uuid() string {
	var b [16]byte
	hi, lo := g.r.Uint64(), g.r.Uint64()
	for i := range 8 {
		b[i] = byte(hi >> (8 * i))
		b[8+i] = byte(lo >> (8 * i))
	}
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}

func (g *gen) description() string {
	n := 1 + g.r.IntN(3)/2
	parts := make([]string, n)
	for i := range parts {
		parts[i] = g.pick(sentences)
	}
	return strings.Join(parts, " ")
}

func (g *gen) request() *model.ImportRequest {
	p := g.p
	n := len(p.names)
	d := model.ExportData{
		Features:            make([]model.Feature, 0, n),
		FeatureStrategies:   make([]model.Strategy, 0, n),
		FeatureEnvironments: make([]model.FeatureEnvironment, 0, n),
		FeatureTags:         make([]model.FeatureTag, 0, n),
		ContextFields:       baseContextFields(),
		Segments:            []model.Segment{{ID: SegmentID, Name: SegmentName}},
		TagTypes: []model.TagType{{Name: TagTypeName,
			Description: ptr("Used to simplify filtering of features"), Icon: model.Some("#")}},
		Dependencies: []model.FeatureDependencies{},
	}
	for i, name := range p.names {
		kind := p.kinds[i]
		d.Features = append(d.Features, g.feature(name))
		d.FeatureStrategies = append(d.FeatureStrategies, g.strategy(i, name, kind))
		d.FeatureEnvironments = append(d.FeatureEnvironments, g.environment(name))
		d.FeatureTags = append(d.FeatureTags, model.FeatureTag{
			FeatureName: name, TagType: ptr(TagTypeName), TagValue: g.pick(teams)})
		switch kind {
		case UnknownSegment:
			d.Segments = append(d.Segments, model.Segment{ID: float64(10000 + i), Name: unknownSegmentName(i)})
		case IllegalValue:
			d.ContextFields = append(d.ContextFields, model.ContextField{Name: "region",
				LegalValues: &[]model.LegalValue{{Value: "eu"}, {Value: illegalValue(i)}}})
		case MissingParent:
			d.Dependencies = append(d.Dependencies, model.FeatureDependencies{Feature: name,
				Dependencies: []model.ParentDependency{{Feature: missingParentName(i)}}})
		case NoProblem:
			// Every fifth clean feature after the first few depends on an
			// earlier one.
			if i >= 4 && i%5 == 4 {
				parent := p.names[p.cleanBefore(i-2)]
				dep := model.ParentDependency{Feature: parent, Enabled: ptr(true)}
				if g.r.IntN(2) == 0 {
					dep.Variants = &[]string{"treatment"}
				}
				d.Dependencies = append(d.Dependencies, model.FeatureDependencies{Feature: name,
					Dependencies: []model.ParentDependency{dep}})
			}
		}
	}
	return &model.ImportRequest{Project: p.opts.Project, Environment: p.opts.Environment, Data: d}
}

func baseContextFields() []model.ContextField {
	return []model.ContextField{
		{Name: "region", Description: model.Some("Region of the data centre serving the request"),
			Stickiness: ptr(false), SortOrder: ptr(int64(1)),
			LegalValues: &[]model.LegalValue{
				{Value: "eu", Description: ptr("European Union")},
				{Value: "us", Description: ptr("United States")}}},
		{Name: "userId", Description: model.Some("Allows you to constrain on userId"),
			Stickiness: ptr(true), SortOrder: ptr(int64(2))},
		{Name: "appName", Description: model.Some("Allows you to constrain on application name"),
			Stickiness: ptr(false), SortOrder: ptr(int64(3))},
		{Name: "currentTime", Description: model.Some("Allows you to constrain on date values"),
			Stickiness: ptr(false), SortOrder: ptr(int64(4))},
	}
}

func (g *gen) feature(name string) model.Feature {
	f := model.Feature{
		Name:    name,
		Type:    ptr(g.pick(flagTypes)),
		Project: ptr(g.p.opts.Project),
		FeatureDetails: &model.FeatureDetails{
			Stale:          ptr(false),
			ImpressionData: ptr(g.r.IntN(4) == 0),
		},
		CreatedAt: model.Some(model.NewDateTime(g.at())),
	}
	// Half of the features have a description; the others have null.
	if g.r.IntN(2) == 0 {
		f.Description = model.Null[string]()
	} else {
		f.Description = model.Some(g.description())
	}
	return f
}

func (g *gen) strategy(i int, name string, kind ProblemKind) model.Strategy {
	strategyName := "flexibleRollout"
	if kind == UnknownStrategy {
		strategyName = unknownStrategyName(i)
	}
	regions := []string{"eu", "us"}
	if kind == IllegalValue {
		regions = []string{"eu", illegalValue(i)}
	}
	constraints := []model.Constraint{
		{ContextName: "region", Operator: model.OpIn, Values: &regions},
		g.secondConstraint(),
	}
	s := model.Strategy{
		ID:          ptr(g.uuid()),
		Name:        strategyName,
		Disabled:    model.Some(false),
		FeatureName: ptr(name),
		SortOrder:   ptr(0.0),
		Constraints: &constraints,
		Variants: &[]model.StrategyVariant{
			{Name: "control", Weight: 500, WeightType: model.WeightVariable, Stickiness: "default"},
			{Name: "treatment", Weight: 500, WeightType: model.WeightVariable, Stickiness: "default",
				Payload: &model.StrategyPayload{Type: model.PayloadJSON, Value: g.jsonPayload()}},
		},
		Parameters: &map[string]string{
			"rollout":    strconv.Itoa(5 * (1 + g.r.IntN(20))),
			"stickiness": "default",
			"groupId":    name,
		},
	}
	switch g.r.IntN(8) {
	case 0:
		s.Title = model.Some("Staged rollout in the EU and the US")
	case 1:
		s.Title = model.Null[string]()
	}
	switch {
	case kind == UnknownSegment:
		s.Segments = &[]float64{float64(10000 + i)}
	case g.r.IntN(3) == 0:
		s.Segments = &[]float64{SegmentID}
	}
	return s
}

func (g *gen) secondConstraint() model.Constraint {
	switch g.r.IntN(3) {
	case 0:
		return model.Constraint{ContextName: "userId", Operator: model.OpNumGt,
			Value: ptr(strconv.Itoa(g.r.IntN(100000)))}
	case 1:
		return model.Constraint{ContextName: "currentTime", Operator: model.OpDateAfter,
			Value: ptr(g.at().Format(time.RFC3339Nano))}
	default:
		return model.Constraint{ContextName: "appName", Operator: model.OpSemverGt,
			Value: ptr(fmt.Sprintf("%d.%d.%d", 1+g.r.IntN(5), g.r.IntN(20), g.r.IntN(50)))}
	}
}

func (g *gen) jsonPayload() string {
	b, _ := json.Marshal(map[string]any{
		"color": g.pick(colors),
		"limit": 10 * (1 + g.r.IntN(50)),
	})
	return string(b)
}

func (g *gen) environment(name string) model.FeatureEnvironment {
	return model.FeatureEnvironment{
		Name:        name,
		FeatureName: ptr(name),
		Environment: ptr(g.p.opts.Environment),
		Enabled:     true,
		Variants: &[]model.Variant{{
			Name: "on", Weight: 1000, WeightType: ptr(model.WeightVariable), Stickiness: ptr("default"),
			Payload: &model.Payload{Type: model.PayloadString, Value: "banner-" + g.pick(areas)},
		}},
	}
}
