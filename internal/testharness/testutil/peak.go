package testutil

import (
	"runtime"
	"runtime/metrics"
	"sync/atomic"
	"time"
)

// Peak samples read every interval until the returned stop is called,
// which returns the largest sample.
func Peak(every time.Duration, read func() uint64) (stop func() uint64) {
	var peak atomic.Uint64
	end := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			if v := read(); v > peak.Load() {
				peak.Store(v)
			}
			select {
			case <-end:
				return
			case <-t.C:
			}
		}
	}()
	return func() uint64 {
		close(end)
		<-done
		return peak.Load()
	}
}

// HeapInUse is runtime.MemStats.HeapInuse now: the bytes of the heap's
// spans in use.
func HeapInUse() uint64 {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapInuse
}

// HeapObjects is the bytes of the heap's objects now, live or not yet
// swept (runtime/metrics /memory/classes/heap/objects:bytes).
func HeapObjects() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}
