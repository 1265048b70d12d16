package testutil

import "testing"

// CPUClock measures the CPU time of the process (all threads, garbage
// collection included) during a benchmark's loop. On a shared machine it
// varies less than the elapsed time, which includes waiting for a core.
type CPUClock struct {
	b     *testing.B
	bytes int
	start int64
	ok    bool
}

// StartCPU resets b's timer and starts measuring a loop over inputs of
// the given size.
func StartCPU(b *testing.B, bytes int) CPUClock {
	b.ResetTimer()
	start, ok := processCPU()
	return CPUClock{b: b, bytes: bytes, start: start, ok: ok}
}

// Report stops b's timer and adds the metrics cpu-ns/op and cpu-MB/s
// (input megabytes per second of CPU time) to its result, when the
// process's CPU time is known.
func (c CPUClock) Report() {
	c.b.StopTimer()
	end, ok := processCPU()
	if !c.ok || !ok || c.b.N == 0 || end <= c.start {
		return
	}
	perOp := float64(end-c.start) / float64(c.b.N)
	c.b.ReportMetric(perOp, "cpu-ns/op")
	c.b.ReportMetric(float64(c.bytes)/perOp*1e3, "cpu-MB/s")
}
