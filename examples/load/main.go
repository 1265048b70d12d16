// Command load measures the example server's handler under load on the
// loopback interface: requests per second and the 50th and 99th
// percentile latency at 1, 8 and 64 concurrent clients for both
// endpoints, and the throughput that one well-behaved client keeps while
// four others send the worst body.
//
// Usage:
//
//	go run ./examples/load [flags]
//
// Flags:
//
//	-duration D      how long each measurement runs (default 2s, at most 10s)
//	-max-requests N  stop a measurement after N requests (default 100000)
//	-max-inflight N  the handler's validation slots (default: one per processor)
//	-features N      features in the validation body (default 20)
//
// It starts the handler with the embedded default state on 127.0.0.1 and a
// free port, talks only to it, and stops it at the end. Each measurement
// is bounded by its duration and its request count, so a run takes about
// ten times -duration.
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/flagadmin/flagadmin/auth"
	"github.com/flagadmin/flagadmin/examples/server/adminhttp"
	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/users"
)

// maxDuration bounds -duration.
const maxDuration = 10 * time.Second

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// config is what the flags set.
type config struct {
	duration    time.Duration
	maxRequests int
	maxInFlight int
	features    int
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("load", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var c config
	fs.DurationVar(&c.duration, "duration", 2*time.Second, "how long each measurement runs (at most 10s)")
	fs.IntVar(&c.maxRequests, "max-requests", 100000, "stop a measurement after this many requests")
	fs.IntVar(&c.maxInFlight, "max-inflight", 0, "the handler's validation slots; 0 means one per processor")
	fs.IntVar(&c.features, "features", 20, "features in the validation body")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "load: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	switch {
	case c.duration <= 0 || c.duration > maxDuration:
		fmt.Fprintf(stderr, "load: -duration must be in (0, %v], not %v\n", maxDuration, c.duration)
		return 2
	case c.maxRequests <= 0:
		fmt.Fprintf(stderr, "load: -max-requests must be positive, not %d\n", c.maxRequests)
		return 2
	case c.maxInFlight < 0:
		fmt.Fprintf(stderr, "load: -max-inflight must not be negative, not %d\n", c.maxInFlight)
		return 2
	case c.features <= 0 || c.features > 10000:
		fmt.Fprintf(stderr, "load: -features must be in [1, 10000], not %d\n", c.features)
		return 2
	}
	if err := measureAll(c, stdout); err != nil {
		fmt.Fprintln(stderr, "load:", err)
		return 1
	}
	return 0
}

// target is the server under load.
type target struct {
	base   string
	token  string
	client *http.Client
}

// start serves the handler with the default state on a loopback port.
func start(c config) (*target, func(), error) {
	snap, err := model.DefaultSnapshot()
	if err != nil {
		return nil, nil, err
	}
	st, err := importvalidate.NewMemoryState(snap)
	if err != nil {
		return nil, nil, err
	}
	v, err := importvalidate.New(importvalidate.Options{State: st})
	if err != nil {
		return nil, nil, err
	}
	tokens, err := auth.NewMemoryLookup(snap)
	if err != nil {
		return nil, nil, err
	}
	h, err := adminhttp.NewHandler(adminhttp.Options{Validator: v, Tokens: tokens,
		Users: users.NewMemoryStore(snap), MaxInFlight: c.maxInFlight})
	if err != nil {
		return nil, nil, err
	}
	token := ""
	for _, t := range snap.Tokens {
		if t.Type == model.TokenAdmin {
			token = t.Secret
			break
		}
	}
	if token == "" {
		return nil, nil, errors.New("the default state has no admin token")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, nil, err
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second, ReadTimeout: 30 * time.Second,
		WriteTimeout: 30 * time.Second, IdleTimeout: 120 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	tr := &http.Transport{MaxIdleConns: 256, MaxIdleConnsPerHost: 256, DisableCompression: true}
	stop := func() {
		tr.CloseIdleConnections()
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = srv.Shutdown(ctx)
	}
	return &target{base: "http://" + ln.Addr().String(), token: token, client: &http.Client{Transport: tr, Timeout: 30 * time.Second}}, stop, nil
}

// request is one kind of request the clients send.
type request struct {
	method, path string
	body         []byte
}

// do sends r and returns the status.
func (t *target) do(ctx context.Context, r request) (int, error) {
	req, err := http.NewRequestWithContext(ctx, r.method, t.base+r.path, bytes.NewReader(r.body))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Authorization", t.token)
	if r.body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := t.client.Do(req)
	if err != nil {
		return 0, err
	}
	_, err = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode, err
}

// result is what a set of clients measured.
type result struct {
	latencies []time.Duration // of the answers with the wanted status
	statuses  map[int]int
	elapsed   time.Duration
}

func (r result) perSecond() float64 { return float64(len(r.latencies)) / r.elapsed.Seconds() }

func (r result) percentile(p float64) time.Duration {
	if len(r.latencies) == 0 {
		return 0
	}
	s := slices.Clone(r.latencies)
	slices.Sort(s)
	return s[min(len(s)-1, int(p*float64(len(s))))]
}

// drive runs n clients sending r in a loop until the duration passes, the
// request budget is spent or ctx ends (which also abandons the requests
// under way). Only answers with status want count as served.
func (t *target) drive(ctx context.Context, r request, n int, want int, d time.Duration, budget int) (result, error) {
	var (
		mu    sync.Mutex
		res   = result{statuses: map[int]int{}}
		first error
		wg    sync.WaitGroup
		sent  int
	)
	deadline := time.Now().Add(d)
	begin := time.Now()
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				if ctx.Err() != nil {
					return
				}
				mu.Lock()
				if sent >= budget || time.Now().After(deadline) || first != nil {
					mu.Unlock()
					return
				}
				sent++
				mu.Unlock()
				t0 := time.Now()
				status, err := t.do(ctx, r)
				lat := time.Since(t0)
				mu.Lock()
				if ctx.Err() != nil {
					mu.Unlock()
					return // abandoned, not measured
				}
				if err != nil && first == nil {
					first = err
				}
				res.statuses[status]++
				if status == want {
					res.latencies = append(res.latencies, lat)
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	res.elapsed = time.Since(begin)
	return res, first
}

// validateBody is an import of n features, each with a strategy, as a
// well-behaved client sends it.
func validateBody(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"project":"default","environment":"development","data":{"features":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"name":"load-%d","project":"default","type":"release","description":"feature %d"}`, i, i)
	}
	b.WriteString(`],"featureStrategies":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"name":"flexibleRollout","featureName":"load-%d","parameters":{"rollout":"50","stickiness":"default","groupId":"load-%d"},"constraints":[{"contextName":"userId","operator":"IN","values":["a","b"]}]}`, i, i)
	}
	b.WriteString(`],"tagTypes":[]}}`)
	return []byte(b.String())
}

// worstBody is the most expensive body under the default limit known to
// the hostile-input suite: data with unknown keys up to about 496 kB.
func worstBody() []byte {
	var b strings.Builder
	b.WriteString(`{"project":"default","environment":"development","data":{"features":[],"featureStrategies":[],"tagTypes":[]`)
	for i := 0; b.Len() < 496<<10; i++ {
		b.WriteString(`,"k` + strconv.Itoa(i) + `":0`)
	}
	b.WriteString(`}}`)
	return []byte(b.String())
}

func measureAll(c config, w io.Writer) error {
	t, stop, err := start(c)
	if err != nil {
		return err
	}
	defer stop()
	validate := request{http.MethodPost, adminhttp.PathValidate, validateBody(c.features)}
	listing := request{method: http.MethodGet, path: adminhttp.PathUserAdmin}
	// Warm up connections and caches.
	ctx := context.Background()
	if _, err := t.drive(ctx, validate, 8, 200, c.duration/10, 200); err != nil {
		return err
	}

	fmt.Fprintf(w, "Each measurement runs %v (or %d requests); validation body %d bytes (%d features).\n\n",
		c.duration, c.maxRequests, len(validate.body), c.features)
	fmt.Fprintln(w, "| endpoint | clients | requests/s | p50 | p99 | answers |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|")
	for _, ep := range []struct {
		name string
		r    request
	}{{"POST validate", validate}, {"GET user-admin", listing}} {
		for _, n := range []int{1, 8, 64} {
			res, err := t.drive(ctx, ep.r, n, 200, c.duration, c.maxRequests)
			if err != nil {
				return fmt.Errorf("%s with %d clients: %w", ep.name, n, err)
			}
			fmt.Fprintf(w, "| %s | %d | %.0f | %v | %v | %s |\n", ep.name, n, res.perSecond(),
				round(res.percentile(0.50)), round(res.percentile(0.99)), statuses(res.statuses))
		}
	}

	alone, err := t.drive(ctx, validate, 1, 200, c.duration, c.maxRequests)
	if err != nil {
		return err
	}
	worst := request{http.MethodPost, adminhttp.PathValidate, worstBody()}
	actx, stopAttack := context.WithCancel(ctx)
	attack := make(chan result, 1)
	attackErr := make(chan error, 1)
	go func() {
		res, err := t.drive(actx, worst, 4, 400, maxDuration+c.duration, c.maxRequests)
		attack <- res
		attackErr <- err
	}()
	time.Sleep(c.duration / 10) // the attackers are under way
	under, err := t.drive(ctx, validate, 1, 200, c.duration, c.maxRequests)
	stopAttack()
	att := <-attack
	if err == nil {
		err = <-attackErr
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "\nOne client validating alone, then while 4 others send the worst body (%d bytes, 400 expected):\n\n", len(worst.body))
	fmt.Fprintln(w, "| well-behaved client | requests/s | p50 | p99 | answers |")
	fmt.Fprintln(w, "|---|---|---|---|---|")
	fmt.Fprintf(w, "| alone | %.0f | %v | %v | %s |\n", alone.perSecond(), round(alone.percentile(0.5)), round(alone.percentile(0.99)), statuses(alone.statuses))
	fmt.Fprintf(w, "| under attack | %.0f | %v | %v | %s |\n", under.perSecond(), round(under.percentile(0.5)), round(under.percentile(0.99)), statuses(under.statuses))
	ratio := 0.0
	if alone.perSecond() > 0 {
		ratio = under.perSecond() / alone.perSecond()
	}
	fmt.Fprintf(w, "\nKept %.0f%% of its throughput; the attackers got %s answers in %v.\n", 100*ratio, statuses(att.statuses), round(att.elapsed))
	return nil
}

// statuses lists the count of each status, in order of status.
func statuses(m map[int]int) string {
	keys := make([]int, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%d×%d", m[k], k))
	}
	return strings.Join(parts, " ")
}

// round shortens a latency for the table.
func round(d time.Duration) time.Duration {
	switch {
	case d >= 10*time.Millisecond:
		return d.Round(time.Millisecond)
	case d >= 100*time.Microsecond:
		return d.Round(10 * time.Microsecond)
	}
	return d.Round(time.Microsecond)
}
