package fastpath

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/flagadmin/flagadmin/internal/jsonwire"

	"github.com/google/go-cmp/cmp"
	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/flagadmin/flagadmin/importvalidate/internal/ajvformat"
	"github.com/flagadmin/flagadmin/model"
)

// testSchema returns importvalidate's import.schema.json compiled with
// the reference's date-time check (ajvformat.DateTime) and formats
// asserted.
func testSchema(tb testing.TB) *jsonschema.Schema { return must(tb, compileSchema) }

// compileSchema compiles the schema of testSchema, once per test binary.
var compileSchema = sync.OnceValues(func() (*jsonschema.Schema, error) {
	doc, err := readSchemaDocument()
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	c.Draft = jsonschema.Draft2020
	c.AssertFormat = true
	c.Formats["date-time"] = func(v any) bool {
		s, ok := v.(string)
		return !ok || ajvformat.DateTime(s)
	}
	if err := c.AddResource("urn:fastpath-test:import.schema.json", bytes.NewReader(doc)); err != nil {
		return nil, err
	}
	compiled, err := c.Compile("urn:fastpath-test:import.schema.json")
	if err != nil {
		return nil, fmt.Errorf("compiling import.schema.json: %w", err)
	}
	return compiled, nil
})

// decodeNumbers decodes body as jsonschema/v5 reads a document: numbers
// as json.Number.
func decodeNumbers(body []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var doc any
	err := dec.Decode(&doc)
	return doc, err
}

// expectation is what Decode must give for a body: ok, and when ok
// the value encoding/json decodes. why names the first reason for !ok.
type expectation struct {
	ok   bool
	want *model.ImportRequest
	why  string
}

// expect computes Decode's verdict on body from the contract.
func expect(tb testing.TB, body []byte, maxDepth int) expectation {
	tb.Helper()
	if !json.Valid(body) {
		return expectation{why: "syntax"}
	}
	if !utf8.Valid(body) {
		return expectation{why: "utf-8"}
	}
	if why := namesAndDepth(body, maxDepth); why != "" {
		return expectation{why: why}
	}
	// Names compare as JSON.parse reads them: two unpaired surrogates
	// differ (encoding/json reads both as U+FFFD). The scanner compares
	// them so (its own tests hold it to node).
	if issues, _ := jsonwire.Scan(body, 1<<30); len(issues) > 0 {
		return expectation{why: "duplicate name: " + issues[0].What}
	}
	doc, err := decodeNumbers(body)
	if err != nil {
		return expectation{why: "jsonschema cannot read the body: " + err.Error()}
	}
	if err := validate(testSchema(tb), asDoubles(doc)); err != nil {
		return expectation{why: "schema: " + err.Error()}
	}
	if name := foldCollision(doc); name != "" {
		return expectation{why: "open object member " + name + " folds to a declared one"}
	}
	var want model.ImportRequest
	if err := json.Unmarshal(body, &want); err != nil {
		expectedUnmarshalFailure(tb, body, err)
		return expectation{why: "encoding/json: " + err.Error()}
	}
	return expectation{ok: true, want: &want}
}

// asDoubles returns doc with every number replaced by the shortest
// decimal of the IEEE double JSON.parse reads it as, and a number beyond
// the double range by ±1e400 (ajv takes Infinity for a whole number beyond
// every bound): the reference judges the doubles.
func asDoubles(doc any) any {
	switch x := doc.(type) {
	case json.Number:
		f, _ := strconv.ParseFloat(string(x), 64)
		switch {
		case math.IsInf(f, 1):
			return json.Number("1e400")
		case math.IsInf(f, -1):
			return json.Number("-1e400")
		}
		return json.Number(strconv.FormatFloat(f, 'g', -1, 64))
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = asDoubles(e)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = asDoubles(e)
		}
		return out
	}
	return doc
}

// validate runs the schema check, turning a panic (jsonschema/v5 panics
// on numbers big.Rat cannot read) into an error.
func validate(s *jsonschema.Schema, doc any) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("jsonschema panicked: %v", r)
		}
	}()
	return s.Validate(doc)
}

// expectedUnmarshalFailure fails the test when encoding/json rejects a
// schema-valid body for a reason Decode's contract does not list.
func expectedUnmarshalFailure(tb testing.TB, body []byte, err error) {
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

// namesAndDepth walks body (valid JSON) and reports nesting deeper than
// maxDepth.
func namesAndDepth(body []byte, maxDepth int) string {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	return walkTokens(dec, 0, maxDepth)
}

// walkTokens reads one value from dec, whose containers open at depth
// +1, and reports the first problem namesAndDepth looks for.
func walkTokens(dec *json.Decoder, depth, maxDepth int) string {
	tok, err := dec.Token()
	if err != nil {
		return "token: " + err.Error()
	}
	switch tok {
	case json.Delim('{'):
		if depth+1 > maxDepth {
			return "depth"
		}
		for dec.More() {
			if _, err := dec.Token(); err != nil {
				return "token: " + err.Error()
			}
			if why := walkTokens(dec, depth+1, maxDepth); why != "" {
				return why
			}
		}
		_, err = dec.Token()
	case json.Delim('['):
		if depth+1 > maxDepth {
			return "depth"
		}
		for dec.More() {
			if why := walkTokens(dec, depth+1, maxDepth); why != "" {
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

// foldCollision returns the name of an extra member of an open object
// of doc (a schema-valid body) that equals a declared member's name under
// case folding, or "".
func foldCollision(doc any) string {
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

// disagreement runs Decode on a copy of body and compares it with
// expect; it returns "" when they agree. The copy is overwritten
// before the comparison: the result must not depend on the caller's
// buffer.
func disagreement(tb testing.TB, body []byte, maxDepth int) string {
	tb.Helper()
	exp := expect(tb, body, maxDepth)
	in := bytes.Clone(body)
	got, ok := Decode(in, maxDepth)
	for i := range in {
		in[i] = 'x'
	}
	if ok != exp.ok {
		if exp.ok {
			return "Decode refused a body the contract accepts"
		}
		return "Decode accepted a body the contract refuses (" + exp.why + ")"
	}
	if got == nil != !ok {
		return fmt.Sprintf("Decode returned req %v with ok %v", got != nil, ok)
	}
	if !ok {
		return ""
	}
	// reflect.DeepEqual is a quick first look; go-cmp, which compares
	// times with Equal, decides.
	// encoding/json reads an unpaired surrogate as U+FFFD; the fast path
	// keeps it (WTF-8), as JSON.parse does: compare with it read as U+FFFD.
	lone := cmp.Transformer("loneSurrogates", func(s string) string { return wtf8AsReplacement(s) })
	if !reflect.DeepEqual(exp.want, got) {
		if diff := cmp.Diff(exp.want, got, lone); diff != "" && !surrogateInName(body) {
			return "decoded value differs from encoding/json's (-want +got):\n" + diff
		}
	}
	if bytes.Contains(body, []byte(`\ud`)) || bytes.Contains(body, []byte(`\uD`)) {
		return "" // re-encoding writes each byte of a surrogate as U+FFFD
	}
	wantJSON, err1 := json.Marshal(exp.want)
	gotJSON, err2 := json.Marshal(got)
	if err1 != nil || err2 != nil || !bytes.Equal(wantJSON, gotJSON) {
		return fmt.Sprintf("re-encoded values differ (%v, %v):\n%s\n%s", err1, err2, wantJSON, gotJSON)
	}
	return ""
}

// wtf8AsReplacement returns s with each unpaired surrogate (WTF-8) as
// U+FFFD, as encoding/json decodes it.
func wtf8AsReplacement(s string) string {
	var b []byte
	for i := 0; i < len(s); i++ {
		if _, ok := jsonwire.Surrogate(s[i:]); ok {
			if b == nil {
				b = []byte(s[:i])
			}
			b = append(b, "\uFFFD"...)
			i += 2
			continue
		}
		if b != nil {
			b = append(b, s[i])
		}
	}
	if b == nil {
		return s
	}
	return string(b)
}

// surrogateInName reports whether a member name of body holds an unpaired
// surrogate: encoding/json merges such names into one (U+FFFD), so its
// decoding is no reference for the value there.
func surrogateInName(body []byte) bool {
	found := false
	jsonwire.WalkPointers(body, func(off int, key bool, ptr []byte) bool {
		if key {
			for i := range ptr {
				if _, ok := jsonwire.Surrogate(string(ptr[i:])); ok {
					found = true
				}
			}
		}
		return !found
	})
	return found
}
