// Command load measures the server of the flagadmin command ('flagadmin
// serve', as a user runs it, in a child process) under load on the
// loopback interface: requests per second and the 50th and 99th
// percentile latency at 1, 8 and 64 concurrent clients for both
// endpoints, and the throughput that one well-behaved client keeps while
// four others send the worst body.
//
// Usage:
//
//	go run ./internal/measure/load [flags]
//
// Flags:
//
//	-duration D      how long each measurement runs (default 2s, at most 10s)
//	-max-requests N  stop a measurement after N requests (default 100000)
//	-max-inflight N  the handler's validation slots (default: one per processor)
//	-features N      features in the validation body (default 20)
//	-rounds N        rounds of the client alone and under attack (default 4)
//	-attack-only     measure only the well-behaved client, alone and under attack
//	-flagadmin PATH  the flagadmin command to run (default: built from
//	                 examples/flagadmin)
//	-attackers N     clients sending the attack body (default 4)
//	-attack NAME     the attack body: "unknown keys" (default, the
//	                 validation's worst) or a hostile plan body of
//	                 internal/testharness/hostilebody ("segments of a long name", ...)
//	-attack-size N   the attack body's size in bytes (default: the largest
//	                 under the limit)
//	-attack-path P   where the attackers send it: validate (default) or plan
//
// It starts the server with the embedded default state on 127.0.0.1 and a
// free port, its request log discarded, talks only to it, and stops it at
// the end. Each measurement
// is bounded by its duration and its request count, so a run takes about
// ten times -duration.
//
// The well-behaved client is measured alone and under attack in rounds
// that take turns, each of -duration divided by -rounds, so that the
// machine's other load weighs on both alike. A round alone starts after a
// short unmeasured warm-up; a round under attack counts from the
// attackers' first answer on, the well-behaved client sending from the
// start: the attack is measured as it goes on, not as it begins. The
// attackers' requests under way at the end of a round are abandoned, and
// the next round waits for the server to stop their work.
package main

import (
	"bytes"
	"cmp"
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/flagadmin/flagadmin/internal/measure/measureflag"
	"github.com/flagadmin/flagadmin/internal/testharness/hostilebody"
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
	attackOnly  bool
	rounds      int
	flagadmin   string
	attackers   int
	attack      string
	attackSize  int
	attackPath  string
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("load", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var c config
	fs.DurationVar(&c.duration, "duration", 2*time.Second, "how long each measurement runs (at most 10s)")
	fs.IntVar(&c.maxRequests, "max-requests", 100000, "stop a measurement after this many requests")
	fs.IntVar(&c.maxInFlight, "max-inflight", 0, "the handler's validation slots; 0 means one per processor")
	fs.IntVar(&c.features, "features", 20, "features in the validation body")
	fs.BoolVar(&c.attackOnly, "attack-only", false, "measure only the well-behaved client, alone and under attack")
	fs.IntVar(&c.rounds, "rounds", 4, "rounds of the well-behaved client alone and under attack, taking turns")
	fs.StringVar(&c.flagadmin, "flagadmin", "", "the flagadmin `program` whose server to measure (default: built from examples/flagadmin)")
	fs.IntVar(&c.attackers, "attackers", 4, "clients sending the attack body")
	fs.StringVar(&c.attack, "attack", unknownKeys, "the attack `body`: \""+unknownKeys+"\" or a hostile plan body's name")
	fs.IntVar(&c.attackSize, "attack-size", 0, "the attack body's size in `bytes`; 0 means the largest under the limit")
	fs.StringVar(&c.attackPath, "attack-path", "validate", "where the attackers send: validate or plan")
	if code, ok := measureflag.Parse(fs, args); !ok {
		return code
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
	case c.rounds <= 0 || c.rounds > 100:
		fmt.Fprintf(stderr, "load: -rounds must be in [1, 100], not %d\n", c.rounds)
		return 2
	case c.features <= 0 || c.features > 10000:
		fmt.Fprintf(stderr, "load: -features must be in [1, 10000], not %d\n", c.features)
		return 2
	case c.attackers <= 0 || c.attackers > 64:
		fmt.Fprintf(stderr, "load: -attackers must be in [1, 64], not %d\n", c.attackers)
		return 2
	case c.attackSize < 0 || c.attackSize > maxBody:
		fmt.Fprintf(stderr, "load: -attack-size must be in [0, %d], not %d\n", maxBody, c.attackSize)
		return 2
	case c.attackPath != "validate" && c.attackPath != "plan":
		fmt.Fprintf(stderr, "load: -attack-path must be validate or plan, not %q\n", c.attackPath)
		return 2
	}
	if _, ok := attackBody(c.attack, c.attackSize); !ok {
		fmt.Fprintf(stderr, "load: -attack %q: no such body\n", c.attack)
		return 2
	}
	if err := measureAll(c, stdout); err != nil {
		fmt.Fprintln(stderr, "load:", err)
		return 1
	}
	return 0
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

func (r result) perSecond() float64 {
	if r.elapsed <= 0 {
		return 0
	}
	return float64(len(r.latencies)) / r.elapsed.Seconds()
}

// add sums two measurements: their answers, latencies and times.
func (r result) add(o result) result {
	sum := result{latencies: append(slices.Clone(r.latencies), o.latencies...), statuses: map[int]int{}, elapsed: r.elapsed + o.elapsed}
	for _, m := range []map[int]int{r.statuses, o.statuses} {
		for k, n := range m {
			sum.statuses[k] += n
		}
	}
	return sum
}

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
// under way). Only answers with status want count as served. answered,
// when not nil, is called after each answer.
func (t *target) drive(ctx context.Context, r request, n int, want int, d time.Duration, budget int, answered func()) (result, error) {
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
				if answered != nil {
					answered()
				}
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
func worstBody() []byte { return hostilebody.UnknownKeys(hostilebody.UnknownKeysSize) }

// unknownKeys names worstBody for -attack.
const unknownKeys = "unknown keys"

// attackBody is the body -attack names, of about size bytes (0: the
// largest under the limit); ok is false for an unknown name.
func attackBody(name string, size int) (body []byte, ok bool) {
	if name == unknownKeys {
		if size == 0 {
			return worstBody(), true
		}
		return hostilebody.UnknownKeys(size), true
	}
	for _, pb := range hostilebody.PlanBodies() {
		if pb.Name == name {
			return pb.Build(cmp.Or(size, hostilebody.PlanSize)), true
		}
	}
	return nil, false
}

func measureAll(c config, w io.Writer) (err error) {
	t, stop, err := start(c)
	if err != nil {
		return err
	}
	defer func() {
		if serr := stop(); err == nil {
			err = serr
		}
	}()
	validate := request{http.MethodPost, pathValidate, validateBody(c.features)}
	listing := request{method: http.MethodGet, path: pathUserAdmin}
	// Warm up connections and caches.
	ctx := context.Background()
	if _, err := t.drive(ctx, validate, 8, 200, c.duration/10, 200, nil); err != nil {
		return err
	}

	fmt.Fprintf(w, "Each measurement runs %v (or %d requests); validation body %d bytes (%d features).\n\n",
		c.duration, c.maxRequests, len(validate.body), c.features)
	if !c.attackOnly {
		if err := measureEndpoints(ctx, t, c, w, validate, listing); err != nil {
			return err
		}
	}
	return measureAttack(ctx, t, c, w, validate)
}

// measureEndpoints prints the table of both endpoints at 1, 8 and 64
// clients.
func measureEndpoints(ctx context.Context, t *target, c config, w io.Writer, validate, listing request) error {
	fmt.Fprintln(w, "| endpoint | clients | requests/s | p50 | p99 | answers |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|")
	for _, ep := range []struct {
		name string
		r    request
	}{{"POST validate", validate}, {"GET user-admin", listing}} {
		for _, n := range []int{1, 8, 64} {
			res, err := t.drive(ctx, ep.r, n, 200, c.duration, c.maxRequests, nil)
			if err != nil {
				return fmt.Errorf("%s with %d clients: %w", ep.name, n, err)
			}
			fmt.Fprintf(w, "| %s | %d | %.0f | %v | %v | %s |\n", ep.name, n, res.perSecond(),
				round(res.percentile(0.50)), round(res.percentile(0.99)), statuses(res.statuses))
		}
	}
	fmt.Fprintln(w)
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
