package importvalidate_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/flagadmin/flagadmin/auth"
	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/internal/testharness/conformance"
	"github.com/flagadmin/flagadmin/internal/testharness/exportgen"
	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
	"github.com/flagadmin/flagadmin/model"
)

// The fuzz targets of this directory and the types of their arguments, in
// order. TestFuzzSeedsLoad checks every seed file against them.
var fuzzTargets = map[string][]reflect.Type{
	"FuzzValidate":       {reflect.TypeFor[[]byte](), reflect.TypeFor[bool](), reflect.TypeFor[bool](), reflect.TypeFor[byte]()},
	"FuzzDecodeSnapshot": {reflect.TypeFor[[]byte]()},
}

// fuzzCallers are the callers FuzzValidate validates for, chosen by its
// last argument modulo their number: no permission check, an admin token,
// a user without grants and a user who may create and update features in
// the default project.
var fuzzCallers = []importvalidate.Permissions{
	importvalidate.AllPermissions{},
	&auth.Principal{Kind: auth.KindAdmin},
	&auth.Principal{Kind: auth.KindUser, UserID: 2},
	&auth.Principal{Kind: auth.KindUser, UserID: 3, Grants: []model.Grant{
		{Permission: string(importvalidate.PermCreateFeature), Project: "default"},
		{Permission: string(importvalidate.PermUpdateFeature), Project: "default"},
		{Permission: string(importvalidate.PermCreateFeatureStrategy), Project: "default", Environment: "development"},
	}},
}

// fuzzProblemCodes are the codes a structural problem of a report may have.
var fuzzProblemCodes = map[importvalidate.Code]bool{
	importvalidate.CodeSyntax: true, importvalidate.CodeInvalidUTF8: true, importvalidate.CodeDuplicateKey: true,
	importvalidate.CodeMaxDepth: true, importvalidate.CodeRequired: true, importvalidate.CodeAdditionalProperty: true,
	importvalidate.CodeType: true, importvalidate.CodeEnum: true, importvalidate.CodeMaximum: true,
	importvalidate.CodeMinimum: true, importvalidate.CodeMinLength: true, importvalidate.CodeMaxLength: true,
	importvalidate.CodePattern: true, importvalidate.CodeFormat: true, importvalidate.CodeTooManyProblems: true,
	importvalidate.CodeDecode: true, importvalidate.CodeCoerced: true, importvalidate.CodeByteOrderMark: true,
	importvalidate.CodeNumber: true,
}

// fuzzHarness is what FuzzValidate builds once per process.
type fuzzHarness struct {
	// validators by [strict], both on one default state.
	validators [2]*importvalidate.Validator
	// response is the compiled testdata/validate-response.schema.json.
	response *jsonschema.Schema
}

func newFuzzHarness(tb testing.TB) *fuzzHarness {
	tb.Helper()
	snap, err := model.DefaultSnapshot()
	if err != nil {
		tb.Fatal(err)
	}
	st := memoryState(tb, snap)
	h := &fuzzHarness{response: compileResponseSchema(tb)}
	for s := range 2 {
		if h.validators[s], err = importvalidate.New(importvalidate.Options{State: st, Strict: s == 1}); err != nil {
			tb.Fatal(err)
		}
	}
	return h
}

// compileResponseSchema compiles the JSON Schema of the validation
// response from testdata; the compiler loads nothing else.
func compileResponseSchema(tb testing.TB) *jsonschema.Schema {
	tb.Helper()
	const url = "urn:flagadmin:test:import-toggles-validate-schema"
	b, err := os.ReadFile(filepath.Join("testdata", "validate-response.schema.json"))
	if err != nil {
		tb.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.Draft = jsonschema.Draft2020
	c.AssertFormat = true
	c.LoadURL = func(u string) (io.ReadCloser, error) {
		return nil, fmt.Errorf("the response schema loads no external resource (%s)", u)
	}
	if err := c.AddResource(url, bytes.NewReader(b)); err != nil {
		tb.Fatal(err)
	}
	s, err := c.Compile(url)
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

// checkAgainst encodes v with encoding/json and validates it against s.
func checkAgainst(s *jsonschema.Schema, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	var inst any
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if err := dec.Decode(&inst); err != nil {
		return err
	}
	if err := s.Validate(inst); err != nil {
		return fmt.Errorf("%s: %w", b, err)
	}
	return nil
}

// FuzzValidate feeds raw bytes to a Validator on the default state,
// strict or not, for one of fuzzCallers, as a request body or as a file
// for the target default/development (an export, or a request body). It
// checks that:
//
//   - Validate never panics nor fails (the in-memory state cannot fail);
//   - every structural problem has a known code, a message and an offset
//     inside the body, is an error or (not strict) a warning, and a failed
//     structure leaves no issue;
//   - for a request body, a report with decode problems comes from a body
//     that passed the structural check but does not decode with
//     encoding/json as it stands, and has no other structural problem;
//   - the only bodies that pass the structural check and do not decode as they
//     stand are those with a number the member's Go type does not take as
//     written (see knownDecodeGap): the validator decodes whole numbers in
//     integer members (5.0, 1e2) after rewriting them, and the rest (1e400,
//     1e19) as the nearest value the model holds, with a number warning
//     (an error in strict mode); any other is a bug;
//   - the reference projection and the full response are valid against
//     testdata/validate-response.schema.json;
//   - the same input gives the same report twice.
func FuzzValidate(f *testing.F) {
	h := newFuzzHarness(f)
	f.Add([]byte(`{"project":"default","environment":"development","data":{"features":[],"featureStrategies":[],"tagTypes":[]}}`), false, false, byte(0))
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, body []byte, strict, file bool, caller byte) {
		v := h.validators[0]
		if strict {
			v = h.validators[1]
		}
		target := importvalidate.Target{Permissions: fuzzCallers[int(caller)%len(fuzzCallers)], RequestBody: !file}
		if file {
			target.Project, target.Environment = "default", "development"
		}
		rep, err := v.Validate(ctx, body, target)
		if err != nil {
			t.Fatalf("Validate: %v", err)
		}
		checkProblems(t, body, rep, strict)
		if !file {
			checkDecoded(t, v, body, rep)
		}

		if err := checkAgainst(h.response, rep.Reference()); err != nil {
			t.Fatalf("reference response against its schema: %v", err)
		}
		if err := checkAgainst(h.response, rep.Response()); err != nil {
			t.Fatalf("full response against the schema: %v", err)
		}

		again, err := v.Validate(ctx, body, target)
		if err != nil {
			t.Fatalf("second Validate: %v", err)
		}
		if d := cmp.Diff(rep, again, importvalidate.CmpDiagnostics); d != "" {
			t.Fatalf("the same body gave another report (-first +second):\n%s", d)
		}
	})
}

// checkDecoded checks the decode problems of rep, v's report on the
// request body body, against the body the structural check decodes.
func checkDecoded(t *testing.T, v *importvalidate.Validator, body []byte, rep *importvalidate.Report) {
	t.Helper()
	{
		decoded, ps := v.CheckStructure(body)
		var imp model.ImportRequest
		decodeErr := json.Unmarshal(decoded, &imp)
		if len(decoded) == 0 {
			decodeErr = nil // an empty body is read as {}
		}
		decodeProblems := 0
		for _, p := range rep.Structural {
			if p.Code == importvalidate.CodeDecode {
				decodeProblems++
			}
		}
		switch {
		case decodeErr != nil && !ps.HasErrors() && !knownDecodeGap(decodeErr):
			t.Fatalf("structurally valid body that does not decode: %v", decodeErr)
		case decodeProblems > 0 && (ps.HasErrors() || decodeErr == nil || decodeProblems != errorCount(rep.Structural)):
			t.Fatalf("decode problem for a body that the check rejects or that decodes (%v; check: %v): %v", decodeErr, ps, rep.Structural)
		}
	}
}

// knownDecodeGap reports whether err, from decoding a body that passed
// the structural check, is a number that the schema's "number" or "integer"
// accepts but the member's Go type cannot hold: out of the range of
// float64 or int64 (1e400, 1e19), or an integer written with a fraction or
// an exponent (5.0, 1e2) in an int64 member. The validator reports them as
// a decode problem; the schema does not exclude them.
func knownDecodeGap(err error) bool {
	var te *json.UnmarshalTypeError
	return errors.As(err, &te) && strings.HasPrefix(te.Value, "number ") &&
		(te.Type.Kind() == reflect.Float64 || te.Type.Kind() == reflect.Int64)
}

// errorCount counts the problems that are errors.
func errorCount(ps importvalidate.Problems) int {
	n := 0
	for _, p := range ps {
		if p.Severity == importvalidate.SeverityError {
			n++
		}
	}
	return n
}

// checkProblems checks the structural problems of rep: strict, none may be
// a warning.
func checkProblems(t *testing.T, body []byte, rep *importvalidate.Report, strict bool) {
	t.Helper()
	for _, p := range rep.Structural {
		ok := p.Severity == importvalidate.SeverityError || (!strict && p.Severity == importvalidate.SeverityWarning)
		if !fuzzProblemCodes[p.Code] || !ok || p.Message() == "" || p.FileMessage() == "" {
			t.Fatalf("bad problem %#v", p)
		}
		if p.Location.Offset > int64(len(body)) || p.Location.Offset < -1 {
			t.Fatalf("offset out of range (body of %d bytes): %#v", len(body), p)
		}
	}
	if rep.Structural.HasErrors() && len(rep.Issues) != 0 {
		t.Fatalf("issues beside structural errors: %v", rep.Issues)
	}
	for _, d := range rep.Structural.Details() {
		if d.Message == "" {
			t.Fatalf("detail without a message: %#v", d)
		}
	}
	for _, is := range rep.Issues {
		if is.Code == "" || is.Message == "" || is.Items == nil {
			t.Fatalf("bad issue %#v", is)
		}
		for _, it := range is.Items {
			for _, l := range it.Locations {
				if l.Offset > int64(len(body)) || l.Offset < -1 {
					t.Fatalf("item location out of range: %#v", it)
				}
			}
		}
	}
}

// TestFuzzSeedsLoad reads every seed file under testdata/fuzz and fails
// when one is not in the corpus format of go test fuzz or does not fit the
// arguments of its target.
func TestFuzzSeedsLoad(t *testing.T) {
	checkFuzzSeeds(t, "testdata/fuzz", fuzzTargets)
}

// checkFuzzSeeds checks the seed directories of targets under dir.
func checkFuzzSeeds(t *testing.T, dir string, targets map[string][]reflect.Type) {
	t.Helper()
	for name, types := range targets {
		testutil.CheckSeeds(t, filepath.Join(dir, name), types...)
	}
}

// writeSeedsEnv names the environment variable that makes
// TestWriteFuzzSeeds rewrite the seed corpora.
const writeSeedsEnv = "FLAGADMIN_WRITE_FUZZ_SEEDS"

// TestWriteFuzzSeeds rewrites the seeds of FuzzValidate and
// FuzzDecodeSnapshot from the recorded conformance requests, the recorded
// oracle state and exportgen outputs, when FLAGADMIN_WRITE_FUZZ_SEEDS=1.
// Seeds that the fuzzer added (named by their hash) are kept.
func TestWriteFuzzSeeds(t *testing.T) {
	if os.Getenv(writeSeedsEnv) != "1" {
		t.Skip("set " + writeSeedsEnv + "=1 to rewrite the seed corpora")
	}
	validate := map[string][]byte{}
	add := func(name string, body []byte, caller byte) {
		validate[name] = testutil.MarshalCorpus(t, body, false, false, caller)
		validate[name+"-strict"] = testutil.MarshalCorpus(t, body, true, false, caller)
		validate[name+"-structure-strict"] = testutil.MarshalCorpus(t, body, false, true, caller)
	}
	callers := map[string]byte{
		"*:*.unleash-insecure-admin-api-token":                          1,
		"user:62e4aa0433ed0562b9cef06ab66a0b7233fab6fc07064da0816b9497": 2,
		"user:e9739938270d7f29d0039e15f4a19c4ecbac8459a671ae808e42c2bf": 3,
	}
	for _, c := range conformance.MustLoad(t, "validate-*") {
		add("recorded-"+strings.TrimPrefix(c.Name, "validate-"), c.Request.Payload(), callers[c.Request.Headers["Authorization"]])
	}
	for _, o := range []exportgen.Options{
		{Features: 1, Seed: 1},
		{Features: 3, Seed: 2, ProblemShare: 1},
		{Features: 6, Seed: 3, ProblemShare: 0.5},
		{Features: 4, Seed: 4, Project: "other", Environment: "production", ProblemShare: 1},
	} {
		add(fmt.Sprintf("exportgen-n%d-seed%d", o.Features, o.Seed), exportgen.JSON(o), byte(o.Seed))
	}
	for name, body := range hostileSeeds() {
		add("hostile-"+name, []byte(body), 1)
	}

	snapshots := map[string][]byte{}
	if b, err := os.ReadFile(conformance.StatePath()); err == nil {
		snapshots["oracle-state"] = testutil.MarshalCorpus(t, b)
	} else {
		t.Fatal(err)
	}
	snapshots["default-state"] = testutil.MarshalCorpus(t, model.DefaultSnapshotJSON())
	for _, o := range []exportgen.Options{{Features: 12, Seed: 5, ProblemShare: 1}, {Features: 2, Project: "other"}} {
		b, err := json.Marshal(exportgen.Snapshot(o))
		if err != nil {
			t.Fatal(err)
		}
		snapshots[fmt.Sprintf("exportgen-n%d-seed%d", o.Features, o.Seed)] = testutil.MarshalCorpus(t, b)
	}
	for name, s := range hostileSnapshotSeeds() {
		snapshots["hostile-"+name] = testutil.MarshalCorpus(t, []byte(s))
	}

	testutil.WriteSeeds(t, filepath.Join("testdata", "fuzz", "FuzzValidate"), validate)
	testutil.WriteSeeds(t, filepath.Join("testdata", "fuzz", "FuzzDecodeSnapshot"), snapshots)
}

// hostileSeeds are small bodies of the kinds hostile_test.go builds big.
func hostileSeeds() map[string]string {
	const pre = `{"project":"default","environment":"development","data":{"features":[`
	const post = `],"featureStrategies":[],"tagTypes":[]}}`
	return map[string]string{
		"bom":            "\xef\xbb\xbf" + pre + post,
		"deep-brackets":  strings.Repeat("[", 1100),
		"deep-object":    pre + `{"name":"f","strategies":[` + strings.Repeat(`{"a":`, 40) + "1" + strings.Repeat("}", 40) + `]}` + post,
		"numbers":        `{"project":"default","environment":"development","data":{"features":[],"featureStrategies":[{"name":"default","sortOrder":1e400,"segments":[-0,1E-400,0.0]}],"featureEnvironments":[{"name":"f","enabled":true,"yes":-0,"no":1e2}],"tagTypes":[]}}`,
		"int-fraction":   `{"project":"default","environment":"development","data":{"features":[],"featureStrategies":[{"name":"default","variants":[{"name":"v","weight":5.0,"weightType":"fix","stickiness":"default"}]}],"contextFields":[{"name":"c","sortOrder":99999999999999999999}],"tagTypes":[]}}`,
		"nul-in-name":    pre + `{"name":"a\u0000b"}` + post,
		"raw-nul":        pre + "{\"name\":\"a\x00b\"}" + post,
		"invalid-utf8":   pre + "{\"name\":\"\xff\xfe\"},{\"name\":\"\xc3\x28\"}" + post,
		"controls":       pre + `{"name":"\u0001\u001f\b\f\n\r\t"}` + post,
		"raw-tab":        pre + "{\"name\":\"a\tb\"}" + post,
		"duplicate-keys": `{"project":"default","project":"default","environment":"development","data":{"features":[{"name":"a","name":"b"}],"featureStrategies":[],"tagTypes":[],"tagTypes":[]}}`,
		"duplicates":     pre + `{"name":"a"},{"name":"b"},{"name":"a"},{"name":"a"}` + post,
		"surrogates":     pre + `{"name":"\ud800"},{"name":"\udc00\ud800"},{"name":"\ud83d\ude00"}` + post,
		"escaped-keys":   `{"proj\u0065ct":"default","environment":"development","data":{"features":[],"featureStrategies":[],"tagTypes":[]},"pro\u006aect":"x"}`,
		"long-string":    pre + `{"name":"` + strings.Repeat("x", 5000) + `"}` + post,
		"empty":          "",
		"whitespace":     " \t\r\n",
		"trailing":       pre + post + " x",
		"date-times":     pre + `{"name":"f","createdAt":"2020-12-31T23:59:60Z","lastSeenAt":"2024-02-30T00:00:00Z","archivedAt":"0000-01-01T00:00:00+23:59","lifecycle":{"stage":"live","enteredStageAt":"9999-12-31T23:59:59.999999999-23:59"}}` + post,
	}
}

// hostileSnapshotSeeds are small hostile state snapshots.
func hostileSnapshotSeeds() map[string]string {
	return map[string]string{
		"empty":          "",
		"null":           "null",
		"array":          "[]",
		"trailing":       "{} x",
		"truncated":      `{"tokens":[`,
		"unknown-member": `{"tokenz":[]}`,
		"token-types":    `{"users":[{"id":1,"rootRole":1,"deleted":true},{"id":2}],"roles":[{"id":1,"name":"Admin","type":"root","grants":[{"permission":"ADMIN"}]},{"id":3,"name":"Viewer","type":"root"}],"tokens":[{"secret":"a-secret-of-an-admin","type":"admin"},{"secret":"secret-of-a-deleted-user","type":"personal","userId":1},{"secret":"no-role-user-secret","type":"personal","userId":2},{"secret":"client-secret-value","type":"client"},{"secret":"frontend-secret-value","type":"frontend"}]}`,
		"bad-token-type": `{"tokens":[{"secret":"some-secret-value","type":"root"}]}`,
		"dup-secret":     `{"tokens":[{"secret":"same-secret-twice","type":"admin"},{"secret":"same-secret-twice","type":"client"}]}`,
		"dup-feature":    `{"features":[{"name":"f","project":"a"},{"name":"f","project":"b"}]}`,
		"limits":         `{"projects":[{"id":"p","featureLimit":-1}]}`,
		"bad-pattern":    `{"projects":[{"id":"default","featureNaming":{"pattern":"(["}}],"features":[{"name":"x","project":"default","strategyEnvironments":["development"]}]}`,
		"dates":          `{"users":[{"id":1,"createdAt":"2020-12-31T23:59:60Z","seenAt":null}]}`,
		"big-numbers":    `{"users":[{"id":1e400}],"segments":[{"id":1.5,"name":"s"}]}`,
	}
}
