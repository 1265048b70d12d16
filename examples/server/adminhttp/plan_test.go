package adminhttp_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/examples/server/adminhttp"
	"github.com/flagadmin/flagadmin/importvalidate/plan"
	"github.com/flagadmin/flagadmin/model"
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
	h := newHandler(t, snap, setup{plan: true})
	post := func(h http.Handler, path, method, token, body string) *httptest.ResponseRecorder {
		return do(h, method, path, token, "application/json", strings.NewReader(body))
	}
	valid := `{"project":"default","environment":"development","data":{"features":[{"name":"old"},{"name":"new"}],
	  "featureStrategies":[{"name":"default","featureName":"old"}],
	  "featureEnvironments":[{"name":"old","featureName":"old","enabled":true}],"tagTypes":[]}}`
	w := post(h, adminhttp.PathPlan, http.MethodPost, "*:*.admin", valid)
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
	// A value the reference server coerces ("true" for a boolean) is
	// planned as the validation read it.
	coerced := strings.Replace(valid, `"enabled":true`, `"enabled":"true"`, 1)
	w = post(h, adminhttp.PathPlan, http.MethodPost, "*:*.admin", coerced)
	got.Plan = nil
	if w.Code != http.StatusOK || json.Unmarshal(w.Body.Bytes(), &got) != nil || got.Plan == nil {
		t.Fatalf("coerced body: %d %s", w.Code, w.Body)
	}
	if c := got.Plan.Count(); c.Create != 1 || c.Update != 1 {
		t.Errorf("coerced body: %s", w.Body)
	}
	refused := `{"project":"default","environment":"development","data":{"features":[{"name":"x"}],
	  "featureStrategies":[{"name":"nope","featureName":"x"}],"tagTypes":[]}}`
	w = post(h, adminhttp.PathPlan, http.MethodPost, "*:*.admin", refused)
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
		pw := post(h, adminhttp.PathPlan, c.method, c.token, c.body)
		vw := post(h, adminhttp.PathValidate, c.method, c.token, c.body)
		if pw.Code != c.status || vw.Code != c.status {
			t.Errorf("%s %q %.30s: plan %d, validate %d, want %d", c.method, c.token, c.body, pw.Code, vw.Code, c.status)
		}
	}
	// Without a Planner the path is unknown.
	if w := post(newHandler(t, snap, setup{}), adminhttp.PathPlan, http.MethodPost, "*:*.admin", valid); w.Code != http.StatusNotFound {
		t.Errorf("without a planner: %d", w.Code)
	}
}
