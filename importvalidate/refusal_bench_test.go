package importvalidate

import (
	"context"
	"fmt"
	"testing"

	"github.com/flagadmin/flagadmin/importvalidate/importmodel"
	"github.com/flagadmin/flagadmin/internal/testharness/exportgen"
	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
	"github.com/flagadmin/flagadmin/model"
)

// refusalBenchInput is a generated export (1% of its features carrying a
// problem) as the rules see it, with every fact of the import known: each
// existing feature connected to the environment with its strategies.
func refusalBenchInput(b testing.TB, n int) (*Input, []byte, *MemoryState) {
	b.Helper()
	return refusalBenchInputIn(b, n, nil)
}

// refusalBenchInputIn is refusalBenchInput whose view takes its memory
// from spare.
func refusalBenchInputIn(b testing.TB, n int, spare *importmodel.Buffers) (*Input, []byte, *MemoryState) {
	b.Helper()
	opts := exportgen.Options{Features: n, Seed: 42, ProblemShare: 0.01}
	body := exportgen.JSON(opts)
	snap := exportgen.Snapshot(opts)
	st, err := NewMemoryState(snap)
	if err != nil {
		b.Fatal(err)
	}
	s, err := newStructure(Options{})
	if err != nil {
		b.Fatal(err)
	}
	imp, _, problems, err := s.decode(context.Background(), body)
	if err != nil || problems.HasErrors() {
		b.Fatal(err, problems)
	}
	in, err := gather(context.Background(), st, imp, imp.Project, imp.Environment, true, false, importmodel.RequestBody{}, spare)
	if err != nil {
		b.Fatal(err)
	}
	facts := map[string]FeatureFacts{}
	for _, f := range snap.Features {
		ff := FeatureFacts{InEnvironment: true, Milestones: Known[int]{Known: true}}
		for _, e := range f.StrategyEnvironments {
			if e == imp.Environment {
				ff.Strategies = 1
			}
		}
		facts[f.Name] = ff
	}
	in.Facts = ImportFacts{Source: "the snapshot",
		// An instance of so many features has raised its limit of them.
		Limits: Known[ResourceLimits]{Value: ResourceLimits{Constraints: 30, ConstraintValues: 250,
			FeatureEnvironmentStrategies: 30, StrategySegments: 5, FeatureFlags: 1 << 20}, Known: true},
		ActiveFeatures:     Known[int64]{Value: int64(len(snap.Features)), Known: true},
		ProjectArchived:    Known[bool]{Known: true},
		ProjectEnvironment: Known[bool]{Value: true, Known: true},
		Features:           Known[map[string]FeatureFacts]{Value: facts, Known: true},
		Tags:               Known[map[model.SnapshotTag]bool]{Value: map[model.SnapshotTag]bool{}, Known: true},
		ChangeRequests:     Known[ChangeRequests]{Known: true},
		LinkTemplates:      Known[[]LinkTemplate]{Known: true},
		Granted:            map[Permission]bool{PermCreateFeatureStrategy: true, PermSkipChangeRequest: true},
	}
	return in, body, st
}

// BenchmarkRefusalRules runs the import's own checks alone (the rules of
// every optional code of CategoryImport, the refusals and the silent
// changes) on a decoded input whose facts are all known; what they read
// once per input (the view of the cleaned file, the strategies' types,
// the missing parents) is read again in each run.
func BenchmarkRefusalRules(b *testing.B) {
	importCodes := map[Code]bool{}
	for _, c := range optionalImportCodes() {
		importCodes[c] = true
	}
	var rules []Rule
	for _, r := range Catalogue() {
		if importCodes[r.Code] {
			rules = append(rules, r)
		}
	}
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			in, body, _ := refusalBenchInput(b, n)
			b.SetBytes(int64(len(body)))
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				in.Forget()
				for _, r := range rules {
					if _, err := r.Check(context.Background(), in); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

// BenchmarkValidateImportChecks validates the raw bytes end to end, with
// the facts of the import gathered from the state, without and with the
// import's own checks (every code of CategoryImport that may be
// disabled): the difference is what they cost a validation. It reports the process's CPU time per
// validation (cpu-ns/op), steadier than the wall clock on a busy machine.
func BenchmarkValidateImportChecks(b *testing.B) {
	importCodes := optionalImportCodes()
	for _, n := range []int{1000, 10000} {
		for _, with := range []bool{false, true} {
			b.Run(fmt.Sprintf("N=%d/import=%v", n, with), func(b *testing.B) {
				_, body, st := refusalBenchInput(b, n)
				opts := Options{State: st}
				if !with {
					opts.Disable = importCodes
				}
				v, err := New(opts)
				if err != nil {
					b.Fatal(err)
				}
				b.SetBytes(int64(len(body)))
				b.ReportAllocs()
				cpu := testutil.StartCPU(b, len(body))
				for range b.N {
					if _, err := v.Validate(context.Background(), body, Target{Permissions: AllPermissions{}}); err != nil {
						b.Fatal(err)
					}
				}
				cpu.Report()
			})
		}
	}
}

// optionalImportCodes are the codes of CategoryImport that may be
// disabled: the import's own checks.
func optionalImportCodes() []Code {
	var codes []Code
	for _, c := range Codes() {
		if c.Category == CategoryImport && c.Optional {
			codes = append(codes, c.Code)
		}
	}
	return codes
}
