package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/flagadmin/flagadmin/internal/testharness/conformance"
	"github.com/flagadmin/flagadmin/internal/testharness/exportgen"
	"github.com/flagadmin/flagadmin/internal/testharness/unleashtest"
)

// The generated requests probe what differs between the Unleash versions
// (docs/VERSIONS.md): members of the request schema that some versions
// have and others lack, constraint operators and values, tag type colors,
// the permissions that non-admin callers miss, client tokens on admin
// paths, malformed JSON, schema errors, and the user listing. Their bodies
// are small exports of exportgen (one or two features) with one mutation
// each; the names say which (gen-GROUP-PROBE-VARIANT). They depend on
// nothing but this file and exportgen: the same program gives the same
// requests.

// The paths of the two endpoints, as Unleash serves them.
const (
	pathValidate = "/api/admin/features-batch/validate"
	pathUsers    = "/api/admin/user-admin"
)

// obj is a JSON object being mutated.
type obj = map[string]any

// token names the callers of the generated requests.
type token struct{ name, secret string }

var (
	admin  = token{"admin", unleashtest.AdminToken}
	editor = token{"editor", unleashtest.EditorToken}
	viewer = token{"viewer", unleashtest.ViewerToken}
)

// probe is one mutation of a generated body, sent once per variant.
type probe struct {
	name   string
	mutate func(b obj)
}

// body returns the request body of exportgen with n features and seed,
// decoded for mutation.
func body(n int, seed int64) obj {
	return decode(exportgen.JSON(exportgen.Options{Features: n, Seed: seed}))
}

// decode decodes a generated body, keeping its numbers as they are.
func decode(raw []byte) obj {
	var b obj
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&b); err != nil {
		panic("record: exportgen gave invalid JSON: " + err.Error())
	}
	return b
}

// Accessors of the parts of a body; they panic on a body without them,
// which the generated bodies always have.
func data(b obj) obj             { return b["data"].(obj) }
func list(b obj, k string) []any { return data(b)[k].([]any) }
func item(b obj, k string, i int) obj {
	return list(b, k)[i].(obj)
}
func feature(b obj) obj     { return item(b, "features", 0) }
func strategy(b obj) obj    { return item(b, "featureStrategies", 0) }
func environment(b obj) obj { return item(b, "featureEnvironments", 0) }
func featureName(b obj) string {
	return feature(b)["name"].(string)
}
func appendTo(b obj, k string, v ...any) { data(b)[k] = append(list(b, k), v...) }
func addConstraint(b obj, c obj) {
	s := strategy(b)
	s["constraints"] = append(s["constraints"].([]any), c)
}

// rename gives the first feature, and everything that names it, the name
// to.
func rename(b obj, to string) {
	from := featureName(b)
	feature(b)["name"] = to
	for _, k := range []string{"featureStrategies", "featureEnvironments", "featureTags"} {
		for _, it := range list(b, k) {
			o := it.(obj)
			if o["featureName"] == from {
				o["featureName"] = to
			}
			if k == "featureEnvironments" && o["name"] == from {
				o["name"] = to
			}
		}
	}
	if s := strategy(b); s["parameters"] != nil {
		if p := s["parameters"].(obj); p["groupId"] == from {
			p["groupId"] = to
		}
	}
}

// retarget moves the request and every feature to project and
// environment.
func retarget(b obj, project, env string) {
	b["project"], b["environment"] = project, env
	for _, f := range list(b, "features") {
		f.(obj)["project"] = project
	}
	for _, e := range list(b, "featureEnvironments") {
		e.(obj)["environment"] = env
	}
}

// memberProbes are members of the request schema that differ between
// versions (present in some, absent or shaped otherwise in others).
func memberProbes() []probe {
	link := obj{"url": "https://example.com/docs", "title": "Docs"}
	gravatar := "https://gravatar.com/avatar/0?s=42&d=retro&r=g"
	return []probe{
		{"data-links", func(b obj) { data(b)["links"] = []any{obj{"feature": featureName(b), "links": []any{link}}} }},
		{"data-links-empty", func(b obj) { data(b)["links"] = []any{} }},
		{"data-links-untitled", func(b obj) {
			data(b)["links"] = []any{obj{"feature": featureName(b), "links": []any{obj{"url": "https://example.com"}}}}
		}},
		{"feature-links", func(b obj) {
			feature(b)["links"] = []any{obj{"id": "l1", "url": "https://example.com", "title": "Docs"}}
		}},
		{"feature-links-feature", func(b obj) {
			feature(b)["links"] = []any{obj{"id": "l1", "url": "https://example.com", "title": nil, "feature": featureName(b)}}
		}},
		{"context-project-new", func(b obj) {
			appendTo(b, "contextFields", obj{"name": "tier", "project": "default", "legalValues": []any{obj{"value": "gold"}}})
		}},
		{"context-project-existing", func(b obj) { item(b, "contextFields", 0)["project"] = "default" }},
		{"context-project-other", func(b obj) { appendTo(b, "contextFields", obj{"name": "tier", "project": "other"}) }},
		{"context-project-null", func(b obj) { item(b, "contextFields", 0)["project"] = nil }},
		{"feature-variants", func(b obj) {
			feature(b)["variants"] = []any{obj{"name": "v1", "weight": 1000, "weightType": "variable", "stickiness": "default"}}
		}},
		{"feature-variants-empty", func(b obj) { feature(b)["variants"] = []any{} }},
		{"feature-strategies", func(b obj) { feature(b)["strategies"] = []any{} }},
		{"feature-lastseen", func(b obj) { feature(b)["lastSeenAt"] = "2024-05-01T10:00:00.000Z" }},
		{"feature-lastseen-null", func(b obj) { feature(b)["lastSeenAt"] = nil }},
		{"feature-createdby", func(b obj) { feature(b)["createdBy"] = obj{"id": 1, "name": "admin", "imageUrl": gravatar} }},
		{"feature-collaborators", func(b obj) {
			feature(b)["collaborators"] = obj{"users": []any{obj{"id": 1, "name": "admin", "imageUrl": gravatar}}}
		}},
		{"feature-lifecycle", func(b obj) {
			feature(b)["lifecycle"] = obj{"stage": "live", "enteredStageAt": "2024-05-01T10:00:00.000Z"}
		}},
		{"feature-lifecycle-status", func(b obj) {
			feature(b)["lifecycle"] = obj{"stage": "completed", "status": "kept", "enteredStageAt": "2024-05-01T10:00:00.000Z"}
		}},
		{"feature-tags", func(b obj) { feature(b)["tags"] = []any{obj{"type": "simple", "value": "core"}} }},
		{"feature-tags-short", func(b obj) { feature(b)["tags"] = []any{obj{"type": "simple", "value": "x"}} }},
		{"feature-tags-color", func(b obj) { feature(b)["tags"] = []any{obj{"type": "simple", "value": "core", "color": "#ff0000"}} }},
		{"feature-tags-notype", func(b obj) { feature(b)["tags"] = []any{obj{"value": "core"}} }},
		{"feature-environments", func(b obj) {
			feature(b)["environments"] = []any{obj{"name": "development", "enabled": true, "changeRequestIds": []any{1}}}
		}},
		{"featuretags-legacy", func(b obj) {
			list(b, "featureTags")[0] = obj{"featureName": featureName(b), "type": "simple", "value": "core"}
		}},
		{"featuretags-both", func(b obj) {
			t := item(b, "featureTags", 0)
			t["type"], t["value"] = "simple", t["tagValue"]
		}},
		{"featuretags-createdby", func(b obj) { item(b, "featureTags", 0)["createdByUserId"] = 1 }},
		{"tagtype-color", func(b obj) { item(b, "tagTypes", 0)["color"] = "#1f77b4" }},
		{"tagtype-color-invalid", func(b obj) { item(b, "tagTypes", 0)["color"] = "blue" }},
		{"tagtype-color-null", func(b obj) { item(b, "tagTypes", 0)["color"] = nil }},
		{"tagtype-new-color", func(b obj) {
			appendTo(b, "tagTypes", obj{"name": "squad", "color": "#00ff00"})
			appendTo(b, "featureTags", obj{"featureName": featureName(b), "tagType": "squad", "tagValue": "red"})
		}},
		{"env-change-requests", func(b obj) { environment(b)["changeRequestIds"] = []any{1, 2} }},
		{"env-milestones", func(b obj) {
			e := environment(b)
			e["milestoneName"], e["milestoneOrder"], e["totalMilestones"] = "m1", 0, 2
		}},
		{"env-release-plans", func(b obj) { environment(b)["releasePlans"] = []any{} }},
		{"env-yes-no", func(b obj) { e := environment(b); e["yes"], e["no"] = 10, 2 }},
		{"env-safeguards", func(b obj) { environment(b)["safeguards"] = []any{} }},
		{"env-last-seen", func(b obj) { environment(b)["lastSeenAt"] = "2024-05-01T10:00:00.000Z" }},
		{"strategy-milestone", func(b obj) { strategy(b)["milestoneId"] = "m1" }},
	}
}

// constraintProbes add one constraint to the first strategy.
func constraintProbes() []probe {
	c := func(name string, con obj) probe { return probe{name, func(b obj) { addConstraint(b, con) }} }
	return []probe{
		c("regex", obj{"contextName": "userId", "operator": "REGEX", "value": "^1[0-9]+$"}),
		c("regex-invalid", obj{"contextName": "userId", "operator": "REGEX", "value": "["}),
		c("semver-gte", obj{"contextName": "appName", "operator": "SEMVER_GTE", "value": "1.2.3"}),
		c("semver-lte", obj{"contextName": "appName", "operator": "SEMVER_LTE", "value": "2.0.0"}),
		c("operator-unknown", obj{"contextName": "userId", "operator": "FOO", "value": "1"}),
		c("operator-lowercase", obj{"contextName": "region", "operator": "in", "values": []any{"eu"}}),
		c("value-empty", obj{"contextName": "userId", "operator": "NUM_GT", "value": ""}),
		c("value-missing", obj{"contextName": "userId", "operator": "NUM_GT"}),
		c("value-number", obj{"contextName": "userId", "operator": "NUM_EQ", "value": 5}),
		c("values-empty", obj{"contextName": "region", "operator": "IN", "values": []any{}}),
		c("values-empty-string", obj{"contextName": "region", "operator": "IN", "values": []any{""}}),
		c("values-numbers", obj{"contextName": "userId", "operator": "IN", "values": []any{1, 2}}),
		c("case-insensitive-inverted", obj{"contextName": "appName", "operator": "STR_STARTS_WITH", "values": []any{"web"},
			"caseInsensitive": true, "inverted": true}),
		c("date-invalid", obj{"contextName": "currentTime", "operator": "DATE_AFTER", "value": "yesterday"}),
		c("semver-invalid", obj{"contextName": "appName", "operator": "SEMVER_EQ", "value": "not-a-version"}),
		c("context-unknown", obj{"contextName": "no-such-ctx", "operator": "IN", "values": []any{"a"}}),
		c("illegal-value", obj{"contextName": "region", "operator": "IN", "values": []any{"mars"}}),
		c("context-missing", obj{"operator": "IN", "values": []any{"a"}}),
	}
}

// stateProbes exercise the checks against the instance's state; each is
// sent by the admin, the editor and the viewer.
func stateProbes() []probe {
	strat := func(name string, params obj) func(b obj) {
		return func(b obj) { s := strategy(b); s["name"], s["parameters"] = name, params }
	}
	return []probe{
		{"clean", func(obj) {}},
		{"strategy-userwithid", strat("userWithId", obj{"userIds": "1,2"})},
		{"strategy-gradual-random", strat("gradualRolloutRandom", obj{"percentage": "50"})},
		{"strategy-custom", strat("custom-strategy", obj{"param1": "x"})},
		{"strategy-default", strat("default", obj{})},
		{"strategy-unknown", strat("no-such-strategy", obj{})},
		{"existing-flag", func(b obj) { rename(b, "existing-flag") }},
		{"archived-flag", func(b obj) { rename(b, "archived-flag") }},
		{"other-project-flag", func(b obj) { rename(b, "other-flag") }},
		{"limited-flag", func(b obj) { rename(b, "lim-existing") }},
		{"new-context-field", func(b obj) {
			appendTo(b, "contextFields", obj{"name": "tier", "legalValues": []any{obj{"value": "gold"}}})
		}},
		{"new-tag-type", func(b obj) {
			appendTo(b, "tagTypes", obj{"name": "squad"})
			appendTo(b, "featureTags", obj{"featureName": featureName(b), "tagType": "squad", "tagValue": "red"})
		}},
		{"segment-unknown", func(b obj) {
			appendTo(b, "segments", obj{"id": 99, "name": "no-such-segment"})
			strategy(b)["segments"] = []any{99}
		}},
		{"dependency-missing", func(b obj) {
			data(b)["dependencies"] = []any{obj{"feature": featureName(b), "dependencies": []any{obj{"feature": "no-such-parent"}}}}
		}},
		{"dependency-existing", func(b obj) {
			data(b)["dependencies"] = []any{obj{"feature": featureName(b), "dependencies": []any{obj{"feature": "existing-flag", "enabled": false}}}}
		}},
		{"dependency-archived", func(b obj) {
			data(b)["dependencies"] = []any{obj{"feature": featureName(b), "dependencies": []any{obj{"feature": "archived-flag"}}}}
		}},
		{"duplicate", func(b obj) { appendTo(b, "features", feature(b)) }},
		{"into-other", func(b obj) { retarget(b, "other", "development") }},
		{"into-limited", func(b obj) { retarget(b, "limited", "development") }},
		{"into-limited-over-limit", func(b obj) {
			retarget(b, "limited", "development")
			rename(b, "lim-new-one")
			f := obj{"name": "lim-new-two", "project": "limited", "type": "release"}
			appendTo(b, "features", f)
		}},
		{"into-unknown-project", func(b obj) { retarget(b, "nope", "development") }},
		{"into-production", func(b obj) { retarget(b, "default", "production") }},
		{"into-staging", func(b obj) { retarget(b, "default", "staging") }},
		{"into-default-environment", func(b obj) { retarget(b, "default", "default") }},
		{"into-unknown-environment", func(b obj) { retarget(b, "default", "nope") }},
		{"feature-other-project", func(b obj) { feature(b)["project"] = "other" }},
	}
}

// schemaProbes break the request schema in one place each.
func schemaProbes() []probe {
	del := func(o obj, k string) { delete(o, k) }
	return []probe{
		{"no-project", func(b obj) { del(b, "project") }},
		{"no-environment", func(b obj) { del(b, "environment") }},
		{"project-number", func(b obj) { b["project"] = 123 }},
		{"project-null", func(b obj) { b["project"] = nil }},
		{"data-array", func(b obj) { b["data"] = []any{} }},
		{"data-string", func(b obj) { b["data"] = "x" }},
		{"extra-top", func(b obj) { b["bogus"] = true }},
		{"extra-data", func(b obj) { data(b)["bogus"] = []any{} }},
		{"no-features", func(b obj) { del(data(b), "features") }},
		{"no-strategies", func(b obj) { del(data(b), "featureStrategies") }},
		{"no-tagtypes", func(b obj) { del(data(b), "tagTypes") }},
		{"features-object", func(b obj) { data(b)["features"] = obj{} }},
		{"feature-empty", func(b obj) { list(b, "features")[0] = obj{} }},
		{"feature-name-number", func(b obj) { feature(b)["name"] = 123 }},
		{"feature-name-empty", func(b obj) { feature(b)["name"] = "" }},
		{"feature-name-null", func(b obj) { feature(b)["name"] = nil }},
		{"feature-extra", func(b obj) { feature(b)["bogus"] = 1 }},
		{"feature-type-number", func(b obj) { feature(b)["type"] = 5 }},
		{"feature-stale-string", func(b obj) { feature(b)["stale"] = "true" }},
		{"feature-impression-string", func(b obj) { feature(b)["impressionData"] = "yes" }},
		{"strategy-no-name", func(b obj) { del(strategy(b), "name") }},
		{"strategy-name-number", func(b obj) { strategy(b)["name"] = 5 }},
		{"strategy-parameters-number", func(b obj) { strategy(b)["parameters"].(obj)["rollout"] = 50 }},
		{"strategy-parameters-string", func(b obj) { strategy(b)["parameters"] = "x" }},
		{"strategy-parameters-object", func(b obj) { strategy(b)["parameters"].(obj)["rollout"] = obj{} }},
		{"strategy-constraints-object", func(b obj) { strategy(b)["constraints"] = obj{} }},
		{"strategy-segments-strings", func(b obj) { strategy(b)["segments"] = []any{"1"} }},
		{"strategy-segments-words", func(b obj) { strategy(b)["segments"] = []any{"one"} }},
		{"strategy-sortorder-string", func(b obj) { strategy(b)["sortOrder"] = "x" }},
		{"strategy-title-number", func(b obj) { strategy(b)["title"] = 5 }},
		{"strategy-disabled-string", func(b obj) { strategy(b)["disabled"] = "no" }},
		{"strategy-extra", func(b obj) { strategy(b)["bogus"] = 1 }},
		{"variant-weight-high", func(b obj) { strategy(b)["variants"].([]any)[0].(obj)["weight"] = 2000 }},
		{"variant-weight-negative", func(b obj) { strategy(b)["variants"].([]any)[0].(obj)["weight"] = -1 }},
		{"variant-weighttype", func(b obj) { strategy(b)["variants"].([]any)[0].(obj)["weightType"] = "bogus" }},
		{"variant-no-stickiness", func(b obj) { del(strategy(b)["variants"].([]any)[0].(obj), "stickiness") }},
		{"variant-payload-type", func(b obj) { strategy(b)["variants"].([]any)[1].(obj)["payload"].(obj)["type"] = "yaml" }},
		{"variant-payload-no-value", func(b obj) { del(strategy(b)["variants"].([]any)[1].(obj)["payload"].(obj), "value") }},
		{"environment-no-enabled", func(b obj) { del(environment(b), "enabled") }},
		{"environment-enabled-string", func(b obj) { environment(b)["enabled"] = "yes" }},
		{"environment-no-name", func(b obj) { del(environment(b), "name") }},
		{"environment-variant-weight", func(b obj) { environment(b)["variants"].([]any)[0].(obj)["weight"] = 2000 }},
		{"tagtype-no-name", func(b obj) { list(b, "tagTypes")[0] = obj{"description": "x"} }},
		{"tagtypes-string", func(b obj) { data(b)["tagTypes"] = "x" }},
		{"featuretag-no-value", func(b obj) { del(item(b, "featureTags", 0), "tagValue") }},
		{"segment-id-string", func(b obj) { item(b, "segments", 0)["id"] = "x" }},
		{"segment-no-id", func(b obj) { del(item(b, "segments", 0), "id") }},
		{"context-no-name", func(b obj) { del(item(b, "contextFields", 0), "name") }},
		{"context-legalvalues-string", func(b obj) { item(b, "contextFields", 0)["legalValues"] = "x" }},
		{"context-stickiness-string", func(b obj) { item(b, "contextFields", 0)["stickiness"] = "yes" }},
		{"dependency-no-list", func(b obj) { data(b)["dependencies"] = []any{obj{"feature": featureName(b)}} }},
		{"dependency-enabled-string", func(b obj) {
			data(b)["dependencies"] = []any{obj{"feature": featureName(b), "dependencies": []any{obj{"feature": "existing-flag", "enabled": "maybe"}}}}
		}},
		{"two-errors", func(b obj) {
			del(feature(b), "name")
			strategy(b)["variants"].([]any)[0].(obj)["weight"] = 2000
		}},
	}
}

// validateRequest returns a validation request of b by t.
func validateRequest(t token, b obj) conformance.Request {
	raw, err := json.Marshal(b)
	if err != nil {
		panic("record: a generated body does not encode: " + err.Error())
	}
	h := map[string]string{"Content-Type": "application/json"}
	if t.secret != "" {
		h["Authorization"] = t.secret
	}
	return conformance.Request{Method: "POST", Path: pathValidate, Headers: h, Body: raw}
}

// rawRequest returns a validation request with the body raw, the
// Authorization header auth and the Content-Type ctype ("" for none).
func rawRequest(auth, ctype, raw string) conformance.Request {
	h := map[string]string{}
	if auth != "" {
		h["Authorization"] = auth
	}
	if ctype != "" {
		h["Content-Type"] = ctype
	}
	return conformance.Request{Method: "POST", Path: pathValidate, Headers: h, RawBody: &raw}
}

// malformedBodies are bodies that are no JSON, or JSON that is no object.
func malformedBodies() [][2]string {
	return [][2]string{
		{"truncated", `{"project":"default",`},
		{"unquoted-value", `{"project": default}`},
		{"single-quotes", `{'project':'default'}`},
		{"trailing-comma", `{"project":"default",}`},
		{"array-trailing-comma", `[1,2,]`},
		{"open-brace", `{`},
		{"close-brace", `}`},
		{"bare-word", `nul`},
		{"unterminated-string", `{"project":"defa`},
		{"trailing-garbage", `{"project":"default"}}`},
		{"second-value", `{"project":"default"} {"a":1}`},
		{"byte-order-mark", "\ufeff{\"project\":\"default\"}"},
		{"whitespace", "  \n"},
		{"empty", ""},
		{"null", `null`},
		{"array", `[]`},
		{"string", `"text"`},
		{"number", `42`},
		{"true", `true`},
		{"newline-in-string", "{\"project\":\"a\nb\"}"},
		{"control-character", "{\"project\":\"a\u0001b\"}"},
		{"multibyte-truncated", `{"project":"défaut`},
		{"deep-truncated", `{"project":"default","environment":"development","data":{"features":[{"name":"f1"`},
		{"comment", `{"project":"default" /* a comment */}`},
		{"nan", `{"project":NaN}`},
		{"hex-number", `{"project":0x10}`},
	}
}

// userListingRequests are requests of the user listing.
func userListingRequests() []conformance.Case {
	get := func(name, path, auth string) conformance.Case {
		h := map[string]string{}
		if auth != "" {
			h["Authorization"] = auth
		}
		return conformance.Case{Name: "gen-users-" + name, Request: conformance.Request{Method: "GET", Path: path, Headers: h}}
	}
	p := pathUsers
	return []conformance.Case{
		get("admin", p, unleashtest.AdminToken),
		get("admin-bearer", p, "Bearer "+unleashtest.AdminToken),
		get("admin-bearer-lowercase", p, "bearer "+unleashtest.AdminToken),
		get("editor", p, unleashtest.EditorToken),
		get("viewer-bearer", p, "Bearer "+unleashtest.ViewerToken),
		get("client", p, unleashtest.ClientToken),
		get("client-bearer", p, "Bearer "+unleashtest.ClientToken),
		get("unknown-personal", p, "user:0000000000000000000000000000000000000000000000000000000"),
		get("unknown-api", p, "*:*.no-such-token"),
		get("empty-authorization", p, " "),
		get("trailing-slash", p+"/", unleashtest.AdminToken),
		get("query", p+"?sort=name", unleashtest.AdminToken),
	}
}

// generated returns the generated cases, in a fixed order with unique
// names.
func generated() []conformance.Case {
	var out []conformance.Case
	add := func(name string, r conformance.Request) {
		out = append(out, conformance.Case{Name: "gen-" + name, Request: r})
	}
	// Members and constraints: two bodies each,
	// the first sent by the admin, the second by the viewer, whose
	// missing permissions differ between versions.
	for _, group := range []struct {
		name   string
		probes []probe
	}{{"member", memberProbes()}, {"constraint", constraintProbes()}} {
		for i, p := range group.probes {
			for v, t := range []token{admin, viewer} {
				b := body(1, int64(100*i+v))
				p.mutate(b)
				add(fmt.Sprintf("%s-%s-%s", group.name, p.name, t.name), validateRequest(t, b))
			}
		}
	}
	for i, p := range stateProbes() {
		for v, t := range []token{admin, editor, viewer} {
			b := body(1, int64(1000+10*i+v))
			p.mutate(b)
			add(fmt.Sprintf("state-%s-%s", p.name, t.name), validateRequest(t, b))
		}
	}
	// Every kind of semantic problem of exportgen at once.
	for v, t := range []token{admin, editor, viewer} {
		b := decode(exportgen.JSON(exportgen.Options{Features: 8, Seed: int64(2000 + v), ProblemShare: 0.75}))
		add("state-problems-"+t.name, validateRequest(t, b))
	}
	for i, p := range schemaProbes() {
		b := body(1, int64(3000+i))
		p.mutate(b)
		add("schema-"+p.name, validateRequest(admin, b))
	}
	// Who may validate: client tokens and other callers, on a clean body,
	// a body the schema refuses and a body that is no JSON.
	clean := func() obj { return body(1, 4000) }
	broken := clean()
	delete(data(broken), "features")
	callers := []token{{"client", unleashtest.ClientToken}, {"client-bearer", "Bearer " + unleashtest.ClientToken},
		{"none", ""}, {"unknown-api", "*:*.no-such-token"}, {"unknown-personal", "user:0000000000000000000000000000000000000000000000000000000"},
		{"admin-bearer", "Bearer " + unleashtest.AdminToken}, {"admin-bearer-lowercase", "bearer " + unleashtest.AdminToken},
		{"viewer-bearer", "Bearer " + unleashtest.ViewerToken}, {"editor", unleashtest.EditorToken}}
	for _, t := range callers {
		add("auth-clean-"+t.name, validateRequest(t, clean()))
		add("auth-schema-"+t.name, validateRequest(t, broken))
		add("auth-malformed-"+t.name, rawRequest(t.secret, "application/json", `{"project":`))
	}
	for _, m := range malformedBodies() {
		add("malformed-"+m[0], rawRequest(unleashtest.AdminToken, "application/json", m[1]))
	}
	cleanRaw, _ := json.Marshal(clean())
	for _, ct := range [][2]string{{"charset", "application/json; charset=utf-8"}, {"uppercase", "APPLICATION/JSON"},
		{"text-plain", "text/plain"}, {"form", "application/x-www-form-urlencoded"}, {"none", ""},
		{"vendor-json", "application/vnd.api+json"}, {"merge-patch", "application/merge-patch+json"}} {
		add("content-type-"+ct[0], rawRequest(unleashtest.AdminToken, ct[1], string(cleanRaw)))
	}
	get := conformance.Request{Method: "GET", Path: pathValidate, Headers: map[string]string{"Authorization": unleashtest.AdminToken}}
	add("method-get", get)
	out = append(out, userListingRequests()...)
	return out
}

// checkNames reports a duplicate case name, which would make one case
// overwrite another's files.
func checkNames(cases []conformance.Case) error {
	names := make([]string, len(cases))
	for i, c := range cases {
		names[i] = c.Name
	}
	slices.Sort(names)
	for i := 1; i < len(names); i++ {
		if names[i] == names[i-1] {
			return fmt.Errorf("two cases are named %s", names[i])
		}
	}
	return nil
}
