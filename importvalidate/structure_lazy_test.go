package importvalidate

import (
	"context"
	"sync"
	"testing"

	"github.com/flagadmin/flagadmin/internal/testharness/exportgen"
)

// TestSlowPathCompiledOnFirstNeed: validating valid bodies compiles no
// schema; the first body with a problem compiles it, once, however many
// goroutines need it at the same time, and all of them get its problems.
func TestSlowPathCompiledOnFirstNeed(t *testing.T) {
	v := demoValidator(t)
	valid := exportgen.JSON(exportgen.Options{Features: 3, Seed: 1})
	if rep := validated(t, v, valid); rep.Structural.HasErrors() {
		t.Fatal(rep.Structural)
	}
	if v.structure.slow.checker != nil {
		t.Fatal("a valid body compiled the schema")
	}
	bad := []byte(`{"project":"default","environment":"development","data":{"features":[{"name":{}}],"featureStrategies":[],"tagTypes":[]}}`)
	var wg sync.WaitGroup
	checkers := make([]any, 8)
	for i := range checkers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rep, err := v.Validate(context.Background(), bad, Target{Permissions: AllPermissions{}})
			if err != nil || !rep.Structural.HasErrors() || rep.Structural[0].Code != CodeType {
				t.Errorf("a body with a wrong type: %v, %v", err, rep.Structural)
			}
			checkers[i] = v.structure.slow.checker
		}()
	}
	wg.Wait()
	for _, c := range checkers {
		if c == nil || c != checkers[0] {
			t.Fatalf("checkers %v: want one, compiled once", checkers)
		}
	}
}
