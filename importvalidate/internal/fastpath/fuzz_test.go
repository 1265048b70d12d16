package fastpath

import (
	"bytes"
	"flag"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
)

// FuzzFastPathAgreesWithSchema checks, for any body, that Decode's
// verdict is the contract's (syntax, UTF-8, distinct names, depth,
// jsonschema/v5's verdict, encoding/json's success) and that what it
// decodes equals encoding/json's decoding; and that a body it takes is
// one Structure.Check finds no problem in. The depth input varies the
// nesting limit around the seeds' needs.
func FuzzFastPathAgreesWithSchema(f *testing.F) {
	// Without -fuzz, TestFastPathAgreesWithSchema runs the mutations; the
	// seeds then are the other bodies only.
	for name, b := range agreementBodies(f) {
		if fuzzing() || !strings.HasPrefix(name, "rich ") && !strings.HasPrefix(name, "exportgen-1 ") {
			f.Add(b, uint8(testDepth))
		}
	}
	f.Add([]byte(richBody), uint8(13))
	f.Fuzz(func(t *testing.T, body []byte, depth uint8) {
		if msg := disagreement(t, body, int(depth)); msg != "" {
			t.Fatalf("maxDepth %d: %s\nbody: %q", depth, msg, body)
		}
		if msg := structureDisagreement(t, body); msg != "" {
			t.Fatalf("%s\nbody: %q", msg, body)
		}
	})
}

// richPaths lists the JSON pointers of every value of richBody,
// with whether the value is an object.
func richPaths(tb testing.TB) (doc any, paths []string, objects []bool) {
	tb.Helper()
	doc, err := decodeNumbers([]byte(richBody))
	if err != nil {
		tb.Fatal(err)
	}
	var visit func(at string, v any)
	visit = func(at string, v any) {
		_, isObject := v.(map[string]any)
		paths = append(paths, at)
		objects = append(objects, isObject)
		switch x := v.(type) {
		case map[string]any:
			for _, k := range slices.Sorted(maps.Keys(x)) {
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
// of every member: value replaces the value at slot of richBody or,
// when name is not empty and slot is an object, is added to it as member
// name.
func FuzzFastPathMemberValues(f *testing.F) {
	doc, paths, objects := richPaths(f)
	// Two seeds at every place under -fuzz or in the long tests
	// (testutil.Long), else at every eighth.
	every := 8
	if testutil.Long() || fuzzing() {
		every = 1
	}
	for i := 0; i < len(paths); i += every {
		f.Add(uint16(i), "", []byte(`"2024-01-02T03:04:05Z"`))
		f.Add(uint16(i), "", []byte(`1000.0`))
	}
	f.Add(uint16(0), "Project", []byte(`"x"`))
	f.Add(uint16(1), "extra", []byte(`{"a":[1,{"b":"\ud800"}]}`))
	f.Fuzz(func(t *testing.T, slot uint16, name string, value []byte) {
		i := int(slot) % len(paths)
		m := mutation{at: paths[i], kind: mutReplace, raw: string(value)}
		if name != "" {
			if !objects[i] || !utf8.ValidString(name) {
				return
			}
			m = mutation{at: paths[i], kind: mutAdd, name: name, raw: string(value)}
		}
		var b bytes.Buffer
		encode(&b, doc, "", m)
		if msg := disagreement(t, b.Bytes(), testDepth); msg != "" {
			t.Fatalf("%s\nbody: %q", msg, b.Bytes())
		}
		if msg := structureDisagreement(t, b.Bytes()); msg != "" {
			t.Fatalf("%s\nbody: %q", msg, b.Bytes())
		}
	})
}

// fuzzing reports whether the test binary runs with -fuzz.
func fuzzing() bool {
	fl := flag.Lookup("test.fuzz")
	return fl != nil && fl.Value.String() != ""
}
