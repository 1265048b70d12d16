package main

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/model"
)

// TestGeneratedFileIsCurrent generates the decode functions in memory and
// compares them with decode_gen.go: a change to import.schema.json or to
// the model's JSON member names must be followed by go generate.
func TestGeneratedFileIsCurrent(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "..", "import.schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	want, err := generate(doc)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join("..", "decode_gen.go"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("decode_gen.go is not what the schema and the model give: run go generate in importvalidate/internal/fastpath")
	}
}

// TestGenerateRefuses checks that what the generator cannot turn into
// code faithful to the schema is an error naming the place.
func TestGenerateRefuses(t *testing.T) {
	// base is a minimal schema of the request; each case replaces the
	// schema of data.
	base := func(data string) string {
		return `{"type":"object","additionalProperties":false,"required":["project","environment","data"],
			"properties":{"project":{"type":"string"},"environment":{"type":"string"},"data":` + data + `}}`
	}
	for _, tt := range []struct {
		name, schema, want string
	}{
		{"unknown keyword", base(`{"type":"object","additionalProperties":false,"properties":{},"minProperties":1}`), "#/properties/data: the fast path generator does not implement minProperties"},
		{"member without field", base(`{"type":"object","additionalProperties":false,"properties":{"nosuch":{"type":"string"}}}`), `has no field with JSON name "nosuch"`},
		{"null into a plain field", base(`{"type":"object","additionalProperties":false,"properties":{"features":{"type":["array","null"],"items":{"type":"object"}}}}`), "cannot tell from absence"},
		{"wrong type", base(`{"type":"object","additionalProperties":false,"properties":{"features":{"type":"string"}}}`), "decoded from types"},
		{"open object without Extra", base(`{"type":"object","properties":{}}`), "no model.Extra field"},
		{"required not declared", base(`{"type":"object","additionalProperties":false,"required":["x"],"properties":{}}`), `required member "x" is not among the properties`},
		{"dangling ref", base(`{"$ref":"#/$defs/Nope"}`), "unresolved $ref"},
		{"two types", `{"type":"object","additionalProperties":false,"properties":{"project":{"type":["string","number"]}}}`, "one type besides null"},
		{"enumeration of a number", base(`{"type":"object","additionalProperties":false,"properties":{"segments":{"type":"array","items":{"type":"object","additionalProperties":false,"properties":{"id":{"type":"number","enum":["1"]}}}}}}`), "an enumeration on type \"number\""},
		{"bound on a string", `{"type":"object","additionalProperties":false,"properties":{"project":{"type":"string","minimum":1}}}`, "numeric bounds on a string"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := generate([]byte(tt.schema))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want one containing %q", err, tt.want)
			}
		})
	}
}

// TestGenerateConstraints checks the code written for the keywords the
// current schema does not use on strings: a pattern other than Color's,
// a format other than date-time, and lengths and an enumeration on one
// member.
func TestGenerateConstraints(t *testing.T) {
	schema := `{"type":"object","additionalProperties":false,"properties":{
		"project":{"type":"string","pattern":"^[a-z]+$","format":"email"},
		"environment":{"type":"string","enum":["a","bb","ccc"],"minLength":2,"maxLength":2}}}`
	src, err := generate([]byte(schema))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`ok = ok && d.patternMatches("^[a-z]+$", out.Project)`,
		`ok = ok && formatHolds("email", out.Project)`,
		`case s == "bb":`,
	} {
		if !bytes.Contains(src, []byte(want)) {
			t.Errorf("the generated code lacks %s", want)
		}
	}
	for _, never := range []string{`case s == "a":`, `case s == "ccc":`} {
		if bytes.Contains(src, []byte(never)) {
			t.Errorf("the generated code accepts an enumeration value the lengths refuse: %s", never)
		}
	}
}

// nestRoot and nestItem are a model whose arrays of one element type nest
// in each other, which the lists of the fast path cannot hold.
type nestRoot struct {
	Items []nestItem `json:"items"`
}

type nestItem struct {
	Name  string     `json:"name"`
	Items []nestItem `json:"items"`
}

// TestGenerateRefusesNestedArraysOfOneType checks that the generator
// refuses, naming the place, a schema whose arrays of one element type
// nest, rather than write code that would find them nested at run time.
func TestGenerateRefusesNestedArraysOfOneType(t *testing.T) {
	schema := `{"type":"object","additionalProperties":false,"properties":{
		"items":{"type":"array","items":{"$ref":"#/$defs/Item"}}},
		"$defs":{"Item":{"type":"object","additionalProperties":false,"required":["name"],"properties":{
			"name":{"type":"string"},"items":{"type":"array","items":{"$ref":"#/$defs/Item"}}}}}}`
	_, err := generateFor([]byte(schema), reflect.TypeOf(nestRoot{}))
	want := "#/$defs/Item/properties/items: arrays of one element type nest"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("error %v, want one containing %q", err, want)
	}
}

// mapRoot is a model with a map of string arrays and a date-time kept as
// written (a string type).
type mapRoot struct {
	Labels map[string][]string `json:"labels"`
	When   model.DateTime      `json:"when"`
}

// TestGenerateMapsAndDateTimes checks the code written for a map of string
// arrays and a model.DateTime, and the refusal, with its place, of the
// maps it cannot decode faithfully.
func TestGenerateMapsAndDateTimes(t *testing.T) {
	doc := func(labels, when string) string {
		return `{"type":"object","additionalProperties":false,"required":["labels"],"properties":{"labels":` + labels + `,"when":` + when + `}}`
	}
	const labels = `{"type":"object","additionalProperties":{"type":"array","items":{"type":"string"}}}`
	const when = `{"type":"string","format":"date-time"}`
	src, err := generateFor([]byte(doc(labels, when)), reflect.TypeOf(mapRoot{}))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`out.Labels, ok = d.stringArrayMap(&d.listString)`,
		`out.When = model.DateTime(s)`,
		`ok = ok && isModelDateTime(string(out.When))`,
	} {
		if !bytes.Contains(src, []byte(want)) {
			t.Errorf("the generated code lacks %s", want)
		}
	}
	for _, tt := range []struct {
		name, labels, when, want string
	}{
		{"map with properties", `{"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":{"type":"array","items":{"type":"string"}}}`, when,
			"#/properties/labels: a map of arrays is decoded from an object whose additionalProperties is an array of strings"},
		{"map of constrained strings", `{"type":"object","additionalProperties":{"type":"array","items":{"type":"string","minLength":1}}}`, when,
			"the arrays of a map hold strings without constraints"},
		{"map of numbers", `{"type":"object","additionalProperties":{"type":"array","items":{"type":"number"}}}`, when,
			"the arrays of a map hold strings without constraints"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := generateFor([]byte(doc(tt.labels, tt.when)), reflect.TypeOf(mapRoot{}))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want one containing %q", err, tt.want)
			}
		})
	}
}
