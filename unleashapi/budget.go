package unleashapi

import (
	"sync"
	"time"
)

// bucket is a token bucket of lookups: it holds up to burst, refilled at
// rate a second, and starts full. A negative rate means no bound.
type bucket struct {
	mu           sync.Mutex
	rate, burst  float64
	level        float64
	at           time.Time
	unrestricted bool
}

func (b *bucket) init(rate float64, burst int) {
	b.rate, b.burst, b.level = rate, float64(burst), float64(burst)
	b.unrestricted = rate < 0
	b.at = time.Now()
}

// take takes one lookup from the bucket. When it is empty it takes
// nothing and returns how long until it holds one.
func (b *bucket) take() (ok bool, wait time.Duration) {
	if b.unrestricted {
		return true, 0
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	now := time.Now()
	b.level = min(b.burst, b.level+now.Sub(b.at).Seconds()*b.rate)
	b.at = now
	if b.level >= 1 {
		b.level--
		return true, 0
	}
	return false, time.Duration((1 - b.level) / b.rate * float64(time.Second))
}
