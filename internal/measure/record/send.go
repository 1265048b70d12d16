package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/flagadmin/flagadmin/internal/testharness/conformance"
)

// maxAnswer bounds the bytes read of an answer.
const maxAnswer = 16 << 20

// newClient returns the client that sends the recorded requests: it adds
// no header of its own (no User-Agent, no Accept-Encoding), follows no
// redirect and keeps its connections alive.
func newClient() *http.Client {
	return &http.Client{
		Transport: &http.Transport{DisableCompression: true, MaxIdleConnsPerHost: 2},
		Timeout:   60 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error {
			return http.ErrUseLastResponse
		},
	}
}

// send sends r to the server at base with exactly r's method, path,
// headers and body (Host and Content-Length aside) and returns the answer
// as a recorded response: a JSON body as it came, any other body as a
// JSON string.
func send(ctx context.Context, client *http.Client, base string, r conformance.Request) (conformance.Response, error) {
	var resp conformance.Response
	var body io.Reader
	if p := r.Payload(); len(p) > 0 {
		body = bytes.NewReader(p)
	}
	req, err := http.NewRequestWithContext(ctx, r.Method, base+r.Path, body)
	if err != nil {
		return resp, err
	}
	req.Header["User-Agent"] = []string{""} // none
	for k, v := range r.Headers {
		req.Header[http.CanonicalHeaderKey(k)] = []string{v}
	}
	res, err := client.Do(req)
	if err != nil {
		return resp, err
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(res.Body, maxAnswer+1))
	if err != nil {
		return resp, fmt.Errorf("%s %s: reading the answer: %w", r.Method, r.Path, err)
	}
	if len(raw) > maxAnswer {
		return resp, fmt.Errorf("%s %s: the answer is over %d bytes", r.Method, r.Path, maxAnswer)
	}
	resp.Status = res.StatusCode
	resp.ContentType = res.Header.Get("Content-Type")
	if json.Valid(raw) {
		resp.Body = raw
	} else {
		resp.Body, _ = json.Marshal(string(raw))
	}
	return resp, nil
}
