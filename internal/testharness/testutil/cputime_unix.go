//go:build unix

package testutil

import "syscall"

// processCPU returns the CPU time the process has used so far, user and
// system, in nanoseconds, and whether it is known.
func processCPU() (int64, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return ru.Utime.Nano() + ru.Stime.Nano(), true
}
