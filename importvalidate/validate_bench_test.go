package importvalidate_test

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/flagadmin/flagadmin/internal/testharness/testutil"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/internal/testharness/exportgen"
	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/model/profile"
)

// benchSizes are the corpus sizes of the benchmarks; the largest (about
// 120 MB) runs unless -short.
func benchSizes(b *testing.B) []int {
	if testing.Short() {
		return []int{1000, 10000}
	}
	return []int{1000, 10000, 100000}
}

// benchCorpus is a generated export with 1% of its features carrying a
// problem, and the state it is checked against.
type benchCorpus struct {
	body  []byte
	imp   *model.ImportRequest
	state importvalidate.State
}

var (
	corpusMu sync.Mutex
	corpora  = map[int]*benchCorpus{}
)

func corpus(b *testing.B, n int) *benchCorpus {
	b.Helper()
	corpusMu.Lock()
	defer corpusMu.Unlock()
	if c, ok := corpora[n]; ok {
		return c
	}
	opts := exportgen.Options{Features: n, Seed: 42, ProblemShare: 0.01}
	c := &benchCorpus{body: exportgen.JSON(opts), state: memoryState(b, exportgen.Snapshot(opts))}
	c.imp = new(model.ImportRequest)
	if err := json.Unmarshal(c.body, c.imp); err != nil {
		b.Fatal(err)
	}
	// Only the largest corpus is dropped between runs, to bound memory.
	if n < 100000 {
		corpora[n] = c
	}
	return c
}

func eachSize(b *testing.B, f func(b *testing.B, c *benchCorpus)) {
	for _, n := range benchSizes(b) {
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			c := corpus(b, n)
			b.SetBytes(int64(len(c.body)))
			b.ReportAllocs()
			b.ResetTimer()
			f(b, c)
		})
	}
}

// BenchmarkBaselineUnmarshal decodes the corpus into the model with
// encoding/json: the baseline the validation is measured against.
func BenchmarkBaselineUnmarshal(b *testing.B) {
	eachSize(b, func(b *testing.B, c *benchCorpus) {
		for i := 0; i < b.N; i++ {
			var r model.ImportRequest
			if err := json.Unmarshal(c.body, &r); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkStructure runs the structural tier alone on raw bytes.
func BenchmarkStructure(b *testing.B) {
	s := demoValidator()
	eachSize(b, func(b *testing.B, c *benchCorpus) {
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			if _, ps := s.CheckStructure(c.body); ps.HasErrors() {
				b.Fatal(ps)
			}
		}
	})
}

// BenchmarkRules runs the rules alone on a decoded import.
func BenchmarkRules(b *testing.B) {
	eachSize(b, func(b *testing.B, c *benchCorpus) {
		v := mustNew(b, importvalidate.Options{State: c.state})
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			rep, err := v.ValidateImport(context.Background(), c.imp, importvalidate.Target{Permissions: importvalidate.AllPermissions{}})
			if err != nil || !rep.HasErrors() {
				b.Fatal(err, "want errors")
			}
		}
	})
}

// BenchmarkValidate validates raw bytes end to end: structure, decoding,
// rules and the location of every affected item. It reports the peak heap
// in use during a validation relative to the input size (peak-heap/input),
// and the CPU time of the process per validation (cpu-ns/op, and input
// megabytes per CPU second, cpu-MB/s: garbage collection on either core
// included, waiting for a core on a shared machine not).
func BenchmarkValidate(b *testing.B) {
	eachSize(b, func(b *testing.B, c *benchCorpus) {
		v := mustNew(b, importvalidate.Options{State: c.state})
		cpu := testutil.StartCPU(b, len(c.body))
		for i := 0; i < b.N; i++ {
			rep, err := v.Validate(context.Background(), c.body, importvalidate.Target{Permissions: importvalidate.AllPermissions{}})
			if err != nil || rep.Structural.HasErrors() || !rep.HasErrors() {
				b.Fatal(err, rep.Structural, "want rule errors only")
			}
		}
		cpu.Report()
		// The peak heap is sampled in one more, untimed validation: the
		// sampling stops the world and would distort the timing.
		b.StopTimer()
		runtime.GC()
		var base runtime.MemStats
		runtime.ReadMemStats(&base)
		peak := testutil.Peak(2*time.Millisecond, testutil.HeapInUse)
		if _, err := v.Validate(context.Background(), c.body, importvalidate.Target{Permissions: importvalidate.AllPermissions{}}); err != nil {
			b.Fatal(err)
		}
		if max := peak(); max > base.HeapInuse {
			b.ReportMetric(float64(max-base.HeapInuse)/float64(len(c.body)), "peak-heap/input")
		}
	})
}

// BenchmarkValidateByVersion weighs the validation of the 1 000-feature
// corpus as each verified line answers: 8.x's takes the fast path, the
// older lines' the slow path of their own schema.
func BenchmarkValidateByVersion(b *testing.B) {
	c := corpus(b, 1000)
	for _, name := range []string{"8", "7.6", "6.10", "5.12"} {
		b.Run(name, func(b *testing.B) {
			p, _ := profile.Named(name)
			v := mustNew(b, importvalidate.Options{State: c.state, Profile: &p})
			b.ReportAllocs()
			b.SetBytes(int64(len(c.body)))
			var structural int
			for i := 0; i < b.N; i++ {
				rep, err := v.Validate(context.Background(), c.body, importvalidate.Target{Permissions: importvalidate.AllPermissions{}})
				if err != nil {
					b.Fatal(err)
				}
				structural = len(rep.Structural)
			}
			// The members an older line does not know fail its schema.
			b.ReportMetric(float64(structural), "structural-problems")
		})
	}
}
