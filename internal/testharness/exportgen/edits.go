package exportgen

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
)

// Hand edits: the changes people make to an exported file before they
// import it, valid or not. [EditKinds] is their table; [ApplyEdits] takes
// an import request body (an instance's export with its target) as JSON
// and applies some of them, chosen at random, returning the edited body
// and the kinds applied, for a test's failure message.

// EditEnv is what edits may refer to in the instance the edited file is
// imported into.
type EditEnv struct {
	// Prefix starts every name an edit makes up, so that files do not
	// collide.
	Prefix string
	// OtherProjectFeature is a feature of another project.
	OtherProjectFeature string
	// OtherProject is that project.
	OtherProject string
	// ArchivedFeature is an archived feature of the target project, ""
	// when there is none.
	ArchivedFeature string
	// SegmentID is the id of an existing segment.
	SegmentID float64
	// SegmentName is its name.
	SegmentName string
	// LegalContextField is an existing context field with legal values,
	// LegalValues.
	LegalContextField string
	LegalValues       []string
	// TagType is an existing tag type.
	TagType string
}

// Doc is an import request body read as generic JSON.
type Doc map[string]any

// Edit is one kind of hand edit. Apply changes doc and reports whether it
// could (a file without strategies has none to remove).
type Edit struct {
	Kind  string
	Apply func(e *editor) bool
}

// editor is the state of one file's edits.
type editor struct {
	doc Doc
	env EditEnv
	r   *rand.Rand
	n   int // names made up so far
}

func (e *editor) data() map[string]any {
	d, _ := e.doc["data"].(map[string]any)
	if d == nil {
		d = map[string]any{}
		e.doc["data"] = d
	}
	return d
}

func (e *editor) list(member string) []any {
	l, _ := e.data()[member].([]any)
	return l
}

func (e *editor) setList(member string, l []any) { e.data()[member] = l }

func (e *editor) appendTo(member string, v any) { e.setList(member, append(e.list(member), v)) }

// withOne calls change with one object of list member, if it has any.
func (e *editor) withOne(member string, change func(map[string]any)) bool {
	o := e.anyOf(member)
	if o == nil {
		return false
	}
	change(o)
	return true
}

// removeOne removes one item of list member, if it has any.
func (e *editor) removeOne(member string) bool {
	l := e.list(member)
	if len(l) == 0 {
		return false
	}
	i := e.pick(len(l))
	e.setList(member, slices.Delete(slices.Clone(l), i, i+1))
	return true
}

func (e *editor) pick(n int) int { return e.r.IntN(n) }

func (e *editor) one(p float64) bool { return e.r.Float64() < p }

func (e *editor) newName(what string) string {
	e.n++
	return fmt.Sprintf("%s%s-%d", e.env.Prefix, what, e.n)
}

// objects returns the members of list member that are objects.
func (e *editor) objects(member string) []map[string]any {
	var out []map[string]any
	for _, v := range e.list(member) {
		if m, ok := v.(map[string]any); ok {
			out = append(out, m)
		}
	}
	return out
}

// anyOf returns one of the objects of member, or nil.
func (e *editor) anyOf(member string) map[string]any {
	os := e.objects(member)
	if len(os) == 0 {
		return nil
	}
	return os[e.pick(len(os))]
}

// featureNames lists the names of data.features.
func (e *editor) featureNames() []string {
	var out []string
	for _, f := range e.objects("features") {
		if n, ok := f["name"].(string); ok {
			out = append(out, n)
		}
	}
	return out
}

func (e *editor) anyFeature() string {
	ns := e.featureNames()
	if len(ns) == 0 {
		return ""
	}
	return ns[e.pick(len(ns))]
}

// strategy returns one strategy, or nil.
func (e *editor) strategy() map[string]any { return e.anyOf("featureStrategies") }

// constraints returns s's constraints.
func constraints(s map[string]any) []any {
	cs, _ := s["constraints"].([]any)
	return cs
}

// newStrategy is a flexibleRollout of feature in the file's environment.
func (e *editor) newStrategy(feature, name string) map[string]any {
	return map[string]any{"name": name, "featureName": feature,
		"parameters":  map[string]any{"rollout": "50", "stickiness": "default", "groupId": feature},
		"constraints": []any{}, "segments": []any{}}
}

// addFeature adds a feature named name with an enabled environment and a
// strategy.
func (e *editor) addFeature(name string) {
	project, _ := e.doc["project"].(string)
	env, _ := e.doc["environment"].(string)
	e.appendTo("features", map[string]any{"name": name, "type": "release", "project": project, "description": "added by hand"})
	e.appendTo("featureEnvironments", map[string]any{"name": name, "featureName": name, "environment": env, "enabled": true})
	e.appendTo("featureStrategies", e.newStrategy(name, "flexibleRollout"))
}

// rename gives the feature from the name to everywhere the file names it.
func (e *editor) rename(from, to string) {
	for _, member := range []string{"features", "featureEnvironments"} {
		for _, o := range e.objects(member) {
			for _, k := range []string{"name", "featureName"} {
				if o[k] == from {
					o[k] = to
				}
			}
		}
	}
	for _, member := range []string{"featureStrategies", "featureTags"} {
		for _, o := range e.objects(member) {
			if o["featureName"] == from {
				o["featureName"] = to
			}
		}
	}
	for _, member := range []string{"dependencies", "links"} {
		for _, o := range e.objects(member) {
			if o["feature"] == from {
				o["feature"] = to
			}
			deps, _ := o["dependencies"].([]any)
			for _, d := range deps {
				if m, ok := d.(map[string]any); ok && m["feature"] == from {
					m["feature"] = to
				}
			}
		}
	}
}

// withFeature calls change with the name of one feature, if the file
// has any.
func (e *editor) withFeature(change func(f string)) bool {
	f := e.anyFeature()
	if f == "" {
		return false
	}
	change(f)
	return true
}

// renameSome renames one feature to the name made by to.
func (e *editor) renameSome(to func() string) bool {
	return e.withFeature(func(f string) { e.rename(f, to()) })
}

// values is n distinct strings.
func values(n int, f func(i int) string) []any {
	out := make([]any, n)
	for i := range out {
		out[i] = f(i)
	}
	return out
}

// addConstraint adds c to a strategy, or to a new one.
func (e *editor) addConstraint(c map[string]any) bool {
	s := e.strategy()
	if s == nil {
		f := e.anyFeature()
		if f == "" {
			return false
		}
		s = e.newStrategy(f, "flexibleRollout")
		e.appendTo("featureStrategies", s)
	}
	s["constraints"] = append(constraints(s), c)
	return true
}

// featureEnv returns one feature environment, or nil.
func (e *editor) featureEnv() map[string]any { return e.anyOf("featureEnvironments") }

// setVariants puts vs as the variants of a feature environment.
func (e *editor) setVariants(vs ...any) bool {
	fe := e.featureEnv()
	if fe == nil {
		return false
	}
	fe["variants"] = vs
	return true
}

func variant(name string, weight any) map[string]any {
	return map[string]any{"name": name, "weight": weight, "weightType": "variable", "stickiness": "default"}
}

// depend makes child depend on parent.
func (e *editor) depend(child, parent string) {
	e.appendTo("dependencies", map[string]any{"feature": child,
		"dependencies": []any{map[string]any{"feature": parent, "enabled": true}}})
}

// twoFeatures returns two distinct features, adding what is missing.
func (e *editor) twoFeatures() (string, string) {
	for len(e.featureNames()) < 2 {
		e.addFeature(e.newName("f"))
	}
	ns := e.featureNames()
	i := e.pick(len(ns))
	j := (i + 1 + e.pick(len(ns)-1)) % len(ns)
	return ns[i], ns[j]
}

// EditKinds is the table of hand edits.
func EditKinds() []Edit {
	return []Edit{
		{"rename", func(e *editor) bool { return e.renameSome(func() string { return e.newName("renamed") }) }},
		{"rename-not-url-friendly", func(e *editor) bool {
			bad := []string{"has space", "ümlaut", "slash/name", "quote'name", "percent%20", "dot.dot", "UPPER_case~x"}[e.pick(7)]
			return e.renameSome(func() string { return e.env.Prefix + bad })
		}},
		{"rename-too-long", func(e *editor) bool {
			return e.renameSome(func() string { return e.env.Prefix + strings.Repeat("x", 95+e.pick(20)) })
		}},
		{"rename-empty", func(e *editor) bool { return e.renameSome(func() string { return "" }) }},
		{"change-type", func(e *editor) bool {
			return e.withOne("features", func(f map[string]any) {
				types := slices.DeleteFunc([]string{"release", "experiment", "operational", "kill-switch", "permission", "rollout", "Release", ""},
					func(t string) bool { return f["type"] == t })
				f["type"] = types[e.pick(len(types))]
			})
		}},
		{"remove-type", func(e *editor) bool {
			return e.withOne("features", func(f map[string]any) {
				delete(f, "type")
			})
		}},
		{"toggle-flags", func(e *editor) bool {
			return e.withOne("features", func(f map[string]any) {
				f["stale"], f["impressionData"] = e.one(0.5), e.one(0.5)
				f["description"] = []any{"changed by hand", "", strings.Repeat("d", 2000), nil}[e.pick(4)]
			})
		}},
		{"add-feature", func(e *editor) bool { e.addFeature(e.newName("new")); return true }},
		{"remove-feature", func(e *editor) bool { return e.removeOne("features") }},
		{"duplicate-feature", func(e *editor) bool {
			return e.withOne("features", func(f map[string]any) {
				e.appendTo("features", clone(f))
			})
		}},
		{"feature-other-project", func(e *editor) bool {
			if e.env.OtherProjectFeature == "" {
				return false
			}
			e.addFeature(e.env.OtherProjectFeature)
			return true
		}},
		{"feature-project-member", func(e *editor) bool {
			return e.withOne("features", func(f map[string]any) {
				f["project"] = []string{e.env.OtherProject, e.env.Prefix + "noproject", ""}[e.pick(3)]
			})
		}},
		{"archived-feature", func(e *editor) bool {
			if e.env.ArchivedFeature == "" {
				return false
			}
			if !slices.Contains(e.featureNames(), e.env.ArchivedFeature) {
				e.addFeature(e.env.ArchivedFeature)
			}
			return true
		}},
		{"mark-archived", func(e *editor) bool {
			return e.withOne("features", func(f map[string]any) {
				f["archived"] = true
			})
		}},
		{"unknown-environment", func(e *editor) bool {
			e.doc["environment"] = []string{"prod", "staging", "Production", e.env.Prefix + "env"}[e.pick(4)]
			return true
		}},
		{"strategy-environment", func(e *editor) bool {
			return e.withOne("featureStrategies", func(s map[string]any) {
				s["environment"] = "production"
			})
		}},
		{"unknown-project", func(e *editor) bool { e.doc["project"] = e.env.Prefix + "noproject"; return true }},
		{"add-strategy", func(e *editor) bool {
			return e.withFeature(func(f string) {
				s := e.newStrategy(f, []string{"flexibleRollout", "default", "remoteAddress", "userWithId", "gradualRolloutRandom", "applicationHostname"}[e.pick(6)])
				switch s["name"] {
				case "default":
					s["parameters"] = map[string]any{}
				case "remoteAddress":
					s["parameters"] = map[string]any{"IPs": "10.0.0.1"}
				case "userWithId":
					s["parameters"] = map[string]any{"userIds": "1,2"}
				case "gradualRolloutRandom":
					s["parameters"] = map[string]any{"percentage": "30"}
				case "applicationHostname":
					s["parameters"] = map[string]any{"hostNames": "a.example.com"}
				}
				e.appendTo("featureStrategies", s)
			})
		}},
		{"unknown-strategy", func(e *editor) bool {
			return e.withFeature(func(f string) {
				e.appendTo("featureStrategies", e.newStrategy(f, []string{"flexibleRolout", "custom", "gradualRollout", e.env.Prefix + "strat"}[e.pick(4)]))
			})
		}},
		{"remove-strategy", func(e *editor) bool { return e.removeOne("featureStrategies") }},
		{"strategy-parameters", func(e *editor) bool {
			return e.withOne("featureStrategies", func(s map[string]any) {
				p, _ := s["parameters"].(map[string]any)
				if p == nil {
					p = map[string]any{}
					s["parameters"] = p
				}
				switch e.pick(5) {
				case 0:
					p["rollout"] = []string{"150", "-1", "abc", "", "33.5"}[e.pick(5)]
				case 1:
					p["rollout"] = 50
				case 2:
					p["stickiness"] = []string{"userId", "sessionId", "nosuch", ""}[e.pick(4)]
				case 3:
					delete(s, "parameters")
				default:
					s["title"], s["disabled"] = "by hand", e.one(0.5)
				}
			})
		}},
		{"strategy-feature-unknown", func(e *editor) bool {
			return e.withOne("featureStrategies", func(s map[string]any) {
				s["featureName"] = e.newName("ghost")
			})
		}},
		{"too-many-constraints", func(e *editor) bool {
			return e.withOne("featureStrategies", func(s map[string]any) {
				n := 29 + e.pick(4)
				cs := constraints(s)
				for i := len(cs); i < n; i++ {
					cs = append(cs, map[string]any{"contextName": "userId", "operator": "IN", "values": []any{strconv.Itoa(i)}})
				}
				s["constraints"] = cs
			})
		}},
		{"too-many-values", func(e *editor) bool {
			n := 249 + e.pick(4)
			return e.addConstraint(map[string]any{"contextName": "userId", "operator": "IN",
				"values": values(n, func(i int) string { return "u" + strconv.Itoa(i) })})
		}},
		{"bad-constraint", func(e *editor) bool {
			c := []map[string]any{
				{"contextName": "userId", "operator": "NOT_AN_OP", "values": []any{"1"}},
				{"contextName": "appVersion", "operator": "SEMVER_GT", "value": []string{"1.2", "v1.2.3", "1.2.3", "1.2.3-beta.1", ""}[e.pick(5)]},
				{"contextName": "currentTime", "operator": "DATE_AFTER", "value": []string{"2024-13-01T00:00:00Z", "yesterday", "2024-01-01", "2024-01-01T00:00:00.000Z", ""}[e.pick(5)]},
				{"contextName": "userId", "operator": "NUM_GT", "value": []string{"abc", "12", "1e3", "", " 5"}[e.pick(5)]},
				{"contextName": "userId", "operator": "IN", "values": []any{}},
				{"contextName": "userId", "operator": "IN"},
				{"contextName": "userId", "operator": "STR_CONTAINS", "values": []any{"a", ""}},
				{"contextName": "userId", "operator": "IN", "values": []any{"1"}, "value": "x", "inverted": true, "caseInsensitive": true},
				{"contextName": "", "operator": "IN", "values": []any{"1"}},
			}
			return e.addConstraint(c[e.pick(len(c))])
		}},
		{"constraint-context", func(e *editor) bool {
			switch e.pick(3) {
			case 0:
				return e.addConstraint(map[string]any{"contextName": e.env.Prefix + "ctx-unknown", "operator": "IN", "values": []any{"a"}})
			case 1:
				v := e.env.LegalValues[e.pick(len(e.env.LegalValues))]
				if e.one(0.5) {
					v = "mars"
				}
				return e.addConstraint(map[string]any{"contextName": e.env.LegalContextField, "operator": "IN", "values": []any{v}})
			default:
				e.appendTo("contextFields", map[string]any{"name": e.env.LegalContextField,
					"legalValues": []any{map[string]any{"value": "mars"}}})
				return e.addConstraint(map[string]any{"contextName": e.env.LegalContextField, "operator": "IN", "values": []any{"mars"}})
			}
		}},
		{"context-field", func(e *editor) bool {
			f := map[string]any{"name": e.newName("ctx"), "legalValues": []any{map[string]any{"value": "a"}, map[string]any{"value": "b", "description": "bee"}}}
			switch e.pick(4) {
			case 0:
				f["stickiness"] = true
			case 1:
				f["legalValues"] = []any{map[string]any{"value": "a"}, map[string]any{"value": "a"}}
			case 2:
				f["name"] = "has space ctx"
			}
			e.appendTo("contextFields", f)
			if e.one(0.5) {
				e.addConstraint(map[string]any{"contextName": f["name"], "operator": "IN", "values": []any{"a"}})
			}
			return true
		}},
		{"variants", func(e *editor) bool {
			switch e.pick(8) {
			case 0:
				return e.setVariants(variant("a", 500), variant("b", 500))
			case 1:
				return e.setVariants(variant("a", 600), variant("b", 600))
			case 2:
				v := variant("a", 300)
				v["weightType"] = "fix"
				return e.setVariants(v, variant("b", 700))
			case 3:
				v := variant("a", 1000)
				v["stickiness"] = []string{"userId", "nosuch", "", "random"}[e.pick(4)]
				return e.setVariants(v)
			case 4:
				v := variant("a", 1000)
				v["payload"] = map[string]any{"type": []string{"json", "csv", "string", "number", "yaml"}[e.pick(5)],
					"value": []string{`{"a":1}`, `{bad json`, "12", "x"}[e.pick(4)]}
				return e.setVariants(v)
			case 5:
				return e.setVariants(variant("a", 1000), variant("a", 0))
			case 6:
				v := variant("a", 1000)
				v["weightType"] = "fixed"
				return e.setVariants(v)
			default:
				v := variant("a", 1000)
				v["overrides"] = []any{map[string]any{"contextName": "userId", "values": []any{"1"}}}
				return e.setVariants(v)
			}
		}},
		{"strategy-variants", func(e *editor) bool {
			return e.withOne("featureStrategies", func(s map[string]any) {
				v := variant("sv", 1000)
				switch e.pick(4) {
				case 0:
					v["payload"] = map[string]any{"type": "json", "value": "{nope"}
				case 1:
					v["weightType"] = "fix"
					v["weight"] = 400
				case 2:
					v["stickiness"] = "nosuch"
				}
				s["variants"] = []any{v}
			})
		}},
		{"tags", func(e *editor) bool {
			return e.withFeature(func(f string) {
				t := map[string]any{"featureName": f, "tagType": e.env.TagType, "tagValue": e.env.Prefix + "tag"}
				switch e.pick(6) {
				case 0:
					t["tagType"] = e.env.Prefix + "nosuchtype"
				case 1:
					t["tagValue"] = "x"
				case 2:
					t["tagValue"] = strings.Repeat("v", 51)
				case 3:
					t["tagValue"] = " padded "
				case 4:
					tt := e.newName("tt")
					t["tagType"] = tt
					e.appendTo("tagTypes", map[string]any{"name": tt})
				}
				e.appendTo("featureTags", t)
			})
		}},
		{"dependency-missing-parent", func(e *editor) bool {
			return e.withFeature(func(f string) {
				e.depend(f, e.newName("noparent"))
			})
		}},
		{"dependency-cycle", func(e *editor) bool {
			a, b := e.twoFeatures()
			e.depend(a, b)
			e.depend(b, a)
			return true
		}},
		{"dependency-chain", func(e *editor) bool {
			a, b := e.twoFeatures()
			c := e.newName("grand")
			e.addFeature(c)
			e.depend(a, b)
			e.depend(b, c)
			return true
		}},
		{"dependency-other-project", func(e *editor) bool {
			f := e.anyFeature()
			if f == "" || e.env.OtherProjectFeature == "" {
				return false
			}
			e.depend(f, e.env.OtherProjectFeature)
			return true
		}},
		{"dependency-self", func(e *editor) bool {
			return e.withFeature(func(f string) {
				e.depend(f, f)
			})
		}},
		{"dependency-variants", func(e *editor) bool {
			a, b := e.twoFeatures()
			e.appendTo("dependencies", map[string]any{"feature": a,
				"dependencies": []any{map[string]any{"feature": b, "enabled": e.one(0.5), "variants": []any{"a", "nosuch"}}}})
			return true
		}},
		{"links", func(e *editor) bool {
			return e.withFeature(func(f string) {
				u := []string{"https://example.com/doc", "example.com/x", "not a url", "", "ftp://example.com/f",
					"javascript:alert(1)", "https://" + strings.Repeat("a", 1000) + ".com"}[e.pick(7)]
				l := map[string]any{"url": u}
				if e.one(0.5) {
					l["title"] = []any{"docs", "", strings.Repeat("t", 120), nil}[e.pick(4)]
				}
				e.appendTo("links", map[string]any{"feature": f, "links": []any{l}})
			})
		}},
		{"unknown-segment", func(e *editor) bool {
			return e.withOne("featureStrategies", func(s map[string]any) {
				id := 90000 + float64(e.pick(1000))
				s["segments"] = []any{id}
				if e.one(0.5) {
					e.appendTo("segments", map[string]any{"id": id, "name": e.newName("seg")})
				}
			})
		}},
		{"known-segment", func(e *editor) bool {
			s := e.strategy()
			if s == nil || e.env.SegmentName == "" {
				return false
			}
			id := 777 + float64(e.pick(10))
			s["segments"] = []any{id}
			e.appendTo("segments", map[string]any{"id": id, "name": e.env.SegmentName})
			return true
		}},
		{"feature-environment", func(e *editor) bool {
			return e.withOne("featureEnvironments", func(fe map[string]any) {
				switch e.pick(3) {
				case 0:
					fe["enabled"] = !(fe["enabled"] == true)
				case 1:
					fe["environment"] = "production"
				default:
					fe["featureName"] = e.newName("ghost")
				}
			})
		}},
	}
}

// clone is a deep copy of a JSON object.
func clone(m map[string]any) map[string]any {
	b, _ := json.Marshal(m)
	var out map[string]any
	_ = json.Unmarshal(b, &out)
	return out
}

// ApplyEdits reads body, an import request as JSON, applies n edits of
// EditKinds chosen with r (each a kind that could apply), and returns the
// edited body and the kinds applied, in order.
func ApplyEdits(body []byte, env EditEnv, r *rand.Rand, n int) ([]byte, []string, error) {
	var doc Doc
	if err := json.Unmarshal(body, &doc); err != nil {
		return nil, nil, fmt.Errorf("exportgen: the body to edit: %w", err)
	}
	e := &editor{doc: doc, env: env, r: r}
	kinds := EditKinds()
	var applied []string
	for tries := 0; len(applied) < n && tries < 10*n+10; tries++ {
		k := kinds[r.IntN(len(kinds))]
		if k.Apply(e) {
			applied = append(applied, k.Kind)
		}
	}
	out, err := json.Marshal(doc)
	return out, applied, err
}
