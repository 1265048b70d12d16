package importvalidate

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/flagadmin/flagadmin/model"
)

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
