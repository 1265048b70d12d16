package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"
)

// settle is the pause after each round under attack: the server's
// validations of the abandoned worst bodies stop at their next look at
// the context, and the large slot's hold ends, before the client is
// measured alone again.
const settle = 300 * time.Millisecond

// measureAttack measures one well-behaved client alone and while
// c.attackers others send the attack body (by default the validation's
// worst) to the validation or the plan, in c.rounds rounds that take turns (alone,
// then under attack), so that a change in the machine's other load
// weighs on both alike. It prints the sums and each round's share.
func measureAttack(ctx context.Context, t *target, c config, w io.Writer, validate request) error {
	body, _ := attackBody(c.attack, c.attackSize)
	path := pathValidate
	if c.attackPath == "plan" {
		path = pathPlan
	}
	worst := request{http.MethodPost, path, body}
	// The attackers' answers count when they have the status of a first
	// answer (400 for the unknown keys, 200 for a plan body).
	want, err := t.do(ctx, worst)
	if err != nil {
		return err
	}
	slice := c.duration / time.Duration(c.rounds)
	var alone, under, att result
	var kept []string
	for range c.rounds {
		// Unmeasured, as the warm-up under attack: the machine is
		// woken from the pause after the previous round.
		_, err := t.drive(ctx, validate, 1, 200, aloneWarmUp, c.maxRequests, nil)
		if err != nil {
			return err
		}
		a, err := t.drive(ctx, validate, 1, 200, slice, c.maxRequests, nil)
		if err != nil {
			return err
		}
		u, at, err := t.underAttack(ctx, validate, worst, want, c.attackers, slice, c.maxRequests)
		if err != nil {
			return err
		}
		alone, under, att = alone.add(a), under.add(u), att.add(at)
		kept = append(kept, fmt.Sprintf("%.0f%%", 100*share(u, a)))
		time.Sleep(settle)
	}
	fmt.Fprintf(w, "One client validating alone and while %d others send %q to %s (%d bytes, %d expected), %d rounds of %v each:\n\n",
		c.attackers, c.attack, c.attackPath, len(worst.body), want, c.rounds, slice)
	fmt.Fprintln(w, "| well-behaved client | requests/s | p50 | p99 | answers |")
	fmt.Fprintln(w, "|---|---|---|---|---|")
	fmt.Fprintf(w, "| alone | %.0f | %v | %v | %s |\n", alone.perSecond(), round(alone.percentile(0.5)), round(alone.percentile(0.99)), statuses(alone.statuses))
	fmt.Fprintf(w, "| under attack | %.0f | %v | %v | %s |\n", under.perSecond(), round(under.percentile(0.5)), round(under.percentile(0.99)), statuses(under.statuses))
	fmt.Fprintf(w, "\nKept %.0f%% of its throughput (rounds: %s); the attackers got %s answers in %v.\n",
		100*share(under, alone), strings.Join(kept, " "), statuses(att.statuses), round(att.elapsed))
	return nil
}

// aloneWarmUp is how long the well-behaved client sends, unmeasured,
// before it is measured alone.
const aloneWarmUp = 100 * time.Millisecond

// warmUp bounds the wait for the attackers' first answer.
const warmUp = 2 * time.Second

// underAttack measures the well-behaved client for d while attackers
// clients send worst (answered want), and then stops them (abandoning
// their requests under way). The measurement starts once the attack is under way as it goes on: the
// well-behaved client sends from the start, but what it gets counts only
// after the attackers' first answer (at most warmUp), since the first
// large validation runs before the server has seen small ones beside
// large ones.
func (t *target) underAttack(ctx context.Context, validate, worst request, want, attackers int, d time.Duration, budget int) (under, att result, err error) {
	actx, stop := context.WithCancel(ctx)
	defer stop()
	type outcome struct {
		res result
		err error
	}
	attack := make(chan outcome, 1)
	first := make(chan struct{})
	var once sync.Once
	go func() {
		res, err := t.drive(actx, worst, attackers, want, maxDuration+warmUp+d, budget, func() { once.Do(func() { close(first) }) })
		attack <- outcome{res, err}
	}()
	wctx, endWarmUp := context.WithCancel(ctx)
	warm := make(chan error, 1)
	go func() {
		_, err := t.drive(wctx, validate, 1, 200, warmUp, budget, nil)
		warm <- err
	}()
	select {
	case <-first:
	case <-time.After(warmUp):
	}
	endWarmUp()
	if err := <-warm; err != nil {
		stop()
		<-attack
		return under, att, err
	}
	under, err = t.drive(ctx, validate, 1, 200, d, budget, nil)
	stop()
	a := <-attack
	if err == nil {
		err = a.err
	}
	return under, a.res, err
}

// share is the throughput of part as a share of that of whole.
func share(part, whole result) float64 {
	if whole.perSecond() == 0 {
		return 0
	}
	return part.perSecond() / whole.perSecond()
}
