package adminhttp_test

import (
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/flagadmin/flagadmin/examples/server/adminhttp"
)

// TestDeclaredLengthIsNotAllocated opens many connections that declare a
// body of the full limit (512 000 bytes) and send none of it. Each handler
// is then waiting for the body; together they must have allocated a small
// part of what the declared lengths add up to: nothing is allocated from a
// declared length, only for bytes that arrived.
func TestDeclaredLengthIsNotAllocated(t *testing.T) {
	const conns = 200
	var entered atomic.Int64
	h := hostileHandler(t, setup{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		entered.Add(1)
		h.ServeHTTP(w, r)
	}))
	defer srv.Close()

	// One connection first, so that the server's lazily built parts exist
	// before the measurement.
	open := func() net.Conn {
		c, err := net.Dial("tcp", srv.Listener.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(c, "POST %s HTTP/1.1\r\nHost: x\r\nAuthorization: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n",
			adminhttp.PathValidate, hostileAdmin, adminhttp.DefaultMaxBody)
		return c
	}
	all := []net.Conn{open()}
	defer func() {
		for _, c := range all {
			c.Close()
		}
	}()
	waitEntered := func(n int64) {
		deadline := time.Now().Add(guard)
		for entered.Load() < n {
			if time.Now().After(deadline) {
				t.Fatalf("%d of %d handlers started", entered.Load(), n)
			}
			time.Sleep(5 * time.Millisecond)
		}
		time.Sleep(50 * time.Millisecond) // let them reach the body read
	}
	waitEntered(1)

	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for range conns {
		all = append(all, open())
	}
	waitEntered(conns + 1)
	runtime.ReadMemStats(&after)

	declared := uint64(conns) * uint64(adminhttp.DefaultMaxBody)
	allocated := after.TotalAlloc - before.TotalAlloc
	t.Logf("%d connections declaring %d bytes each: %d bytes allocated (%d per connection)",
		conns, adminhttp.DefaultMaxBody, allocated, allocated/conns)
	// A connection costs the server its buffers, request and header maps
	// (about 20 kB); 64 kB each leaves room while staying far below the
	// 512 000 bytes each declared.
	if limit := uint64(conns) * 64 << 10; allocated > limit {
		t.Errorf("allocated %d bytes for %d connections that sent no body (declared %d in all); want at most %d",
			allocated, conns, declared, limit)
	}
}
