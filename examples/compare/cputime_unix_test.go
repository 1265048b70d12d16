//go:build unix

package main

import "syscall"

// processCPU returns the user and system CPU time of the process so far,
// in nanoseconds, and whether the system told it.
func processCPU() (int64, bool) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0, false
	}
	return ru.Utime.Nano() + ru.Stime.Nano(), true
}
