package testutil

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

func TestFetch(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Path", r.URL.Path)
		w.WriteHeader(http.StatusTeapot)
		_, _ = w.Write([]byte("body of " + r.Method))
	}))
	defer srv.Close()
	req, err := http.NewRequest(http.MethodPut, srv.URL+"/p", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, b, err := Fetch(srv.Client(), req)
	if err != nil || resp.StatusCode != http.StatusTeapot || resp.Header.Get("X-Path") != "/p" || string(b) != "body of PUT" {
		t.Fatalf("Fetch = %v, %q, %v", resp, b, err)
	}
	srv.Close()
	if _, _, err := Fetch(srv.Client(), req); err == nil {
		t.Error("Fetch from a closed server succeeded")
	}
}
