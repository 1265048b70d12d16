package unleashapi_test

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
	"github.com/flagadmin/flagadmin/internal/testharness/unleashtest"
	"github.com/flagadmin/flagadmin/unleashapi"
	"github.com/flagadmin/flagadmin/unleashdb"
)

// oracleURL is the public URL of the reference server that recorded the
// conformance cases, the base of its invitation links.
const oracleURL = "http://127.0.0.1:4242"

// unleash is the real Unleash 8.2.0 on the module's dump, shared by the
// tests of the package.
var unleash = unleashtest.Env{Dump: true, PublicURL: oracleURL}

// What the shared server holds beyond the dump, so that the comparisons
// with the database cover them.
const (
	// scopedField is a context field of project other, with legal values a
	// and b.
	scopedField = "other-scoped"
	// noRootRoleUser is a user without a root role.
	noRootRoleUser = "no-root-role"
)

var (
	enrichOnce sync.Once
	enrichErr  error
)

// need returns the shared server, with scopedField and noRootRoleUser
// added on first use.
// needInParallel is need for a test that runs in parallel with the
// others on the shared server: all but those that change the instance or
// count the process's allocations, which run first, alone.
func needInParallel(t *testing.T) *unleashtest.Server {
	t.Helper()
	t.Parallel()
	return need(t)
}

func need(tb testing.TB) *unleashtest.Server {
	tb.Helper()
	s := unleash.Need(tb)
	enrichOnce.Do(func() {
		ctx := context.Background()
		if enrichErr = s.AddProjectContextField(ctx, "other", scopedField, "a", "b"); enrichErr == nil {
			_, enrichErr = s.AddUserWithoutRootRole(ctx, noRootRoleUser)
		}
	})
	if enrichErr != nil {
		tb.Fatal(enrichErr)
	}
	return s
}

func TestMain(m *testing.M) {
	// The parallel tests mostly wait on the instance (its answers, retries
	// and the faults of a proxy).
	testutil.ParallelAtLeast(6)
	unleash.Prestart()
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

// faultyProxy starts a proxy in front of the server at target on which
// fault answers first.
func faultyProxy(tb testing.TB, target string, fault unleashtest.Fault) *unleashtest.Proxy {
	tb.Helper()
	p := unleashtest.NewProxy(tb, target)
	p.SetFault(fault)
	return p
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
