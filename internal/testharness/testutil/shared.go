package testutil

import "sync"

// Shared is a server (or anything as costly to start) that the tests of
// a package share: started by the first test that needs it, or early by
// TestMain (Prestart) so that it gets ready while the other tests run,
// and stopped by TestMain after m.Run. Each method takes the function
// that starts or stops it, which the harness's own shared types supply.
type Shared[T any] struct {
	once sync.Once
	v    T
	err  error // why v is the zero value
}

// Get returns the shared value, starting it with start on first use; a
// later call, or one made while the start is under way, waits for the
// first start's result.
func (s *Shared[T]) Get(start func() (T, error)) (T, error) {
	s.once.Do(func() { s.v, s.err = start() })
	return s.v, s.err
}

// Prestart starts the shared value with start in the background when
// EarlyStarts. Call it in TestMain before m.Run.
func (s *Shared[T]) Prestart(start func() (T, error)) {
	if EarlyStarts() {
		go s.Get(start)
	}
}

// Stop hands the shared value to stop, once a start under way ends; the
// zero value when it was never started, so stop must take that.
func (s *Shared[T]) Stop(stop func(T)) {
	s.once.Do(func() {})
	stop(s.v)
}
