package adminhttp_test

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/auth"
	"github.com/flagadmin/flagadmin/examples/server/adminhttp"
	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/internal/testutil"
	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/users"
)

// downError is the error of a store that cannot answer now, as
// unleashdb's *UnavailableError says it.
type downError struct{}

func (downError) Error() string     { return "the database did not answer within 5s" }
func (downError) Unavailable() bool { return true }

// downState, downTokens and downUsers fail every lookup as unavailable.
type downState struct{ importvalidate.State }

func (downState) Features(context.Context, []string) ([]importvalidate.ExistingFeature, error) {
	return nil, downError{}
}

type downTokens struct{}

func (downTokens) LookupToken(context.Context, string) (*auth.Principal, bool, error) {
	return nil, false, errors.Join(errors.New("token lookup"), downError{})
}

type downUsers struct{ users.Store }

func (downUsers) Users(context.Context) ([]model.User, error) { return nil, downError{} }

// TestStoreUnavailable: a store that cannot answer now (its error says
// Unavailable) is a 503 with Retry-After, not a 500, on both endpoints,
// whichever lookup failed, and the log line says 503.
func TestStoreUnavailable(t *testing.T) {
	snap := hostileSnapshot(t)
	base, err := importvalidate.NewMemoryState(snap)
	if err != nil {
		t.Fatal(err)
	}
	body := hostileImport(`{"name":"f1"}`)
	for _, tc := range []struct {
		name   string
		s      setup
		method string
		path   string
	}{
		{"state, validation", setup{state: downState{base}}, http.MethodPost, adminhttp.PathValidate},
		{"tokens, validation", setup{tokens: downTokens{}}, http.MethodPost, adminhttp.PathValidate},
		{"tokens, listing", setup{tokens: downTokens{}}, http.MethodGet, adminhttp.PathUserAdmin},
		{"users, listing", setup{users: downUsers{users.NewMemoryStore(snap)}}, http.MethodGet, adminhttp.PathUserAdmin},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var log testutil.Buffer
			tc.s.logger = slog.New(slog.NewJSONHandler(&log, nil))
			h := hostileHandler(t, tc.s)
			rec := do(h, tc.method, tc.path, hostileAdmin, "application/json", strings.NewReader(body))
			if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") != "5" {
				t.Fatalf("status %d, Retry-After %q: %s; want 503 with Retry-After 5", rec.Code, rec.Header().Get("Retry-After"), rec.Body.Bytes())
			}
			e := errorOf(t, rec)
			if e.Name != nameServiceUnavailableError || e.Message != msgStoreUnavailable {
				t.Errorf("body %+v", e)
			}
			if !strings.Contains(log.String(), `"status":503`) || !strings.Contains(log.String(), `"error_id":"`+e.ID+`"`) {
				t.Errorf("the log line does not say 503 with the error's id:\n%s", log.String())
			}
		})
	}
}
