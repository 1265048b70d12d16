//go:build !unix

package importvalidate

// fastProcessCPU reports that the process's CPU time is not known here.
func fastProcessCPU() (int64, bool) { return 0, false }
