package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptrace"
	"net/url"
	"strings"
	"syscall"
	"time"
)

// validatePath is the import validation endpoint of both servers.
const validatePath = "/api/admin/features-batch/validate"

// requestTimeout bounds one request.
const requestTimeout = 30 * time.Second

// endpoint is one of the two servers.
type endpoint struct {
	name     string
	base     string // as given
	validate string // the URL of the validation endpoint
	token    string
}

// validateURL checks that base is an http URL of a loopback host and
// returns the URL of its validation endpoint. A path in base (a server
// mounted under a prefix) is kept.
func validateURL(flagName, base string) (string, error) {
	u, err := url.Parse(base)
	if err != nil {
		return "", fmt.Errorf("%s: %w", flagName, err)
	}
	if u.Scheme != "http" || u.Host == "" {
		return "", fmt.Errorf("%s %q: want an http:// URL such as http://127.0.0.1:4242", flagName, base)
	}
	if u.User != nil || u.RawQuery != "" || u.Fragment != "" {
		return "", fmt.Errorf("%s %q: want a base URL without user, query or fragment", flagName, base)
	}
	host := u.Hostname()
	if ip := net.ParseIP(host); !(strings.EqualFold(host, "localhost") || ip != nil && ip.IsLoopback()) {
		return "", fmt.Errorf("%s %q: only loopback servers are measured (127.0.0.1, ::1 or localhost), not %q", flagName, base, host)
	}
	return strings.TrimRight(u.String(), "/") + validatePath, nil
}

// newClient returns the one client of a measurement: keep-alive, one
// idle connection per server, no compression, no proxy, no redirects.
func newClient() *http.Client {
	tr := &http.Transport{
		DialContext:         (&net.Dialer{Timeout: 5 * time.Second, Control: loopbackOnly}).DialContext,
		MaxIdleConnsPerHost: 1,
		DisableCompression:  true,
		ForceAttemptHTTP2:   false,
	}
	return &http.Client{
		Transport:     tr,
		Timeout:       requestTimeout,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

// answer is what a server answered to one request.
type answer struct {
	status  int
	body    []byte
	latency time.Duration // from sending the request to the last byte of the answer
	newConn bool          // the request opened a connection
}

// send posts data to e and reads the whole answer.
func (e *endpoint) send(ctx context.Context, c *http.Client, data []byte) (answer, error) {
	var a answer
	trace := &httptrace.ClientTrace{GotConn: func(info httptrace.GotConnInfo) { a.newConn = !info.Reused }}
	req, err := http.NewRequestWithContext(httptrace.WithClientTrace(ctx, trace), http.MethodPost, e.validate, bytes.NewReader(data))
	if err != nil {
		return a, err
	}
	req.Header.Set("Content-Type", "application/json")
	if e.token != "" {
		req.Header.Set("Authorization", e.token)
	}
	t0 := time.Now()
	resp, err := c.Do(req)
	if err != nil {
		return a, fmt.Errorf("%s: %w", e.name, err)
	}
	a.body, err = io.ReadAll(resp.Body)
	a.latency = time.Since(t0)
	resp.Body.Close()
	a.status = resp.StatusCode
	if err != nil {
		return a, fmt.Errorf("%s: reading the answer: %w", e.name, err)
	}
	return a, nil
}

// loopbackOnly refuses to connect to an address that is not a loopback
// one, whatever a host name such as localhost resolved to.
func loopbackOnly(network, address string, _ syscall.RawConn) error {
	host, _, err := net.SplitHostPort(address)
	if err != nil {
		return err
	}
	if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
		return fmt.Errorf("refusing to connect to %s: not a loopback address", address)
	}
	return nil
}
