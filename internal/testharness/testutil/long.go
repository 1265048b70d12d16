package testutil

import (
	"os"
	"testing"
)

// LongEnv is the environment variable that turns on the long tests: the
// long randomized loops, the fuzz inputs beyond the seed corpus and the
// large differential runs. .ci/long sets it; the test command of the
// README leaves it unset and stays quick.
const LongEnv = "FLAGADMIN_LONG"

// Long reports whether the long tests run (LongEnv is "1").
func Long() bool {
	return os.Getenv(LongEnv) == "1"
}

// SkipUnlessLong skips tb unless the long tests run.
func SkipUnlessLong(tb testing.TB) {
	tb.Helper()
	if !Long() {
		tb.Skip("a long test: " + LongEnv + "=1 (.ci/long) runs it")
	}
}

// Sized returns quick, the size a test runs at in the quick suite, or
// long in the long tests: the same checks, over smaller inputs or fewer
// cases outside .ci/long.
func Sized[T any](quick, long T) T {
	if Long() {
		return long
	}
	return quick
}
