// Package adminhttp serves the two admin operations of the library over
// HTTP, wire-compatible with the reference server (Unleash):
//
//	POST /api/admin/features-batch/validate   validate a feature import
//	GET  /api/admin/user-admin                list users and root roles
//
// [NewHandler] returns an http.Handler that a Go service mounts on its own
// server (see the main package beside this one for a complete server with
// timeouts and graceful shutdown).
//
// # Order of checks
//
// The handler checks in the reference server's order and answers with the
// first failure:
//
//  0. Routing, from the request line alone. Paths match without regard to
//     ASCII case, a trailing slash is ignored and a run of slashes counts
//     as one. Unknown paths get 404 (NotFoundError); known paths with
//     another method 405 (MethodNotAllowedError, with an Allow header).
//  1. For a POST whose content type is JSON (application/json or
//     application/*+json), the body is read before the credentials are
//     looked at: a gzip or deflate body is inflated, another content
//     encoding (br) is refused with 415 (UnsupportedEncodingError), as is a
//     charset that is not one of UTF-8, UTF-16, UTF-32 or UTF-7 in their
//     variants; the body decodes to UTF-8. A body longer than
//     Options.MaxBody (counted after inflating) is 413
//     (PayloadTooLargeError): a declared Content-Length over the limit is
//     refused before reading, and otherwise no more than MaxBody+1 bytes
//     are read, in chunks that grow with what arrives (a compressed body
//     may take up to twice MaxBody on the wire); a body over 4 kB goes on
//     in a buffer kept between requests, given back once the answer is
//     written and never while a validation still runs on it. A body that is no
//     JSON text gets 400 (BadDataError, naming line, column and byte
//     offset) even without credentials. A body of another content type
//     is not read at all.
//  2. 401 AuthenticationRequired: the authorization header is missing or
//     its token is unknown. A leading "Bearer" and the JavaScript white
//     space after it are dropped; the header's bytes are read one
//     character each, as the reference server reads them.
//  3. 403 NoAccessError: the token is of a kind that may not use admin
//     endpoints (client, frontend), or, for the user listing, the caller
//     lacks ADMIN. The validation needs no permission: what the caller
//     lacks is reported in the permissions of its 200 answer.
//  4. 415 ContentTypeError: the Content-Type is not application/json
//     (parameters such as charset are allowed).
//  5. 400 BadDataError: the body fails the schema (one detail per problem,
//     the reference server's first).
//  6. 200: the validation response.
//
// # Load and cancellation
//
// At most Options.MaxInFlight validations run at once, and those of bodies
// over LargeBody bytes take at most half of the slots (at least one), so
// that a client sending small bodies is served while others send large
// ones. A request that finds its slots taken waits in line for
// Options.QueueTimeout and is then answered 503 (ServiceUnavailableError,
// with Retry-After), a deviation that only an overloaded server shows.
//
// Small validations come first. A large validation is one call into the
// validator that runs for up to a few tenths of a second, and it competes
// with the small ones for the processors, and for the collector's time
// with its allocations. So when small validations were waiting or in
// flight while a large one ran, its large slot stays closed after it ends
// for three times as long as it ran (at most a second), and the next
// large validation waits in line meanwhile: while small validations are
// served, large ones take about a quarter of the time. The hold ends
// early once no small validation has been waiting or in flight for 50 ms,
// and there is none while only large validations come, so they are never
// starved: they progress at least at that quarter, and one that waits
// longer than QueueTimeout still gets its 503. The work before a slot is
// taken (reading, inflating and decoding the body) is a small part of a
// large body's cost: a few milliseconds for 500 kB, against more than a
// hundred in the slot (the package's benchmarks measure both).
//
// The request's context reaches the validation: a client that goes away
// stops its wait in line at once, and its validation at its next look at
// the context. Such a request gets no answer; its log line says status
// 499.
//
// A failing token lookup, store or state is a 500 InternalError whose body
// says nothing about the cause; the log line carries its id, and the cause
// itself with Options.LogCauses. Every error body
// has a fresh UUID v4 as its id, and every answer is
// application/json; charset=utf-8.
//
// The package performs no output of its own: the only output is the
// optional log line per request written to Options.Logger, which never
// holds the token nor anything of the body.
package adminhttp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"runtime"
	"strconv"
	"sync"
	"time"

	"github.com/flagadmin/flagadmin/auth"
	"github.com/flagadmin/flagadmin/importvalidate"
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

// Options configure the handler. Validator, Tokens and Users are required.
type Options struct {
	// Validator validates import bodies. Build it with the state of the
	// instance; its options decide strict rules and scalar coercion.
	Validator *importvalidate.Validator
	// Tokens resolves the token of the authorization header.
	Tokens auth.TokenLookup
	// Users answers the user listing.
	Users users.Store
	// MaxBody is the largest accepted request body in bytes; 0 means
	// DefaultMaxBody.
	MaxBody int64
	// Logger receives one line per request (method, path, status,
	// duration, bytes written); nil means no logging.
	Logger *slog.Logger
	// Strict answers the validation with every issue of the report
	// (Report.Response), the extra rules' included, instead of the
	// reference rules' only (Report.Reference). Build Validator with
	// importvalidate.Options.Strict for the extra rules to run.
	Strict bool
	// Rand is the source of the ids of error bodies; nil means
	// crypto/rand. The handler serialises its reads, so any reader will do.
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
}

// NewHandler returns the handler of both endpoints. It fails when
// Validator, Tokens or Users is missing or MaxBody, MaxInFlight or
// QueueTimeout is negative. The handler
// is safe for concurrent use.
func NewHandler(opts Options) (http.Handler, error) {
	switch {
	case opts.Validator == nil:
		return nil, errors.New("adminhttp: Options.Validator is required")
	case opts.Tokens == nil:
		return nil, errors.New("adminhttp: Options.Tokens is required")
	case opts.Users == nil:
		return nil, errors.New("adminhttp: Options.Users is required")
	case opts.MaxBody < 0:
		return nil, fmt.Errorf("adminhttp: Options.MaxBody %d is negative", opts.MaxBody)
	case opts.MaxInFlight < 0:
		return nil, fmt.Errorf("adminhttp: Options.MaxInFlight %d is negative", opts.MaxInFlight)
	case opts.QueueTimeout < 0:
		return nil, fmt.Errorf("adminhttp: Options.QueueTimeout %v is negative", opts.QueueTimeout)
	}
	if opts.MaxBody == 0 {
		opts.MaxBody = DefaultMaxBody
	}
	if opts.MaxInFlight == 0 {
		opts.MaxInFlight = runtime.GOMAXPROCS(0)
	}
	if opts.QueueTimeout == 0 {
		opts.QueueTimeout = DefaultQueueTimeout
	}
	var rnd io.Reader
	if opts.Rand != nil {
		rnd = &lockedReader{r: opts.Rand}
	}
	syntax, err := importvalidate.NewStructure(importvalidate.StructureOptions{})
	if err != nil {
		return nil, fmt.Errorf("adminhttp: %w", err)
	}
	return &handler{
		syntax:    syntax,
		limit:     newLimiter(opts.MaxInFlight, opts.QueueTimeout),
		validator: opts.Validator,
		authn:     &auth.Authenticator{Lookup: opts.Tokens, Rand: rnd},
		lister:    &users.Lister{Store: opts.Users, Rand: rnd},
		maxBody:   opts.MaxBody,
		logger:    opts.Logger,
		logCauses: opts.LogCauses,
		strict:    opts.Strict,
		rand:      rnd,
		buffers:   newBufferPool(),
	}, nil
}

type handler struct {
	validator *importvalidate.Validator
	// syntax checks, before the credentials, that a JSON body is JSON.
	syntax    *importvalidate.Structure
	limit     *limiter
	authn     *auth.Authenticator
	lister    *users.Lister
	maxBody   int64
	logger    *slog.Logger
	strict    bool
	rand      io.Reader
	logCauses bool
	// buffers keeps the read buffers of bodies between requests.
	buffers *bufferPool
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

// ServeHTTP routes the request and writes one log line for it.
func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	rec := &recorder{ResponseWriter: w}
	var out outcome
	defer func() {
		if v := recover(); v != nil {
			if v == http.ErrAbortHandler {
				panic(v)
			}
			// The value may hold anything; only its type is kept.
			out = h.internal(rec, fmt.Errorf("adminhttp: recovered from a panic (%T)", v))
		}
		h.log(r, rec, time.Since(start), out)
	}()
	switch route(r.URL.EscapedPath()) {
	case PathValidate:
		if r.Method != http.MethodPost {
			h.methodNotAllowed(rec, r, http.MethodPost)
			return
		}
		out = h.validate(rec, w, r)
	case PathUserAdmin:
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			h.methodNotAllowed(rec, r, http.MethodGet, http.MethodHead)
			return
		}
		out = h.listUsers(rec, r)
	default:
		writeError(rec, NewNotFoundError(h.rand, r.URL.Path))
	}
}

func (h *handler) methodNotAllowed(w http.ResponseWriter, r *http.Request, allowed ...string) {
	e := NewMethodNotAllowedError(h.rand, r.Method, allowed...)
	w.Header().Set("Allow", e.AllowHeader())
	writeError(w, e)
}

// validate serves the import validation. raw is the connection's own
// ResponseWriter, which http.MaxBytesReader tells to close the connection
// when the body is too large.
func (h *handler) validate(w http.ResponseWriter, raw http.ResponseWriter, r *http.Request) (out outcome) {
	ctx := r.Context()
	ct := r.Header.Get("Content-Type")
	var body []byte
	if isJSONType(ct) {
		// The reference server reads a JSON body before it looks at the
		// credentials: 413 and 415 for the encoding come first.
		b, held, err := h.readJSONBody(raw, r)
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
	p, err := h.authn.Authenticate(ctx, authorization(r))
	if err == nil {
		err = auth.Authorize(ctx, h.rand, p, auth.Requirement{})
	}
	if err == nil {
		err = h.checkContentType(ct)
	}
	if err != nil {
		// A body that is no JSON text gets its 400 before any of
		// these, as the reference server parses it first.
		if se := h.syntaxError(body); se != nil {
			writeError(w, se)
			return outcome{}
		}
		return h.fail(w, err)
	}
	rep, vout, ok := h.runValidation(ctx, w, body, p)
	if !ok {
		return vout
	}
	if rep.Structural.HasErrors() {
		writeError(w, NewBadDataError(h.rand, rep.Structural.Details()))
		return outcome{}
	}
	resp := rep.Reference()
	if h.strict {
		resp = rep.Response()
	}
	// Written as JSON.stringify writes it: a name's unpaired surrogate
	// comes back as the same escape, U+2028 as itself.
	writeJSON(w, http.StatusOK, importvalidate.MarshalResponse(resp))
	return outcome{}
}

// runValidation validates body for p in a slot of the limiter. It waits
// for the slot at most the queue timeout (then answers 503) and for the
// validation no longer than the request lives: when the client goes away
// it returns at once, without an answer, and the validation stops at its
// next look at ctx; its slot is freed when it has stopped. When it fails,
// it has answered (or the client is gone) and ok is false.
func (h *handler) runValidation(ctx context.Context, w http.ResponseWriter, body []byte, p *auth.Principal) (rep *importvalidate.Report, out outcome, ok bool) {
	if ctx.Err() != nil {
		return nil, outcome{gone: true}, false
	}
	slot, err := h.limit.acquire(ctx, len(body) > LargeBody)
	if err != nil {
		if errors.Is(err, errBusy) {
			e := NewServiceUnavailableError(h.rand, h.limit.retryAfter())
			w.Header().Set("Retry-After", e.RetryAfterHeader())
			writeError(w, e)
			return nil, outcome{}, false
		}
		return nil, outcome{gone: true}, false
	}
	type result struct {
		rep *importvalidate.Report
		err error
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
		res.rep, res.err = h.validator.Validate(ctx, body, importvalidate.Target{Permissions: p})
	}()
	select {
	case res := <-done:
		if res.err != nil {
			if ctx.Err() != nil {
				return nil, outcome{gone: true}, false
			}
			return nil, h.internal(w, fmt.Errorf("adminhttp: validating: %w", res.err)), false
		}
		return res.rep, outcome{}, true
	case <-ctx.Done():
		return nil, outcome{gone: true}, false
	}
}

// utf8BOM is the byte order mark in UTF-8.
const utf8BOM = "\xef\xbb\xbf"

// syntaxError returns the 400 for a body that is not a JSON text, nil for
// one that is (or for no body, which the reference server reads as {}).
// As the reference server's parser does, it skips a leading byte order
// mark. The details are the structural tier's, which name the line,
// column and byte offset.
func (h *handler) syntaxError(body []byte) *BadDataError {
	body = bytes.TrimPrefix(body, []byte(utf8BOM))
	if len(body) == 0 || json.Valid(body) {
		return nil
	}
	_, problems := h.syntax.Check(body)
	var syntax importvalidate.Problems
	for _, p := range problems {
		if p.Code == importvalidate.CodeSyntax || p.Code == importvalidate.CodeMaxDepth {
			syntax = append(syntax, p)
		}
	}
	if len(syntax) == 0 {
		return nil
	}
	return NewBadDataError(h.rand, syntax.Details())
}

// listUsers serves the user listing.
func (h *handler) listUsers(w http.ResponseWriter, r *http.Request) outcome {
	ctx := r.Context()
	p, out, ok := h.authenticate(ctx, w, r)
	if !ok {
		return out
	}
	listing, err := h.lister.List(ctx, p)
	if err != nil {
		return h.fail(w, err)
	}
	b, err := listing.MarshalJSON()
	if err != nil {
		return h.internal(w, fmt.Errorf("adminhttp: encoding the listing: %w", err))
	}
	writeJSON(w, http.StatusOK, b)
	return outcome{}
}

// authenticate resolves the token of the request. When it fails, it has
// answered and ok is false.
func (h *handler) authenticate(ctx context.Context, w http.ResponseWriter, r *http.Request) (p *auth.Principal, out outcome, ok bool) {
	p, err := h.authn.Authenticate(ctx, authorization(r))
	if err != nil {
		return nil, h.fail(w, err), false
	}
	return p, outcome{}, true
}

// fail answers err: with its own status and body when it is an
// HTTPError (of this package or of auth), with a 500 otherwise.
func (h *handler) fail(w http.ResponseWriter, err error) outcome {
	var he HTTPError
	if errors.As(err, &he) {
		writeError(w, he)
		return outcome{}
	}
	return h.internal(w, err)
}

// internal answers a 500 for cause, unless an answer was already started.
func (h *handler) internal(w http.ResponseWriter, cause error) outcome {
	e := NewInternalError(h.rand, cause)
	if rec, ok := w.(*recorder); !ok || !rec.wroteHeader {
		writeError(w, e)
	}
	return outcome{errID: e.ID, cause: cause}
}

// checkContentType accepts application/json with any parameters.
func (h *handler) checkContentType(ct string) error {
	if ct == "" {
		return NewContentTypeError(h.rand, "")
	}
	mt, _, err := mime.ParseMediaType(ct)
	if err != nil || mt != "application/json" {
		return NewContentTypeError(h.rand, ct)
	}
	return nil
}

// log writes the request's line.
func (h *handler) log(r *http.Request, rec *recorder, d time.Duration, out outcome) {
	if h.logger == nil {
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
		if h.logCauses {
			attrs = append(attrs, slog.String("error", out.cause.Error()))
		} else {
			attrs = append(attrs, slog.String("error_type", rootType(out.cause)))
		}
	}
	h.logger.LogAttrs(r.Context(), level, "request", attrs...)
}

// writeError writes the error's status and body.
func writeError(w http.ResponseWriter, e HTTPError) {
	writeJSON(w, e.HTTPStatus(), e.Body())
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
