package main

import (
	"bytes"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestCompareTwoServers measures two servers of the flagadmin command on
// the recorded reference state with both generated bodies and checks every row of the
// report: the rounds, the status, one connection per server (keep-alive)
// and the same answer.
func TestCompareTwoServers(t *testing.T) {
	a, b := oracleServer(t), oracleServer(t)
	var out, errs bytes.Buffer
	code := run([]string{"-a", a, "-b", b + "/", "-name-a", "first", "-name-b", "second",
		"-token", adminToken, "-rounds", "12", "-warmup", "3", "-sizes", "2000,60000"}, &out, &errs)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	s := out.String()
	rows := regexp.MustCompile(`(?m)^\| clean, ([0-9 ]+) B \| (first|second) \| (\d+) \| [0-9.]+ ms \| [0-9.]+ ms \| (\d+) \| (\d+) \|$`).FindAllStringSubmatch(s, -1)
	if len(rows) != 4 {
		t.Fatalf("want 4 measurement rows, got %d:\n%s", len(rows), s)
	}
	conns := map[string]int{}
	for _, r := range rows {
		if r[3] != "12" || r[4] != "200" {
			t.Errorf("row %q: want 12 requests answered 200", r[0])
		}
		n, err := strconv.Atoi(r[5])
		if err != nil {
			t.Fatal(err)
		}
		conns[r[2]] += n
	}
	if conns["first"] != 1 || conns["second"] != 1 {
		t.Errorf("connections opened %v; want one per server over both bodies (keep-alive)", conns)
	}
	ratios := regexp.MustCompile(`(?m)^\| clean, [0-9 ]+ B \| [0-9.]+x \| [0-9.]+x \| yes \|$`).FindAllString(s, -1)
	if len(ratios) != 2 {
		t.Errorf("want 2 ratio rows with the same answer:\n%s", s)
	}
	if !strings.Contains(s, "second / first at p50") || !strings.Contains(s, a+validatePath) {
		t.Errorf("report lacks its header:\n%s", s)
	}
}

// TestDifferentAnswers reports servers that answer differently, and stops
// at a server whose status changes between rounds.
func TestDifferentAnswers(t *testing.T) {
	a := oracleServer(t)
	other := serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"errors":[{"message":"x","affectedItems":["y"]}],"warnings":[],"permissions":[]}`))
	}))
	var out, errs bytes.Buffer
	if code := run([]string{"-a", a, "-b", other.URL, "-token", adminToken, "-rounds", "2", "-warmup", "0", "-sizes", "2000"}, &out, &errs); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	if !strings.Contains(out.String(), `| no: a answered 200 {"errors":[],`) {
		t.Errorf("the different answer is not reported:\n%s", out.String())
	}

	var n atomic.Int32
	flaky := serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if n.Add(1) > 2 {
			w.WriteHeader(http.StatusServiceUnavailable)
		}
	}))
	out.Reset()
	errs.Reset()
	if code := run([]string{"-a", a, "-b", flaky.URL, "-token", adminToken, "-rounds", "5", "-warmup", "0", "-sizes", "2000"}, &out, &errs); code != 1 {
		t.Fatalf("exit %d; want 1", code)
	}
	if want := "b answered 503 in round 3 after 200 in round 1"; !strings.Contains(errs.String(), want) {
		t.Errorf("stderr %q lacks %q", errs.String(), want)
	}
}

// TestBodyFiles sends the files of -body in place of the generated
// bodies, labelled with their names and sizes.
func TestBodyFiles(t *testing.T) {
	a, b := oracleServer(t), oracleServer(t)
	dir := t.TempDir()
	files := map[string]string{
		"ok.json":  `{"project":"default","environment":"development","data":{"features":[{"name":"new-one"}],"featureStrategies":[],"tagTypes":[]}}`,
		"bad.json": `{"project":"default"}`,
	}
	args := []string{"-a", a, "-b", b, "-token", adminToken, "-rounds", "3", "-warmup", "1"}
	for _, name := range []string{"ok.json", "bad.json"} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(files[name]), 0o644); err != nil {
			t.Fatal(err)
		}
		args = append(args, "-body", path)
	}
	var out, errs bytes.Buffer
	if code := run(args, &out, &errs); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	s := out.String()
	for _, want := range []string{
		fmt.Sprintf("| %s, %d B | a | 3 |", filepath.Join(dir, "ok.json"), len(files["ok.json"])),
		fmt.Sprintf("| %s, %d B | b | 3 |", filepath.Join(dir, "bad.json"), len(files["bad.json"])),
		" | 400 | ", " | 200 | ",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("no %q in:\n%s", want, s)
		}
	}
	if strings.Contains(s, "clean, ") {
		t.Errorf("generated bodies sent besides the files:\n%s", s)
	}
	if n := strings.Count(s, "| yes |"); n != 2 {
		t.Errorf("%d bodies answered alike; want 2 (the 400's random id left out):\n%s", n, s)
	}
}

// TestDurationBound stops the rounds when -duration ends and says so.
func TestDurationBound(t *testing.T) {
	slow := func(w http.ResponseWriter, r *http.Request) { time.Sleep(20 * time.Millisecond) }
	a, b := serve(t, http.HandlerFunc(slow)), serve(t, http.HandlerFunc(slow))
	var out, errs bytes.Buffer
	if code := run([]string{"-a", a.URL, "-b", b.URL, "-rounds", "100000", "-warmup", "0", "-duration", "300ms", "-sizes", "2000"}, &out, &errs); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	if !regexp.MustCompile(`-duration 300ms ended the measurement after \d+ of 100000 rounds`).MatchString(out.String()) {
		t.Errorf("no note of the duration bound:\n%s", out.String())
	}
	out.Reset()
	errs.Reset()
	if code := run([]string{"-a", a.URL, "-b", b.URL, "-rounds", "5", "-warmup", "1000", "-duration", "200ms", "-sizes", "2000"}, &out, &errs); code != 1 {
		t.Fatalf("a duration spent in the warm-up: exit %d; want 1", code)
	}
	if want := "no round was measured within -duration 200ms (1000 warm-up rounds)"; !strings.Contains(errs.String(), want) {
		t.Errorf("stderr %q lacks %q", errs.String(), want)
	}
}

// TestLoopbackOnly refuses, at connection time, addresses that are not
// loopback ones.
func TestLoopbackOnly(t *testing.T) {
	for addr, ok := range map[string]bool{"127.0.0.1:80": true, "127.1.2.3:80": true, "[::1]:80": true,
		"10.0.0.1:80": false, "[2001:db8::1]:443": false, "example.com:80": false, "nonsense": false} {
		if err := loopbackOnly("tcp", addr, nil); (err == nil) != ok {
			t.Errorf("loopbackOnly(%s) = %v; want allowed %v", addr, err, ok)
		}
	}
}

func TestFlags(t *testing.T) {
	ok := []string{"-a", "http://127.0.0.1:1", "-b", "http://[::1]:2"}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-a", "http://127.0.0.1:1"}, "both -a and -b are required"},
		{[]string{"-a", "http://example.com", "-b", "http://127.0.0.1:2"}, "only loopback servers"},
		{[]string{"-a", "http://10.0.0.1:4242", "-b", "http://127.0.0.1:2"}, "only loopback servers"},
		{[]string{"-a", "https://127.0.0.1:1", "-b", "http://127.0.0.1:2"}, "want an http:// URL"},
		{[]string{"-a", "http://u:p@127.0.0.1:1", "-b", "http://127.0.0.1:2"}, "without user, query or fragment"},
		{append(ok, "-name-b", "a"), `both "a"`},
		{append(ok, "-rounds", "0"), "-rounds must be in"},
		{append(ok, "-rounds", "100001"), "-rounds must be in"},
		{append(ok, "-warmup", "-1"), "-warmup must be in"},
		{append(ok, "-duration", "11m"), "-duration must be in"},
		{append(ok, "-sizes", "5000,x"), `-sizes: "x"`},
		{append(ok, "-sizes", "1999"), `-sizes: "1999"`},
		{append(ok, "-body", "/nonexistent/body.json"), "-body: open /nonexistent/body.json"},
		{append(ok, "extra"), `unexpected argument "extra"`},
		{[]string{"-start", "-b", "http://127.0.0.1:2", "-token", "t"}, "-start sets the servers itself: drop -b, -token"},
		{[]string{"-nope"}, "flag provided but not defined"},
	} {
		var out, errs bytes.Buffer
		if code := run(tc.args, &out, &errs); code != 2 {
			t.Errorf("%v: exit %d; want 2", tc.args, code)
		}
		if !strings.Contains(errs.String(), tc.want) {
			t.Errorf("%v: stderr %q lacks %q", tc.args, errs.String(), tc.want)
		}
	}
}

func TestPercentile(t *testing.T) {
	ms := func(v ...int) []time.Duration {
		d := make([]time.Duration, len(v))
		for i, x := range v {
			d[i] = time.Duration(x) * time.Millisecond
		}
		return d
	}
	for _, tc := range []struct {
		d    []time.Duration
		p    float64
		want time.Duration
	}{
		{nil, 0.5, 0},
		{ms(7), 0.5, 7 * time.Millisecond},
		{ms(7), 0.99, 7 * time.Millisecond},
		{ms(4, 1, 3, 2), 0.5, 2 * time.Millisecond},
		{ms(5, 1, 4, 2, 3), 0.5, 3 * time.Millisecond},
		{ms(10, 9, 8, 7, 6, 5, 4, 3, 2, 1), 0.99, 10 * time.Millisecond},
		{ms(10, 9, 8, 7, 6, 5, 4, 3, 2, 1), 0.9, 9 * time.Millisecond},
		{ms(10, 9, 8, 7, 6, 5, 4, 3, 2, 1), 0.01, 1 * time.Millisecond},
	} {
		if got := percentile(tc.d, tc.p); got != tc.want {
			t.Errorf("percentile(%v, %v) = %v; want %v", tc.d, tc.p, got, tc.want)
		}
	}
}

func TestSameAnswer(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want bool
	}{
		{`{"errors":[],"warnings":[]}`, `{"warnings":[],"errors":[]}`, true},
		{`{"id":"1","name":"BadDataError"}`, `{"id":"2","name":"BadDataError"}`, true},
		{`{"id":"1","name":"BadDataError"}`, `{"id":"1","name":"NotFoundError"}`, false},
		{`{"errors":[{"affectedItems":["a","b"]}]}`, `{"errors":[{"affectedItems":["b","a"]}]}`, false},
		{`not json`, `not json`, true},
		{`not json`, `not JSON`, false},
		{``, `{}`, false},
	} {
		if got := sameAnswer([]byte(tc.a), []byte(tc.b)); got != tc.want {
			t.Errorf("sameAnswer(%s, %s) = %v; want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

func TestLabels(t *testing.T) {
	for n, want := range map[int]string{0: "0 B", 999: "999 B", 1000: "1 000 B", 489039: "489 039 B", 12345678: "12 345 678 B"} {
		if got := bytesLabel(n); got != want {
			t.Errorf("bytesLabel(%d) = %q; want %q", n, got, want)
		}
	}
	for d, want := range map[time.Duration]string{412 * time.Microsecond: "0.412 ms", 3850 * time.Microsecond: "3.85 ms",
		20150 * time.Microsecond: "20.1 ms", 229 * time.Millisecond: "229 ms"} {
		if got := ms(d); got != want {
			t.Errorf("ms(%v) = %q; want %q", d, got, want)
		}
	}
	if got := ratio(20*time.Millisecond, 4*time.Millisecond); got != "5.0x" {
		t.Errorf("ratio = %q", got)
	}
	if got := ratio(time.Millisecond, 0); got != "-" {
		t.Errorf("ratio over 0 = %q", got)
	}
}
