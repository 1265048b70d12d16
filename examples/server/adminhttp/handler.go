// Package adminhttp serves the two admin operations of the library over
// HTTP, wire-compatible with the reference server (Unleash):
//
//	POST /api/admin/features-batch/validate   validate a feature import
//	GET  /api/admin/user-admin                list users and root roles
//
// and, with [Options].Planner, flagadmin's own extension (not in Unleash):
//
//	POST /api/admin/features-batch/plan       what an import would change
//
// [NewHandler] returns an http.Handler of these paths (after
// [Options].Prefix), which a Go service mounts on its own server;
// [NewValidateHandler] and [NewUsersHandler] each return the handler of one
// endpoint. The caller is resolved by [Options].Authenticate, by default
// from the authorization header's token through [Options].Tokens. The
// handler checks in the reference server's order and answers with the
// first failure, in the reference's error bodies; it bounds the
// validations in flight and the work done before authentication, and
// logs one line per request, never the token nor anything of the body.
// docs/HTTP.md in the module's repository describes the order of checks,
// the load and cancellation, and the error answers in full.
package adminhttp

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/flagadmin/flagadmin/auth"
	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/importvalidate/plan"
	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/model/profile"
	"github.com/flagadmin/flagadmin/users"
)

// The paths of the endpoints.
const (
	PathValidate  = "/api/admin/features-batch/validate"
	PathUserAdmin = "/api/admin/user-admin"
)

// DefaultMaxBody is the body limit when Options.MaxBody is 0: 500 kB as the
// reference server counts it (500 × 1024 = 512000 bytes).
const DefaultMaxBody int64 = 500 * 1024

// Options configure the handlers. Each handler uses only some of them:
// the validation needs Validator, the user listing Users, and both
// Authenticate or Tokens.
type Options struct {
	// Validator validates import bodies. Build it with the state of the
	// instance; its options decide strict mode and scalar coercion.
	Validator *importvalidate.Validator
	// Users answers the user listing.
	Users users.Store
	// Profile is how the instance's Unleash version answers (package
	// model/profile, such as instance.Instance.Profile()); nil means the
	// default version's. It sets the members of the listed users and the
	// style of error bodies (5.x: details with "description", paths
	// without "/body"). Build Validator with the same profile.
	Profile *profile.Profile
	// Authenticate resolves the caller of a request, for instance from
	// what the service's own middleware put in the request's context; nil
	// means the token of the authorization header resolved through
	// Tokens. Its errors are answered: auth.ErrNoToken and
	// auth.ErrUnknownToken (also wrapped) with 401, auth.ErrTokenKind and
	// an *auth.PermissionError with 403, any other with 500. A nil
	// principal without an error counts as no token. The endpoints then
	// check the principal with auth.Authorize: client and frontend
	// principals are refused, and the user listing needs ADMIN. It is
	// called concurrently.
	Authenticate func(*http.Request) (*auth.Principal, error)
	// Tokens resolves the token of the authorization header when
	// Authenticate is nil.
	Tokens auth.TokenLookup
	// Prefix is the path under which NewHandler serves the endpoints, such
	// as "/unleash" for /unleash/api/admin/user-admin; "" for none. It
	// starts with a slash.
	Prefix string
	// LoginPath is the login page that the 401 body of a request without
	// a token points to; "" means /auth/simple/login, the reference
	// server's.
	LoginPath string
	// UnauthorizedMessage is the message of every 401 body, for a service
	// whose callers sign in otherwise than at Unleash's login page (with
	// Authenticate, say); "" means the reference server's words ("You
	// must log in to use Unleash.", and for a request without a token the
	// sentence that points to LoginPath). The body keeps its name and
	// members.
	UnauthorizedMessage string
	// MaxBody is the largest accepted request body in bytes; 0 means
	// DefaultMaxBody.
	MaxBody int64
	// Logger receives one line per request (method, path, status,
	// duration, bytes written); nil means no logging.
	Logger *slog.Logger
	// Strict answers the validation with every issue of the report
	// (Report.Response), the extra rules' included, instead of the
	// reference rules' only (Report.Reference). Build Validator with
	// importvalidate.Options.Strict for their warnings to be errors.
	Strict bool
	// Rand is the source of the ids of error bodies; nil means
	// crypto/rand. The handlers serialise their reads, so any reader will
	// do.
	Rand io.Reader
	// LogCauses writes the cause of a 500 (the error of the token lookup,
	// the state or the user store) into its log line. Off by default: a
	// store's error may quote the names it was asked about, which come
	// from the request body. Without it the line carries the error id and
	// the cause's Go type only.
	LogCauses bool
	// MaxInFlight bounds the validations that run at once; 0 means
	// runtime.GOMAXPROCS(0), one per processor the program may use. A
	// validation is work for the processor only, so more at once would
	// only make each slower.
	MaxInFlight int
	// QueueTimeout is how long a validation waits for a free slot before
	// it is answered 503 (ServiceUnavailableError, with Retry-After); 0
	// means DefaultQueueTimeout. Only an overloaded server answers 503;
	// the reference server has no such limit.
	QueueTimeout time.Duration
	// MaxPreAuth bounds the syntax checks that run at once for requests
	// refused before the validation, without credentials or with ones
	// that fail (the check that gives a body that is no JSON text its 400
	// before the 401 or 403). 0 means half of
	// runtime.GOMAXPROCS(0), at least one. Its slots are its own, apart
	// from MaxInFlight's, so that such requests cannot starve
	// authenticated validations. A request that finds them taken for
	// PreAuthQueueTimeout is answered 503.
	MaxPreAuth int
	// Planner answers PathPlan (plan.go) in NewHandler; nil leaves that
	// path unknown.
	Planner *plan.Planner
	// StoreTimeout bounds the time a request spends on the stores: a
	// validation on its caller's token lookup (from when its body is
	// read), then on the validation and plan (from when it takes its
	// slot); the user listing on the lookup and the listing together (0
	// means DefaultStoreTimeout). Past it their calls end, and the answer
	// is 503 with Retry-After, before the server's own write timeout cuts
	// the connection.
	StoreTimeout time.Duration
}

// DefaultStoreTimeout is the StoreTimeout when Options.StoreTimeout is 0:
// the database's own deadline of one call (unleashdb), far below the 30 s
// write timeout of the flagadmin server.
const DefaultStoreTimeout = 5 * time.Second

// NewHandler returns the handler of both endpoints, at their paths after
// Options.Prefix. It fails when an option that NewValidateHandler or
// NewUsersHandler needs is missing or wrong, or when Prefix does not start
// with a slash. The handler is safe for concurrent use.
func NewHandler(opts Options) (http.Handler, error) {
	prefix := strings.TrimSuffix(opts.Prefix, "/")
	if prefix != "" && prefix[0] != '/' {
		return nil, fmt.Errorf("adminhttp: Options.Prefix %q does not start with a slash", opts.Prefix)
	}
	c, err := newCommon(opts)
	if err != nil {
		return nil, err
	}
	v, err := newValidation(c, opts)
	if err != nil {
		return nil, err
	}
	u, err := newListing(c, opts)
	if err != nil {
		return nil, err
	}
	routes := []route{
		{prefix + PathValidate, v.endpoint()},
		{prefix + PathUserAdmin, u},
	}
	if opts.Planner != nil {
		routes = append(routes, route{prefix + PathPlan, v.planEndpoint(opts.Planner)})
	}
	return &router{common: c, routes: routes}, nil
}

// NewValidateHandler returns the handler of the import validation alone,
// which answers POST at whatever path it is mounted. It fails when
// Validator is missing, when both Authenticate and Tokens are, or when
// MaxBody, MaxInFlight or QueueTimeout is negative. The handler is safe
// for concurrent use.
func NewValidateHandler(opts Options) (http.Handler, error) {
	return single(opts, func(c *common) (*endpoint, error) {
		v, err := newValidation(c, opts)
		if err != nil {
			return nil, err
		}
		return v.endpoint(), nil
	})
}

// NewUsersHandler returns the handler of the user listing alone, which
// answers GET and HEAD at whatever path it is mounted. It fails when Users
// is missing, or when both Authenticate and Tokens are. The handler is safe
// for concurrent use.
func NewUsersHandler(opts Options) (http.Handler, error) {
	return single(opts, func(c *common) (*endpoint, error) { return newListing(c, opts) })
}

// single returns the handler of the one endpoint that build makes.
func single(opts Options, build func(*common) (*endpoint, error)) (http.Handler, error) {
	c, err := newCommon(opts)
	if err != nil {
		return nil, err
	}
	e, err := build(c)
	if err != nil {
		return nil, err
	}
	return e, nil
}

// common is what every endpoint shares: how it finds the caller and how
// it answers errors and logs.
type common struct {
	authenticate func(*http.Request) (*auth.Principal, error)
	// storeTimeout is Options.StoreTimeout.
	storeTimeout time.Duration
	loginPath    string
	unauthorized string // Options.UnauthorizedMessage
	logger       *slog.Logger
	logCauses    bool
	// rand is the source of error ids, nil for crypto/rand.
	rand io.Reader
	// errors is the error-body style of Options.Profile.
	errors profile.ErrorStyle
}

func newCommon(opts Options) (*common, error) {
	if opts.StoreTimeout < 0 {
		return nil, fmt.Errorf("adminhttp: Options.StoreTimeout %v is negative", opts.StoreTimeout)
	}
	c := &common{authenticate: opts.Authenticate, loginPath: opts.LoginPath, unauthorized: opts.UnauthorizedMessage,
		logger: opts.Logger, logCauses: opts.LogCauses, storeTimeout: cmp.Or(opts.StoreTimeout, DefaultStoreTimeout)}
	if opts.Profile != nil {
		c.errors = opts.Profile.Errors
	} else {
		c.errors = profile.Default().Errors
	}
	if c.authenticate == nil {
		if opts.Tokens == nil {
			return nil, errors.New("adminhttp: Options.Authenticate or Options.Tokens is required")
		}
		a := &auth.Authenticator{Lookup: opts.Tokens}
		c.authenticate = func(r *http.Request) (*auth.Principal, error) {
			return a.Authenticate(r.Context(), authorization(r))
		}
	}
	if c.loginPath == "" {
		c.loginPath = "/auth/simple/login"
	}
	if opts.Rand != nil {
		c.rand = &lockedReader{r: opts.Rand}
	}
	return c, nil
}

// bound returns r with a context that also ends Options.StoreTimeout from
// now, for the calls of the caller's token lookup and of the stores, and
// the function that releases it. A request whose own context has ended is
// one whose client went away; one whose bound context alone has ended ran
// out of time.
func (c *common) bound(r *http.Request) (*http.Request, context.CancelFunc) {
	ctx, cancel := context.WithTimeout(r.Context(), c.storeTimeout)
	return r.WithContext(ctx), cancel
}

// endpoint serves one operation at whatever path it is mounted.
type endpoint struct {
	*common
	// methods are the methods it answers, as the Allow header lists them.
	methods []string
	// serve answers a request with an allowed method. raw is the
	// connection's own ResponseWriter, which http.MaxBytesReader tells to
	// close the connection when the body is too large.
	serve func(w, raw http.ResponseWriter, r *http.Request) outcome
}

// ServeHTTP checks the method, serves the request and writes one log line
// for it.
func (e *endpoint) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	e.run(w, r, func(rec *recorder) outcome {
		if !slices.Contains(e.methods, r.Method) {
			return e.fail(rec, methodNotAllowed(r.Method, e.methods))
		}
		return e.serve(rec, w, r)
	})
}

// route is an endpoint at its path.
type route struct {
	path string
	*endpoint
}

// router is the handler of NewHandler: it passes a request to the
// endpoint of its path.
type router struct {
	*common
	routes []route
}

func (m *router) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	p := routePath(r.URL.EscapedPath())
	for _, rt := range m.routes {
		if strings.EqualFold(p, rt.path) {
			rt.ServeHTTP(w, r)
			return
		}
	}
	m.run(w, r, func(rec *recorder) outcome { return m.fail(rec, notFound(r.URL.Path)) })
}

// validation serves an operation on an import body: it reads the body,
// authenticates the caller, validates the body in a slot of the limiter
// and answers with the validation response. A copy with a planner serves
// the plan endpoint on the same body, sharing the limiter and the
// buffers.
type validation struct {
	*common
	validator *importvalidate.Validator
	limit     *limiter
	// preAuth bounds the work done for requests that no one vouches for:
	// the syntax check of the body of a request refused before the
	// validation (refuseBadSyntax), in slots of its own, so that such
	// requests never take a validation slot nor more processors than it
	// has slots, however many arrive. (Reading and inflating a body is
	// bounded by the body limit, and waits on the network: it takes no
	// slot, so that a client sending slowly holds none.) Its work all
	// counts as small.
	preAuth *limiter
	maxBody int64
	strict  bool
	// buffers keeps the read buffers of bodies between requests.
	buffers *bufferPool
	// planner, set on the plan endpoint's copy, plans an import the
	// validation lets through in the validation's own slot, so that a
	// plan's work is bounded as a validation's is; that copy answers
	// with respondPlan.
	planner *plan.Planner
}

func newValidation(c *common, opts Options) (*validation, error) {
	switch {
	case opts.Validator == nil:
		return nil, errors.New("adminhttp: Options.Validator is required")
	case opts.MaxBody < 0:
		return nil, fmt.Errorf("adminhttp: Options.MaxBody %d is negative", opts.MaxBody)
	case opts.MaxInFlight < 0:
		return nil, fmt.Errorf("adminhttp: Options.MaxInFlight %d is negative", opts.MaxInFlight)
	case opts.QueueTimeout < 0:
		return nil, fmt.Errorf("adminhttp: Options.QueueTimeout %v is negative", opts.QueueTimeout)
	case opts.MaxPreAuth < 0:
		return nil, fmt.Errorf("adminhttp: Options.MaxPreAuth %d is negative", opts.MaxPreAuth)
	}
	v := &validation{
		common:    c,
		validator: opts.Validator,
		preAuth:   newLimiter(cmp.Or(opts.MaxPreAuth, max(1, runtime.GOMAXPROCS(0)/2)), PreAuthQueueTimeout),
		limit:     newLimiter(cmp.Or(opts.MaxInFlight, runtime.GOMAXPROCS(0)), cmp.Or(opts.QueueTimeout, DefaultQueueTimeout)),
		maxBody:   cmp.Or(opts.MaxBody, DefaultMaxBody),
		strict:    opts.Strict,
		buffers:   newBufferPool(),
	}
	return v, nil
}

// endpoint returns the endpoint that answers POST with v.
func (v *validation) endpoint() *endpoint {
	return &endpoint{common: v.common, methods: []string{http.MethodPost}, serve: v.serve}
}

// serve answers an operation on an import body.
func (h *validation) serve(w, raw http.ResponseWriter, r *http.Request) (out outcome) {
	ctx := r.Context()
	ct := parseContentType(r.Header.Get("Content-Type"))
	var body []byte
	if ct.isJSON() {
		// The reference server reads a JSON body before it looks at the
		// credentials: 413 and 415 for the encoding come first.
		b, held, err := h.readJSONBody(raw, r, ct)
		if err != nil {
			return h.fail(w, err)
		}
		body = b
		// Given back when the answer is written, unless a validation
		// still runs on the body (its client went away).
		defer func() {
			if !out.gone {
				h.buffers.put(held)
			}
		}()
	}
	br, cancel := h.bound(r)
	defer cancel()
	p, err := h.authenticate(br)
	if err == nil {
		err = auth.Authorize(br.Context(), p, auth.Requirement{})
	}
	if err == nil {
		err = ct.check()
	}
	if err != nil {
		if ctx.Err() != nil {
			return outcome{gone: true}
		}
		// A body that is no JSON text gets its 400 before any of
		// these, as the reference server parses it first.
		if out, answered := h.refuseBadSyntax(w, r, body); answered {
			return out
		}
		return h.fail(w, err)
	}
	rep, pl, vout, ok := h.runValidation(ctx, w, body, p)
	if !ok {
		return vout
	}
	if rep.Structural.HasErrors() {
		return h.fail(w, badData(rep.Structural))
	}
	if h.planner != nil {
		return h.respondPlan(w, rep, pl)
	}
	return h.respondValidation(w, rep)
}

// respondValidation answers the import validation with the validation
// response: the reference rules' issues, or with Options.Strict all of
// them.
func (h *validation) respondValidation(w http.ResponseWriter, rep *importvalidate.Report) outcome {
	resp := h.response(rep)
	// Written as JSON.stringify writes it: a name's unpaired surrogate
	// comes back as the same escape, U+2028 as itself.
	writeJSON(w, http.StatusOK, importvalidate.MarshalResponse(resp))
	return outcome{}
}

// response is the validation response of rep: the reference rules'
// issues, or with Options.Strict all of them.
func (h *validation) response(rep *importvalidate.Report) model.ValidateResponse {
	if h.strict {
		return rep.Response()
	}
	return rep.Reference()
}

// runValidation validates body for p in a slot of the limiter, and plans
// the import in the same slot when h.planner is set and the validation
// lets the import through (see plans). It waits for the slot at most the
// queue timeout (then answers 503) and for the work no longer than the
// request lives: when the client goes away it returns at once, without
// an answer, and the work stops at its next look at its context; its slot
// is freed when it has stopped. The work gets Options.StoreTimeout from
// when it takes the slot. When it fails, it has answered (or the client is
// gone) and ok is false.
func (h *validation) runValidation(ctx context.Context, w http.ResponseWriter, body []byte, p *auth.Principal) (rep *importvalidate.Report, pl *plan.Plan, out outcome, ok bool) {
	if ctx.Err() != nil {
		return nil, nil, outcome{gone: true}, false
	}
	slot, out, ok := h.take(ctx, w, h.limit, h.weight(body) > LargeBody)
	if !ok {
		return nil, nil, out, false
	}
	type result struct {
		rep  *importvalidate.Report
		plan *plan.Plan
		err  error
	}
	done := make(chan result, 1)
	go func() {
		defer slot.release()
		var res result
		defer func() {
			if v := recover(); v != nil {
				// The value may hold anything; only its type is kept.
				res = result{err: fmt.Errorf("adminhttp: recovered from a panic (%T)", v)}
			}
			done <- res
		}()
		if res.err = ctx.Err(); res.err != nil {
			return // gone while the slot was taken
		}
		work, cancel := context.WithTimeout(ctx, h.storeTimeout)
		defer cancel()
		if res.rep, res.err = h.validator.Validate(work, body, importvalidate.Target{Permissions: p, RequestBody: true}); res.err != nil {
			res.err = fmt.Errorf("adminhttp: validating: %w", res.err)
			return
		}
		if h.planner != nil && h.plans(res.rep) {
			if res.plan, res.err = h.planner.Plan(work, res.rep); res.err != nil {
				res.err = fmt.Errorf("adminhttp: planning: %w", res.err)
			}
		}
	}()
	select {
	case res := <-done:
		if res.err != nil {
			if ctx.Err() != nil {
				return nil, nil, outcome{gone: true}, false
			}
			return nil, nil, h.fail(w, res.err), false
		}
		return res.rep, res.plan, outcome{}, true
	case <-ctx.Done():
		return nil, nil, outcome{gone: true}, false
	}
}

// planWeight is what the limiter counts per byte of a body at the plan
// endpoint, against one per byte at the validation's: the validation of
// the body, then its plan, cost up to about four times the validation
// alone (3.6 times for 500 new features; BenchmarkPlanEndpoint serves
// both, ordinary and hostile bodies, and no plan costs more per byte than
// the costliest validation). So the plan of a body over
// LargeBody/planWeight bytes (16 kB) is large.
const planWeight = 4

// weight is what the limiter counts for the work on body: its size, at
// the plan endpoint times planWeight.
func (h *validation) weight(body []byte) int {
	if h.planner != nil {
		return planWeight * len(body)
	}
	return len(body)
}

// plans reports whether the import of rep is planned: the validation has
// no structural error, no error and no missing permission in its answer,
// since the import would otherwise be refused.
func (h *validation) plans(rep *importvalidate.Report) bool {
	if rep.Structural.HasErrors() {
		return false
	}
	resp := h.response(rep)
	return len(resp.Errors)+len(resp.Permissions) == 0
}

// listing is the user listing endpoint.
type listing struct {
	*common
	lister *users.Lister
}

func newListing(c *common, opts Options) (*endpoint, error) {
	if opts.Users == nil {
		return nil, errors.New("adminhttp: Options.Users is required")
	}
	l := &listing{common: c, lister: &users.Lister{Store: opts.Users, Profile: opts.Profile}}
	return &endpoint{common: c, methods: []string{http.MethodGet, http.MethodHead}, serve: l.serve}, nil
}

// serve answers the user listing.
func (h *listing) serve(w, _ http.ResponseWriter, r *http.Request) outcome {
	br, cancel := h.bound(r)
	defer cancel()
	p, err := h.authenticate(br)
	if err == nil {
		var list *users.Listing
		if list, err = h.lister.List(br.Context(), p); err == nil {
			return h.respondListing(w, list)
		}
	}
	if r.Context().Err() != nil {
		return outcome{gone: true}
	}
	return h.fail(w, err)
}

// respondListing answers with list.
func (h *listing) respondListing(w http.ResponseWriter, list *users.Listing) outcome {
	b, err := list.MarshalJSON()
	if err != nil {
		return h.fail(w, fmt.Errorf("adminhttp: encoding the listing: %w", err))
	}
	writeJSON(w, http.StatusOK, b)
	return outcome{}
}

// rootType names the Go type of the innermost error err wraps (through
// single Unwrap), which says what failed without quoting anything.
func rootType(err error) string {
	for {
		next := errors.Unwrap(err)
		if next == nil {
			return fmt.Sprintf("%T", err)
		}
		err = next
	}
}

// outcome is what the log line says about a request beyond its status.
type outcome struct {
	// errID and cause are set for a 500.
	errID string
	cause error
	// gone is true when the client went away before its answer.
	gone bool
}

// statusClientGone is the status the log line gives a request whose
// client went away before it was answered; nothing is written to it.
const statusClientGone = 499

// run serves the request with serve and writes one log line for it. A
// panic of serve is answered 500.
func (c *common) run(w http.ResponseWriter, r *http.Request, serve func(*recorder) outcome) {
	start := time.Now()
	rec := &recorder{ResponseWriter: w}
	var out outcome
	defer func() {
		if v := recover(); v != nil {
			if v == http.ErrAbortHandler {
				panic(v)
			}
			// The value may hold anything; only its type is kept.
			out = c.fail(rec, fmt.Errorf("adminhttp: recovered from a panic (%T)", v))
		}
		c.log(r, rec, time.Since(start), out)
	}()
	out = serve(rec)
}

// fail answers err with its status and ErrorResponse body (see answerOf),
// unless an answer was already started. The outcome of a 500 carries the
// error id and the cause for the log line.
func (c *common) fail(w http.ResponseWriter, err error) outcome {
	e := c.answerOf(err)
	id := newUUID(c.rand)
	if rec, ok := w.(*recorder); !ok || !rec.wroteHeader {
		if e.header != "" {
			w.Header().Set(e.header, e.value)
		}
		writeJSON(w, e.status, e.body(id, c.errors))
	}
	if e.cause == nil {
		return outcome{}
	}
	return outcome{errID: id, cause: e.cause}
}

// log writes the request's line.
func (c *common) log(r *http.Request, rec *recorder, d time.Duration, out outcome) {
	if c.logger == nil {
		return
	}
	level := slog.LevelInfo
	status := rec.status()
	if out.gone {
		status = statusClientGone
	}
	attrs := []slog.Attr{
		slog.String("method", r.Method),
		slog.String("path", r.URL.Path),
		slog.Int("status", status),
		slog.Duration("duration", d),
		slog.Int64("bytes", rec.written),
	}
	if out.errID != "" {
		level = slog.LevelError
		attrs = append(attrs, slog.String("error_id", out.errID))
		if c.logCauses {
			attrs = append(attrs, slog.String("error", out.cause.Error()))
		} else {
			attrs = append(attrs, slog.String("error_type", rootType(out.cause)))
		}
	}
	c.logger.LogAttrs(r.Context(), level, "request", attrs...)
}

// writeJSON writes a JSON answer.
func writeJSON(w http.ResponseWriter, status int, body []byte) {
	hdr := w.Header()
	hdr.Set("Content-Type", "application/json; charset=utf-8")
	hdr.Set("Content-Length", strconv.Itoa(len(body)))
	hdr.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	_, _ = w.Write(body) // a failed write means the client is gone
}

// recorder notes the status and the number of body bytes written.
type recorder struct {
	http.ResponseWriter
	code        int
	wroteHeader bool
	written     int64
}

func (r *recorder) WriteHeader(code int) {
	if !r.wroteHeader {
		r.code, r.wroteHeader = code, true
	}
	r.ResponseWriter.WriteHeader(code)
}

func (r *recorder) Write(b []byte) (int, error) {
	if !r.wroteHeader {
		r.WriteHeader(http.StatusOK)
	}
	n, err := r.ResponseWriter.Write(b)
	r.written += int64(n)
	return n, err
}

// Unwrap lets http.ResponseController reach the connection's writer.
func (r *recorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

// status is the status written, 200 when the handler wrote nothing.
func (r *recorder) status() int {
	if !r.wroteHeader {
		return http.StatusOK
	}
	return r.code
}

// lockedReader serialises the reads of a reader that may not be safe for
// concurrent use.
type lockedReader struct {
	mu sync.Mutex
	r  io.Reader
}

func (l *lockedReader) Read(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.r.Read(p)
}
