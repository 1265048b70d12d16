package plan_test

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/model/profile"
)

// gen generates import files over a small set of feature names, so that
// two files share features: the first makes a starting state, the second
// is planned and imported over it.
type gen struct {
	r       *rand.Rand
	prefix  string
	segment float64 // the instance's id of the segment beta-users
	// prof is the profile of the instance's version: a file has no
	// member its import schema refuses. The zero value is the default's.
	prof profile.Profile
}

const nFeatures = 7

func (g *gen) parent() string            { return g.prefix + "parent" }
func (g *gen) isParent(name string) bool { return name == g.parent() }

func ptr[T any](v T) *T { return &v }

func (g *gen) pick(n int) int     { return g.r.IntN(n) }
func (g *gen) one(p float64) bool { return g.r.Float64() < p }

// file is a generated import request for project default, environment
// development.
func (g *gen) file() *model.ImportRequest {
	d := model.ExportData{FeatureEnvironments: []model.FeatureEnvironment{}, ContextFields: []model.ContextField{},
		FeatureTags: []model.FeatureTag{}, Segments: []model.Segment{}, Dependencies: []model.FeatureDependencies{},
		Links: []model.FeatureLinks{}, FeatureStrategies: []model.Strategy{}, TagTypes: []model.TagType{}}
	names := []string{g.parent()}
	for i := range nFeatures {
		if g.one(0.7) {
			names = append(names, fmt.Sprintf("%sf%d", g.prefix, i))
		}
	}
	usesRegion, usesSegment := false, false
	tagTypes := map[string]bool{}
	for _, name := range names {
		f := model.Feature{Name: name}
		if g.one(0.9) {
			f.Project = ptr("default")
		}
		if g.one(0.7) {
			f.Type = ptr([]string{"release", "experiment", "operational", "kill-switch", "permission"}[g.pick(5)])
		}
		switch g.pick(3) {
		case 0:
			f.Description = model.Some(fmt.Sprintf("about %s %d", name, g.pick(3)))
		case 1:
			f.Description = model.Some("")
		}
		if g.one(0.5) {
			f.More().ImpressionData = ptr(g.one(0.5))
		}
		if g.one(0.4) {
			f.More().Stale = ptr(g.one(0.5))
		}
		if !g.isParent(name) && g.one(0.04) {
			f.Archived = ptr(true)
		}
		d.Features = append(d.Features, f)
		if g.one(0.85) {
			fe := model.FeatureEnvironment{Name: name, Enabled: g.one(0.6), Environment: ptr("development")}
			if g.one(0.9) {
				fe.FeatureName = ptr(name)
			}
			if g.one(0.35) {
				fe.Variants = ptr(g.variants())
			}
			d.FeatureEnvironments = append(d.FeatureEnvironments, fe)
		}
		for range g.pick(4) {
			s, region, seg := g.strategy(name)
			usesRegion = usesRegion || region
			usesSegment = usesSegment || seg
			d.FeatureStrategies = append(d.FeatureStrategies, s)
		}
		for range g.pick(3) {
			tt, v := "team", []string{"core", "web", "ops"}[g.pick(3)]
			if g.one(0.2) {
				tt, v = g.prefix+"tt", "vv"
			}
			tagTypes[tt] = true
			ft := model.FeatureTag{FeatureName: name, TagType: ptr(tt), TagValue: v}
			dup := false
			for _, x := range d.FeatureTags {
				dup = dup || (x.FeatureName == name && *x.TagType == tt && x.TagValue == v)
			}
			if !dup {
				d.FeatureTags = append(d.FeatureTags, ft)
			}
		}
		if g.one(0.3) {
			fl := model.FeatureLinks{Feature: name}
			for range 1 + g.pick(2) {
				l := model.DataLink{URL: []string{"https://example.com/a", "www.Example.org/x/?b=1&a=2", "https://docs.example.net/" + name}[g.pick(3)]}
				if g.one(0.5) {
					l.Title = model.Some([]string{"docs", "runbook"}[g.pick(2)])
				}
				fl.Links = append(fl.Links, l)
			}
			d.Links = append(d.Links, fl)
		}
		if !g.isParent(name) && g.one(0.35) {
			dep := model.ParentDependency{Feature: g.parent()}
			switch g.pick(3) {
			case 0:
				dep.Enabled = ptr(false)
			case 1:
				dep.Enabled = ptr(true)
				dep.Variants = ptr([]string{"v1"})
			}
			d.Dependencies = append(d.Dependencies, model.FeatureDependencies{Feature: name, Dependencies: []model.ParentDependency{dep}})
		}
	}
	if usesRegion {
		d.ContextFields = append(d.ContextFields, model.ContextField{Name: "region",
			LegalValues: ptr([]model.LegalValue{{Value: "eu"}, {Value: "us"}})})
	}
	if g.one(0.3) {
		d.ContextFields = append(d.ContextFields, model.ContextField{Name: g.prefix + "ctx",
			LegalValues: ptr([]model.LegalValue{{Value: "a"}})})
	}
	if usesSegment {
		d.Segments = append(d.Segments, model.Segment{ID: 9000, Name: "beta-users"})
	}
	for tt := range tagTypes {
		d.TagTypes = append(d.TagTypes, model.TagType{Name: tt})
	}
	if g.prof.Name != "" && !g.prof.Schema.DataLinks {
		// Made all the same, so that a seed gives every version the same
		// files but for the links.
		d.Links = nil
	}
	return &model.ImportRequest{Project: "default", Environment: "development", Data: d}
}

// reorder gives about half of the features of imp that start gave two
// strategies or more those same strategies, shuffled, each with its sort
// order, another or none: the import of the same strategies may order
// them otherwise than the instance does.
func (g *gen) reorder(start, imp *model.ImportRequest) {
	byFeature := map[string][]model.Strategy{}
	for _, s := range start.Data.FeatureStrategies {
		byFeature[*s.FeatureName] = append(byFeature[*s.FeatureName], s)
	}
	redo := map[string]bool{}
	for _, f := range imp.Data.Features {
		if len(byFeature[f.Name]) >= 2 && g.one(0.5) {
			redo[f.Name] = true
		}
	}
	var out []model.Strategy
	for _, s := range imp.Data.FeatureStrategies {
		if !redo[*s.FeatureName] {
			out = append(out, s)
		}
	}
	segments := false
	for _, f := range imp.Data.Features {
		if !redo[f.Name] {
			continue
		}
		ss := slices.Clone(byFeature[f.Name])
		g.r.Shuffle(len(ss), func(i, j int) { ss[i], ss[j] = ss[j], ss[i] })
		for i := range ss {
			switch g.pick(3) {
			case 0:
				ss[i].SortOrder = nil
			case 1:
				ss[i].SortOrder = ptr(float64(g.pick(4)))
			}
			segments = segments || ss[i].Segments != nil
		}
		out = append(out, ss...)
	}
	imp.Data.FeatureStrategies = out
	if segments && !slices.ContainsFunc(imp.Data.Segments, func(s model.Segment) bool { return s.ID == 9000 }) {
		imp.Data.Segments = append(imp.Data.Segments, model.Segment{ID: 9000, Name: "beta-users"})
	}
}

func (g *gen) variants() []model.Variant {
	n := 1 + g.pick(3)
	var out []model.Variant
	var fixed float64
	for i := range n {
		v := model.Variant{Name: fmt.Sprintf("v%d", i+1), Weight: float64(g.pick(500)), Stickiness: ptr("default"),
			WeightType: ptr(model.WeightVariable)}
		if i > 0 && g.one(0.4) && fixed+v.Weight <= 1000 {
			v.WeightType = ptr(model.WeightFix)
			fixed += v.Weight
		}
		if g.one(0.3) {
			v.Payload = &model.Payload{Type: "string", Value: "p" + fmt.Sprint(g.pick(2))}
		}
		if g.one(0.2) {
			v.Overrides = &[]model.Override{{ContextName: "userId", Values: []string{"1", "2"}[:1+g.pick(2)]}}
		}
		out = append(out, v)
	}
	return out
}

func (g *gen) strategy(feature string) (s model.Strategy, region, segment bool) {
	s.FeatureName = ptr(feature)
	switch g.pick(3) {
	case 0:
		s.Name = "default"
	case 1:
		s.Name = "flexibleRollout"
		p := map[string]string{}
		if g.one(0.6) {
			p["rollout"] = []string{"25", "100", ""}[g.pick(3)]
		}
		if g.one(0.5) {
			p["stickiness"] = []string{"default", "userId", ""}[g.pick(3)]
		}
		if g.one(0.4) {
			p["groupId"] = []string{"g", ""}[g.pick(2)]
		}
		s.Parameters = &p
		if g.one(0.2) {
			s.Variants = &[]model.StrategyVariant{{Name: "sv1", Weight: 1000, WeightType: model.WeightVariable, Stickiness: "default"}}
		}
	default:
		s.Name = "remoteAddress"
		s.Parameters = &map[string]string{"IPs": []string{"10.0.0.1", "10.0.0.2"}[g.pick(2)]}
	}
	if g.one(0.4) {
		if g.one(0.5) {
			s.Constraints = &[]model.Constraint{{ContextName: "region", Operator: "IN", Values: ptr([]string{"eu"})}}
			region = true
			if g.one(0.3) {
				// A second constraint, on a context field that does not
				// exist: the creation waits for the longer check.
				*s.Constraints = append(*s.Constraints, model.Constraint{ContextName: g.prefix + "nosuch", Operator: "IN", Values: ptr([]string{"x"})})
			}
		} else if g.one(0.15) {
			// A constraint on a context field that does not exist: the
			// import accepts it, and checks it in one query, not two.
			s.Constraints = &[]model.Constraint{{ContextName: g.prefix + "nosuch", Operator: "IN", Values: ptr([]string{"x"})}}
		} else if g.one(0.7) {
			c := model.Constraint{ContextName: "appName", Operator: "STR_CONTAINS", Values: ptr([]string{"web", "api"}[:1+g.pick(2)])}
			if g.one(0.5) {
				c.CaseInsensitive = ptr(g.one(0.5))
			}
			if g.one(0.3) {
				c.Inverted = ptr(g.one(0.5))
			}
			s.Constraints = &[]model.Constraint{c}
		} else {
			// A single-value operator, without values.
			s.Constraints = &[]model.Constraint{{ContextName: "currentTime", Operator: "DATE_AFTER", Value: ptr("2024-01-01T00:00:00.000Z")}}
		}
	}
	if g.one(0.2) {
		s.Segments = &[]float64{9000}
		segment = true
	}
	if g.one(0.3) {
		s.Title = model.Some([]string{"first", "second", ""}[g.pick(3)])
	}
	if g.one(0.2) {
		s.Disabled = model.Some(g.one(0.5))
	}
	if g.one(0.15) {
		// A sort order of the file's, which the import keeps.
		s.SortOrder = ptr(float64(g.pick(4)))
	}
	return s, region, segment
}

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, seed)) }
