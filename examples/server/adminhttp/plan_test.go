package adminhttp_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/auth"
	"github.com/flagadmin/flagadmin/examples/server/adminhttp"
	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/importvalidate/plan"
	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/users"
)

// The plan endpoint answers a valid body with the validation and the
// plan, a refused one with the validation only, and anything else as the
// validation endpoint does.
func TestPlanEndpoint(t *testing.T) {
	snap, err := model.DecodeSnapshot([]byte(`{
	 "projects":[{"id":"default"}],"environments":[{"name":"development"}],
	 "strategies":[{"name":"default","builtIn":true}],"tagTypes":[{"name":"team"}],
	 "features":[{"name":"old","project":"default"}],
	 "featureConfigs":[{"feature":"old","type":"release","environments":[{"name":"development","strategies":[{"name":"default"}]}]}],
	 "tokens":[{"secret":"*:*.admin","type":"admin"},{"secret":"default:development.client","type":"client"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	st, err := importvalidate.NewMemoryState(snap)
	if err != nil {
		t.Fatal(err)
	}
	v, err := importvalidate.New(importvalidate.Options{State: st})
	if err != nil {
		t.Fatal(err)
	}
	tokens, err := auth.NewMemoryLookup(snap)
	if err != nil {
		t.Fatal(err)
	}
	mem, err := plan.NewMemorySource(snap)
	if err != nil {
		t.Fatal(err)
	}
	planner, err := plan.New(plan.Options{Source: mem})
	if err != nil {
		t.Fatal(err)
	}
	newHandler := func(p *plan.Planner) http.Handler {
		h, err := adminhttp.NewHandler(adminhttp.Options{Validator: v, Tokens: tokens, Users: users.NewMemoryStore(snap), Planner: p})
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	h := newHandler(planner)
	send := func(h http.Handler, method, token, body string) *httptest.ResponseRecorder {
		r := httptest.NewRequest(method, adminhttp.PathPlan, strings.NewReader(body))
		r.Header.Set("Content-Type", "application/json")
		if token != "" {
			r.Header.Set("Authorization", token)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		return w
	}
	valid := `{"project":"default","environment":"development","data":{"features":[{"name":"old"},{"name":"new"}],
	  "featureStrategies":[{"name":"default","featureName":"old"}],
	  "featureEnvironments":[{"name":"old","featureName":"old","enabled":true}],"tagTypes":[]}}`
	w := send(h, http.MethodPost, "*:*.admin", valid)
	var got struct {
		Validation model.ValidateResponse
		Plan       *plan.Plan
	}
	if w.Code != http.StatusOK || json.Unmarshal(w.Body.Bytes(), &got) != nil || got.Plan == nil {
		t.Fatalf("valid body: %d %s", w.Code, w.Body)
	}
	if c := got.Plan.Count(); c.Create != 1 || c.Update != 1 || len(got.Validation.Warnings) != 1 {
		t.Errorf("valid body: %s", w.Body)
	}
	refused := `{"project":"default","environment":"development","data":{"features":[{"name":"x"}],
	  "featureStrategies":[{"name":"nope","featureName":"x"}],"tagTypes":[]}}`
	w = send(h, http.MethodPost, "*:*.admin", refused)
	if w.Code != http.StatusOK || strings.Contains(w.Body.String(), `"plan"`) || !strings.Contains(w.Body.String(), "nope") {
		t.Errorf("refused body: %d %s", w.Code, w.Body)
	}
	for _, c := range []struct {
		method, token, body string
		status              int
	}{
		{http.MethodPost, "", valid, http.StatusUnauthorized},
		{http.MethodPost, "default:development.client", valid, http.StatusForbidden},
		{http.MethodPost, "*:*.admin", `{"project":`, http.StatusBadRequest},
		{http.MethodPost, "*:*.admin", `{"project":"default"}`, http.StatusBadRequest},
		{http.MethodGet, "*:*.admin", "", http.StatusMethodNotAllowed},
	} {
		w := send(h, c.method, c.token, c.body)
		vr := httptest.NewRequest(c.method, adminhttp.PathValidate, strings.NewReader(c.body))
		vr.Header.Set("Content-Type", "application/json")
		if c.token != "" {
			vr.Header.Set("Authorization", c.token)
		}
		vw := httptest.NewRecorder()
		h.ServeHTTP(vw, vr)
		if w.Code != c.status || vw.Code != c.status {
			t.Errorf("%s %q %.30s: plan %d, validate %d, want %d", c.method, c.token, c.body, w.Code, vw.Code, c.status)
		}
	}
	// Without a Planner the path is unknown.
	if w := send(newHandler(nil), http.MethodPost, "*:*.admin", valid); w.Code != http.StatusNotFound {
		t.Errorf("without a planner: %d", w.Code)
	}
}
