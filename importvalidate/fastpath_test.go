package importvalidate

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/flagadmin/flagadmin/importvalidate/internal/exportgen"
)

// The fast path's tests hold fastDecode to its contract: its verdict is
// computed independently (encoding/json for syntax, UTF-8 and duplicate
// names, jsonschema/v5 for the schema, json.Unmarshal for the decoded
// value) and compared on recorded requests, generated exports, mutations
// of them and, under -fuzz, on anything.

// fastTestDepth is the nesting limit the agreement tests give fastDecode.
const fastTestDepth = 64

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
