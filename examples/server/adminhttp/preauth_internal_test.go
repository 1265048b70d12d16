package adminhttp

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/auth"
	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/internal/testharness/statetest"
	"github.com/flagadmin/flagadmin/model"
)

// TestPreAuthLimit: the syntax checks of requests without valid
// credentials have slots of their own. While they are taken, such a
// request is answered 503 with Retry-After, whatever its body; an
// authenticated validation is served as ever, and once a slot frees up
// the 400 and 401 come back.
func TestPreAuthLimit(t *testing.T) {
	snap, err := model.DefaultSnapshot()
	if err != nil {
		t.Fatal(err)
	}
	v := statetest.Validator(t, snap, importvalidate.Options{})
	tokens, err := auth.NewMemoryLookup(snap)
	if err != nil {
		t.Fatal(err)
	}
	opts := Options{Validator: v, Tokens: tokens, MaxPreAuth: 1}
	c, err := newCommon(opts)
	if err != nil {
		t.Fatal(err)
	}
	vh, err := newValidation(c, opts)
	if err != nil {
		t.Fatal(err)
	}
	h := vh.endpoint()
	const valid = `{"project":"default","environment":"development","data":{"features":[],"featureStrategies":[],"tagTypes":[]}}`
	serve := func(token, body string) *httptest.ResponseRecorder {
		r := httptest.NewRequest(http.MethodPost, PathValidate, strings.NewReader(body))
		r.Header.Set("Content-Type", "application/json")
		if token != "" {
			r.Header.Set("Authorization", token)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		return rec
	}
	slot, err := vh.preAuth.acquire(context.Background(), false)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct{ name, token, body string }{
		{"no token, malformed", "", valid[:40]},
		{"no token, valid", "", valid},
		{"unknown token, malformed", "nope", valid[:40]},
	}
	for _, c := range cases {
		rec := serve(c.token, c.body)
		if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") != "1" {
			t.Errorf("%s, slots taken: status %d, Retry-After %q; want 503 with Retry-After 1", c.name, rec.Code, rec.Header().Get("Retry-After"))
		}
	}
	if rec := serve("*:*.flagadmin-demo-admin-token", valid); rec.Code != http.StatusOK {
		t.Errorf("authenticated validation, slots taken: status %d: %.200s", rec.Code, rec.Body.Bytes())
	}
	slot.release()
	for i, want := range []int{400, 401, 400} {
		if rec := serve(cases[i].token, cases[i].body); rec.Code != want {
			t.Errorf("%s, slot free: status %d, want %d", cases[i].name, rec.Code, want)
		}
	}
}
