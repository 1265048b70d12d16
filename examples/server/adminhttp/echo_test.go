package adminhttp_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/examples/server/adminhttp"
)

// TestEchoAsJSONStringify: the affected items come back as the reference
// server's JSON.stringify writes them: an unpaired surrogate as its
// lower-case escape (two different ones stay two names), U+2028 and <&>
// as themselves.
func TestEchoAsJSONStringify(t *testing.T) {
	h := hostileHandler(t, setup{})
	body := `{"project":"default","environment":"development","data":{"features":[{"name":"x"}],` +
		`"featureStrategies":[{"name":"\uD800"},{"name":"\udc00"},{"name":"a\u2028<&>"}],"tagTypes":[]}}`
	req := httptest.NewRequest(http.MethodPost, adminhttp.PathValidate, strings.NewReader(body))
	req.Header.Set("Authorization", hostileAdmin)
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	got, _ := io.ReadAll(rec.Body)
	want := "{\"errors\":[{\"message\":\"We detected the following custom strategy that needs to be created first:\"," +
		"\"affectedItems\":[\"\\ud800\",\"\\udc00\",\"a\u2028<&>\"]}],\"warnings\":[],\"permissions\":[]}"
	if rec.Code != 200 || string(got) != want {
		t.Errorf("%d %s\nwant %s", rec.Code, got, want)
	}
}
