package unleashapi_test

import (
	"context"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/flagadmin/flagadmin/internal/unleashtest"
	"github.com/flagadmin/flagadmin/unleashapi"
	"github.com/flagadmin/flagadmin/unleashdb"
)

// oracleURL is the public URL of the reference server that recorded the
// conformance cases, the base of its invitation links.
const oracleURL = "http://127.0.0.1:4242"

// unleash is the real Unleash 8.2.0 on the module's dump, shared by the
// tests of the package.
var unleash = unleashtest.Env{Dump: true, PublicURL: oracleURL}

func TestMain(m *testing.M) {
	code := m.Run()
	unleash.Stop()
	os.Exit(code)
}

// Tokens of the dump's users (testdata/conformance).
const (
	viewerPAT = "user:62e4aa0433ed0562b9cef06ab66a0b7233fab6fc07064da0816b9497"
	editorPAT = "user:e9739938270d7f29d0039e15f4a19c4ecbac8459a671ae808e42c2bf"
)

// counter is a RoundTripper that counts the requests it sends.
type counter struct {
	n    atomic.Int64
	next http.RoundTripper
}

func (c *counter) RoundTrip(r *http.Request) (*http.Response, error) {
	c.n.Add(1)
	return c.next.RoundTrip(r)
}

// newClient returns a client of s with the admin token that counts its
// requests.
func newClient(t testing.TB, base string, opts unleashapi.Options) (*unleashapi.Client, *counter) {
	t.Helper()
	cnt := &counter{next: http.DefaultTransport.(*http.Transport).Clone()}
	opts.HTTPClient = &http.Client{Transport: cnt}
	c, err := unleashapi.New(base, unleashtest.AdminToken, opts)
	if err != nil {
		t.Fatal(err)
	}
	return c, cnt
}

// openDatabase opens the database of s, closed when the test ends.
func openDatabase(t testing.TB, s *unleashtest.Server, opts unleashdb.Options) *unleashdb.DB {
	t.Helper()
	db, err := unleashdb.Open(context.Background(), s.Cluster.URL(s.Database), opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(db.Close)
	return db
}

// proxy stands in front of the instance; hook, when set, may answer a
// request itself (returning true) instead of passing it on.
type proxy struct {
	*httptest.Server
	mu       sync.Mutex
	hook     func(w http.ResponseWriter, r *http.Request) bool
	seen     []string // the User-Agent of every request
	statuses []int    // the status of every answer passed on
}

func newProxy(t testing.TB, target string) *proxy {
	t.Helper()
	u, err := url.Parse(target)
	if err != nil {
		t.Fatal(err)
	}
	p := &proxy{}
	rp := httputil.NewSingleHostReverseProxy(u)
	rp.ErrorLog = log.New(io.Discard, "", 0)
	rp.ModifyResponse = func(r *http.Response) error {
		p.mu.Lock()
		p.statuses = append(p.statuses, r.StatusCode)
		p.mu.Unlock()
		return nil
	}
	p.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p.mu.Lock()
		hook := p.hook
		p.seen = append(p.seen, r.Header.Get("User-Agent"))
		p.mu.Unlock()
		if hook != nil && hook(w, r) {
			return
		}
		rp.ServeHTTP(w, r)
	}))
	t.Cleanup(p.Close)
	return p
}

func (p *proxy) set(hook func(w http.ResponseWriter, r *http.Request) bool) {
	p.mu.Lock()
	p.hook = hook
	p.mu.Unlock()
}

// answer makes the proxy answer the requests to path itself: status, the
// headers of header (name, value pairs) and body as JSON.
func (p *proxy) answer(path string, status int, body string, header ...string) {
	p.set(func(w http.ResponseWriter, r *http.Request) bool {
		if r.URL.Path != path {
			return false
		}
		for i := 0; i+1 < len(header); i += 2 {
			w.Header().Set(header[i], header[i+1])
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		fmt.Fprint(w, body)
		return true
	})
}

// importBody returns an import request of n new features into project
// default, each with a strategy that uses the context field region and the
// segment beta-users and a tag of type team, plus existing-flag.
func importBody(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"project":"default","environment":"development","data":{"features":[{"name":"existing-flag","type":"release","project":"default"}`)
	for i := range n {
		fmt.Fprintf(&b, `,{"name":"bulk-%05d","type":"release","project":"default"}`, i)
	}
	b.WriteString(`],"featureStrategies":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"name":"flexibleRollout","featureName":"bulk-%05d","parameters":{"rollout":"50","stickiness":"default","groupId":"g"},"constraints":[{"contextName":"region","operator":"IN","values":["eu"]}],"segments":[1]}`, i)
	}
	b.WriteString(`],"featureEnvironments":[],"contextFields":[{"name":"region","legalValues":[{"value":"eu"},{"value":"us"}]}],"segments":[{"id":1,"name":"beta-users"}],"tagTypes":[{"name":"team"}],"featureTags":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"featureName":"bulk-%05d","tagType":"team","tagValue":"core"}`, i)
	}
	b.WriteString(`]}}`)
	return []byte(b.String())
}

func background() context.Context { return context.Background() }
