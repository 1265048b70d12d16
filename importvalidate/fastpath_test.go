package importvalidate

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/flagadmin/flagadmin/importvalidate/internal/exportgen"
	"github.com/flagadmin/flagadmin/model"
)

// The fast path's tests hold fastDecode to its contract: its verdict is
// computed independently (encoding/json for syntax, UTF-8 and duplicate
// names, jsonschema/v5 for the schema, json.Unmarshal for the decoded
// value) and compared on recorded requests, generated exports, mutations
// of them and, under -fuzz, on anything.

// fastTestDepth is the nesting limit the agreement tests give fastDecode.
const fastTestDepth = 64

// The schema compiled by fastTestSchema, once per test binary.
var (
	fastSchemaOnce sync.Once
	fastSchema     *jsonschema.Schema
	fastSchemaErr  error
)

// fastTestSchema compiles the embedded import.schema.json with
// jsonschema/v5's own date-time check and formats asserted.
func fastTestSchema(tb testing.TB) *jsonschema.Schema {
	tb.Helper()
	fastSchemaOnce.Do(func() {
		c := jsonschema.NewCompiler()
		c.Draft = jsonschema.Draft2020
		c.AssertFormat = true
		if err := c.AddResource("urn:fastpath-test:import.schema.json", bytes.NewReader(importSchema)); err != nil {
			fastSchemaErr = err
			return
		}
		fastSchema, fastSchemaErr = c.Compile("urn:fastpath-test:import.schema.json")
	})
	if fastSchemaErr != nil {
		tb.Fatalf("compiling import.schema.json: %v", fastSchemaErr)
	}
	return fastSchema
}

// fastExpectation is what fastDecode must give for a body: ok, and when ok
// the value encoding/json decodes. why names the first reason for !ok.
type fastExpectation struct {
	ok   bool
	want *model.ImportRequest
	why  string
}

// fastExpect computes fastDecode's verdict on body from the contract.
func fastExpect(tb testing.TB, body []byte, maxDepth int) fastExpectation {
	tb.Helper()
	if !json.Valid(body) {
		return fastExpectation{why: "syntax"}
	}
	if !utf8.Valid(body) {
		return fastExpectation{why: "utf-8"}
	}
	if why := fastNamesAndDepth(body, maxDepth); why != "" {
		return fastExpectation{why: why}
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var doc any
	if err := dec.Decode(&doc); err != nil {
		return fastExpectation{why: "jsonschema cannot read the body: " + err.Error()}
	}
	if err := fastValidate(fastTestSchema(tb), doc); err != nil {
		return fastExpectation{why: "schema: " + err.Error()}
	}
	if name := fastFoldCollision(doc); name != "" {
		return fastExpectation{why: "open object member " + name + " folds to a declared one"}
	}
	var want model.ImportRequest
	if err := json.Unmarshal(body, &want); err != nil {
		fastExpectedUnmarshalFailure(tb, body, err)
		return fastExpectation{why: "encoding/json: " + err.Error()}
	}
	return fastExpectation{ok: true, want: &want}
}

// fastValidate runs the schema check, turning a panic (jsonschema/v5 panics
// on numbers big.Rat cannot read) into an error.
func fastValidate(s *jsonschema.Schema, doc any) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("jsonschema panicked: %v", r)
		}
	}()
	return s.Validate(doc)
}

// fastExpectedUnmarshalFailure fails the test when encoding/json rejects a
// schema-valid body for a reason fastDecode's contract does not list.
func fastExpectedUnmarshalFailure(tb testing.TB, body []byte, err error) {
	tb.Helper()
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) && strings.HasPrefix(te.Value, "number") && (te.Type.Kind().String() == "int64" || te.Type.Kind().String() == "float64") {
		return
	}
	if strings.Contains(err.Error(), "is not an RFC 3339 date-time") {
		return
	}
	tb.Fatalf("encoding/json rejects a schema-valid body for a reason the contract does not list: %v\nbody: %.2000q", err, body)
}

// fastNamesAndDepth walks body (valid JSON) and reports a duplicate member
// name, compared after unescaping, or nesting deeper than maxDepth.
func fastNamesAndDepth(body []byte, maxDepth int) string {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	return fastWalkTokens(dec, 0, maxDepth)
}

// fastWalkTokens reads one value from dec, whose containers open at depth
// +1, and reports the first problem fastNamesAndDepth looks for.
func fastWalkTokens(dec *json.Decoder, depth, maxDepth int) string {
	tok, err := dec.Token()
	if err != nil {
		return "token: " + err.Error()
	}
	switch tok {
	case json.Delim('{'):
		if depth+1 > maxDepth {
			return "depth"
		}
		names := map[string]bool{}
		for dec.More() {
			nt, err := dec.Token()
			if err != nil {
				return "token: " + err.Error()
			}
			name := nt.(string)
			if names[name] {
				return fmt.Sprintf("duplicate name %q", name)
			}
			names[name] = true
			if why := fastWalkTokens(dec, depth+1, maxDepth); why != "" {
				return why
			}
		}
		_, err = dec.Token()
	case json.Delim('['):
		if depth+1 > maxDepth {
			return "depth"
		}
		for dec.More() {
			if why := fastWalkTokens(dec, depth+1, maxDepth); why != "" {
				return why
			}
		}
		_, err = dec.Token()
	}
	if err != nil {
		return "token: " + err.Error()
	}
	return ""
}

// fastFoldCollision returns the name of an extra member of an open object
// of doc (a schema-valid body) that equals a declared member's name under
// case folding, or "".
func fastFoldCollision(doc any) string {
	found := ""
	check := func(v any, declared ...string) {
		obj, _ := v.(map[string]any)
		for name := range obj {
			for _, k := range declared {
				if name == k {
					break
				}
				if strings.EqualFold(name, k) && found == "" {
					found = name
				}
			}
		}
	}
	get := func(v any, name string) any {
		m, _ := v.(map[string]any)
		return m[name]
	}
	each := func(v any, fn func(any)) {
		arr, _ := v.([]any)
		for _, x := range arr {
			fn(x)
		}
	}
	payloads := func(strategy any) {
		each(get(strategy, "variants"), func(sv any) {
			if p := get(sv, "payload"); p != nil {
				check(p, "type", "value")
			}
		})
	}
	envPayloads := func(env any) { each(get(env, "strategies"), payloads) }
	data := get(doc, "data")
	each(get(data, "featureStrategies"), payloads)
	each(get(data, "featureEnvironments"), envPayloads)
	each(get(data, "features"), func(f any) {
		each(get(f, "environments"), envPayloads)
		if c := get(f, "collaborators"); c != nil {
			check(c, "users")
			each(get(c, "users"), func(u any) { check(u, "id", "name", "imageUrl") })
		}
		each(get(f, "links"), func(l any) { check(l, "id", "url", "title", "feature") })
	})
	each(get(data, "links"), func(fl any) {
		each(get(fl, "links"), func(l any) { check(l, "url", "title") })
	})
	return found
}

// fastDisagreement runs fastDecode on a copy of body and compares it with
// fastExpect; it returns "" when they agree. The copy is overwritten
// before the comparison: the result must not depend on the caller's
// buffer.
func fastDisagreement(tb testing.TB, body []byte, maxDepth int) string {
	tb.Helper()
	exp := fastExpect(tb, body, maxDepth)
	in := bytes.Clone(body)
	got, ok := fastDecode(in, maxDepth)
	for i := range in {
		in[i] = 'x'
	}
	if ok != exp.ok {
		if exp.ok {
			return "fastDecode refused a body the contract accepts"
		}
		return "fastDecode accepted a body the contract refuses (" + exp.why + ")"
	}
	if got == nil != !ok {
		return fmt.Sprintf("fastDecode returned req %v with ok %v", got != nil, ok)
	}
	if !ok {
		return ""
	}
	// reflect.DeepEqual is a quick first look; go-cmp, which compares
	// times with Equal, decides.
	if !reflect.DeepEqual(exp.want, got) {
		if diff := cmp.Diff(exp.want, got, cmp.AllowUnexported(model.ExportData{})); diff != "" {
			return "decoded value differs from encoding/json's (-want +got):\n" + diff
		}
	}
	wantJSON, err1 := json.Marshal(exp.want)
	gotJSON, err2 := json.Marshal(got)
	if err1 != nil || err2 != nil || !bytes.Equal(wantJSON, gotJSON) {
		return fmt.Sprintf("re-encoded values differ (%v, %v):\n%s\n%s", err1, err2, wantJSON, gotJSON)
	}
	return ""
}

// fastRecordedBodies returns the body of every recorded validate request
// (rawBody when the recording has one, an empty body when it has none).
func fastRecordedBodies(tb testing.TB) map[string][]byte {
	tb.Helper()
	dir := filepath.Join("..", "testdata", "conformance", "recorded")
	files, err := filepath.Glob(filepath.Join(dir, "validate-*.request.json"))
	if err != nil || len(files) == 0 {
		tb.Fatalf("no recorded validate requests in %s (%v)", dir, err)
	}
	out := make(map[string][]byte, len(files))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		var rec struct {
			Body    json.RawMessage `json:"body"`
			RawBody *string         `json:"rawBody"`
		}
		if err := json.Unmarshal(b, &rec); err != nil {
			tb.Fatalf("%s: %v", f, err)
		}
		body := []byte(rec.Body)
		if rec.RawBody != nil {
			body = []byte(*rec.RawBody)
		}
		out[filepath.Base(f)] = body
	}
	return out
}

// fastGenerated returns small generated exports.
func fastGenerated() map[string][]byte {
	out := map[string][]byte{}
	for _, o := range []exportgen.Options{
		{Features: 0, Seed: 1},
		{Features: 1, Seed: 1},
		{Features: 4, Seed: 2},
		{Features: 12, Seed: 3, ProblemShare: 0.5, Project: "other", Environment: "production"},
	} {
		out[fmt.Sprintf("exportgen-%d-%d", o.Features, o.Seed)] = exportgen.JSON(o)
	}
	return out
}

// fastRichBody carries every member of every object kind of the schema,
// extra members in every open object, nulls where allowed and escapes.
const fastRichBody = `{
	"project": "default",
	"environment": "dev\u0065lopment",
	"data": {
		"features": [
			{
				"name": "rich-flag",
				"type": "release",
				"description": "Line one\nline \"two\" \u00e9\u20ac\ud83d\ude00",
				"archived": false,
				"project": "default",
				"enabled": true,
				"stale": false,
				"favorite": true,
				"impressionData": false,
				"createdAt": "2024-01-02T03:04:05.123456789Z",
				"createdBy": {"id": 7, "name": "Ada", "imageUrl": "https://example.com/a.png"},
				"archivedAt": null,
				"lastSeenAt": "2024-02-29T23:59:59+02:00",
				"environments": [
					{
						"name": "development",
						"featureName": "rich-flag",
						"environment": "development",
						"type": "development",
						"enabled": true,
						"sortOrder": 1.5,
						"variantCount": 2,
						"strategies": [
							{
								"id": "s-1",
								"name": "default",
								"title": null,
								"disabled": null,
								"featureName": "rich-flag",
								"sortOrder": -1,
								"segments": [1, 2.5, -3e2],
								"constraints": [],
								"variants": [
									{"name": "a", "weight": 1000, "weightType": "fix", "stickiness": "userId",
									 "payload": {"type": "number", "value": "42", "extra": {"deep": [1, {"x": null}]}}}
								],
								"parameters": {}
							}
						],
						"variants": [],
						"lastSeenAt": null,
						"hasStrategies": true,
						"hasEnabledStrategies": false,
						"changeRequestIds": [1, 2],
						"milestoneName": "m1",
						"milestoneOrder": 0,
						"totalMilestones": 3,
						"yes": 10,
						"no": 0,
						"releasePlans": [{"id": "rp", "milestones": [{"name": "m", "strategies": []}]}],
						"safeguards": [{}]
					}
				],
				"variants": [
					{"name": "v1", "weight": 0, "weightType": "variable", "stickiness": "default",
					 "payload": {"type": "json", "value": "{\"a\":1}"},
					 "overrides": [{"contextName": "userId", "values": ["1", "2"]}, {"contextName": "appName", "values": []}]},
					{"name": "v2", "weight": 999.5}
				],
				"strategies": [{"name": "legacy", "parameters": {"a": "b"}}, {}],
				"tags": [{"value": "ab", "type": "simple", "color": "#A0b1C2"}, {"value": "\u00e9\u00e9", "type": "xy", "color": null}],
				"children": ["child-a", ""],
				"lifecycle": {"stage": "pre-live", "enteredStageAt": "2024-03-01t10:00:00.5z", "status": null},
				"dependencies": [{"feature": "parent-a", "enabled": true, "variants": ["v1"]}, {"feature": "parent-b"}],
				"collaborators": {"users": [{"id": 1, "name": "A", "imageUrl": "u", "role": "owner"}], "total": 1, "nested": {"a": [true, false]}},
				"links": [{"id": "l1", "url": "https://example.com", "title": null, "feature": "rich-flag", "kind": "doc"}, {"id": "l2", "url": "u2"}]
			},
			{"name": "plain", "tags": null, "createdAt": null, "description": null},
			{"name": "plain-2", "tags": [], "environments": [], "variants": [], "strategies": [], "children": [], "dependencies": [], "links": [], "collaborators": {"users": []}}
		],
		"featureStrategies": [
			{
				"id": "s-2",
				"name": "flexibleRollout",
				"title": "Rollout",
				"disabled": false,
				"featureName": "rich-flag",
				"sortOrder": 0,
				"segments": [],
				"constraints": [
					{"contextName": "region", "operator": "IN", "caseInsensitive": true, "inverted": false, "values": ["eu", "us"]},
					{"contextName": "currentTime", "operator": "DATE_AFTER", "value": "2025-01-01T00:00:00Z"},
					{"contextName": "version", "operator": "SEMVER_GTE", "value": "1.2.3", "values": []},
					{"contextName": "email", "operator": "REGEX", "value": "^a.*$"}
				],
				"variants": [
					{"name": "control", "weight": 500, "weightType": "variable", "stickiness": "default"},
					{"name": "treatment", "weight": 500, "weightType": "variable", "stickiness": "default", "payload": {"type": "string", "value": "x"}}
				],
				"parameters": {"rollout": "50", "stickiness": "default", "groupId": "rich-flag", "we\u0069rd key": ""}
			}
		],
		"featureEnvironments": [
			{"name": "rich-flag", "enabled": false}
		],
		"contextFields": [
			{"name": "region", "description": "Region", "stickiness": false, "sortOrder": 1, "createdAt": "2023-12-31T23:59:60Z",
			 "usedInFeatures": 3, "usedInProjects": null, "legalValues": [{"value": "eu", "description": "EU"}, {"value": "us"}], "project": "default"},
			{"name": "bare", "description": null, "usedInFeatures": null, "usedInProjects": 0, "createdAt": null, "legalValues": []}
		],
		"featureTags": [
			{"featureName": "rich-flag", "tagType": "simple", "tagValue": "ab", "type": "simple", "value": "ab", "createdByUserId": 1},
			{"featureName": "plain", "tagValue": "cd", "createdByUserId": null}
		],
		"segments": [{"id": 1, "name": "beta"}, {"id": 2.5, "name": "gamma"}],
		"tagTypes": [
			{"name": "simple", "description": "Simple", "icon": null, "color": "#ffffff"},
			{"name": "other", "icon": "star", "color": null}
		],
		"dependencies": [
			{"feature": "rich-flag", "dependencies": [{"feature": "parent-a", "enabled": false, "variants": []}, {"feature": "parent-b"}]},
			{"feature": "plain", "dependencies": []}
		],
		"links": [
			{"feature": "rich-flag", "links": [{"url": "https://example.com", "title": "Docs", "extra": 1}, {"url": "u", "title": null}]},
			{"feature": "plain"}
		]
	}
}`

// fastEmptyOptionalBody has every optional array of ExportData present and
// empty.
const fastEmptyOptionalBody = `{"project":"p","environment":"e","data":{"features":[],"featureStrategies":[],` +
	`"featureEnvironments":[],"contextFields":[],"featureTags":[],"segments":[],"tagTypes":[],"dependencies":[],"links":[]}}`

// fastCraftedBodies are bodies at the edges of the contract.
func fastCraftedBodies() map[string]string {
	base := func(feature string) string {
		return `{"project":"p","environment":"e","data":{"features":[` + feature + `],"featureStrategies":[],"tagTypes":[]}}`
	}
	sv := func(payload string) string {
		return `{"project":"p","environment":"e","data":{"features":[],"featureStrategies":[{"name":"s","variants":[` +
			`{"name":"a","weight":1,"weightType":"fix","stickiness":"d","payload":` + payload + `}]}],"tagTypes":[]}}`
	}
	variantWeight := func(w string) string { return base(`{"name":"f","variants":[{"name":"v","weight":` + w + `}]}`) }
	svWeight := func(w string) string {
		return `{"project":"p","environment":"e","data":{"features":[],"featureStrategies":[{"name":"s","variants":[` +
			`{"name":"a","weight":` + w + `,"weightType":"fix","stickiness":"d"}]}],"tagTypes":[]}}`
	}
	created := func(dt string) string { return base(`{"name":"f","createdAt":"` + dt + `"}`) }
	entered := func(dt string) string {
		return base(`{"name":"f","lifecycle":{"stage":"live","enteredStageAt":"` + dt + `"}}`)
	}
	tag := func(v string) string { return base(`{"name":"f","tags":[{"value":"` + v + `","type":"tt"}]}`) }
	color := func(c string) string {
		return `{"project":"p","environment":"e","data":{"features":[],"featureStrategies":[],"tagTypes":[{"name":"t","color":"` + c + `"}]}}`
	}
	count := func(n string) string {
		return `{"project":"p","environment":"e","data":{"features":[],"featureStrategies":[],"tagTypes":[],"contextFields":[{"name":"c","usedInFeatures":` + n + `}]}}`
	}
	deep := func(n int) string {
		return sv(`{"type":"json","value":"v","deep":` + strings.Repeat("[", n) + strings.Repeat("]", n) + `}`)
	}
	m := map[string]string{
		"minimal":               base(`{"name":"f"}`),
		"empty optional":        fastEmptyOptionalBody,
		"leading whitespace":    " \t\r\n" + base(`{"name":"f"}`) + " \n",
		"bom":                   "\ufeff" + base(`{"name":"f"}`),
		"form feed":             "\f" + base(`{"name":"f"}`),
		"trailing garbage":      base(`{"name":"f"}`) + "x",
		"two values":            base(`{"name":"f"}`) + " {}",
		"empty":                 "",
		"array":                 "[]",
		"escaped key":           base(`{"n\u0061me":"f"}`),
		"escaped duplicate":     base(`{"name":"f","n\u0061me":"g"}`),
		"duplicate top":         `{"project":"p","project":"p","environment":"e","data":{"features":[],"featureStrategies":[],"tagTypes":[]}}`,
		"lone surrogate":        base(`{"name":"\ud800x"}`),
		"reversed surrogates":   base(`{"name":"\udc00\ud800"}`),
		"surrogate then u":      base(`{"name":"\ud83d\u0041"}`),
		"bad escape":            base(`{"name":"\x"}`),
		"invalid utf8":          base("{\"name\":\"\xff\"}"),
		"surrogate utf8":        base("{\"name\":\"\xed\xa0\x80\"}"),
		"control char":          base("{\"name\":\"a\x01\"}"),
		"raw U+FFFD":            base("{\"name\":\"\xef\xbf\xbd\"}"),
		"upper Kelvin":          base(`{"name":"\u212a"}`),
		"weight 1000.0":         variantWeight("1000.0"),
		"weight 1000.00001":     variantWeight("1000.00001"),
		"weight tiny above":     variantWeight("1000.0000000000000000001"),
		"weight tiny below":     variantWeight("999.99999999999999999"),
		"weight -0":             variantWeight("-0"),
		"weight -0.0":           variantWeight("-0.0"),
		"weight -0.1":           variantWeight("-0.1"),
		"weight 1e3":            variantWeight("1e3"),
		"weight 1E+3":           variantWeight("1E+3"),
		"weight 10e2":           variantWeight("10e2"),
		"weight 1.0001e3":       variantWeight("1.0001e3"),
		"weight 1e-400":         variantWeight("1e-400"),
		"weight -1e-400":        variantWeight("-1e-400"),
		"weight 1e-9999999":     variantWeight("1e-9999999"),
		"weight 0e9999999":      variantWeight("0e9999999"),
		"weight 0e huge":        variantWeight("0e99999999999999999999"),
		"weight 0e max":         variantWeight("0e9223372036854775807"),
		"weight 0e max+1":       variantWeight("0e9223372036854775808"),
		"weight 0e min":         variantWeight("-0.0e-9223372036854775808"),
		"weight 0.0e -huge":     variantWeight("0.0e-99999999999999999999"),
		"weight 1e min":         variantWeight("1e-9223372036854775808"),
		"weight 1e 0-padded":    variantWeight("1000e-0000000000000000000000000003"),
		"weight 1e +padded":     variantWeight("1e+00000000000000000000000000003"),
		"weight 1.5e max":       variantWeight("1.5e9223372036854775807"),
		"weight 10000e-1":       variantWeight("10000e-1"),
		"weight 10001e-1":       variantWeight("10001e-1"),
		"weight 0.01e5":         variantWeight("0.01e5"),
		"weight 0.0100001e5":    variantWeight("0.0100001e5"),
		"weight 1e400":          variantWeight("1e400"),
		"weight 01":             variantWeight("01"),
		"weight 1.":             variantWeight("1."),
		"weight .5":             variantWeight(".5"),
		"weight +1":             variantWeight("+1"),
		"sv weight 5.0":         svWeight("5.0"),
		"sv weight 1e2":         svWeight("1e2"),
		"sv weight 1001":        svWeight("1001"),
		"sv weight -0":          svWeight("-0"),
		"sv weight 1000":        svWeight("1000"),
		"sv weight big":         svWeight("99999999999999999999999"),
		"sv weight 1e1000001":   svWeight("1e1000001"),
		"count -0":              count("-0"),
		"count -1":              count("-1"),
		"count max int64":       count("9223372036854775807"),
		"count over int64":      count("9223372036854775808"),
		"count 2.0":             count("2.0"),
		"count null":            count("null"),
		"dt plain":              created("2024-01-02T03:04:05Z"),
		"dt lower t z":          created("2024-01-02t03:04:05z"),
		"dt space":              created("2024-01-02 03:04:05Z"),
		"dt offset":             created("2024-01-02T03:04:05.5-07:30"),
		"dt leap ok":            created("2016-12-31T23:59:60Z"),
		"dt leap offset":        created("2016-12-31T15:59:60-08:00"),
		"dt leap bad":           created("2016-12-31T12:59:60Z"),
		"dt plus hour":          created("2024-01-02T+1:04:05Z"),
		"dt minus zero":         created("2024-01-02T03:-0:05Z"),
		"dt feb 29":             created("2023-02-29T03:04:05Z"),
		"dt feb 29 leap":        created("2000-02-29T03:04:05Z"),
		"dt year 0":             created("0000-01-01T00:00:00Z"),
		"dt no zone":            created("2024-01-02T03:04:05"),
		"dt comma":              created("2024-01-02T03:04:05,5Z"),
		"dt dot only":           created("2024-01-02T03:04:05.Z"),
		"dt long fraction":      created("2024-01-02T03:04:05.1234567891234Z"),
		"dt zone 24":            created("2024-01-02T03:04:05+24:00"),
		"dt hour 24":            created("2024-01-02T24:00:00Z"),
		"lifecycle dt":          entered("2024-01-02T03:04:05.000Z"),
		"lifecycle dt bad":      entered("2024-13-02T03:04:05Z"),
		"lifecycle null":        base(`{"name":"f","lifecycle":{"stage":"live","enteredStageAt":null}}`),
		"tag 2 runes":           tag("\u00e9\u00e9"),
		"tag 1 rune 2 bytes":    tag("\u00e9"),
		"tag 50":                tag(strings.Repeat("a", 50)),
		"tag 51":                tag(strings.Repeat("a", 51)),
		"tag 50 runes":          tag(strings.Repeat("\u00e9", 50)),
		"color lower":           color("#abcdef"),
		"color short":           color("#abcde"),
		"color newline":         color(`#abcdef\n`),
		"color no hash":         color("abcdefg"),
		"payload extra":         sv(`{"type":"json","value":"v","x":[1,{"y":"z"}]}`),
		"payload Type":          sv(`{"type":"json","value":"v","Type":"csv"}`),
		"payload VALUE":         sv(`{"type":"json","value":"v","VALUE":1}`),
		"payload dup extra":     sv(`{"type":"json","value":"v","x":1,"x":2}`),
		"payload dup nested":    sv(`{"type":"json","value":"v","x":{"a":1,"\u0061":2}}`),
		"payload many keys":     sv(`{"type":"json","value":"v","x":{` + fastManyKeys(40, false) + `}}`),
		"payload many dup":      sv(`{"type":"json","value":"v","x":{` + fastManyKeys(40, true) + `}}`),
		"payload bad type":      sv(`{"type":"xml","value":"v"}`),
		"payload no value":      sv(`{"type":"json"}`),
		"deep ok":               deep(fastTestDepth - 7),
		"deep over":             deep(fastTestDepth - 6),
		"collab Users":          base(`{"name":"f","collaborators":{"users":[],"Users":[]}}`),
		"collab ID":             base(`{"name":"f","collaborators":{"users":[{"id":1,"name":"n","imageUrl":"u","ID":2}]}}`),
		"collab kelvin":         base(`{"name":"f","collaborators":{"users":[],"u\u017fers":1}}`),
		"link Url":              base(`{"name":"f","links":[{"id":"i","url":"u","Url":"v"}]}`),
		"collab id 1.0":         base(`{"name":"f","collaborators":{"users":[{"id":1.0,"name":"n","imageUrl":"u"}]}}`),
		"createdBy id 1e0":      base(`{"name":"f","createdBy":{"id":1e0,"name":"n","imageUrl":"u"}}`),
		"parameters non-str":    `{"project":"p","environment":"e","data":{"features":[],"featureStrategies":[{"name":"s","parameters":{"a":1}}],"tagTypes":[]}}`,
		"parameters dup":        `{"project":"p","environment":"e","data":{"features":[],"featureStrategies":[{"name":"s","parameters":{"a":"1","a":"2"}}],"tagTypes":[]}}`,
		"parameters esc dup":    `{"project":"p","environment":"e","data":{"features":[],"featureStrategies":[{"name":"s","parameters":{"\ud800":"1","\udbff":"2"}}],"tagTypes":[]}}`,
		"strategies not obj":    base(`{"name":"f","strategies":[1]}`),
		"strategies null":       base(`{"name":"f","strategies":null}`),
		"feature Name":          base(`{"Name":"f"}`),
		"nested ws":             "{ \"project\" : \"p\" ,\n\t\"environment\"\r:\"e\", \"data\" : { \"features\" : [ { \"name\" : \"f\" , \"tags\" : [ ] } ] , \"featureStrategies\" : [ ] , \"tagTypes\" : [ ] } }",
		"truncated":             `{"project":"p","environment":"e","data":{"features":[],"featureStrategies":[],"tagTypes":[]`,
		"true prefix":           base(`{"name":"f","stale":tru}`),
		"trailing comma":        base(`{"name":"f",}`),
		"operator bad":          `{"project":"p","environment":"e","data":{"features":[],"featureStrategies":[{"name":"s","constraints":[{"contextName":"c","operator":"in"}]}],"tagTypes":[]}}`,
		"constraint value \"\"": `{"project":"p","environment":"e","data":{"features":[],"featureStrategies":[{"name":"s","constraints":[{"contextName":"c","operator":"IN","value":""}]}],"tagTypes":[]}}`,
	}
	return m
}

// fastManyKeys returns n members "k0": 0 ...; with dup the last repeats
// the first, escaped.
func fastManyKeys(n int, dup bool) string {
	parts := make([]string, 0, n+1)
	for i := 0; i < n; i++ {
		parts = append(parts, fmt.Sprintf(`"k%d":%d`, i, i))
	}
	if dup {
		parts = append(parts, `"\u006b0":1`)
	}
	return strings.Join(parts, ",")
}

// fastMutation is one change to a JSON document, applied while encoding it
// (fastEncode): at is the JSON pointer of the value changed.
type fastMutation struct {
	at   string
	kind int
	name string // member removed or added
	raw  string // replacement or added value
}

// The kinds of fastMutation.
const (
	fastNoMutation = iota
	fastReplace
	fastRemove
	fastAdd
	fastDuplicate
)

// fastEncode writes v, a document decoded with UseNumber, with m applied.
// Members are written in sorted order.
func fastEncode(b *bytes.Buffer, v any, at string, m fastMutation) {
	if m.kind == fastReplace && m.at == at {
		b.WriteString(m.raw)
		return
	}
	here := m.at == at
	switch x := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		b.WriteByte('{')
		n := 0
		member := func(k string, val any, m fastMutation) {
			if n > 0 {
				b.WriteByte(',')
			}
			n++
			kb, _ := json.Marshal(k)
			b.Write(kb)
			b.WriteByte(':')
			fastEncode(b, val, at+"/"+k, m)
		}
		for _, k := range keys {
			if here && m.kind == fastRemove && m.name == k {
				continue
			}
			member(k, x[k], m)
		}
		if here && m.kind == fastAdd {
			member(m.name, nil, fastMutation{at: at + "/" + m.name, kind: fastReplace, raw: m.raw})
		}
		if here && m.kind == fastDuplicate && len(keys) > 0 {
			member(keys[0], x[keys[0]], fastMutation{})
		}
		b.WriteByte('}')
	case []any:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			fastEncode(b, e, fmt.Sprintf("%s/%d", at, i), m)
		}
		b.WriteByte(']')
	default:
		e, _ := json.Marshal(x)
		b.Write(e)
	}
}

// fastMutations returns the body and mutations of it, by name: every
// member removed, an unknown member added and the first member repeated
// in every object, and every value replaced by values of each JSON type
// and by values at the edges of the schema's constraints.
func fastMutations(tb testing.TB, body []byte) map[string][]byte {
	tb.Helper()
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var doc any
	if err := dec.Decode(&doc); err != nil {
		tb.Fatalf("mutating a body that does not decode: %v", err)
	}
	out := map[string][]byte{}
	add := func(m fastMutation) {
		var b bytes.Buffer
		fastEncode(&b, doc, "", m)
		out[fmt.Sprintf("%d%s %s %s", m.kind, m.at, m.name, m.raw)] = b.Bytes()
	}
	add(fastMutation{})
	everywhere := []string{`"x"`, `7`, `true`, `null`, `[]`, `{}`}
	var visit func(at string, v any)
	visit = func(at string, v any) {
		if at != "" {
			for _, r := range everywhere {
				add(fastMutation{at: at, kind: fastReplace, raw: r})
			}
		}
		switch x := v.(type) {
		case map[string]any:
			add(fastMutation{at: at, kind: fastAdd, name: "zzUnknown", raw: `{"a":[1]}`})
			add(fastMutation{at: at, kind: fastDuplicate})
			for k, e := range x {
				add(fastMutation{at: at, kind: fastRemove, name: k})
				visit(at+"/"+k, e)
			}
		case []any:
			for i, e := range x {
				visit(fmt.Sprintf("%s/%d", at, i), e)
			}
		case string:
			sb, _ := json.Marshal(x + "X")
			ub, _ := json.Marshal(x + "\u00e9")
			for _, r := range []string{`""`, `"a"`, string(sb), string(ub)} {
				add(fastMutation{at: at, kind: fastReplace, raw: r})
			}
		case json.Number:
			for _, r := range []string{"1001", "-1", "1000", "0", "-0", "5.5", "5.0", "1e2", "1e400", "1000.0000000000000001"} {
				add(fastMutation{at: at, kind: fastReplace, raw: r})
			}
		}
	}
	visit("", doc)
	return out
}

// fastAgreementBodies returns every named body the agreement test and the
// fuzz target start from: recorded requests, generated exports, crafted
// edge cases and mutations of the rich body and of a small export.
func fastAgreementBodies(tb testing.TB) map[string][]byte {
	tb.Helper()
	all := map[string][]byte{}
	for name, b := range fastRecordedBodies(tb) {
		all["recorded "+name] = b
	}
	gen := fastGenerated()
	for name, b := range gen {
		all[name] = b
	}
	for name, s := range fastCraftedBodies() {
		all["crafted "+name] = []byte(s)
	}
	for name, b := range fastMutations(tb, []byte(fastRichBody)) {
		all["rich "+name] = b
	}
	if !testing.Short() {
		for name, b := range fastMutations(tb, gen["exportgen-1-1"]) {
			all["exportgen-1 "+name] = b
		}
	}
	all["rich"] = []byte(fastRichBody)
	return all
}

// TestFastPathAgreesWithSchema runs the agreement check of the fuzz target
// on every seed: recorded requests, generated exports, crafted edge cases
// and mutations.
func TestFastPathAgreesWithSchema(t *testing.T) {
	bodies := fastAgreementBodies(t)
	names := make([]string, 0, len(bodies))
	for name := range bodies {
		names = append(names, name)
	}
	sort.Strings(names)
	accepted := 0
	for _, name := range names {
		if msg := fastDisagreement(t, bodies[name], fastTestDepth); msg != "" {
			t.Errorf("%s: %s\nbody: %.3000s", name, msg, bodies[name])
			continue
		}
		if _, ok := fastDecode(bodies[name], fastTestDepth); ok {
			accepted++
		}
	}
	t.Logf("%d bodies, %d on the fast path", len(bodies), accepted)
}

// The slow path built by fastTestStructure, once per test binary.
var (
	fastStructureOnce sync.Once
	fastStructure     *Structure
	fastStructureErr  error
)

// fastTestStructure returns the slow path with the tests' depth limit.
func fastTestStructure(tb testing.TB) *Structure {
	tb.Helper()
	fastStructureOnce.Do(func() {
		fastStructure, fastStructureErr = NewStructure(StructureOptions{MaxDepth: fastTestDepth})
	})
	if fastStructureErr != nil {
		tb.Fatal(fastStructureErr)
	}
	return fastStructure
}

// fastStructureDisagreement reports, for a body fastDecode takes with the
// tests' depth limit, a problem Structure.Check finds in it.
func fastStructureDisagreement(tb testing.TB, body []byte) string {
	tb.Helper()
	if _, ok := fastDecode(body, fastTestDepth); !ok {
		return ""
	}
	if _, problems := fastTestStructure(tb).Check(body); len(problems) > 0 {
		return fmt.Sprintf("taken by the fast path, but Structure.Check reports %d problems, first %s: %s",
			len(problems), problems[0].Code, problems[0].Message)
	}
	return ""
}

// TestFastPathImpliesStructureValid checks the direction of the agreement
// the validation relies on: a body fastDecode takes is one the slow path,
// Structure.Check with the same depth limit, finds no problem in.
func TestFastPathImpliesStructureValid(t *testing.T) {
	bodies := fastAgreementBodies(t)
	bodies["exportgen 1000"] = exportgen.JSON(exportgen.Options{Features: 1000, Seed: 1})
	for name, b := range bodies {
		if msg := fastStructureDisagreement(t, b); msg != "" {
			t.Errorf("%s: %s", name, msg)
		}
	}
}

// TestFastPathTakesValidBodies checks that the bodies a valid request is
// made of take the fast path: realistic exports, recorded valid requests
// and the crafted valid ones.
func TestFastPathTakesValidBodies(t *testing.T) {
	must := map[string][]byte{
		"rich":           []byte(fastRichBody),
		"empty optional": []byte(fastEmptyOptionalBody),
		"exportgen 1000": exportgen.JSON(exportgen.Options{Features: 1000, Seed: 1}),
	}
	for name, b := range fastGenerated() {
		must[name] = b
	}
	for name, b := range fastRecordedBodies(t) {
		if strings.Contains(name, "schema-") || strings.Contains(name, "malformed") || len(b) == 0 {
			continue
		}
		must[name] = b
	}
	for name, b := range must {
		if _, ok := fastDecode(b, fastTestDepth); !ok {
			t.Errorf("%s: not on the fast path (%s)", name, fastExpect(t, b, fastTestDepth).why)
		}
	}
}

// TestFastPathLargeExportAgrees compares a 1000-feature export's decoding
// with encoding/json's.
func TestFastPathLargeExportAgrees(t *testing.T) {
	body := exportgen.JSON(exportgen.Options{Features: 1000, Seed: 1, ProblemShare: 0.1})
	if msg := fastDisagreement(t, body, fastTestDepth); msg != "" {
		t.Fatal(msg)
	}
}

// TestFastPathDepthLimit checks the nesting limit at its edge: the rich
// body nests 14 levels (data.features[].environments[].strategies[].
// variants[].payload.extra.deep[1]).
func TestFastPathDepthLimit(t *testing.T) {
	body := []byte(fastRichBody)
	for depth := -1; depth <= 16; depth++ {
		if msg := fastDisagreement(t, body, depth); msg != "" {
			t.Errorf("maxDepth %d: %s", depth, msg)
		}
	}
	if _, ok := fastDecode(body, 13); ok {
		t.Error("accepted at maxDepth 13")
	}
	if _, ok := fastDecode(body, 14); !ok {
		t.Error("refused at maxDepth 14")
	}
}

// TestFastRichBodyCoversSchema checks that fastRichBody, which the
// mutation tests start from, uses every member name the schema declares:
// a member added to the schema must be added to it (and to the fast
// path, which refuses members it does not know).
func TestFastRichBodyCoversSchema(t *testing.T) {
	var schema any
	if err := json.Unmarshal(importSchema, &schema); err != nil {
		t.Fatal(err)
	}
	declared := map[string]bool{}
	var walkSchema func(v any)
	walkSchema = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			if props, ok := x["properties"].(map[string]any); ok {
				for name := range props {
					declared[name] = true
				}
			}
			for _, e := range x {
				walkSchema(e)
			}
		case []any:
			for _, e := range x {
				walkSchema(e)
			}
		}
	}
	walkSchema(schema)
	used := map[string]bool{}
	_, paths, _ := fastRichPaths(t)
	for _, p := range paths {
		if i := strings.LastIndexByte(p, '/'); i >= 0 {
			used[p[i+1:]] = true
		}
	}
	for name := range declared {
		if !used[name] {
			t.Errorf("the schema declares a member %q that fastRichBody does not use", name)
		}
	}
}

// FuzzFastPathAgreesWithSchema checks, for any body, that fastDecode's
// verdict is the contract's (syntax, UTF-8, distinct names, depth,
// jsonschema/v5's verdict, encoding/json's success) and that what it
// decodes equals encoding/json's decoding; and that a body it takes is
// one Structure.Check finds no problem in. The depth input varies the
// nesting limit around the seeds' needs.
func FuzzFastPathAgreesWithSchema(f *testing.F) {
	// Without -fuzz, TestFastPathAgreesWithSchema runs the mutations; the
	// seeds then are the other bodies only.
	fuzzing := flag.Lookup("test.fuzz") != nil && flag.Lookup("test.fuzz").Value.String() != ""
	for name, b := range fastAgreementBodies(f) {
		if fuzzing || !strings.HasPrefix(name, "rich ") && !strings.HasPrefix(name, "exportgen-1 ") {
			f.Add(b, uint8(fastTestDepth))
		}
	}
	f.Add([]byte(fastRichBody), uint8(13))
	f.Fuzz(func(t *testing.T, body []byte, depth uint8) {
		if msg := fastDisagreement(t, body, int(depth)); msg != "" {
			t.Fatalf("maxDepth %d: %s\nbody: %q", depth, msg, body)
		}
		if msg := fastStructureDisagreement(t, body); msg != "" {
			t.Fatalf("%s\nbody: %q", msg, body)
		}
	})
}

// fastRichPaths lists the JSON pointers of every value of fastRichBody,
// with whether the value is an object.
func fastRichPaths(tb testing.TB) (doc any, paths []string, objects []bool) {
	tb.Helper()
	dec := json.NewDecoder(strings.NewReader(fastRichBody))
	dec.UseNumber()
	if err := dec.Decode(&doc); err != nil {
		tb.Fatal(err)
	}
	var visit func(at string, v any)
	visit = func(at string, v any) {
		_, isObject := v.(map[string]any)
		paths = append(paths, at)
		objects = append(objects, isObject)
		switch x := v.(type) {
		case map[string]any:
			keys := make([]string, 0, len(x))
			for k := range x {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				visit(at+"/"+k, x[k])
			}
		case []any:
			for i, e := range x {
				visit(fmt.Sprintf("%s/%d", at, i), e)
			}
		}
	}
	visit("", doc)
	return doc, paths, objects
}

// FuzzFastPathMemberValues is FuzzFastPathAgreesWithSchema with the
// fuzzer's bytes placed inside a valid body, so that they reach the checks
// of every member: value replaces the value at slot of fastRichBody or,
// when name is not empty and slot is an object, is added to it as member
// name.
func FuzzFastPathMemberValues(f *testing.F) {
	doc, paths, objects := fastRichPaths(f)
	for i := range paths {
		f.Add(uint16(i), "", []byte(`"2024-01-02T03:04:05Z"`))
		f.Add(uint16(i), "", []byte(`1000.0`))
	}
	f.Add(uint16(0), "Project", []byte(`"x"`))
	f.Add(uint16(1), "extra", []byte(`{"a":[1,{"b":"\ud800"}]}`))
	f.Fuzz(func(t *testing.T, slot uint16, name string, value []byte) {
		i := int(slot) % len(paths)
		m := fastMutation{at: paths[i], kind: fastReplace, raw: string(value)}
		if name != "" {
			if !objects[i] || !utf8.ValidString(name) {
				return
			}
			m = fastMutation{at: paths[i], kind: fastAdd, name: name, raw: string(value)}
		}
		var b bytes.Buffer
		fastEncode(&b, doc, "", m)
		if msg := fastDisagreement(t, b.Bytes(), fastTestDepth); msg != "" {
			t.Fatalf("%s\nbody: %q", msg, b.Bytes())
		}
		if msg := fastStructureDisagreement(t, b.Bytes()); msg != "" {
			t.Fatalf("%s\nbody: %q", msg, b.Bytes())
		}
	})
}

// FuzzFastDateTime checks fastIsDateTime against jsonschema/v5's
// date-time check and fastUTCDateTime against model.ParseDateTime.
func FuzzFastDateTime(f *testing.F) {
	for _, s := range []string{
		"2024-01-02T03:04:05Z", "2024-01-02t03:04:05.123z", "2016-12-31T23:59:60Z", "2016-12-31T15:59:60-08:00",
		"2024-01-02T+1:04:05Z", "2024-02-30T00:00:00Z", "2024-01-02T03:04:05+23:59", "2024-01-02T03:04:05.1234567891Z",
		"0000-02-29T00:00:00Z", "1900-02-29T00:00:00Z", "2024-01-02 03:04:05Z", "2024-01-02T03:04:05-00:00",
	} {
		f.Add(s)
	}
	check := jsonschema.Formats["date-time"]
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := fastIsDateTime(s), check(s); got != want {
			t.Fatalf("fastIsDateTime(%q) = %v, jsonschema says %v", s, got, want)
		}
		if !fastIsDateTime(s) {
			return
		}
		got, ok := fastUTCDateTime(s)
		if !ok {
			return
		}
		want, err := model.ParseDateTime(s)
		if err != nil || !got.Equal(want) || got.Location() != want.Location() {
			t.Fatalf("fastUTCDateTime(%q) = %v, model.ParseDateTime gives %v, %v", s, got, want, err)
		}
	})
}

// TestFastSpecial checks the SWAR scan of strings against a byte loop.
func TestFastSpecial(t *testing.T) {
	for _, special := range []byte{0, 0x1f, '"', '\\', 0x80, 0xff} {
		for pos := 0; pos < 8; pos++ {
			for _, fill := range []byte{' ', 'a', '!', '#', '[', ']', 0x7f} {
				b := bytes.Repeat([]byte{fill}, 8)
				b[pos] = special
				x := uint64(0)
				for i := 7; i >= 0; i-- {
					x = x<<8 | uint64(b[i])
				}
				m := fastSpecial(x)
				if m == 0 {
					t.Fatalf("%q: special byte at %d not flagged", b, pos)
				}
				if first := bitsTrailing(m) / 8; first != pos {
					t.Fatalf("%q: first flagged byte %d, want %d", b, first, pos)
				}
			}
		}
	}
	for c := 0x20; c < 0x80; c++ {
		if c == '"' || c == '\\' {
			continue
		}
		if m := fastSpecial(uint64(c) * fastLSB); m != 0 {
			t.Fatalf("plain byte %q flagged: %x", rune(c), m)
		}
	}
}

// bitsTrailing is the number of trailing zero bits of a non-zero x.
func bitsTrailing(x uint64) int {
	n := 0
	for x&1 == 0 {
		x >>= 1
		n++
	}
	return n
}
