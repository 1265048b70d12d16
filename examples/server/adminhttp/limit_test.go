package adminhttp_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/flagadmin/flagadmin/examples/server/adminhttp"
	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
	"github.com/flagadmin/flagadmin/model"
)

// guard bounds the waits of these tests, far beyond anything they expect:
// reaching it means the handler hung.
const guard = 10 * time.Second

// blockingState is a State whose reads signal entered and then wait for
// release, ignoring their context, as a slow store would. With only set,
// it blocks only reads that ask for that feature.
type blockingState struct {
	importvalidate.State
	entered chan struct{}
	release chan struct{}
	only    string
}

func (s *blockingState) Read(ctx context.Context, q importvalidate.Query) (*importvalidate.Reading, error) {
	if s.only != "" && !slices.Contains(q.Features, s.only) {
		return s.State.Read(ctx, q)
	}
	s.entered <- struct{}{}
	<-s.release
	return s.State.Read(ctx, q)
}

func limitedHandler(t *testing.T, st importvalidate.State, inFlight int, queue time.Duration, logger *slog.Logger) http.Handler {
	t.Helper()
	return newHandler(t, oracleSnapshot(t), setup{state: st, inFlight: inFlight, queue: queue, logger: logger})
}

func newBlockingState(t *testing.T) *blockingState {
	t.Helper()
	ms, err := importvalidate.NewMemoryState(oracleSnapshot(t))
	if err != nil {
		t.Fatal(err)
	}
	return &blockingState{State: ms, entered: make(chan struct{}, 16), release: make(chan struct{})}
}

// serve runs one validation of minimalBody in the background and returns
// the channel of its answer.
func serve(h http.Handler, ctx context.Context) <-chan *httptest.ResponseRecorder {
	return serveBody(h, ctx, minimalBody)
}

// serveBody runs one validation of body in the background and returns
// the channel of its answer.
func serveBody(h http.Handler, ctx context.Context, body string) <-chan *httptest.ResponseRecorder {
	out := make(chan *httptest.ResponseRecorder, 1)
	go func() {
		r := httptest.NewRequestWithContext(ctx, http.MethodPost, validate, strings.NewReader(body))
		r.Header.Set("Authorization", adminToken)
		r.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		out <- rec
	}()
	return out
}

func wait[T any](t *testing.T, c <-chan T, what string) T {
	t.Helper()
	select {
	case v := <-c:
		return v
	case <-time.After(guard):
		t.Fatalf("%s did not happen", what)
		panic("unreachable")
	}
}

// TestSaturatedServerAnswers503: with one slot taken by a validation that
// waits on its store, the next validation waits in line until the queue
// deadline and gets 503 with Retry-After as an ErrorResponse; a request
// that does not validate is not held up; once the slot is free, a
// validation is served again.
func TestSaturatedServerAnswers503(t *testing.T) {
	st := newBlockingState(t)
	h := limitedHandler(t, st, 1, 50*time.Millisecond, nil)
	first := serve(h, context.Background())
	wait(t, st.entered, "the first validation")

	rec := wait(t, serve(h, context.Background()), "the answer of the second validation")
	if rec.Code != http.StatusServiceUnavailable {
		t.Fatalf("status %d; want 503: %s", rec.Code, rec.Body.Bytes())
	}
	if e := errorOf(t, rec); e.Name != nameServiceUnavailableError || e.Message != msgServiceUnavailable {
		t.Errorf("body %s", rec.Body.Bytes())
	}
	if ra := rec.Header().Get("Retry-After"); ra != "1" {
		t.Errorf("Retry-After %q; want 1", ra)
	}
	// The user listing and refusals need no slot.
	if rec := do(h, http.MethodGet, adminhttp.PathUserAdmin, adminToken, "", nil); rec.Code != 200 {
		t.Errorf("user listing while saturated: %d", rec.Code)
	}
	if rec := do(h, http.MethodPost, validate, "", "application/json", strings.NewReader(minimalBody)); rec.Code != 401 {
		t.Errorf("no token while saturated: %d", rec.Code)
	}

	close(st.release)
	if rec := wait(t, first, "the first answer"); rec.Code != 200 {
		t.Fatalf("first validation: %d %s", rec.Code, rec.Body.Bytes())
	}
	if rec := wait(t, serve(h, context.Background()), "a validation after the slot freed up"); rec.Code != 200 {
		t.Errorf("after release: %d %s", rec.Code, rec.Body.Bytes())
	}
}

// TestLargeBodiesLeaveSlotsToSmallOnes: with two slots, a large body's
// validation takes the only large slot; another large body waits and gets
// 503, while a small body is served from the other slot at once; a large
// body is served again once the hold after the first has ended.
func TestLargeBodiesLeaveSlotsToSmallOnes(t *testing.T) {
	st := newBlockingState(t)
	st.only = "blocks"
	h := limitedHandler(t, st, 2, 50*time.Millisecond, nil)
	large := `{"project":"default","environment":"development","data":{"features":[{"name":"blocks"}],"featureStrategies":[],"tagTypes":[]}}` +
		strings.Repeat(" ", adminhttp.LargeBody)
	first := serveBody(h, context.Background(), large)
	wait(t, st.entered, "the first large validation")

	if rec := wait(t, serveBody(h, context.Background(), large), "the second large validation"); rec.Code != 503 {
		t.Errorf("second large body: %d; want 503 while the large slot is taken", rec.Code)
	}
	for i := range 3 {
		if rec := wait(t, serve(h, context.Background()), "a small validation"); rec.Code != 200 {
			t.Errorf("small body %d: %d %s; want 200 from the slot large bodies may not take", i, rec.Code, rec.Body.Bytes())
		}
	}
	close(st.release)
	if rec := wait(t, first, "the first answer"); rec.Code != 200 {
		t.Errorf("first large body: %d", rec.Code)
	}
	// Small validations ran beside the first, so its large slot is held
	// until they have been quiet for a while: a large body may get 503
	// until then, and is served after.
	deadline := time.Now().Add(guard)
	for {
		rec := wait(t, serveBody(h, context.Background(), large), "a large validation after the first")
		if rec.Code == 200 {
			break
		}
		if rec.Code != 503 || time.Now().After(deadline) {
			t.Fatalf("large body after the first: %d; want 503 during the hold, then 200", rec.Code)
		}
	}
}

// TestQueuedValidationGetsTheFreedSlot: a validation that waits in line
// within its deadline is served when the slot frees up.
func TestQueuedValidationGetsTheFreedSlot(t *testing.T) {
	st := newBlockingState(t)
	h := limitedHandler(t, st, 1, guard, nil)
	first := serve(h, context.Background())
	wait(t, st.entered, "the first validation")
	second := serve(h, context.Background())
	select {
	case rec := <-second:
		t.Fatalf("the second validation was answered %d while the slot was taken", rec.Code)
	case <-st.entered:
		t.Fatal("the second validation ran while the slot was taken")
	case <-time.After(50 * time.Millisecond):
	}
	st.release <- struct{}{} // the first finishes
	wait(t, st.entered, "the second validation")
	close(st.release)
	for i, c := range []<-chan *httptest.ResponseRecorder{first, second} {
		if rec := wait(t, c, "an answer"); rec.Code != 200 {
			t.Errorf("validation %d: %d %s", i, rec.Code, rec.Body.Bytes())
		}
	}
}

// TestClientGoneStopsTheWait: a client that goes away while its
// validation runs gets its handler back at once, though the store still
// blocks; one that goes away while waiting in line leaves the line; the
// log says 499 for both; and the slot is freed once the validation stops.
func TestClientGoneStopsTheWait(t *testing.T) {
	var logs testutil.Buffer
	st := newBlockingState(t)
	h := limitedHandler(t, st, 1, guard, slog.New(slog.NewJSONHandler(&logs, nil)))

	ctx1, cancel1 := context.WithCancel(context.Background())
	first := serve(h, ctx1)
	wait(t, st.entered, "the first validation")
	ctx2, cancel2 := context.WithCancel(context.Background())
	second := serve(h, ctx2)

	cancel2() // in line
	if rec := wait(t, second, "the handler of the cancelled waiter to return"); rec.Body.Len() != 0 {
		t.Errorf("a gone client was answered: %d %s", rec.Code, rec.Body.Bytes())
	}
	cancel1() // running, its store blocked
	if rec := wait(t, first, "the handler of the cancelled validation to return"); rec.Body.Len() != 0 {
		t.Errorf("a gone client was answered: %d %s", rec.Code, rec.Body.Bytes())
	}
	select {
	case <-st.entered:
		t.Fatal("the cancelled waiter's validation ran")
	default:
	}

	close(st.release) // the first validation stops; its slot frees up
	if rec := wait(t, serve(h, context.Background()), "a validation after the cancelled ones"); rec.Code != 200 {
		t.Errorf("after the cancelled ones: %d %s", rec.Code, rec.Body.Bytes())
	}
	lines := logs.Lines()
	gone := 0
	for _, l := range lines {
		var rec struct{ Status int }
		if err := json.Unmarshal([]byte(l), &rec); err != nil {
			t.Fatal(err)
		}
		if rec.Status == 499 {
			gone++
		}
	}
	if gone != 2 || len(lines) != 3 {
		t.Errorf("want 3 log lines, 2 of them with status 499:\n%s", strings.Join(lines, "\n"))
	}
}

// TestCancelledBeforeValidation: a request whose context has already
// ended is not validated at all: the store is never asked.
func TestCancelledBeforeValidation(t *testing.T) {
	st := newBlockingState(t)
	h := limitedHandler(t, st, 1, guard, nil)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rec := wait(t, serve(h, ctx), "the handler to return")
	if rec.Body.Len() != 0 {
		t.Errorf("answered %d %s", rec.Code, rec.Body.Bytes())
	}
	select {
	case <-st.entered:
		t.Error("the store was asked for a cancelled request")
	default:
	}
}

// TestDisconnectedClientOverHTTP: a client that closes its connection
// while its validation waits on the store ends the request on the server:
// the handler returns without an answer and logs 499, though the store
// still blocks.
func TestDisconnectedClientOverHTTP(t *testing.T) {
	var logs testutil.Buffer
	st := newBlockingState(t)
	h := limitedHandler(t, st, 1, guard, slog.New(slog.NewJSONHandler(&logs, nil)))
	returned := make(chan struct{}, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.ServeHTTP(w, r)
		returned <- struct{}{}
	}))
	defer srv.Close()
	defer close(st.release) // before the server waits for its handlers

	conn, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(conn, "POST %s HTTP/1.1\r\nHost: x\r\nAuthorization: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s",
		validate, adminToken, len(minimalBody), minimalBody)
	wait(t, st.entered, "the validation to reach the store")
	conn.Close()
	wait(t, returned, "the handler to return after the client left")
	if l := logs.Lines(); len(l) != 1 || !strings.Contains(l[0], `"status":499`) {
		t.Errorf("want one log line with status 499:\n%s", strings.Join(l, "\n"))
	}
}

// heldSource answers as its State does once release is closed, and
// says on entered that a read came.
type heldSource struct {
	importvalidate.State
	entered chan struct{}
	release chan struct{}
}

func (s heldSource) Read(ctx context.Context, q importvalidate.Query) (*importvalidate.Reading, error) {
	s.entered <- struct{}{}
	select {
	case <-s.release:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	return s.State.Read(ctx, q)
}

// heldPlanHandler is a handler with a planner whose lookups wait for
// held's release, with inFlight slots and the queue timeout queue, on a
// state of the project default and the token *:*.admin.
func heldPlanHandler(t *testing.T, inFlight int, queue time.Duration) (http.Handler, heldSource) {
	t.Helper()
	snap, err := model.DecodeSnapshot([]byte(`{"projects":[{"id":"default"}],"environments":[{"name":"development"}],
	 "tokens":[{"secret":"*:*.admin","type":"admin"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	held := heldSource{entered: make(chan struct{}, inFlight), release: make(chan struct{})}
	h := newHandler(t, snap, setup{plan: true, inFlight: inFlight, queue: queue,
		planSource: func(s importvalidate.State) importvalidate.State { held.State = s; return held }})
	return h, held
}

// A plan is made in the slot of its validation: while one is being made
// with every slot taken, a validation waits its queue time and gets 503,
// and the plan then answers.
func TestPlanTakesTheValidationSlot(t *testing.T) {
	h, held := heldPlanHandler(t, 1, 20*time.Millisecond)
	body := `{"project":"default","environment":"development","data":{"features":[{"name":"new"}],"featureStrategies":[],"tagTypes":[]}}`
	planned := make(chan *httptest.ResponseRecorder, 1)
	go func() {
		planned <- do(h, http.MethodPost, adminhttp.PathPlan, "*:*.admin", "application/json", strings.NewReader(body))
	}()
	<-held.entered
	w := do(h, http.MethodPost, adminhttp.PathValidate, "*:*.admin", "application/json", strings.NewReader(body))
	if w.Code != http.StatusServiceUnavailable {
		t.Errorf("a validation while a plan holds the only slot: %d %s, want 503", w.Code, w.Body)
	}
	close(held.release)
	if w := <-planned; w.Code != http.StatusOK || !strings.Contains(w.Body.String(), `"plan":{`) {
		t.Errorf("the plan: %d %s", w.Code, w.Body)
	}
}

// A plan weighs four times its body's size in the limiter: with two
// slots, the plan of a body over a quarter of LargeBody takes the only
// large slot, so that a second one waits and gets 503 while a validation
// of the same body, small, is served from the other slot.
func TestPlanBodiesWeighMore(t *testing.T) {
	h, held := heldPlanHandler(t, 2, 50*time.Millisecond)
	body := `{"project":"default","environment":"development","data":{"features":[{"name":"new"}],"featureStrategies":[],"tagTypes":[]}}` +
		strings.Repeat(" ", adminhttp.LargeBody/4)
	post := func(path string) <-chan *httptest.ResponseRecorder {
		out := make(chan *httptest.ResponseRecorder, 1)
		go func() { out <- do(h, http.MethodPost, path, "*:*.admin", "application/json", strings.NewReader(body)) }()
		return out
	}
	first := post(adminhttp.PathPlan)
	wait(t, held.entered, "the first plan")
	if w := wait(t, post(adminhttp.PathPlan), "the second plan"); w.Code != http.StatusServiceUnavailable {
		t.Errorf("a second plan while the first holds the large slot: %d %s; want 503", w.Code, w.Body)
	}
	if w := wait(t, post(adminhttp.PathValidate), "the validation"); w.Code != http.StatusOK {
		t.Errorf("a validation of the same body: %d %s; want 200 from the other slot", w.Code, w.Body)
	}
	close(held.release)
	if w := wait(t, first, "the first plan's answer"); w.Code != http.StatusOK {
		t.Errorf("the first plan: %d %s", w.Code, w.Body)
	}
}
