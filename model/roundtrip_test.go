package model_test

import (
	"bytes"
	"encoding/json"
	"math/big"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/flagadmin/flagadmin/model"
)

// exportsDir holds hand-written and recorded export files (see its README).
const exportsDir = "../testdata/exports"

// TestRoundTripExports decodes every export file into model.ImportRequest,
// encodes it again and checks that no member was lost or invented.
func TestRoundTripExports(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(exportsDir, "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no export files in %s: the round trip needs them", exportsDir)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			b, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			// The files use only members the model names (open objects
			// aside), so the strict decoder accepts them too.
			var strict model.ImportRequest
			if err := model.DecodeStrict(b, &strict); err != nil {
				t.Errorf("DecodeStrict: %v", err)
			}
			assertRoundTrip(t, b)
		})
	}
}

// assertRoundTrip decodes b into model.ImportRequest with encoding/json,
// encodes the result and compares both documents member by member. A second
// round trip must then be byte-for-byte stable.
func assertRoundTrip(t *testing.T, b []byte) {
	t.Helper()
	var req model.ImportRequest
	if err := json.Unmarshal(b, &req); err != nil {
		t.Fatalf("decoding: %v", err)
	}
	out, err := json.Marshal(&req)
	if err != nil {
		t.Fatalf("encoding: %v", err)
	}
	want, got := genericJSON(t, b), genericJSON(t, out)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("round trip changed the document (-original +re-encoded):\n%s", diff)
	}

	var again model.ImportRequest
	if err := json.Unmarshal(out, &again); err != nil {
		t.Fatalf("decoding the re-encoded document: %v", err)
	}
	out2, err := json.Marshal(&again)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out, out2) {
		t.Errorf("a second round trip changed the bytes")
	}
}

// genericJSON decodes b into maps, slices, strings, booleans and numbers and
// normalises what encoding through the typed model may legitimately rewrite:
//
//   - Numbers become exact rationals, so 1.0, 1 and 1e0 compare equal: the
//     model holds them as float64 or int64, and encoding writes the shortest
//     form.
//   - A string that is an RFC 3339 date-time (as model.ParseDateTime reads
//     it, lower-case t/z and leap seconds included) becomes the same instant
//     in UTC, RFC3339Nano: the model holds date-times as time.Time, which
//     writes ".000Z" as "Z", keeps the offset but not its spelling, and has
//     no leap second. Every such string is normalised, not only the
//     date-time members, which is harmless because both sides are treated
//     alike.
//
// This normalisation belongs to the test only; the model itself does not
// promise to keep the original spelling of numbers and date-times.
func genericJSON(t *testing.T, b []byte) any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("decoding as generic JSON: %v", err)
	}
	return normalise(t, v)
}

func normalise(t *testing.T, v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			x[k] = normalise(t, e)
		}
	case []any:
		for i, e := range x {
			x[i] = normalise(t, e)
		}
	case json.Number:
		r, ok := new(big.Rat).SetString(string(x))
		if !ok {
			t.Fatalf("number %s does not parse", x)
		}
		return "number:" + r.RatString()
	case string:
		if ts, err := model.ParseDateTime(x); err == nil {
			return "date-time:" + ts.UTC().Format(time.RFC3339Nano)
		}
		return "string:" + x
	}
	return v
}
