package main

import (
	"net/http"
	"os"
	"strconv"
	"time"

	"github.com/flagadmin/flagadmin/internal/testharness/serveproc"
)

// The endpoints, as the reference server serves them (the plan's is ours),
// and the server's default limit of a request body (500 kB).
const (
	pathValidate  = "/api/admin/features-batch/validate"
	pathPlan      = "/api/admin/features-batch/plan"
	pathUserAdmin = "/api/admin/user-admin"
	maxBody       = 500 << 10
)

// target is the server under load.
type target struct {
	base   string
	token  string
	client *http.Client
}

func newTarget(base, token string) (*target, func()) {
	tr := &http.Transport{MaxIdleConns: 256, MaxIdleConnsPerHost: 256, DisableCompression: true}
	return &target{base: base, token: token, client: &http.Client{Transport: tr, Timeout: 30 * time.Second}},
		tr.CloseIdleConnections
}

// start runs 'flagadmin serve' on the embedded default state in a child
// process: c.flagadmin, or the command of examples/flagadmin from Go's
// build cache (serveproc.Program; else built into a temporary directory). It returns the target and the function that
// stops the server (and removes what it built).
func start(c config) (*target, func() error, error) {
	program, cleanup := c.flagadmin, func() {}
	if program == "" {
		dir, err := os.MkdirTemp("", "load")
		if err != nil {
			return nil, nil, err
		}
		cleanup = func() { os.RemoveAll(dir) }
		if program, err = serveproc.Program(dir); err != nil {
			cleanup()
			return nil, nil, err
		}
	}
	srv, err := serveproc.Start(program, nil, "-demo", "-max-inflight", strconv.Itoa(c.maxInFlight))
	if err != nil {
		cleanup()
		return nil, nil, err
	}
	t, closeIdle := newTarget(srv.URL, srv.AdminToken)
	return t, func() error { closeIdle(); defer cleanup(); return srv.Stop() }, nil
}
