package fastpath

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/flagadmin/flagadmin/importvalidate/internal/schema"

	"github.com/flagadmin/flagadmin/internal/testharness/exportgen"
)

// The fast path's tests hold Decode to its contract: its verdict is
// computed independently (encoding/json for syntax, UTF-8 and duplicate
// names, jsonschema/v5 for the schema, json.Unmarshal for the decoded
// value) and compared on recorded requests, generated exports, mutations
// of them and, under -fuzz, on anything.

// testDepth is the nesting limit the agreement tests give Decode.
const testDepth = 64

// TestFastPathAgreesWithSchema runs the agreement check of the fuzz target
// on every seed: recorded requests, generated exports, crafted edge cases
// and mutations.
func TestFastPathAgreesWithSchema(t *testing.T) {
	bodies := agreementBodies(t)
	names := make([]string, 0, len(bodies))
	for name := range bodies {
		names = append(names, name)
	}
	sort.Strings(names)
	accepted := 0
	for _, name := range names {
		if msg := disagreement(t, bodies[name], testDepth); msg != "" {
			t.Errorf("%s: %s\nbody: %.3000s", name, msg, bodies[name])
			continue
		}
		if _, ok := Decode(bodies[name], testDepth); ok {
			accepted++
		}
	}
	t.Logf("%d bodies, %d on the fast path", len(bodies), accepted)
}

// schemaDocument reads the schema the fast path is held to, the one
// importvalidate embeds.
func schemaDocument(tb testing.TB) []byte { return must(tb, readSchemaDocument) }

func readSchemaDocument() ([]byte, error) {
	return os.ReadFile(filepath.Join("..", "..", "import.schema.json"))
}

// testChecker returns the slow path of the structural tier with the tests'
// depth limit.
func testChecker(tb testing.TB) *schema.Checker { return must(tb, buildChecker) }

// buildChecker builds the checker of testChecker, once per test binary.
var buildChecker = sync.OnceValues(func() (*schema.Checker, error) {
	doc, err := readSchemaDocument()
	if err != nil {
		return nil, err
	}
	return schema.New(doc, schema.Options{MaxProblems: 1000, MaxDepth: testDepth})
})

// must returns what load gives, and fails tb when load fails.
func must[T any](tb testing.TB, load func() (T, error)) T {
	tb.Helper()
	v, err := load()
	if err != nil {
		tb.Fatal(err)
	}
	return v
}

// structureDisagreement reports, for a body Decode takes with the tests'
// depth limit, a problem the slow path finds in it.
func structureDisagreement(tb testing.TB, body []byte) string {
	tb.Helper()
	if _, ok := Decode(body, testDepth); !ok {
		return ""
	}
	if _, problems, _ := testChecker(tb).Check(context.Background(), body); len(problems) > 0 {
		return fmt.Sprintf("taken by the fast path, but the slow path reports %d problems, first of kind %d at %q: %+v",
			len(problems), problems[0].Kind, problems[0].Location.Pointer, problems[0].Detail)
	}
	return ""
}

// TestFastPathImpliesStructureValid checks the direction of the agreement
// the validation relies on: a body Decode takes is one the slow path
// (schema.Checker.Check, which does not consult the fast path) with the
// same depth limit finds no problem in.
func TestFastPathImpliesStructureValid(t *testing.T) {
	bodies := agreementBodies(t)
	bodies["exportgen 1000"] = exportgen.JSON(exportgen.Options{Features: 1000, Seed: 1})
	for name, b := range bodies {
		if msg := structureDisagreement(t, b); msg != "" {
			t.Errorf("%s: %s", name, msg)
		}
	}
}

// TestFastPathTakesValidBodies checks that the bodies a valid request is
// made of take the fast path: realistic exports, recorded valid requests
// and the crafted valid ones.
func TestFastPathTakesValidBodies(t *testing.T) {
	must := map[string][]byte{
		"rich":           []byte(richBody),
		"empty optional": []byte(emptyOptionalBody),
		"exportgen 1000": exportgen.JSON(exportgen.Options{Features: 1000, Seed: 1}),
	}
	for name, b := range generated() {
		must[name] = b
	}
	for name, b := range recordedBodies(t) {
		if strings.Contains(name, "schema-") || strings.Contains(name, "malformed") || len(b) == 0 {
			continue
		}
		must[name] = b
	}
	for name, b := range must {
		if _, ok := Decode(b, testDepth); !ok {
			t.Errorf("%s: not on the fast path (%s)", name, expect(t, b, testDepth).why)
		}
	}
}

// TestFastPathLargeExportAgrees compares a 1000-feature export's decoding
// with encoding/json's.
func TestFastPathLargeExportAgrees(t *testing.T) {
	body := exportgen.JSON(exportgen.Options{Features: 1000, Seed: 1, ProblemShare: 0.1})
	if msg := disagreement(t, body, testDepth); msg != "" {
		t.Fatal(msg)
	}
}

// TestFastPathDepthLimit checks the nesting limit at its edge: the rich
// body nests 15 levels (data.features[].environments[].releasePlans[].
// milestones[].strategies[].variants[].payload).
func TestFastPathDepthLimit(t *testing.T) {
	body := []byte(richBody)
	for depth := -1; depth <= 16; depth++ {
		if msg := disagreement(t, body, depth); msg != "" {
			t.Errorf("maxDepth %d: %s", depth, msg)
		}
	}
	if _, ok := Decode(body, 14); ok {
		t.Error("accepted at maxDepth 14")
	}
	if _, ok := Decode(body, 15); !ok {
		t.Error("refused at maxDepth 15")
	}
}

// TestFastRichBodyCoversSchema checks that richBody, which the
// mutation tests start from, uses every member name the schema declares:
// a member added to the schema must be added to it (and to the fast
// path, which refuses members it does not know).
func TestFastRichBodyCoversSchema(t *testing.T) {
	var doc any
	if err := json.Unmarshal(schemaDocument(t), &doc); err != nil {
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
	walkSchema(doc)
	used := map[string]bool{}
	_, paths, _ := richPaths(t)
	for _, p := range paths {
		if i := strings.LastIndexByte(p, '/'); i >= 0 {
			used[p[i+1:]] = true
		}
	}
	for name := range declared {
		if !used[name] {
			t.Errorf("the schema declares a member %q that richBody does not use", name)
		}
	}
}
