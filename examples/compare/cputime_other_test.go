//go:build !unix

package main

// processCPU reports that the CPU time of the process is unknown here.
func processCPU() (int64, bool) { return 0, false }
