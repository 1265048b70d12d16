package adminhttp_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/flagadmin/flagadmin/examples/server/adminhttp"
	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/importvalidate/plan"
	"github.com/flagadmin/flagadmin/internal/testharness/hostilebody"
	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
	"github.com/flagadmin/flagadmin/model"
)

// The tests of this file send hostile requests to the handler: bodies
// that are no import, bodies over the limit, requests without valid
// credentials, bodies that arrive too slowly. They check the status and
// error name, how much of the body was read, and that neither the answers
// nor the log echo a token or the body.

// Secrets of hostileSnapshot.
const (
	hostileAdmin  = "*:*.flagadmin-demo-admin-token"
	hostileClient = "default:development.hostile-client-secret-5d1e"
	hostileViewer = "user:hostile-viewer-secret-93ab27"
	hostileMarker = "hostile-body-marker-c0ffee"
)

// hostileSnapshot is the default state with a client token and a viewer's
// personal token besides the admin token.
func hostileSnapshot(t testing.TB) *model.Snapshot {
	t.Helper()
	s, err := model.DefaultSnapshot()
	if err != nil {
		t.Fatal(err)
	}
	id := int64(4242)
	s.Users = append(s.Users, model.User{ID: id})
	s.Tokens = append(s.Tokens,
		model.SnapshotToken{Secret: hostileClient, Type: model.TokenClient},
		model.SnapshotToken{Secret: hostileViewer, Type: model.TokenPersonal, UserID: &id})
	return s
}

// hostileHandler is the handler of these tests on hostileSnapshot.
func hostileHandler(t testing.TB, s setup) http.Handler {
	t.Helper()
	return newHandler(t, hostileSnapshot(t), s)
}

// hostileImport is a request for the default project with the given
// inside of data.features.
func hostileImport(features string) string {
	return `{"project":"default","environment":"development","data":{"features":[` + features + `],"featureStrategies":[],"tagTypes":[]}}`
}

// checkNoSecrets fails when the answer, headers included, holds a token
// secret.
func checkNoSecrets(t *testing.T, what string, header http.Header, body []byte) {
	t.Helper()
	var all bytes.Buffer
	_ = header.Write(&all)
	all.Write(body)
	for _, s := range []string{hostileAdmin, hostileClient, hostileViewer, "flagadmin-demo", "hostile-client", "hostile-viewer"} {
		if bytes.Contains(all.Bytes(), []byte(s)) {
			t.Errorf("%s: the answer holds %q:\n%s", what, s, all.Bytes())
		}
	}
}

// TestHostileBodiesOverHTTP posts hostile bodies within the size limit
// to a loopback server and checks each answer: a 400 BadDataError whose
// first detail names the problem, or a 200.
func TestHostileBodiesOverHTTP(t *testing.T) {
	srv := httptest.NewServer(hostileHandler(t, setup{}))
	defer srv.Close()
	dup := strings.Repeat(`"project":"default",`, 20000)
	for _, tc := range []struct {
		name   string
		body   string
		status int
		path   string // of the first detail
		detail string // in the first detail's message
		count  int    // of details, 0 for any
	}{
		{"500 kB of brackets", strings.Repeat("[", 500<<10), 400, "", "Unexpected end of JSON input", 1},
		{"byte order mark", "\xef\xbb\xbf" + hostileImport(""), 200, "", "", 0},
		{"invalid UTF-8", hostileImport("{\"name\":\"\xff" + hostileMarker + "\"}"), 200, "", "", 0},
		{"raw NUL", hostileImport("{\"name\":\"a\x00\"}"), 400, "", "U+0000", 1},
		{"raw line feed", hostileImport("{\"name\":\"a\n\"}"), 400, "", "U+000A", 1},
		{"escaped controls", hostileImport(`{"name":"\u0000\u0001\u001f\n\t"}`), 200, "", "", 0},
		{"1e400", hostileImport(`{"name":"f","environments":[{"name":"development","enabled":true,"sortOrder":1e400}]}`), 200, "", "", 0}, // Infinity is a number to the reference
		{"1e1000001 weight", hostileImport(`{"name":"f","variants":[{"name":"v","weight":1e1000001}]}`), 400, "/body/data/features/0/variants/0/weight", "must be <= 1000", 1},
		{"-0", hostileImport(`{"name":"f","environments":[{"name":"development","enabled":true,"sortOrder":-0,"yes":-0}]}`), 200, "", "", 0},
		{"20000 duplicate keys", `{` + dup + `"environment":"development","data":{"features":[],"featureStrategies":[],"tagTypes":[]}}`, 200, "", "", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req, err := http.NewRequest(http.MethodPost, srv.URL+adminhttp.PathValidate, strings.NewReader(tc.body))
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set("Authorization", "Bearer "+hostileAdmin)
			req.Header.Set("Content-Type", "application/json")
			resp, b, err := testutil.Fetch(srv.Client(), req)
			if err != nil {
				t.Fatal(err)
			}
			checkNoSecrets(t, tc.name, resp.Header, b)
			if resp.StatusCode != tc.status {
				t.Fatalf("status %d; want %d: %.500s", resp.StatusCode, tc.status, b)
			}
			if tc.status == 200 {
				var vr model.ValidateResponse
				if err := json.Unmarshal(b, &vr); err != nil || len(vr.Errors) != 0 {
					t.Fatalf("answer %.500s (%v)", b, err)
				}
				return
			}
			var e model.ErrorResponse
			if err := json.Unmarshal(b, &e); err != nil {
				t.Fatalf("answer is no error body: %v: %.500s", err, b)
			}
			if e.Name != nameBadDataError || len(e.Details) == 0 {
				t.Fatalf("answer %.500s", b)
			}
			d := e.Details[0]
			if d.Path != tc.path || !strings.Contains(d.Message, tc.detail) {
				t.Errorf("first detail %+v; want path %q and %q in the message", d, tc.path, tc.detail)
			}
			if tc.count > 0 && len(e.Details) != tc.count {
				t.Errorf("%d details; want %d", len(e.Details), tc.count)
			}
		})
	}
}

// TestHostileNothingReadBeforeCredentials sends endless bodies, without
// valid credentials and over the limit. A body of another type than JSON
// is not read at all: the credentials are refused first. A JSON body is
// read before the credentials, as the reference server reads it, but a
// declared length over the limit is refused unread, and an undeclared one
// after at most the limit and one byte.
func TestHostileNothingReadBeforeCredentials(t *testing.T) {
	const limit = 4096
	h := hostileHandler(t, setup{maxBody: limit})
	for _, tc := range []struct {
		name, header, contentType string
		length                    int64
		status                    int
		errName                   string
		most                      int64
	}{
		{"no header", "", "text/plain", -1, 401, nameAuthenticationRequired, 0},
		{"blank bearer", "Bearer \t ", "text/plain", -1, 401, nameAuthenticationRequired, 0},
		{"unknown token", "Bearer not-" + hostileAdmin, "text/plain", -1, 401, nameAuthenticationRequired, 0},
		{"token in another case", strings.ToUpper(hostileAdmin), "text/plain", -1, 401, nameAuthenticationRequired, 0},
		{"client token", hostileClient, "text/plain", -1, 403, nameNoAccessError, 0},
		{"admin, text", hostileAdmin, "text/plain", -1, 415, nameContentTypeError, 0},
		{"no header, JSON declared 100 MB", "", "application/json", 100 << 20, 413, namePayloadTooLargeError, 0},
		{"no header, JSON endless", "", "application/json", -1, 413, namePayloadTooLargeError, limit + 1},
		{"declared 100 MB", hostileAdmin, "application/json", 100 << 20, 413, namePayloadTooLargeError, 0},
		{"undeclared, endless", "Bearer " + hostileAdmin, "application/json", -1, 413, namePayloadTooLargeError, limit + 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			body := &guardReader{t: t, limit: math.MaxInt64} // counts; the test checks the count below
			r := httptest.NewRequest(http.MethodPost, adminhttp.PathValidate, body)
			r.ContentLength = tc.length
			if tc.header != "" {
				r.Header.Set("Authorization", tc.header)
			}
			r.Header.Set("Content-Type", tc.contentType)
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, r)
			checkNoSecrets(t, tc.name, rec.Header(), rec.Body.Bytes())
			if rec.Code != tc.status {
				t.Fatalf("status %d; want %d: %s", rec.Code, tc.status, rec.Body.Bytes())
			}
			var e model.ErrorResponse
			if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil || e.Name != tc.errName {
				t.Fatalf("answer %s (%v); want %s", rec.Body.Bytes(), err, tc.errName)
			}
			if n := body.total(); n > tc.most {
				t.Errorf("read %d bytes of the body; at most %d allowed", n, tc.most)
			}
		})
	}
}

// secretState is a State whose reads fail with an error that quotes the
// names asked for, as a store's error might.
type secretState struct{ importvalidate.State }

func (s secretState) Read(ctx context.Context, q importvalidate.Query) (*importvalidate.Reading, error) {
	return nil, fmt.Errorf("read of features %q timed out", q.Features)
}

// TestHostileLogAndAnswersHoldNoSecrets sends requests of every outcome,
// with tokens and a marker in the body, and checks that no answer holds a
// token, no log line holds a token or the body, and a panic in a rule is a
// 500 that says nothing of it.
func TestHostileLogAndAnswersHoldNoSecrets(t *testing.T) {
	var log testutil.Buffer
	logger := slog.New(slog.NewJSONHandler(&log, &slog.HandlerOptions{Level: slog.LevelDebug}))
	panicking := importvalidate.Rule{Code: "panics", Summary: "panics with the body's first name",
		Check: func(_ context.Context, in *importvalidate.Input) ([]importvalidate.Issue, error) {
			if fs := in.Import.Data.Features; len(fs) > 0 && strings.HasPrefix(fs[0].Name, "panic-") {
				panic("rule failed on " + fs[0].Name)
			}
			return nil, nil
		}}
	h := hostileHandler(t, setup{maxBody: 64 << 10, logger: logger, rules: []importvalidate.Rule{panicking}})
	named := func(name string) string { return hostileImport(`{"name":"` + name + `"}`) }
	for _, rq := range []struct {
		method, path, header, contentType, body string
		status                                  int
	}{
		{"POST", adminhttp.PathValidate, hostileAdmin, "application/json", named(hostileMarker), 200},
		{"POST", adminhttp.PathValidate, "Bearer " + hostileViewer, "application/json", named(hostileMarker), 200},
		{"POST", adminhttp.PathValidate, "Bearer x" + hostileAdmin, "application/json", named(hostileMarker), 401},
		{"POST", adminhttp.PathValidate, hostileClient, "application/json", named(hostileMarker), 403},
		{"POST", adminhttp.PathValidate, hostileAdmin, "text/plain", named(hostileMarker), 415},
		{"POST", adminhttp.PathValidate, hostileAdmin, "application/json", `{"project":"` + hostileMarker + `"`, 400},
		{"POST", adminhttp.PathValidate, hostileAdmin, "application/json", named(hostileMarker) + strings.Repeat(" ", 64<<10), 413},
		{"POST", adminhttp.PathValidate, hostileAdmin, "application/json", named("panic-" + hostileMarker), 500},
		{"GET", adminhttp.PathUserAdmin, hostileViewer, "", "", 403},
		{"GET", adminhttp.PathUserAdmin, hostileAdmin, "", "", 200},
		{"PUT", adminhttp.PathUserAdmin, hostileAdmin, "", "", 405},
		{"GET", "/api/admin/else", hostileAdmin, "", "", 404},
	} {
		r := httptest.NewRequest(rq.method, rq.path, strings.NewReader(rq.body))
		r.Header.Set("Authorization", rq.header)
		if rq.contentType != "" {
			r.Header.Set("Content-Type", rq.contentType)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		what := fmt.Sprintf("%s %s (%d)", rq.method, rq.path, rq.status)
		if rec.Code != rq.status {
			t.Errorf("%s: status %d: %.300s", what, rec.Code, rec.Body.Bytes())
		}
		checkNoSecrets(t, what, rec.Header(), rec.Body.Bytes())
		if rq.status == 500 && bytes.Contains(rec.Body.Bytes(), []byte(hostileMarker)) {
			t.Errorf("%s: the 500 answer tells of the panic: %s", what, rec.Body.Bytes())
		}
	}
	out := log.String()
	for _, s := range []string{hostileAdmin, hostileClient, hostileViewer, "flagadmin-demo", hostileMarker} {
		if strings.Contains(out, s) {
			t.Errorf("the log holds %q:\n%s", s, out)
		}
	}
	if n := strings.Count(out, "\n"); n != 12 {
		t.Errorf("%d log lines for 12 requests:\n%s", n, out)
	}
}

// TestHostileStoreErrorInLog: a 500 caused by a State error that quotes
// the names it was asked about (as a store's error may) must not carry
// those names, which come from the body, into the log.
func TestHostileStoreErrorInLog(t *testing.T) {
	var log testutil.Buffer
	logger := slog.New(slog.NewJSONHandler(&log, nil))
	base, err := importvalidate.NewMemoryState(hostileSnapshot(t))
	if err != nil {
		t.Fatal(err)
	}
	h := hostileHandler(t, setup{logger: logger, state: secretState{base}})
	body := hostileImport(`{"name":"` + hostileMarker + `"}`)
	rec := do(h, http.MethodPost, adminhttp.PathValidate, hostileAdmin, "application/json", strings.NewReader(body))
	if rec.Code != 500 || bytes.Contains(rec.Body.Bytes(), []byte(hostileMarker)) {
		t.Fatalf("status %d: %s", rec.Code, rec.Body.Bytes())
	}
	if strings.Contains(log.String(), hostileMarker) {
		t.Fatalf("the log line of a 500 carries names of the body:\n%s", log.String())
	}
	if !strings.Contains(log.String(), `"error_id"`) || !strings.Contains(log.String(), `"error_type"`) {
		t.Errorf("the log line of a 500 lacks the error id or the cause's type:\n%s", log.String())
	}

	// With LogCauses the operator chose to see the cause, quoted names and all.
	log.Reset()
	h = hostileHandler(t, setup{logger: logger, state: secretState{base}, logCauses: true})
	do(h, http.MethodPost, adminhttp.PathValidate, hostileAdmin, "application/json", strings.NewReader(body))
	if !strings.Contains(log.String(), hostileMarker) {
		t.Errorf("with LogCauses the log line carries the cause:\n%s", log.String())
	}
}

// TestHostileSlowBody: behind a server with a read timeout, a client that
// sends its headers and the first bytes of its body and then nothing more
// gets a 400 BadDataError saying the body could not be read, once the
// timeout passes: the handler does not wait for the rest, answers no 200
// and logs the 400. Any other outcome fails, a closed connection without
// an answer and a hang (caught by the connection's deadline) included.
func TestHostileSlowBody(t *testing.T) {
	var log testutil.Buffer
	h := hostileHandler(t, setup{logger: slog.New(slog.NewJSONHandler(&log, nil))})
	srv := httptest.NewUnstartedServer(h)
	srv.Config.ReadHeaderTimeout = 200 * time.Millisecond
	srv.Config.ReadTimeout = 300 * time.Millisecond
	srv.Config.WriteTimeout = 2 * time.Second
	srv.Start()
	defer srv.Close()

	conn, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	// A guard against a hang of the server, far beyond its timeout: a
	// read that reaches it fails the test.
	if err := conn.SetDeadline(time.Now().Add(guard)); err != nil {
		t.Fatal(err)
	}
	body := hostileImport(`{"name":"f"}`)
	if _, err := fmt.Fprintf(conn, "POST %s HTTP/1.1\r\nHost: x\r\nAuthorization: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s",
		adminhttp.PathValidate, hostileAdmin, len(body), body[:10]); err != nil {
		t.Fatalf("sending the headers and the first bytes: %v", err)
	}
	// The rest of the body never comes.
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("no answer to a body that stopped arriving: %v", err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("reading the answer: %v", err)
	}
	checkNoSecrets(t, "slow body", resp.Header, b)
	if resp.StatusCode != http.StatusBadRequest {
		t.Fatalf("status %d; want 400 for a body that stopped arriving: %s", resp.StatusCode, b)
	}
	var e model.ErrorResponse
	if err := json.Unmarshal(b, &e); err != nil || e.Name != nameBadDataError ||
		len(e.Details) != 1 || e.Details[0].Message != "The request body could not be read." {
		t.Errorf("answer %s (%v); want a BadDataError saying the body could not be read", b, err)
	}
	// The server closes the connection after the answer: the body was
	// not read to its end.
	if n, err := conn.Read(make([]byte, 1)); n != 0 || err == nil {
		t.Errorf("the connection stayed open after the answer (read %d, %v)", n, err)
	} else if ne, ok := err.(net.Error); ok && ne.Timeout() {
		t.Errorf("the connection stayed open until the guard: %v", err)
	}
	lines := strings.Split(strings.TrimSpace(log.String()), "\n")
	if len(lines) != 1 || !strings.Contains(lines[0], `"status":400`) {
		t.Errorf("want one log line with status 400:\n%s", log.String())
	}
}

// TestHostilePlanBodies posts each hostile plan body (internal/testharness/hostilebody)
// at the body limit to the plan endpoint: each gets 200 with its plan,
// whose failures are listed up to the cap, in an answer no larger than
// five times the body (a created feature lists what it brings, each item
// by its key and its value: one feature's parents are the largest), and
// within a bound of memory (64 times the body and 16 times the answer
// allocated in all, plus 16 MB). One of them, a long name with many segment ids,
// once made the server run out of memory.
func TestHostilePlanBodies(t *testing.T) {
	h := hostileHandler(t, setup{plan: true})
	for _, pb := range hostilebody.PlanBodies() {
		t.Run(pb.Name, func(t *testing.T) {
			body := pb.Build(hostilebody.PlanSize)
			var rec *httptest.ResponseRecorder
			allocated := testutil.Allocated(func() {
				rec = do(h, http.MethodPost, adminhttp.PathPlan, hostileAdmin, "application/json", bytes.NewReader(body))
			})
			var answer struct {
				Plan *plan.Plan `json:"plan"`
			}
			if rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &answer) != nil || answer.Plan == nil {
				t.Fatalf("status %d: %.300s", rec.Code, rec.Body.Bytes())
			}
			t.Logf("%d bytes: %.1f MB allocated, answer %d bytes, %d failures and %d more", len(body),
				float64(allocated)/1e6, rec.Body.Len(), len(answer.Plan.Failures), answer.Plan.MoreFailures)
			if limit := 64*uint64(len(body)) + 16*uint64(rec.Body.Len()) + 16<<20; allocated > limit {
				t.Errorf("allocated %d bytes; want at most %d", allocated, limit)
			}
			if rec.Body.Len() > 5*len(body) || len(answer.Plan.Failures) > plan.DefaultMaxFailures {
				t.Errorf("answer of %d bytes with %d failures", rec.Body.Len(), len(answer.Plan.Failures))
			}
		})
	}
}
