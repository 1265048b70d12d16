package testutil

import (
	"errors"
	"sync/atomic"
	"testing"
)

// What is started early goes to the first Take only; later takes start
// anew; Stop stops only what no test took; TakeForTest stops what it
// hands out when the test ends, and hands an error to fail.
func TestEarly(t *testing.T) {
	var starts, stops atomic.Int32
	start := func() (int32, error) { return starts.Add(1), nil }
	stop := func(int32) { stops.Add(1) }

	e := StartEarly(start, stop)
	first, err1 := e.Take()
	second, err2 := e.Take()
	if first != 1 || second != 2 || err1 != nil || err2 != nil {
		t.Fatalf("takes = %d %v, %d %v; want 1 and 2", first, err1, second, err2)
	}
	e.Stop()
	if n := stops.Load(); n != 0 {
		t.Fatalf("Stop stopped %d taken values", n)
	}

	untaken := StartEarly(start, stop)
	untaken.Stop()
	want := int32(0)
	if EarlyStarts() {
		want = 1
	}
	if n := stops.Load(); n != want {
		t.Fatalf("Stop of an untaken early start stopped %d, want %d (EarlyStarts %v)", n, want, EarlyStarts())
	}

	stops.Store(0)
	t.Run("taken for a test", func(t *testing.T) {
		if v := StartEarly(start, stop).TakeForTest(t, func(tb testing.TB, err error) { tb.Fatal(err) }); v == 0 {
			t.Fatal("no value")
		}
	})
	if n := stops.Load(); n != 1 {
		t.Fatalf("TakeForTest's value stopped %d times when the test ended, want 1", n)
	}
	var failed error
	broken := StartEarly(func() (int32, error) { return 0, errors.New("no server") }, stop)
	t.Run("failed start", func(t *testing.T) {
		broken.TakeForTest(t, func(tb testing.TB, err error) { failed = err; tb.SkipNow() })
	})
	if failed == nil || failed.Error() != "no server" {
		t.Fatalf("fail got %v, want the start's error", failed)
	}
}
