package testutil

import (
	"sync/atomic"
	"testing"
	"time"
)

func TestPeak(t *testing.T) {
	samples := []uint64{3, 9, 4}
	var n atomic.Int64
	third := make(chan struct{})
	stop := Peak(time.Millisecond, func() uint64 {
		i := int(n.Add(1)) - 1
		if i == len(samples)-1 {
			close(third)
		}
		return samples[min(i, len(samples)-1)]
	})
	<-third // the first two samples are kept by now
	if got := stop(); got != 9 {
		t.Errorf("peak %d, want 9", got)
	}
	if HeapInUse() == 0 || HeapObjects() == 0 {
		t.Errorf("heap in use %d, heap objects %d", HeapInUse(), HeapObjects())
	}
}
