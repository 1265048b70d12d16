package main

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/flagadmin/flagadmin/internal/testharness/serveproc"
)

// command is the flagadmin command the tests run.
var command serveproc.Shared

// flagadmin returns the built flagadmin command.
func flagadmin(t *testing.T) string {
	t.Helper()
	program, err := command.Program()
	if err != nil {
		t.Fatal(err)
	}
	return program
}

func TestMain(m *testing.M) {
	code := m.Run()
	if err := command.Remove(); err != nil {
		fmt.Fprintln(os.Stderr, err)
	}
	os.Exit(code)
}

// TestShortRun runs every measurement briefly and checks that each row
// of the report is there, with served requests.
func TestShortRun(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the load program for about a second")
	}
	var out, errs bytes.Buffer
	if code := run([]string{"-duration", "100ms", "-max-requests", "200", "-features", "2", "-rounds", "2", "-flagadmin", flagadmin(t)}, &out, &errs); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	s := out.String()
	for _, row := range []string{"| POST validate | 1 |", "| POST validate | 8 |", "| POST validate | 64 |",
		"| GET user-admin | 1 |", "| GET user-admin | 8 |", "| GET user-admin | 64 |", "| alone |", "| under attack |", "Kept ", "(rounds: "} {
		if !strings.Contains(s, row) {
			t.Errorf("no %q in:\n%s", row, s)
		}
	}
	if !strings.Contains(s, "×200") {
		t.Errorf("no request was served:\n%s", s)
	}
}

// TestPlanAttack runs the measurement under attack with a hostile plan
// body sent to the plan endpoint, which answers it 200.
func TestPlanAttack(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the load program for about a second")
	}
	var out, errs bytes.Buffer
	args := []string{"-attack-only", "-duration", "100ms", "-max-requests", "200", "-rounds", "1", "-attackers", "2",
		"-attack", "tags of one feature", "-attack-size", "20000", "-attack-path", "plan", "-flagadmin", flagadmin(t)}
	if code := run(args, &out, &errs); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	if s := out.String(); !strings.Contains(s, `send "tags of one feature" to plan`) || !strings.Contains(s, "200 expected") || !strings.Contains(s, "Kept ") {
		t.Errorf("report:\n%s", s)
	}
}

func TestFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-duration", "0s"}, {"-duration", "1m"}, {"-max-requests", "0"},
		{"-max-inflight", "-1"}, {"-features", "0"}, {"-rounds", "0"}, {"-rounds", "101"}, {"-nope"}, {"extra"},
		{"-attackers", "0"}, {"-attack", "no such body"}, {"-attack-size", "-1"}, {"-attack-size", "600000"}, {"-attack-path", "users"},
	} {
		var out, errs bytes.Buffer
		if code := run(args, &out, &errs); code != 2 {
			t.Errorf("%v: exit %d; want 2", args, code)
		}
	}
}

func TestBodies(t *testing.T) {
	if n := len(worstBody()); n < 496<<10 || n > 500<<10 {
		t.Errorf("worst body %d bytes; want just under the 500 kB limit", n)
	}
	if b := validateBody(3); !bytes.Contains(b, []byte(`"load-2"`)) {
		t.Errorf("validation body %s", b)
	}
}

// TestStart: the server started is the flagadmin command's, on the
// demo state, answering a validation with its admin token; it stops.
func TestStart(t *testing.T) {
	tg, stop, err := start(config{flagadmin: flagadmin(t)})
	if err != nil {
		t.Fatal(err)
	}
	status, err := tg.do(context.Background(), request{method: http.MethodPost, path: pathValidate, body: validateBody(2)})
	if err != nil || status != http.StatusOK {
		t.Errorf("validation: %d %v", status, err)
	}
	if err := stop(); err != nil {
		t.Errorf("stop: %v", err)
	}
}

func TestResultAdd(t *testing.T) {
	a := result{latencies: []time.Duration{1, 2}, statuses: map[int]int{200: 2}, elapsed: time.Second}
	b := result{latencies: []time.Duration{3}, statuses: map[int]int{200: 1, 503: 1}, elapsed: time.Second}
	sum := result{}.add(a).add(b)
	if len(sum.latencies) != 3 || sum.statuses[200] != 3 || sum.statuses[503] != 1 || sum.elapsed != 2*time.Second {
		t.Errorf("sum %+v", sum)
	}
	if got := sum.perSecond(); got != 1.5 {
		t.Errorf("%v answers a second; want 1.5", got)
	}
	if got := share(b, a); got != 0.5 {
		t.Errorf("share %v; want 0.5", got)
	}
	if got := share(a, result{}); got != 0 {
		t.Errorf("share of nothing %v; want 0", got)
	}
}
