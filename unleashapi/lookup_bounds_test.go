package unleashapi_test

import (
	"errors"
	"fmt"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/flagadmin/flagadmin/internal/testharness/unleashtest"
	"github.com/flagadmin/flagadmin/unleashapi"
)

// bogus returns n distinct tokens the instance does not know.
func bogus(prefix string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("*:*.%s-%06d", prefix, i)
	}
	return out
}

// wantOverloaded checks that err is the ErrOverloaded of a lookup the
// client's bounds did not send: unavailable, with a wait.
func wantOverloaded(t *testing.T, err error) {
	t.Helper()
	var e *unleashapi.Error
	if !errors.As(err, &e) || !errors.Is(err, unleashapi.ErrOverloaded) {
		t.Fatalf("got %v, want ErrOverloaded", err)
	}
	if !e.Unavailable() || e.RetryAfter() <= 0 {
		t.Errorf("%v: Unavailable %v, RetryAfter %v; want true and a wait", err, e.Unavailable(), e.RetryAfter())
	}
}

// Unknown tokens cost the instance at most the bucket: its burst, then
// its rate. A token the instance said is valid is asked again without
// taking from it, so that guesses cannot lock out real callers.
func TestLookupBudget(t *testing.T) {
	s := needInParallel(t)
	p := unleashtest.NewProxy(t, s.URL)
	const burst, rate = 20, 10
	c, _ := newClient(t, p.URL, unleashapi.Options{TokenTTL: 50 * time.Millisecond, TokenBurst: burst, TokenRate: rate})
	ctx := background()
	if _, ok, err := c.LookupToken(ctx, editorPAT); err != nil || !ok {
		t.Fatalf("editor: %v %v", ok, err)
	}
	p.Reset()
	start := time.Now()
	refused := 0
	for _, tok := range bogus("budget", 100) {
		_, ok, err := c.LookupToken(ctx, tok)
		switch {
		case err != nil:
			wantOverloaded(t, err)
			refused++
		case ok:
			t.Fatalf("%s is known", tok)
		}
	}
	elapsed := time.Since(start)
	asked := p.Requests("/api/admin/user")
	t.Logf("100 unknown tokens: %d requests to the instance, %d refused, in %s", asked, refused, elapsed)
	if limit := burst + int(elapsed.Seconds()*rate) + 1; asked > limit || asked+refused != 100 {
		t.Errorf("%d requests and %d refused for 100 unknown tokens, want at most %d requests and the rest refused", asked, refused, limit)
	}
	time.Sleep(60 * time.Millisecond) // the editor's answer is stale
	for i := 0; ; i++ {               // empty the bucket again
		if _, _, err := c.LookupToken(ctx, fmt.Sprint("*:*.budget-spent-", i)); err != nil {
			break
		}
		if i == burst {
			t.Fatal("the bucket does not empty")
		}
	}
	if pr, ok, err := c.LookupToken(ctx, editorPAT); err != nil || !ok || pr.UserID != 3 {
		t.Errorf("the editor, once valid, with the bucket empty: %+v %v %v", pr, ok, err)
	}
	// An unknown answer is kept too: the same guess again costs nothing.
	c, _ = newClient(t, p.URL, unleashapi.Options{TokenTTL: time.Minute})
	p.Reset()
	for range 5 {
		if _, ok, err := c.LookupToken(ctx, "*:*.same-guess"); err != nil || ok {
			t.Fatalf("guess: %v %v", ok, err)
		}
	}
	if n := p.Requests("/api/admin/user"); n != 1 {
		t.Errorf("the same unknown token 5 times cost %d requests, want 1", n)
	}
}

// However many lookups come at once, at most Options.TokenLookups reach a
// slow instance; the others wait at most TokenQueueTimeout for a slot.
func TestLookupSlots(t *testing.T) {
	s := needInParallel(t)
	p := faultyProxy(t, s.URL, unleashtest.Delay("/api/admin/user", 1500*time.Millisecond))
	c, _ := newClient(t, p.URL, unleashapi.Options{TokenRate: -1})
	const n = 40
	var wg sync.WaitGroup
	var refused atomic.Int64
	for _, tok := range bogus("slots", n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, ok, err := c.LookupToken(background(), tok)
			if err != nil {
				wantOverloaded(t, err)
				refused.Add(1)
			} else if ok {
				t.Errorf("%s is known", tok)
			}
		}()
	}
	wg.Wait()
	peak := p.PeakInFlight()
	t.Logf("%d concurrent lookups on an instance slow by 1.5 s: at most %d at once reached it, %d refused", n, peak, refused.Load())
	if peak > unleashapi.DefaultTokenLookups {
		t.Errorf("%d lookups at once reached the instance, want at most %d", peak, unleashapi.DefaultTokenLookups)
	}
	if refused.Load() == 0 {
		t.Errorf("no lookup was refused, though %d waited longer than %s", n-2*unleashapi.DefaultTokenLookups, unleashapi.TokenQueueTimeout)
	}
}

// A token lookup is sent once: an instance in trouble (429, 502, 503,
// 504, no answer) is not asked again, and the error carries its
// Retry-After.
func TestLookupNotRetried(t *testing.T) {
	s := needInParallel(t)
	for _, tc := range []struct {
		fault unleashtest.Fault
		wait  time.Duration
	}{
		{unleashtest.Status("/api/admin/user", http.StatusServiceUnavailable, `{}`, "Retry-After", "10"), 10 * time.Second},
		{unleashtest.Status("/api/admin/user", http.StatusTooManyRequests, `{}`, "Retry-After", "7"), 7 * time.Second},
		{unleashtest.Status("/api/admin/user", http.StatusBadGateway, `{}`), 0},
		{unleashtest.Drop("/api/admin/user"), 0},
	} {
		p := faultyProxy(t, s.URL, tc.fault)
		c, _ := newClient(t, p.URL, unleashapi.Options{})
		for _, tok := range bogus("retry", 3) {
			_, _, err := c.LookupToken(background(), tok)
			var e *unleashapi.Error
			if !errors.As(err, &e) || !e.Unavailable() || e.RetryAfter() != tc.wait {
				t.Fatalf("got %v, want an unavailable *Error with a Retry-After of %s", err, tc.wait)
			}
		}
		if n := p.Requests("/api/admin/user"); n != 3 {
			t.Errorf("%v: 3 lookups sent %d requests, want 3", p.Statuses(), n)
		}
	}
}

// The answers about valid tokens are kept apart from those about unknown
// ones: no number of guesses pushes out a valid token's answer.
func TestLookupCacheKeepsValid(t *testing.T) {
	s := needInParallel(t)
	p := unleashtest.NewProxy(t, s.URL)
	var editorAsked atomic.Int64
	p.SetFault(func(w http.ResponseWriter, r *http.Request) bool {
		if r.URL.Path != "/api/admin/user" {
			return false
		}
		if r.Header.Get("Authorization") == editorPAT {
			editorAsked.Add(1)
			return false
		}
		return unleashtest.Status("", http.StatusUnauthorized, `{"message":"no"}`)(w, r)
	})
	c, _ := newClient(t, p.URL, unleashapi.Options{TokenTTL: time.Hour, TokenRate: -1})
	ctx := background()
	if _, ok, err := c.LookupToken(ctx, editorPAT); err != nil || !ok {
		t.Fatalf("editor: %v %v", ok, err)
	}
	for _, tok := range bogus("evict", 5000) {
		if _, ok, err := c.LookupToken(ctx, tok); err != nil || ok {
			t.Fatalf("%s: %v %v", tok, ok, err)
		}
	}
	if pr, ok, err := c.LookupToken(ctx, editorPAT); err != nil || !ok || pr.UserID != 3 {
		t.Fatalf("editor after 5000 guesses: %+v %v %v", pr, ok, err)
	}
	if n := editorAsked.Load(); n != 1 {
		t.Errorf("the editor's token was asked %d times, want once: 5000 guesses pushed its answer out", n)
	}
}

// An answer about a token larger than MaxTokenAnswer is refused after
// reading at most that much, declared or not; concurrent lookups of large
// answers allocate little. It counts the process's allocations, so it is
// no parallel test: it runs before them, alone.
func TestLookupAnswerCap(t *testing.T) {
	s := need(t)
	for _, declare := range []bool{false, true} {
		p := faultyProxy(t, s.URL, unleashtest.Large("/api/admin/user", 16<<20, declare))
		c, _ := newClient(t, p.URL, unleashapi.Options{TokenRate: -1, TokenLookups: 8})
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		var wg sync.WaitGroup
		for _, tok := range bogus("large", 8) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, _, err := c.LookupToken(background(), tok)
				if !errors.Is(err, unleashapi.ErrBadAnswer) || !strings.Contains(err.Error(), "larger than") {
					t.Errorf("a 16 MiB answer gave %v, want ErrBadAnswer", err)
				}
			}()
		}
		wg.Wait()
		runtime.ReadMemStats(&after)
		alloc := after.TotalAlloc - before.TotalAlloc
		t.Logf("8 concurrent lookups answered 16 MiB (Content-Length declared: %v): %d kB allocated", declare, alloc>>10)
		// Each lookup reads at most MaxTokenAnswer bytes, into a buffer
		// that grows to twice that; the bound leaves room for the race
		// detector, which drops pooled buffers (without the cap, the
		// lookups allocate over 250 MB).
		if limit := uint64(8 * 16 * unleashapi.MaxTokenAnswer); alloc > limit {
			t.Errorf("8 lookups allocated %d bytes, want at most %d", alloc, limit)
		}
	}
}

// The client's own transport keeps the connections of its lookups: many
// lookups at once open no more connections than can be in flight.
func TestLookupConnectionsPooled(t *testing.T) {
	s := needInParallel(t)
	p := unleashtest.NewProxy(t, s.URL)
	c, err := unleashapi.New(p.URL, unleashtest.AdminToken, unleashapi.Options{TokenRate: -1})
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	var overloaded atomic.Int64
	for g := range 32 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, tok := range bogus(fmt.Sprint("pool", g), 15) {
				_, ok, err := c.LookupToken(background(), tok)
				if errors.Is(err, unleashapi.ErrOverloaded) {
					// A busy machine: the queue of lookups is full for
					// longer than TokenQueueTimeout, as designed.
					overloaded.Add(1)
					continue
				}
				if err != nil || ok {
					t.Errorf("%s: %v %v", tok, ok, err)
				}
			}
		}()
	}
	wg.Wait()
	if n := overloaded.Load(); n == 480 {
		t.Fatal("every lookup was refused as overloaded")
	} else if n > 0 {
		t.Logf("%d lookups refused as overloaded", n)
	}
	t.Logf("480 lookups from 32 goroutines: %d requests over %d connections", p.Total(), p.Conns())
	if limit := int64(unleashapi.DefaultTokenLookups + 2*unleashapi.DefaultConcurrency); p.Conns() > limit {
		t.Errorf("%d connections for %d requests, want at most %d", p.Conns(), p.Total(), limit)
	}
}
