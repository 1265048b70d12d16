//go:build unix

package importvalidate

import (
	"context"
	"fmt"
	"syscall"
	"testing"
	"time"
)

// BenchmarkValidateImportChecksPaired is BenchmarkValidateImportChecks
// with the validations without and with the import's own checks
// alternating in one loop, so that a change of the machine's load while
// it runs weighs on both alike. It reports the process's CPU time of each
// (off-cpu-ns/op, on-cpu-ns/op), their ratio (on/off) and what the
// checks add per feature of the export (checks-cpu-ns/feature), and the
// ratio of their wall times (wall-on/off); an op is one validation of
// each. On a file of 256 entries or more the rules run on two goroutines
// (rules_run.go): with more than one processor, the wall ratio is then
// below the processor-time one. The
// process's CPU time counts the collector's idle workers, which mark on
// a free core for as long as a cycle lasts: with GOMAXPROCS=1 there is
// none, and the two ratios then measure the validation's own work.
func BenchmarkValidateImportChecksPaired(b *testing.B) {
	importCodes := optionalImportCodes()
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			_, body, st := refusalBenchInput(b, n)
			off, err := New(Options{State: st, Disable: importCodes})
			if err != nil {
				b.Fatal(err)
			}
			on, err := New(Options{State: st})
			if err != nil {
				b.Fatal(err)
			}
			var offWall, onWall time.Duration
			validate := func(v *Validator) int64 {
				start, wall := processCPUTime(b), time.Now()
				if _, err := v.Validate(context.Background(), body, Target{Permissions: AllPermissions{}}); err != nil {
					b.Fatal(err)
				}
				if v == on {
					onWall += time.Since(wall)
				} else {
					offWall += time.Since(wall)
				}
				return processCPUTime(b) - start
			}
			b.SetBytes(int64(2 * len(body)))
			b.ReportAllocs()
			b.ResetTimer()
			var offCPU, onCPU int64
			for i := range b.N {
				// Each goes first in every other pair.
				if i%2 == 0 {
					offCPU += validate(off)
					onCPU += validate(on)
				} else {
					onCPU += validate(on)
					offCPU += validate(off)
				}
			}
			b.StopTimer()
			if offCPU > 0 {
				b.ReportMetric(float64(offCPU)/float64(b.N), "off-cpu-ns/op")
				b.ReportMetric(float64(onCPU)/float64(b.N), "on-cpu-ns/op")
				b.ReportMetric(float64(onCPU)/float64(offCPU), "on/off")
				b.ReportMetric(float64(onCPU-offCPU)/float64(b.N)/float64(n), "checks-cpu-ns/feature")
			}
			if offWall > 0 {
				b.ReportMetric(float64(onWall)/float64(offWall), "wall-on/off")
			}
		})
	}
}

// processCPUTime is the CPU time the process has used, user and system,
// in nanoseconds.
func processCPUTime(b *testing.B) int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
