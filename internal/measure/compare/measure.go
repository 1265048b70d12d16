package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"slices"
	"time"
)

// series is what one server answered to one body.
type series struct {
	latencies []time.Duration // of the measured rounds
	status    int             // of the first answer; every later one must match
	first     []byte          // the first answer's body
	newConns  int             // connections opened, warm-up included
}

// outcome is the measurement of one body.
type outcome struct {
	body     body
	a, b     series
	rounds   int  // measured rounds completed
	timedOut bool // the duration ended before -rounds
}

// measure sends b to both servers, warm-up rounds first, alternating which
// server goes first in each round, until the rounds are done or the
// duration has passed.
func measure(ctx context.Context, c *http.Client, cfg config, b body) (outcome, error) {
	out := outcome{body: b}
	ctx, cancel := context.WithTimeout(ctx, cfg.duration)
	defer cancel()
	eps := [2]*endpoint{&cfg.a, &cfg.b}
	ss := [2]*series{&out.a, &out.b}
rounds:
	for round := 0; round < cfg.warmup+cfg.rounds; round++ {
		if ctx.Err() != nil {
			out.timedOut = true
			break
		}
		measured := round >= cfg.warmup
		for k := range 2 {
			i := (round + k) % 2 // a first in even rounds, b first in odd ones
			ans, err := eps[i].send(ctx, c, b.data)
			if err != nil {
				if ctx.Err() != nil && round > 0 {
					out.timedOut = true // the request under way is not counted
					break rounds
				}
				return out, err
			}
			s := ss[i]
			if ans.newConn {
				s.newConns++
			}
			if s.first == nil {
				s.status, s.first = ans.status, ans.body
			} else if ans.status != s.status {
				return out, fmt.Errorf("%s answered %d in round %d after %d in round 1: %.200s", eps[i].name, ans.status, round+1, s.status, ans.body)
			}
			if measured {
				s.latencies = append(s.latencies, ans.latency)
			}
		}
		if measured {
			out.rounds++
		}
	}
	if len(out.a.latencies) == 0 || len(out.b.latencies) == 0 {
		return out, fmt.Errorf("no round was measured within -duration %v (%d warm-up rounds)", cfg.duration, cfg.warmup)
	}
	return out, nil
}

// percentile returns the nearest-rank percentile p (0 < p <= 1) of d, 0
// for no values.
func percentile(d []time.Duration, p float64) time.Duration {
	if len(d) == 0 {
		return 0
	}
	s := slices.Clone(d)
	slices.Sort(s)
	rank := int(math.Ceil(p * float64(len(s))))
	return s[min(max(rank, 1), len(s))-1]
}

// sameAnswer says whether two answers are the same JSON value once the
// random id of an error body is left out; bodies that are not JSON must be
// the same bytes.
func sameAnswer(a, b []byte) bool {
	va, errA := canonical(a)
	vb, errB := canonical(b)
	if errA != nil || errB != nil {
		return bytes.Equal(a, b)
	}
	return bytes.Equal(va, vb)
}

func canonical(data []byte) ([]byte, error) {
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		return nil, err
	}
	if m, ok := v.(map[string]any); ok {
		delete(m, "id")
	}
	return json.Marshal(v)
}

// compareAll measures each body and writes the report.
func compareAll(cfg config, bodies []body, w io.Writer) error {
	c := newClient()
	defer c.CloseIdleConnections()
	fmt.Fprintf(w, "%s: %s\n%s: %s\n", cfg.a.name, cfg.a.validate, cfg.b.name, cfg.b.validate)
	fmt.Fprintf(w, "One client, keep-alive, the servers alternating which goes first; %d measured rounds after %d warm-up rounds, at most %v per body.\n\n",
		cfg.rounds, cfg.warmup, cfg.duration)
	fmt.Fprintln(w, "| body | server | requests | p50 | p99 | status | connections |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|")
	var outs []outcome
	for _, b := range bodies {
		o, err := measure(context.Background(), c, cfg, b)
		if err != nil {
			return fmt.Errorf("%s: %w", b.label, err)
		}
		outs = append(outs, o)
		for _, s := range []struct {
			name string
			s    series
		}{{cfg.a.name, o.a}, {cfg.b.name, o.b}} {
			fmt.Fprintf(w, "| %s | %s | %d | %s | %s | %d | %d |\n", b.label, s.name, len(s.s.latencies),
				ms(percentile(s.s.latencies, 0.5)), ms(percentile(s.s.latencies, 0.99)), s.s.status, s.s.newConns)
		}
	}
	fmt.Fprintf(w, "\n| body | %s / %s at p50 | at p99 | same answer |\n|---|---|---|---|\n", cfg.b.name, cfg.a.name)
	for _, o := range outs {
		same := "yes"
		if o.a.status != o.b.status || !sameAnswer(o.a.first, o.b.first) {
			same = fmt.Sprintf("no: %s answered %d %.120s; %s answered %d %.120s",
				cfg.a.name, o.a.status, o.a.first, cfg.b.name, o.b.status, o.b.first)
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s |\n", o.body.label,
			ratio(percentile(o.b.latencies, 0.5), percentile(o.a.latencies, 0.5)),
			ratio(percentile(o.b.latencies, 0.99), percentile(o.a.latencies, 0.99)), same)
	}
	for _, o := range outs {
		if o.timedOut {
			fmt.Fprintf(w, "\n%s: -duration %v ended the measurement after %d of %d rounds.\n", o.body.label, cfg.duration, o.rounds, cfg.rounds)
		}
	}
	return nil
}

// ms writes a latency in milliseconds with three significant digits.
func ms(d time.Duration) string {
	v := float64(d) / float64(time.Millisecond)
	switch {
	case v >= 100:
		return fmt.Sprintf("%.0f ms", v)
	case v >= 10:
		return fmt.Sprintf("%.1f ms", v)
	case v >= 1:
		return fmt.Sprintf("%.2f ms", v)
	}
	return fmt.Sprintf("%.3f ms", v)
}

// ratio writes num/den as "4.2x".
func ratio(num, den time.Duration) string {
	if den <= 0 {
		return "-"
	}
	return fmt.Sprintf("%.1fx", float64(num)/float64(den))
}
