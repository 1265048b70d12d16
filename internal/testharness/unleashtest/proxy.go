package unleashtest

import (
	"bytes"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// Proxy stands between a client and a server in tests of the client's
// behaviour under faults: it forwards each request to the server unless
// its Fault answers it, and counts what passes (requests by path, the
// most in flight at once, the connections opened). It is safe for
// concurrent use.
type Proxy struct {
	// URL is the proxy's base URL, http://127.0.0.1:<port>.
	URL string

	srv *httptest.Server
	rp  *httputil.ReverseProxy

	mu       sync.Mutex
	fault    Fault
	paths    map[string]int
	agents   []string // the User-Agent of every request
	statuses []int    // the status of every answer the server gave

	total, inFlight, peak, conns atomic.Int64
}

// Fault answers a request in place of the server and returns true, or
// returns false to let the request through (possibly after a delay).
type Fault func(w http.ResponseWriter, r *http.Request) bool

// NewProxy starts a proxy in front of the server at target, closed when
// the test ends.
func NewProxy(tb testing.TB, target string) *Proxy {
	tb.Helper()
	u, err := url.Parse(target)
	if err != nil {
		tb.Fatal(err)
	}
	p := &Proxy{paths: map[string]int{}}
	p.rp = httputil.NewSingleHostReverseProxy(u)
	p.rp.ErrorLog = log.New(io.Discard, "", 0)
	p.rp.ModifyResponse = func(r *http.Response) error {
		p.mu.Lock()
		p.statuses = append(p.statuses, r.StatusCode)
		p.mu.Unlock()
		return nil
	}
	p.srv = httptest.NewUnstartedServer(http.HandlerFunc(p.serve))
	p.srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			p.conns.Add(1)
		}
	}
	p.srv.Config.ErrorLog = log.New(io.Discard, "", 0)
	p.srv.Start()
	p.URL = p.srv.URL
	tb.Cleanup(p.srv.Close)
	return p
}

func (p *Proxy) serve(w http.ResponseWriter, r *http.Request) {
	p.total.Add(1)
	n := p.inFlight.Add(1)
	defer p.inFlight.Add(-1)
	for {
		old := p.peak.Load()
		if n <= old || p.peak.CompareAndSwap(old, n) {
			break
		}
	}
	p.mu.Lock()
	p.paths[r.URL.Path]++
	p.agents = append(p.agents, r.Header.Get("User-Agent"))
	fault := p.fault
	p.mu.Unlock()
	if fault != nil && fault(w, r) {
		return
	}
	if r.Context().Err() != nil {
		return
	}
	p.rp.ServeHTTP(w, r)
}

// SetFault makes f answer the requests from now on; nil lets all through.
func (p *Proxy) SetFault(f Fault) {
	p.mu.Lock()
	p.fault = f
	p.mu.Unlock()
}

// Requests returns the number of requests to path (without the query)
// since the start or the last Reset.
func (p *Proxy) Requests(path string) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.paths[path]
}

// Total returns the number of requests since the start or the last Reset.
func (p *Proxy) Total() int64 { return p.total.Load() }

// PeakInFlight returns the most requests the proxy held at once since the
// start or the last Reset.
func (p *Proxy) PeakInFlight() int64 { return p.peak.Load() }

// Conns returns the number of connections clients opened to the proxy
// since the start or the last Reset.
func (p *Proxy) Conns() int64 { return p.conns.Load() }

// UserAgents returns the User-Agent of every request, in order.
func (p *Proxy) UserAgents() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.agents...)
}

// Statuses returns the status of every answer the server gave through the
// proxy, in order.
func (p *Proxy) Statuses() []int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]int(nil), p.statuses...)
}

// Reset sets the counts to zero.
func (p *Proxy) Reset() {
	p.mu.Lock()
	p.paths = map[string]int{}
	p.agents, p.statuses = nil, nil
	p.mu.Unlock()
	p.total.Store(0)
	p.peak.Store(p.inFlight.Load())
	p.conns.Store(0)
}

// Kill closes the proxy and every connection to it: from then on the
// server is gone, as if it were killed.
func (p *Proxy) Kill() {
	p.srv.CloseClientConnections()
	p.srv.Close()
}

// under reports whether the faults of path apply to r: path is r's path
// (without the query), or ends with a slash and r's path is under it, or
// is "", which matches every path.
func under(r *http.Request, path string) bool {
	return path == "" || r.URL.Path == path || (strings.HasSuffix(path, "/") && strings.HasPrefix(r.URL.Path, path))
}

// Status answers the requests under path with status, the header
// fields of header (name, value pairs) and body, as JSON unless header
// names a Content-Type.
func Status(path string, status int, body string, header ...string) Fault {
	return func(w http.ResponseWriter, r *http.Request) bool {
		if !under(r, path) {
			return false
		}
		w.Header().Set("Content-Type", "application/json")
		for i := 0; i+1 < len(header); i += 2 {
			w.Header().Set(header[i], header[i+1])
		}
		w.WriteHeader(status)
		fmt.Fprint(w, body)
		return true
	}
}

// Delay holds the requests under path for d, or until their client goes
// away, then lets them through. The body is read first, so that the
// server notices a client that goes away.
func Delay(path string, d time.Duration) Fault {
	return func(w http.ResponseWriter, r *http.Request) bool {
		if !under(r, path) {
			return false
		}
		body, err := io.ReadAll(r.Body)
		if err != nil {
			return true
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		t := time.NewTimer(d)
		defer t.Stop()
		select {
		case <-t.C:
			return false
		case <-r.Context().Done():
			return true
		}
	}
}

// Hang holds the requests under path until their client goes away.
func Hang(path string) Fault { return Delay(path, 24*time.Hour) }

// Drop closes the connection of each request under path without an
// answer, once the whole request has arrived: the client has sent it and
// cannot know what became of it.
func Drop(path string) Fault {
	return func(w http.ResponseWriter, r *http.Request) bool {
		if !under(r, path) {
			return false
		}
		_, _ = io.Copy(io.Discard, r.Body)
		if conn, _, err := http.NewResponseController(w).Hijack(); err == nil {
			conn.Close()
		}
		return true
	}
}

// Redirect answers the requests under path with status (a 3xx) and a
// Location of base followed by the request's path and query.
func Redirect(path string, status int, base string) Fault {
	return func(w http.ResponseWriter, r *http.Request) bool {
		if !under(r, path) {
			return false
		}
		http.Redirect(w, r, strings.TrimRight(base, "/")+r.URL.RequestURI(), status)
		return true
	}
}

// Large answers the requests under path with 200 and a JSON object of
// size bytes whose member "padding" holds spaces, without a
// Content-Length unless declare is set.
func Large(path string, size int, declare bool) Fault {
	return func(w http.ResponseWriter, r *http.Request) bool {
		if !under(r, path) {
			return false
		}
		const head, tail = `{"user":{"id":1,"type":"user"},"permissions":[],"padding":"`, `"}`
		w.Header().Set("Content-Type", "application/json")
		if declare {
			w.Header().Set("Content-Length", fmt.Sprint(size))
		}
		io.WriteString(w, head)
		http.NewResponseController(w).Flush()
		chunk := strings.Repeat(" ", 32<<10)
		for n := size - len(head) - len(tail); n > 0; {
			m := min(n, len(chunk))
			if _, err := io.WriteString(w, chunk[:m]); err != nil {
				return true
			}
			n -= m
		}
		io.WriteString(w, tail)
		return true
	}
}

// First returns the fault whose first of faults answers, trying them in
// order.
func First(faults ...Fault) Fault {
	return func(w http.ResponseWriter, r *http.Request) bool {
		for _, f := range faults {
			if f(w, r) {
				return true
			}
		}
		return false
	}
}
