package fastpath

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/internal/testharness/exportgen"
	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
)

// recordedBodies returns the body of every recorded validate request
// (rawBody when the recording has one, an empty body when it has none).
func recordedBodies(tb testing.TB) map[string][]byte {
	tb.Helper()
	dir := filepath.Join("..", "..", "..", "testdata", "conformance", "recorded")
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

// generated returns small generated exports.
func generated() map[string][]byte {
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

// richBody carries every member of every object kind of the schema,
// extra members in every open object, nulls where allowed and escapes.
const richBody = `{
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
						"releasePlans": [
							{"id": "rp", "discriminator": "plan", "name": "Plan", "description": null, "featureName": "rich-flag",
							 "environment": "development", "createdByUserId": 1.5e0, "createdAt": "2024-01-02 03:04:05",
							 "activeMilestoneId": null, "releasePlanTemplateId": "t1",
							 "milestones": [
								{"id": "m1", "name": "m", "sortOrder": 0, "releasePlanDefinitionId": "rp", "startedAt": "2024-01-02T03:04:05+01",
								 "transitionCondition": {"intervalMinutes": 30, "x": [null]}, "progressionExecutedAt": null, "pausedAt": "2024-01-02T03:04:05.5-0130",
								 "strategies": [
									{"id": "ms", "milestoneId": "m1", "sortOrder": -2, "title": null, "name": "flexibleRollout", "strategyName": "flexibleRollout",
									 "parameters": {"rollout": "10"}, "constraints": [{"contextName": "appName", "operator": "NOT_IN", "values": ["a"]}],
									 "variants": [{"name": "a", "weight": 1000, "weightType": "fix", "stickiness": "default", "note": "kept",
									   "payload": {"type": "csv", "value": "a,b", "more": 1}}],
									 "segments": [3], "disabled": null},
									{"id": "ms2", "milestoneId": "m1", "sortOrder": 1, "name": "default", "strategyName": "default", "title": "T", "disabled": true}
								 ]},
								{"id": "m2", "name": "n", "sortOrder": 1, "releasePlanDefinitionId": "rp", "transitionCondition": null}
							 ],
							 "safeguards": [
								{"id": "sg1", "action": {"type": "pauseReleasePlanProgressions", "id": "rp"},
								 "triggerCondition": {"operator": ">", "threshold": 0.5},
								 "impactMetric": {"id": "im", "metricName": "errors", "timeRange": "hour", "aggregationMode": "p95",
								   "labelSelectors": {"appName": ["web", "api"], "env": []}, "source": "internal"}}
							 ]},
							{"id": "rp2", "discriminator": "plan", "name": "P2", "featureName": "rich-flag", "environment": "development",
							 "createdByUserId": 2, "createdAt": "2024-01-02T03:04:05Z", "milestones": [], "releasePlanTemplateId": "t2", "safeguards": []}
						],
						"safeguards": [
							{"id": "fs", "action": {"type": "disableFeature", "featureName": "rich-flag", "environment": "development", "project": "default"},
							 "triggerCondition": {"operator": "<", "threshold": -1},
							 "impactMetric": {"id": "im2", "metricName": "latency", "timeRange": "month", "aggregationMode": "rps", "labelSelectors": {}}}
						]
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
				"links": [{"id": "l1", "url": "https://example.com", "title": null, "feature": "rich-flag"}, {"id": "l2", "url": "u2"}]
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
			{"feature": "plain", "links": []}
		]
	}
}`

// emptyOptionalBody has every optional array of ExportData present and
// empty.
const emptyOptionalBody = `{"project":"p","environment":"e","data":{"features":[],"featureStrategies":[],` +
	`"featureEnvironments":[],"contextFields":[],"featureTags":[],"segments":[],"tagTypes":[],"dependencies":[],"links":[]}}`

// craftedBodies are bodies at the edges of the contract.
func craftedBodies() map[string]string {
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
		"empty optional":        emptyOptionalBody,
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
		"payload many keys":     sv(`{"type":"json","value":"v","x":{` + manyKeys(40, false) + `}}`),
		"payload many dup":      sv(`{"type":"json","value":"v","x":{` + manyKeys(40, true) + `}}`),
		"payload bad type":      sv(`{"type":"xml","value":"v"}`),
		"payload no value":      sv(`{"type":"json"}`),
		"deep ok":               deep(testDepth - 7),
		"deep over":             deep(testDepth - 6),
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

// manyKeys returns n members "k0": 0 ...; with dup the last repeats
// the first, escaped.
func manyKeys(n int, dup bool) string {
	parts := make([]string, 0, n+1)
	for i := 0; i < n; i++ {
		parts = append(parts, fmt.Sprintf(`"k%d":%d`, i, i))
	}
	if dup {
		parts = append(parts, `"\u006b0":1`)
	}
	return strings.Join(parts, ",")
}

// agreementBodies returns every named body the agreement test and the
// fuzz target start from: recorded requests, generated exports, crafted
// edge cases and mutations of the rich body and, in the long tests
// (testutil.Long), of a small export. Without the long tests or -fuzz one
// mutation of the rich body in eight is made (see mutations).
func agreementBodies(tb testing.TB) map[string][]byte {
	tb.Helper()
	all := map[string][]byte{}
	for name, b := range recordedBodies(tb) {
		all["recorded "+name] = b
	}
	gen := generated()
	for name, b := range gen {
		all[name] = b
	}
	for name, s := range craftedBodies() {
		all["crafted "+name] = []byte(s)
	}
	every := uint32(8)
	if testutil.Long() || fuzzing() {
		every = 1
	}
	for name, b := range mutations(tb, []byte(richBody), every) {
		all["rich "+name] = b
	}
	if testutil.Long() {
		for name, b := range mutations(tb, gen["exportgen-1-1"], 1) {
			all["exportgen-1 "+name] = b
		}
	}
	all["rich"] = []byte(richBody)
	return all
}

// repeatItems returns n copies of item separated by commas: the inside
// of a JSON array.
func repeatItems(n int, item string) string {
	return strings.TrimSuffix(strings.Repeat(item+",", n), ",")
}

// bodyOf returns a request body whose features and featureStrategies
// arrays hold the items given.
func bodyOf(features, strategies string) []byte {
	return []byte(`{"project":"default","environment":"development","data":{"features":[` + features + `],"featureStrategies":[` + strategies + `],"tagTypes":[]}}`)
}
