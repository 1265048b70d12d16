package testutil

import "runtime"

// Allocated runs f after a garbage collection and returns the bytes the
// program allocated while it ran (runtime.MemStats.TotalAlloc): f's, when
// nothing else runs meanwhile.
func Allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}
