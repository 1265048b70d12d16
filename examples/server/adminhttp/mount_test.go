package adminhttp_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/auth"
	"github.com/flagadmin/flagadmin/examples/server/adminhttp"
	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/internal/testharness/statetest"
	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/users"
)

// principalKey is the context key under which the middleware of these
// tests leaves the principal it resolved.
type principalKey struct{}

// fromContext is an Options.Authenticate that takes the principal a
// middleware put in the request's context.
func fromContext(r *http.Request) (*auth.Principal, error) {
	p, _ := r.Context().Value(principalKey{}).(*auth.Principal)
	return p, nil
}

// withPrincipal is a middleware that authenticates every request as p.
func withPrincipal(p *auth.Principal, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), principalKey{}, p)))
	})
}

// oracleTokens returns the snapshot of the recordings and a lookup of its
// tokens.
func oracleTokens(t *testing.T) (*model.Snapshot, *auth.MemoryLookup) {
	t.Helper()
	snap := oracleSnapshot(t)
	tokens, err := auth.NewMemoryLookup(snap)
	if err != nil {
		t.Fatal(err)
	}
	return snap, tokens
}

// validator returns a validator of the snapshot of the recordings.
func validator(t *testing.T) *importvalidate.Validator {
	t.Helper()
	return statetest.Validator(t, oracleSnapshot(t), importvalidate.Options{})
}

// demoValidator returns a validator of snap with the default options, for
// the examples.
func demoValidator(snap *model.Snapshot) (*importvalidate.Validator, error) {
	st, err := importvalidate.NewMemoryState(snap)
	if err != nil {
		return nil, err
	}
	return importvalidate.New(importvalidate.Options{State: st})
}

// TestValidateHandlerAlone serves the validation under a mux of its own,
// at a path of its own, without a user store or a token lookup: the
// caller comes from a middleware.
func TestValidateHandlerAlone(t *testing.T) {
	v := validator(t)
	if _, err := adminhttp.NewValidateHandler(adminhttp.Options{Validator: v}); err == nil {
		t.Error("NewValidateHandler without Authenticate or Tokens succeeded")
	}
	if h, err := adminhttp.NewValidateHandler(adminhttp.Options{Authenticate: fromContext}); err == nil || h != nil {
		t.Errorf("NewValidateHandler without Validator: %v, %v; want an error and no handler", h, err)
	}
	h, err := adminhttp.NewValidateHandler(adminhttp.Options{Validator: v, Authenticate: fromContext, LoginPath: "/sso/login"})
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/flags/validate", h)
	admin := withPrincipal(&auth.Principal{Kind: auth.KindAdmin}, mux)
	client := withPrincipal(&auth.Principal{Kind: auth.KindClient}, mux)

	if rec := do(admin, http.MethodPost, "/flags/validate", "", "application/json", strings.NewReader(minimalBody)); rec.Code != 200 ||
		rec.Body.String() != `{"errors":[],"warnings":[],"permissions":[]}` {
		t.Errorf("admin: %d %s", rec.Code, rec.Body)
	}
	if rec := do(client, http.MethodPost, "/flags/validate", "", "application/json", strings.NewReader(minimalBody)); rec.Code != 403 ||
		errorOf(t, rec).Message != msgWrongToken {
		t.Errorf("client: %d %s", rec.Code, rec.Body)
	}
	// Without a principal: 401, pointing to the configured login page.
	rec := do(mux, http.MethodPost, "/flags/validate", adminToken, "application/json", strings.NewReader(minimalBody))
	if rec.Code != 401 || !strings.Contains(rec.Body.String(), `Try logging in at /sso/login","details"`) ||
		!strings.Contains(rec.Body.String(), `"path":"/sso/login"`) {
		t.Errorf("no principal: %d %s", rec.Code, rec.Body)
	}
	if rec := do(admin, http.MethodGet, "/flags/validate", "", "", nil); rec.Code != 405 || rec.Header().Get("Allow") != "POST" {
		t.Errorf("GET: %d, Allow %q", rec.Code, rec.Header().Get("Allow"))
	}
	// Nothing else is served.
	if rec := do(admin, http.MethodGet, adminhttp.PathUserAdmin, "", "", nil); rec.Code != 404 || strings.Contains(rec.Body.String(), "rootRoles") {
		t.Errorf("user listing: %d %s", rec.Code, rec.Body)
	}
}

// TestUsersHandlerAlone serves the listing without a validator, with the
// default token lookup.
func TestUsersHandlerAlone(t *testing.T) {
	snap, tokens := oracleTokens(t)
	if h, err := adminhttp.NewUsersHandler(adminhttp.Options{Tokens: tokens}); err == nil || h != nil {
		t.Errorf("NewUsersHandler without Users: %v, %v; want an error and no handler", h, err)
	}
	h, err := adminhttp.NewUsersHandler(adminhttp.Options{Tokens: tokens, Users: users.NewMemoryStore(snap)})
	if err != nil {
		t.Fatal(err)
	}
	if rec := do(h, http.MethodGet, "/anywhere", adminToken, "", nil); rec.Code != 200 || !strings.Contains(rec.Body.String(), `"rootRoles":[`) {
		t.Errorf("admin: %d %s", rec.Code, rec.Body)
	}
	if rec := do(h, http.MethodGet, "/anywhere", viewerToken, "", nil); rec.Code != 403 || errorOf(t, rec).Message != msgNeedAdmin {
		t.Errorf("viewer: %d %s", rec.Code, rec.Body)
	}
	if rec := do(h, http.MethodGet, "/anywhere", "", "", nil); rec.Code != 401 || errorOf(t, rec).Message != msgNoHeader {
		t.Errorf("no token: %d %s", rec.Code, rec.Body)
	}
	if rec := do(h, http.MethodPost, "/anywhere", adminToken, "", nil); rec.Code != 405 || rec.Header().Get("Allow") != "GET, HEAD" {
		t.Errorf("POST: %d, Allow %q", rec.Code, rec.Header().Get("Allow"))
	}
}

// authAnswers serves a request to each endpoint, without a token, from a
// handler of opts over the oracle state whose Authenticate fails with err.
func authAnswers(t *testing.T, opts adminhttp.Options, err error) []*httptest.ResponseRecorder {
	t.Helper()
	snap := oracleSnapshot(t)
	opts.Validator, opts.Users = statetest.Validator(t, snap, importvalidate.Options{}), users.NewMemoryStore(snap)
	opts.Authenticate = func(*http.Request) (*auth.Principal, error) { return nil, err }
	h, herr := adminhttp.NewHandler(opts)
	if herr != nil {
		t.Fatal(herr)
	}
	return []*httptest.ResponseRecorder{
		do(h, http.MethodGet, adminhttp.PathUserAdmin, "", "", nil),
		do(h, http.MethodPost, adminhttp.PathValidate, "", "application/json", strings.NewReader(minimalBody)),
	}
}

// TestAuthenticateErrors answers the errors of an Authenticate hook: auth's
// as 401 and 403, wrapped or not, any other as a 500 that does not show it.
func TestAuthenticateErrors(t *testing.T) {
	names := map[int]string{401: nameAuthenticationRequired, 403: nameNoAccessError, 500: nameInternalError}
	for _, tc := range []struct {
		err    error
		status int
	}{
		{auth.ErrNoToken, 401},
		{errors.Join(errors.New("sso"), auth.ErrUnknownToken), 401},
		{auth.ErrTokenKind, 403},
		{&auth.PermissionError{Permissions: []string{"ADMIN"}}, 403},
		{errors.New("identity provider at 10.0.0.9 down"), 500},
	} {
		t.Run(tc.err.Error(), func(t *testing.T) {
			for _, rec := range authAnswers(t, adminhttp.Options{}, tc.err) {
				if e := errorOf(t, rec); rec.Code != tc.status || e.Name != names[tc.status] || strings.Contains(rec.Body.String(), "10.0.0.9") {
					t.Errorf("%d %s", rec.Code, rec.Body)
				}
			}
		})
	}
}

// TestUnauthorizedMessage: a service that authenticates its callers
// itself sets the words of its 401, with or without a token; by default
// they are the reference server's.
func TestUnauthorizedMessage(t *testing.T) {
	const own = "Sign in through the company portal, then retry."
	for _, tc := range []struct {
		err          error
		message      string
		want         string
		wantLoginURL bool
	}{
		{auth.ErrNoToken, own, own, true},
		{auth.ErrUnknownToken, own, own, false},
		{auth.ErrNoToken, "", "You must log in to use Unleash. Your request had no authorization header, so we could not authorize you. Try logging in at /auth/simple/login", true},
		{auth.ErrUnknownToken, "", "You must log in to use Unleash.", false},
	} {
		for _, rec := range authAnswers(t, adminhttp.Options{UnauthorizedMessage: tc.message}, tc.err) {
			e := errorOf(t, rec)
			if rec.Code != 401 || e.Name != nameAuthenticationRequired || e.Message != tc.want ||
				strings.Contains(rec.Body.String(), `"path":"/auth/simple/login"`) != tc.wantLoginURL {
				t.Errorf("%v, %q: %d %s", tc.err, tc.message, rec.Code, rec.Body)
			}
		}
	}
}

// TestPrefix serves both endpoints under a prefix, mounted on a mux
// without http.StripPrefix.
func TestPrefix(t *testing.T) {
	snap, tokens := oracleTokens(t)
	h, err := adminhttp.NewHandler(adminhttp.Options{Validator: validator(t), Tokens: tokens,
		Users: users.NewMemoryStore(snap), Prefix: "/unleash/"})
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/unleash/", h)
	for _, tc := range []struct {
		method, path string
		status       int
	}{
		{http.MethodGet, "/unleash" + adminhttp.PathUserAdmin, 200},
		{http.MethodPost, "/unleash" + adminhttp.PathValidate, 200},
		{http.MethodGet, "/unleash" + adminhttp.PathValidate, 405},
		{http.MethodGet, "/unleash/api/admin/nope", 404},
		{http.MethodGet, adminhttp.PathUserAdmin, 404},
	} {
		rec := do(mux, tc.method, tc.path, adminToken, "application/json", strings.NewReader(minimalBody))
		if rec.Code != tc.status {
			t.Errorf("%s %s: %d, want %d: %s", tc.method, tc.path, rec.Code, tc.status, rec.Body)
		}
	}
	// The prefix matches as the paths do: without regard to case, with
	// runs of slashes and a trailing slash (which a ServeMux would
	// redirect first).
	if rec := do(h, http.MethodGet, "/Unleash//api/admin/USER-admin/", adminToken, "", nil); rec.Code != 200 {
		t.Errorf("loosely written path: %d %s", rec.Code, rec.Body)
	}
}

// Serve only the validation, on a service's own mux and path, for callers
// that the service's middleware has already authenticated.
func ExampleNewValidateHandler() {
	snap, err := model.DefaultSnapshot()
	if err != nil {
		panic(err)
	}
	v, err := demoValidator(snap) // as in the example of NewHandler
	if err != nil {
		panic(err)
	}
	h, err := adminhttp.NewValidateHandler(adminhttp.Options{
		Validator: v,
		// The principal the middleware below left in the context.
		Authenticate: func(r *http.Request) (*auth.Principal, error) {
			p, _ := r.Context().Value(principalKey{}).(*auth.Principal)
			return p, nil
		},
		LoginPath: "/sso/login",
	})
	if err != nil {
		panic(err)
	}
	mux := http.NewServeMux()
	mux.Handle("POST /flags/import/validate", h)
	srv := withPrincipal(&auth.Principal{Kind: auth.KindAdmin}, mux)

	r := httptest.NewRequest(http.MethodPost, "/flags/import/validate", strings.NewReader(
		`{"project":"default","environment":"development","data":{"features":[{"name":"f1"}],"featureStrategies":[],"tagTypes":[]}}`))
	r.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	srv.ServeHTTP(rec, r)
	fmt.Println(rec.Code, rec.Body.String())
	// Output: 200 {"errors":[],"warnings":[],"permissions":[]}
}
