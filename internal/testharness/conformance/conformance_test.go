package conformance

import (
	"io"
	"strings"
	"testing"
)

func TestLoad(t *testing.T) {
	all := MustLoad(t, "*")
	validate := MustLoad(t, "validate-*")
	if len(validate) == 0 || len(validate) >= len(all) {
		t.Fatalf("%d validate cases of %d", len(validate), len(all))
	}
	for i, c := range all {
		if c.Request.Method == "" || !strings.HasPrefix(c.Request.Path, "/") || c.Response.Status < 100 {
			t.Errorf("case %s: request %s %s, status %d", c.Name, c.Request.Method, c.Request.Path, c.Response.Status)
		}
		if i > 0 && all[i-1].Name >= c.Name {
			t.Errorf("case %s after %s", c.Name, all[i-1].Name)
		}
	}
	if _, err := Load("no-such-case"); err == nil {
		t.Error("Load of a missing case succeeded")
	}
}

func TestRequestPayload(t *testing.T) {
	raw := "not json"
	tests := []struct {
		r    Request
		want string
	}{
		{Request{Method: "POST", Path: "/x", Body: []byte(`{"a":1}`)}, `{"a":1}`},
		{Request{Method: "POST", Path: "/x", Body: []byte(`{"a":1}`), RawBody: &raw}, raw},
		{Request{Method: "GET", Path: "/x"}, ""},
	}
	for _, tt := range tests {
		if got := string(tt.r.Payload()); got != tt.want {
			t.Errorf("Payload = %q, want %q", got, tt.want)
		}
		tt.r.Headers = map[string]string{"Authorization": "tok"}
		req := tt.r.HTTP()
		b, _ := io.ReadAll(req.Body)
		if string(b) != tt.want || req.Header.Get("Authorization") != "tok" || req.Method != tt.r.Method || tt.r.Header("authorization") != "tok" || tt.r.Header("Cookie") != "" {
			t.Errorf("HTTP request %s with body %q and headers %v", req.Method, b, req.Header)
		}
	}
}

func TestState(t *testing.T) {
	s := MustState(t)
	if len(s.Users) == 0 || len(s.Projects) == 0 {
		t.Fatalf("state with %d users and %d projects", len(s.Users), len(s.Projects))
	}
}
