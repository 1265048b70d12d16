package adminhttp_test

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/examples/server/adminhttp"
	"github.com/flagadmin/flagadmin/internal/testharness/hostilebody"
)

// hostilePreAuthBodies are the bodies under the limit that cost the most
// to refuse without credentials: nested as deep as the limit allows (a
// syntax error at the end, or whole), plain and gzip, and many keys.
func hostilePreAuthBodies(tb testing.TB) []struct {
	name, encoding string
	body           []byte
	status         int
} {
	nested := hostilebody.Nested(hostilebody.UnknownKeysSize)
	whole := append(hostilebody.Nested(hostilebody.UnknownKeysSize/2), bytes.Repeat([]byte("]"), hostilebody.UnknownKeysSize/2-6)...)
	whole = append(whole, '}')
	return []struct {
		name, encoding string
		body           []byte
		status         int
	}{
		{"nested, cut", "", nested, 400},
		{"nested, cut, gzip", "gzip", gzipped(tb, nested), 400},
		{"nested, whole", "", whole, 401},
		{"unknown keys", "", hostilebody.UnknownKeys(hostilebody.UnknownKeysSize), 401},
	}
}

// TestPreAuthWorkIsSmall: a body under the limit sent without credentials
// is answered (400 for its syntax, 401 otherwise) after work in proportion
// to its size: neither a tree of it nor a depth limit's fallback. Each
// request may allocate a few times the body, not the hundreds of
// megabytes a tree of a body nested 500 000 deep takes.
func TestPreAuthWorkIsSmall(t *testing.T) {
	h := hostileHandler(t, setup{})
	for _, bc := range hostilePreAuthBodies(t) {
		serve := func() *httptest.ResponseRecorder {
			return send(h, http.MethodPost, adminhttp.PathValidate, bytes.NewReader(bc.body),
				"Content-Type", "application/json", "Content-Encoding", bc.encoding)
		}
		serve() // the buffers of the handler exist from here on
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		rec := serve()
		runtime.ReadMemStats(&after)
		if rec.Code != bc.status {
			t.Errorf("%s: status %d, want %d: %.200s", bc.name, rec.Code, bc.status, rec.Body.Bytes())
		}
		if bc.status == 400 && !strings.Contains(rec.Body.String(), "Unexpected end of JSON input") {
			t.Errorf("%s: %.300s does not name the syntax error", bc.name, rec.Body.Bytes())
		}
		if got, limit := after.TotalAlloc-before.TotalAlloc, uint64(4*hostilebody.UnknownKeysSize); got > limit {
			t.Errorf("%s: %d bytes allocated for one answer without credentials; want at most %d", bc.name, got, limit)
		}
	}
}

// BenchmarkPreAuth serves the costliest bodies under the limit without
// credentials, the work an unauthenticated client can make the handler
// do.
func BenchmarkPreAuth(b *testing.B) {
	h := newHandler(b, oracleSnapshot(b), setup{})
	for _, bc := range hostilePreAuthBodies(b) {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(bc.body)))
			for b.Loop() {
				rec := send(h, http.MethodPost, adminhttp.PathValidate, bytes.NewReader(bc.body),
					"Content-Type", "application/json", "Content-Encoding", bc.encoding)
				if rec.Code != bc.status {
					b.Fatalf("status %d, want %d", rec.Code, bc.status)
				}
			}
		})
	}
}
