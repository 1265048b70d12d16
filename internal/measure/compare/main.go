// Command compare measures the latency of two import validation servers
// side by side: typically the example server of this module and an
// Unleash server, both holding the same state. One client sends the same
// body to each in turn over keep-alive connections, alternating which one
// goes first in each round, and reports the median and 99th percentile
// latency of each server, their ratio, and whether the two answered alike.
//
// Usage:
//
//	go run ./internal/measure/compare -a URL -b URL -token T [flags]
//	go run ./internal/measure/compare -start [flags]
//
// Flags:
//
//	-start           start both servers, and stop them at the end: the
//	                 flagadmin command's server on
//	                 testdata/conformance/oracle-state.json as -a
//	                 (flagadmin), and the real Unleash 8.2.0 on the
//	                 module's database dump testdata/unleash-db as -b
//	                 (unleash), as the tests start them (PostgreSQL and
//	                 npm; the first start installs Unleash: minutes)
//	-a URL, -b URL   base URLs of the two servers, such as
//	                 http://127.0.0.1:4242; loopback addresses only
//	-name-a, -name-b labels of the servers in the report (default a, b)
//	-token T         the Authorization header sent to both servers
//	-token-b T       the one sent to -b, when it differs
//	-sizes LIST      sizes in bytes of the generated clean bodies, one
//	                 measurement each (default 5000,490000)
//	-body FILE       send this file instead of the generated bodies; may
//	                 be repeated
//	-rounds N        measured rounds per body (default 300, at most
//	                 100000); a round is one request to each server
//	-warmup N        rounds sent first and not measured (default 50)
//	-duration D      time bound of each body's rounds, warm-up included
//	                 (default 60s, at most 10m)
//
// The generated bodies import new features into project
// default: against the state of testdata/conformance/oracle-state.json,
// which is also the database dump testdata/unleash-db, both servers answer
// 200 with no error, warning or missing permission. The command talks
// only to the two servers, follows no redirect, and stops at the first
// transport error or at an answer whose status differs from the one the
// same server gave in the first round.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/flagadmin/flagadmin/internal/measure/measureflag"
	"github.com/flagadmin/flagadmin/internal/testharness/unleashtest"
)

// Bounds of the flags.
const (
	maxRounds   = 100000
	maxDuration = 10 * time.Minute
	minBodySize = 2000 // one generated feature takes 1 740 bytes
	maxBodySize = 50 << 20
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// config is what the flags set.
type config struct {
	a, b          endpoint
	sizes         []int
	files         []string
	rounds        int
	warmup        int
	duration      time.Duration
	tokenA, token string
	start         bool
}

// run parses the flags, measures, and returns the exit code: 0 after a
// measurement, 1 when a server fails, 2 for bad flags or an unreadable body.
func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("compare", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var c config
	fs.StringVar(&c.a.base, "a", "", "base `URL` of the first server (loopback only)")
	fs.StringVar(&c.b.base, "b", "", "base `URL` of the second server (loopback only)")
	fs.StringVar(&c.a.name, "name-a", "a", "label of the first server")
	fs.StringVar(&c.b.name, "name-b", "b", "label of the second server")
	fs.StringVar(&c.tokenA, "token", "", "Authorization header sent to both servers")
	fs.StringVar(&c.token, "token-b", "", "Authorization header sent to -b, when it differs from -token")
	sizes := fs.String("sizes", "5000,490000", "comma-separated `sizes` in bytes of the generated clean bodies")
	fs.Func("body", "send this `file` instead of the generated bodies (repeatable)", func(s string) error {
		c.files = append(c.files, s)
		return nil
	})
	fs.IntVar(&c.rounds, "rounds", 300, "measured rounds per body; a round is one request to each server")
	fs.IntVar(&c.warmup, "warmup", 50, "rounds sent first and not measured")
	fs.DurationVar(&c.duration, "duration", time.Minute, "time bound of each body's rounds, warm-up included")
	fs.BoolVar(&c.start, "start", false, "start both servers: flagadmin serve on the recorded state as -a, Unleash "+unleashtest.UnleashVersion+" on the module's database dump as -b")
	if code, ok := measureflag.Parse(fs, args); !ok {
		return code
	}
	if err := c.check(fs, *sizes); err != nil {
		fmt.Fprintln(stderr, "compare:", err)
		return 2
	}
	// The bodies are read before -start starts anything.
	bodies, err := c.bodies()
	if err != nil {
		fmt.Fprintln(stderr, "compare:", err)
		return 2
	}
	if c.start {
		s, err := startServers(&c, stderr)
		if err != nil {
			fmt.Fprintln(stderr, "compare:", err)
			return 1
		}
		defer func() {
			if err := s.stop(); err != nil {
				fmt.Fprintln(stderr, "compare:", err)
			}
		}()
		if err := c.checkEndpoints(); err != nil {
			fmt.Fprintln(stderr, "compare:", err)
			return 1
		}
	}
	if err := compareAll(c, bodies, stdout); err != nil {
		fmt.Fprintln(stderr, "compare:", err)
		return 1
	}
	return 0
}

// check validates the flags of fs and fills in the endpoints, unless
// -start is to give them, and the sizes.
func (c *config) check(fs *flag.FlagSet, sizes string) error {
	if c.start {
		var set []string
		fs.Visit(func(f *flag.Flag) {
			switch f.Name {
			case "a", "b", "name-a", "name-b", "token", "token-b":
				set = append(set, "-"+f.Name)
			}
		})
		if len(set) > 0 {
			return fmt.Errorf("-start sets the servers itself: drop %s", strings.Join(set, ", "))
		}
	} else if err := c.checkEndpoints(); err != nil {
		return err
	}
	switch {
	case c.rounds <= 0 || c.rounds > maxRounds:
		return fmt.Errorf("-rounds must be in [1, %d], not %d", maxRounds, c.rounds)
	case c.warmup < 0 || c.warmup > maxRounds:
		return fmt.Errorf("-warmup must be in [0, %d], not %d", maxRounds, c.warmup)
	case c.duration <= 0 || c.duration > maxDuration:
		return fmt.Errorf("-duration must be in (0, %v], not %v", maxDuration, c.duration)
	}
	if len(c.files) > 0 {
		return nil
	}
	for _, s := range strings.Split(sizes, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n < minBodySize || n > maxBodySize {
			return fmt.Errorf("-sizes: %q is not a size in bytes from %d to %d", s, minBodySize, maxBodySize)
		}
		c.sizes = append(c.sizes, n)
	}
	return nil
}

// checkEndpoints validates the two servers' URLs and names and gives
// each its token.
func (c *config) checkEndpoints() error {
	for _, e := range []*endpoint{&c.a, &c.b} {
		if e.base == "" {
			return errors.New("both -a and -b are required")
		}
	}
	var err error
	if c.a.validate, err = validateURL("-a", c.a.base); err != nil {
		return err
	}
	if c.b.validate, err = validateURL("-b", c.b.base); err != nil {
		return err
	}
	if c.a.name == c.b.name {
		return fmt.Errorf("-name-a and -name-b are both %q", c.a.name)
	}
	c.a.token, c.b.token = c.tokenA, c.tokenA
	if c.token != "" {
		c.b.token = c.token
	}
	return nil
}

// body is one request body to measure with.
type body struct {
	label string
	data  []byte
}

// bodies returns the files of -body, or else the generated bodies of
// -sizes.
func (c *config) bodies() ([]body, error) {
	var out []body
	for _, f := range c.files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, fmt.Errorf("-body: %w", err)
		}
		if len(data) > maxBodySize {
			return nil, fmt.Errorf("-body %s: %d bytes, more than the %d this command sends", f, len(data), maxBodySize)
		}
		out = append(out, body{label: fmt.Sprintf("%s, %s", f, bytesLabel(len(data))), data: data})
	}
	for _, n := range c.sizes {
		data := cleanBodyOfSize(n)
		out = append(out, body{label: "clean, " + bytesLabel(len(data)), data: data})
	}
	return out, nil
}

// bytesLabel writes a size as "489 039 B".
func bytesLabel(n int) string {
	s := strconv.Itoa(n)
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(' ')
		}
		b.WriteRune(r)
	}
	return b.String() + " B"
}
