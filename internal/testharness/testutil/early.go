package testutil

import (
	"flag"
	"sync/atomic"
	"testing"
)

// Early is a server (or anything as costly to start) that one test of a
// package needs, started by TestMain in the background so that it gets
// ready while the package's other tests run, instead of when the test
// that needs it begins:
//
//	var unleash *testutil.Early[*unleashtest.Server]
//	func TestMain(m *testing.M) {
//		unleash = unleashtest.StartEarly(unleashtest.Options{})
//		code := m.Run()
//		unleash.Stop()
//		os.Exit(code)
//	}
//
// The test takes it once (Take); a second take, as when go test -count
// runs the test again, starts a new one.
type Early[T any] struct {
	start func() (T, error)
	stop  func(T)
	done  chan struct{} // closed once the early start ended; nil without one
	v     T
	err   error
	taken atomic.Bool
}

// StartEarly runs start in the background when EarlyStarts, and returns
// the Early that hands its result to the test that takes it. stop stops
// what start started.
func StartEarly[T any](start func() (T, error), stop func(T)) *Early[T] {
	e := &Early[T]{start: start, stop: stop}
	if EarlyStarts() {
		e.done = make(chan struct{})
		go func() {
			defer close(e.done)
			e.v, e.err = start()
		}()
	}
	return e
}

// EarlyStarts reports whether TestMain starts servers before the tests
// run: when go test runs every test of the package, not when -run picks
// some, which may not need them, nor under -short, where the live tests
// skip.
func EarlyStarts() bool {
	if !flag.Parsed() {
		flag.Parse()
	}
	f := flag.Lookup("test.run")
	return f != nil && f.Value.String() == "" && !testing.Short()
}

// Take returns what was started early, waiting for it, the first time it
// is called, and what a new start gives on later calls or when nothing
// was started early. The caller stops it.
func (e *Early[T]) Take() (T, error) {
	if e.done != nil && e.taken.CompareAndSwap(false, true) {
		<-e.done
		return e.v, e.err
	}
	return e.start()
}

// TakeForTest is Take for tb: what it returns is stopped when tb ends;
// when there is nothing to return, it hands the error to fail, which
// skips or fails tb.
func (e *Early[T]) TakeForTest(tb testing.TB, fail func(testing.TB, error)) T {
	tb.Helper()
	v, err := e.Take()
	if err != nil {
		fail(tb, err)
	}
	tb.Cleanup(func() { e.stop(v) })
	return v
}

// Stop stops what was started early if no test took it. Call it in
// TestMain after m.Run.
func (e *Early[T]) Stop() {
	if e.done != nil && e.taken.CompareAndSwap(false, true) {
		<-e.done
		if e.err == nil {
			e.stop(e.v)
		}
	}
}
