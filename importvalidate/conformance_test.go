package importvalidate_test

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"

	"github.com/flagadmin/flagadmin/auth"
	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/internal/testharness/conformance"
)

// oracleState returns the state and the tokens of the recorded reference
// state.
func oracleState(t *testing.T) (*importvalidate.MemoryState, *auth.MemoryLookup) {
	t.Helper()
	snap := conformance.MustState(t)
	st := memoryState(t, snap)
	tokens, err := auth.NewMemoryLookup(snap)
	if err != nil {
		t.Fatal(err)
	}
	return st, tokens
}

// TestConformanceValidate replays every recorded validate case that the
// reference server answered 200 and compares our reference response with
// its body byte for byte (as compact JSON). The caller is resolved from the
// request's token.
func TestConformanceValidate(t *testing.T) {
	st, tokens := oracleState(t)
	authn := &auth.Authenticator{Lookup: tokens}
	plain := mustNew(t, importvalidate.Options{State: st})
	strict := mustNew(t, importvalidate.Options{State: st, Strict: true})
	ran := 0
	for _, c := range conformance.MustLoad(t, "validate-*") {
		name, req, resp := c.Name, c.Request, c.Response
		if resp.Status != 200 {
			continue
		}
		ran++
		t.Run(name, func(t *testing.T) {
			p, err := authn.Authenticate(context.Background(), req.Headers["Authorization"])
			if err != nil {
				t.Fatalf("authenticate: %v", err)
			}
			if name == "validate-schema-project-not-string" {
				// The reference coerces 5 to "5", and so do we, with a
				// warning; strict mode refuses it.
				rep, err := strict.Validate(context.Background(), req.Body, importvalidate.Target{Permissions: p, RequestBody: true})
				if err != nil {
					t.Fatal(err)
				}
				if !rep.Structural.HasErrors() {
					t.Errorf("strict, %s must be a structural error", req.Body)
				}
			}
			rep, err := plain.Validate(context.Background(), req.Body, importvalidate.Target{Permissions: p, RequestBody: true})
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
		t.Fatalf("only %d recorded 200 cases found", ran)
	}
}
