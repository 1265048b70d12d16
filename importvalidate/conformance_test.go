package importvalidate_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/auth"
	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/model"
)

// conformanceDir holds the module's copy of the reference server's recorded
// answers and the state behind them.
const conformanceDir = "../testdata/conformance"

type recordedRequest struct {
	Method  string            `json:"method"`
	Path    string            `json:"path"`
	Headers map[string]string `json:"headers"`
	Body    json.RawMessage   `json:"body"`
	RawBody *string           `json:"rawBody"`
}

type recordedResponse struct {
	Status int             `json:"status"`
	Body   json.RawMessage `json:"body"`
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("reading %s: %v", path, err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("decoding %s: %v", path, err)
	}
}

func oracleSnapshot(t *testing.T) *model.Snapshot {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(conformanceDir, "oracle-state.json"))
	if err != nil {
		t.Fatalf("the conformance cases are missing: %v", err)
	}
	var s model.Snapshot
	if err := model.DecodeStrict(b, &s); err != nil {
		t.Fatalf("oracle-state.json: %v", err)
	}
	return &s
}

// TestConformanceValidate replays every recorded validate case that the
// reference server answered 200 and compares our reference response with
// its body byte for byte (as compact JSON). The caller is resolved from the
// request's token.
func TestConformanceValidate(t *testing.T) {
	snap := oracleSnapshot(t)
	st, err := importvalidate.NewMemoryState(snap)
	if err != nil {
		t.Fatal(err)
	}
	tokens, err := auth.NewMemoryLookup(snap)
	if err != nil {
		t.Fatal(err)
	}
	authn := &auth.Authenticator{Lookup: tokens}
	plain, err := importvalidate.New(importvalidate.Options{State: st})
	if err != nil {
		t.Fatal(err)
	}
	strict, err := importvalidate.New(importvalidate.Options{State: st, Structure: importvalidate.StructureOptions{Strict: true}})
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(conformanceDir, "recorded", "validate-*.response.json"))
	ran := 0
	for _, respFile := range files {
		var resp recordedResponse
		readJSON(t, respFile, &resp)
		if resp.Status != 200 {
			continue
		}
		name := strings.TrimSuffix(filepath.Base(respFile), ".response.json")
		ran++
		t.Run(name, func(t *testing.T) {
			var req recordedRequest
			readJSON(t, filepath.Join(conformanceDir, "recorded", name+".request.json"), &req)
			p, err := authn.Authenticate(context.Background(), req.Headers["Authorization"])
			if err != nil {
				t.Fatalf("authenticate: %v", err)
			}
			if name == "validate-schema-project-not-string" {
				// The reference coerces 5 to "5", and so do we, with a
				// warning; strict mode refuses it.
				rep, err := strict.Validate(context.Background(), req.Body, importvalidate.Target{Permissions: p})
				if err != nil {
					t.Fatal(err)
				}
				if !rep.Structural.HasErrors() {
					t.Errorf("strict, %s must be a structural error", req.Body)
				}
			}
			rep, err := plain.Validate(context.Background(), req.Body, importvalidate.Target{Permissions: p})
			if err != nil {
				t.Fatal(err)
			}
			if rep.Structural.HasErrors() {
				t.Fatalf("structural problems: %v", rep.Structural)
			}
			got, err := json.Marshal(rep.Reference())
			if err != nil {
				t.Fatal(err)
			}
			var want bytes.Buffer
			if err := json.Compact(&want, resp.Body); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want.Bytes()) {
				t.Errorf("response differs\n got %s\nwant %s", got, want.Bytes())
			}
		})
	}
	if ran < 10 {
		t.Fatalf("only %d recorded 200 cases found in %s", ran, conformanceDir)
	}
}
