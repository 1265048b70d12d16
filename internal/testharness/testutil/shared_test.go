package testutil

import (
	"errors"
	"sync"
	"sync/atomic"
	"testing"
)

// TestShared: the value starts once however many tests ask for it at
// once, a failed start is the answer of every later call, and Stop hands
// the value, or the zero value when nothing started it, to stop.
func TestShared(t *testing.T) {
	var starts atomic.Int32
	start := func() (*int, error) { starts.Add(1); v := 7; return &v, nil }
	var s Shared[*int]
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if v, err := s.Get(start); err != nil || *v != 7 {
				t.Errorf("Get = %v, %v", v, err)
			}
		}()
	}
	wg.Wait()
	if n := starts.Load(); n != 1 {
		t.Errorf("%d starts, want 1", n)
	}
	var stopped *int
	s.Stop(func(v *int) { stopped = v })
	if stopped == nil || *stopped != 7 {
		t.Errorf("Stop handed %v", stopped)
	}

	boom := errors.New("no server")
	var failed Shared[*int]
	for range 2 {
		if v, err := failed.Get(func() (*int, error) { return nil, boom }); v != nil || !errors.Is(err, boom) {
			t.Errorf("Get after a failed start = %v, %v", v, err)
		}
	}

	var never Shared[*int]
	called := false
	never.Stop(func(v *int) { called = v == nil })
	if !called {
		t.Error("Stop of a value never started did not hand the zero value to stop")
	}
}
