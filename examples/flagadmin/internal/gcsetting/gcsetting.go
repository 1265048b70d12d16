// Package gcsetting sets the garbage collector of a command from its own
// measured needs, unless the environment already says how (GOGC or
// GOMEMLIMIT): a setting made there is the operator's and wins.
package gcsetting

import "runtime/debug"

// Setting is a collector setting: Percent as GOGC (negative turns the
// proportional collector off) and Limit, the soft memory limit in bytes,
// as GOMEMLIMIT.
type Setting struct {
	Percent int
	Limit   int64
}

// Apply sets s when neither GOGC nor GOMEMLIMIT is set in the
// environment that getenv reads (os.Getenv for a command), and reports
// whether it did. A Setting whose Limit is not positive is refused: a
// collector without a bound on the heap is never what a command wants.
func Apply(getenv func(string) string, s Setting) bool {
	if getenv("GOGC") != "" || getenv("GOMEMLIMIT") != "" || s.Limit <= 0 {
		return false
	}
	debug.SetMemoryLimit(s.Limit)
	debug.SetGCPercent(s.Percent)
	return true
}
