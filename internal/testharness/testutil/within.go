package testutil

import (
	"testing"
	"time"
)

// Within runs f and fails the test if it has not returned after limit (a
// call that blocks, without a deadline, would hang the test for ever).
// what names the call in the failure.
func Within(tb testing.TB, limit time.Duration, what string, f func()) {
	tb.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
	case <-time.After(limit):
		tb.Fatalf("%s did not return within %v", what, limit)
	}
}
