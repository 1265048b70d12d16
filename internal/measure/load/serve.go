package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"runtime/pprof"
	"strconv"
	"strings"
	"time"

	"github.com/flagadmin/flagadmin/auth"
	"github.com/flagadmin/flagadmin/examples/server/adminhttp"
	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/importvalidate/plan"
	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/users"
)

// target is the server under load.
type target struct {
	base   string
	token  string
	client *http.Client
}

func newTarget(addr, token string) (*target, func()) {
	tr := &http.Transport{MaxIdleConns: 256, MaxIdleConnsPerHost: 256, DisableCompression: true}
	return &target{base: "http://" + addr, token: token, client: &http.Client{Transport: tr, Timeout: 30 * time.Second}},
		tr.CloseIdleConnections
}

// start serves the handler: in this process, or with c.separate in a
// child process (this program with -serve). It returns the target and
// the function that stops the server.
func start(c config) (*target, func() error, error) {
	if c.separate {
		return startChild(c)
	}
	addr, token, stop, err := serve(c)
	if err != nil {
		return nil, nil, err
	}
	t, closeIdle := newTarget(addr, token)
	return t, func() error { closeIdle(); return stop() }, nil
}

// serve serves the handler, the plan endpoint included, with the default
// state on a loopback port and returns its address, the admin token of
// the state and the function that shuts the server down.
func serve(c config) (addr, token string, stop func() error, err error) {
	snap, err := model.DefaultSnapshot()
	if err != nil {
		return "", "", nil, err
	}
	st, err := importvalidate.NewMemoryState(snap)
	if err != nil {
		return "", "", nil, err
	}
	v, err := importvalidate.New(importvalidate.Options{State: st})
	if err != nil {
		return "", "", nil, err
	}
	tokens, err := auth.NewMemoryLookup(snap)
	if err != nil {
		return "", "", nil, err
	}
	configs, err := plan.NewMemorySource(snap)
	if err != nil {
		return "", "", nil, err
	}
	planner, err := plan.New(plan.Options{Source: configs})
	if err != nil {
		return "", "", nil, err
	}
	h, err := adminhttp.NewHandler(adminhttp.Options{Validator: v, Tokens: tokens,
		Users: users.NewMemoryStore(snap), MaxInFlight: c.maxInFlight, Planner: planner})
	if err != nil {
		return "", "", nil, err
	}
	for _, t := range snap.Tokens {
		if t.Type == model.TokenAdmin {
			token = t.Secret
			break
		}
	}
	if token == "" {
		return "", "", nil, errors.New("the default state has no admin token")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", "", nil, err
	}
	srv := &http.Server{Handler: labelled(h), ReadHeaderTimeout: 5 * time.Second, ReadTimeout: 30 * time.Second,
		WriteTimeout: 30 * time.Second, IdleTimeout: 120 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	stop = func() error {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		return srv.Shutdown(ctx)
	}
	return ln.Addr().String(), token, stop, nil
}

// labelled marks the server's work on each request for a CPU profile
// (go tool pprof -tags): "body" is "large" for a body over
// adminhttp.LargeBody bytes, "small" for another; the clients' work has no
// label.
func labelled(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		size := "small"
		if r.ContentLength > adminhttp.LargeBody {
			size = "large"
		}
		pprof.Do(r.Context(), pprof.Labels("body", size), func(ctx context.Context) { h.ServeHTTP(w, r.WithContext(ctx)) })
	})
}

// serveChild is the -serve mode: it serves the handler, writes one line
// "ADDRESS TOKEN" to stdout, and serves until stdin closes. With
// c.cpuProfile it profiles the server for all that time.
func serveChild(c config, stdin io.Reader, stdout io.Writer) error {
	stopProfile, err := startProfile(c.cpuProfile)
	if err != nil {
		return err
	}
	addr, token, stop, err := serve(c)
	if err != nil {
		_ = stopProfile()
		return err
	}
	fmt.Fprintln(stdout, addr, token)
	_, _ = io.Copy(io.Discard, stdin) // until the parent closes it
	err = stop()
	if perr := stopProfile(); err == nil {
		err = perr
	}
	return err
}

// childTimeout bounds the wait for the child server to start and to stop.
const childTimeout = 30 * time.Second

// startChild runs this program with -serve in a child process and
// returns the target it serves. Stopping closes the child's stdin and
// waits for it to exit (killing it after childTimeout).
func startChild(c config) (*target, func() error, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, nil, err
	}
	args := []string{"-serve", "-max-inflight", strconv.Itoa(c.maxInFlight)}
	if c.cpuProfile != "" {
		args = append(args, "-cpuprofile", c.cpuProfile)
	}
	cmd := exec.Command(self, args...)
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, nil, err
	}
	exited := make(chan error, 1)
	stopChild := func() error {
		in.Close()
		go func() { exited <- cmd.Wait() }()
		select {
		case err := <-exited:
			return err
		case <-time.After(childTimeout):
			_ = cmd.Process.Kill()
			return fmt.Errorf("the server process did not stop within %v", childTimeout)
		}
	}
	line := make(chan string, 1)
	go func() {
		l, _ := bufio.NewReader(out).ReadString('\n')
		line <- l
		_, _ = io.Copy(io.Discard, out)
	}()
	var first string
	select {
	case first = <-line:
	case <-time.After(childTimeout):
	}
	addr, token, ok := strings.Cut(strings.TrimSpace(first), " ")
	if !ok {
		_ = stopChild()
		return nil, nil, errors.New("the server process did not say where it listens")
	}
	t, closeIdle := newTarget(addr, token)
	return t, func() error { closeIdle(); return stopChild() }, nil
}
