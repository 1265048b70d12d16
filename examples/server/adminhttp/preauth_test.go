package adminhttp_test

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/examples/server/adminhttp"
	"github.com/flagadmin/flagadmin/internal/hostilebody"
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

// enteredReader signals on its first Read, then reads r.
type enteredReader struct {
	r       io.Reader
	entered chan struct{}
}

func (e *enteredReader) Read(p []byte) (int, error) {
	if e.entered != nil {
		close(e.entered)
		e.entered = nil
	}
	return e.r.Read(p)
}

// TestPreAuthLimit: the work of requests no one vouches for has slots of
// its own. While they are taken, another request without credentials, or
// a malformed body with a token that fails, is answered 503 with
// Retry-After; an authenticated validation is served as ever.
func TestPreAuthLimit(t *testing.T) {
	h := hostileHandler(t, setup{preAuth: 1})
	pr, pw := io.Pipe()
	entered := make(chan struct{})
	first := make(chan *httptest.ResponseRecorder)
	go func() {
		first <- send(h, http.MethodPost, adminhttp.PathValidate, &enteredReader{r: pr, entered: entered},
			"Content-Type", "application/json")
	}()
	<-entered // the request without credentials holds the slot, reading

	for _, bc := range []struct {
		name, token, body string
	}{
		{"no credentials", "", minimalBody},
		{"failed token, malformed body", "Bearer nope", minimalBody[:40]},
	} {
		rec := send(h, http.MethodPost, adminhttp.PathValidate, strings.NewReader(bc.body),
			"Content-Type", "application/json", "Authorization", bc.token)
		if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") == "" {
			t.Errorf("%s: status %d, Retry-After %q; want 503 with Retry-After", bc.name, rec.Code, rec.Header().Get("Retry-After"))
		}
	}
	if rec := do(h, http.MethodPost, adminhttp.PathValidate, hostileAdmin, "application/json", strings.NewReader(minimalBody)); rec.Code != 200 {
		t.Errorf("authenticated validation: status %d: %.200s", rec.Code, rec.Body.Bytes())
	}
	pw.Write([]byte(minimalBody[:40]))
	pw.Close()
	if rec := <-first; rec.Code != 400 {
		t.Errorf("the first request: status %d, want 400", rec.Code)
	}
	// The slot is free again.
	if rec := do(h, http.MethodPost, adminhttp.PathValidate, "", "application/json", strings.NewReader(minimalBody)); rec.Code != 401 {
		t.Errorf("after: status %d, want 401", rec.Code)
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
