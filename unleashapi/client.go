package unleashapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/flagadmin/flagadmin/model/profile"
	"io"
	"math"
	"math/rand/v2"
	"mime"
	"net/http"
	"net/http/httptrace"
	"net/url"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/flagadmin/flagadmin/importvalidate"
)

// SupportedMajor is the newest major version of Unleash this package
// speaks to; it speaks to every version from 5.12.0 (profile.Oldest) on.
// An instance outside that range is refused with ErrUnsupportedVersion.
const SupportedMajor = 8

// Defaults of Options.
const (
	DefaultRequestTimeout = 10 * time.Second
	DefaultImportTimeout  = 10 * time.Minute
	DefaultRetries        = 3
	DefaultMaxRetryWait   = 10 * time.Second
	DefaultListTTL        = 5 * time.Second
	DefaultTokenTTL       = 5 * time.Second
	DefaultConcurrency    = 4
	DefaultPageSize       = 500
	DefaultMaxBody        = 64 << 20
	DefaultTokenLookups   = 4
	DefaultTokenRate      = 10
	DefaultTokenBurst     = 20
)

// MaxTokenAnswer bounds the size of the instance's answer about a caller's
// token (GET /api/admin/user): a user and its permissions, a few kilobytes
// even for a user of many projects.
const MaxTokenAnswer = 512 << 10

// TokenQueueTimeout is how long a lookup of a caller's token waits for one
// of Options.TokenLookups to free up before it fails with ErrOverloaded.
const TokenQueueTimeout = time.Second

// Options configure a Client. The zero value gives the defaults.
type Options struct {
	// Version, when set, is the instance's Unleash version (such as
	// "6.10.1"), used instead of the one the instance reports; it must be
	// one of 5.12.0 to 8.x. The instance is still asked once, which
	// checks the URL and the token.
	Version string
	// HTTPClient sends the requests; nil means a client over a clone of
	// http.DefaultTransport, so proxies come from the environment and TLS
	// from net/http's defaults, that keeps enough idle connections to the
	// instance for TokenLookups and two fan-outs of Concurrency. Its own
	// Timeout, if any, applies too. Whatever its CheckRedirect, a redirect
	// to another origin (scheme, host and port) is not followed.
	HTTPClient *http.Client
	// RequestTimeout bounds each request, retries apart (0 means
	// DefaultRequestTimeout).
	RequestTimeout time.Duration
	// ImportTimeout bounds an Importer's import request instead (0 means
	// DefaultImportTimeout): Unleash imports a large file in seconds to
	// minutes, and goes on and commits after a client gives up.
	ImportTimeout time.Duration
	// Retries is the number of retries of a request about the state
	// answered 429, 502, 503 or 504 (0 means DefaultRetries, a negative
	// value none). The lookups of callers' tokens are never retried: their
	// caller gets the failure (with the instance's Retry-After) at once.
	Retries int
	// MaxRetryWait caps the wait before a retry, Retry-After included (0
	// means DefaultMaxRetryWait). A Retry-After beyond it, or beyond the
	// context's deadline, ends the request with the error at once.
	MaxRetryWait time.Duration
	// ListTTL is how long answers about the state are reused before they
	// are asked again: the instance-wide lists (strategies, context
	// fields, segments, tag types, projects, environments, users and root
	// roles), asked again with If-None-Match when the instance sent an
	// ETag, and what the exports and overviews said of single features and
	// projects (0 means DefaultListTTL, a negative value no reuse).
	ListTTL time.Duration
	// ImportFacts makes every validation read what the import's own
	// checks need of the instance (importvalidate.PartFacts): the target
	// project's overview and the export of the named features, which the
	// validation reads anyway, and the feature types, tags and an export
	// of the project, up to three more requests a validation, and an
	// export of every feature when the import may create one (the number
	// of active features); the feature types and tags are reused for
	// ListTTL. Without it
	// those facts are unknown but the resource limits and, on the
	// open-source edition, the change-request settings and release-plan
	// milestones (none), and the findings that need the others say so
	// (import-unknown-fact).
	ImportFacts bool
	// TokenTTL is how long the rights of a caller's token are reused (0
	// means DefaultTokenTTL, a negative value no reuse). They are kept by
	// a digest of the token and never serve another token.
	TokenTTL time.Duration
	// Concurrency bounds the requests one fan-out sends at once (the four
	// lists, the reads of Snapshot, the project overviews of Snapshot; 0
	// means DefaultConcurrency).
	Concurrency int
	// PageSize is the number of features asked per page of the feature
	// search (0 means DefaultPageSize).
	PageSize int
	// MaxBody bounds the size of an answer (0 means DefaultMaxBody); an
	// answer about a caller's token is bounded by MaxTokenAnswer too.
	MaxBody int64
	// TokenLookups bounds the lookups of callers' tokens that ask the
	// instance at once (0 means DefaultTokenLookups). A lookup that finds
	// them all taken waits for one at most TokenQueueTimeout.
	TokenLookups int
	// TokenRate and TokenBurst bound what tokens the client has never
	// seen valid (unknown ones, such as an attacker's guesses) may cost
	// the instance: a bucket of TokenBurst lookups, refilled at TokenRate
	// a second (0 means DefaultTokenRate and DefaultTokenBurst; a
	// negative TokenRate means no bound). A lookup that finds the bucket
	// empty fails with ErrOverloaded, without asking. A token the
	// instance once said is valid is asked again, when its answer is
	// stale, without taking from the bucket.
	TokenRate  float64
	TokenBurst int
}

func (o Options) withDefaults() Options {
	def := func(d *time.Duration, v time.Duration) {
		if *d == 0 {
			*d = v
		}
	}
	def(&o.RequestTimeout, DefaultRequestTimeout)
	def(&o.ImportTimeout, DefaultImportTimeout)
	def(&o.MaxRetryWait, DefaultMaxRetryWait)
	def(&o.ListTTL, DefaultListTTL)
	def(&o.TokenTTL, DefaultTokenTTL)
	switch {
	case o.Retries == 0:
		o.Retries = DefaultRetries
	case o.Retries < 0:
		o.Retries = 0
	}
	if o.Concurrency <= 0 {
		o.Concurrency = DefaultConcurrency
	}
	if o.PageSize <= 0 {
		o.PageSize = DefaultPageSize
	}
	if o.MaxBody <= 0 {
		o.MaxBody = DefaultMaxBody
	}
	if o.TokenLookups <= 0 {
		o.TokenLookups = DefaultTokenLookups
	}
	if o.TokenRate == 0 || math.IsNaN(o.TokenRate) {
		o.TokenRate = DefaultTokenRate
	}
	if o.TokenBurst <= 0 {
		o.TokenBurst = DefaultTokenBurst
	}
	if o.HTTPClient == nil {
		tr := http.DefaultTransport.(*http.Transport).Clone()
		tr.MaxIdleConnsPerHost = o.TokenLookups + 2*o.Concurrency
		o.HTTPClient = &http.Client{Transport: tr}
	}
	return o
}

// Client reads an Unleash instance over its admin API. It is safe for
// concurrent use.
type Client struct {
	base  string // scheme://host[:port][/path], without a final slash
	token string
	opts  Options
	ua    string

	versionMu sync.Mutex
	version   profile.Resolved // the instance's version once checked
	// limits are the instance's resource limits, read with the version;
	// nil when it shows none.
	limits *importvalidate.ResourceLimits
	// openSource is true when the instance said, with its version, that
	// it is the open-source edition (see openSource).
	openSource bool
	ic         importCache

	lc       listCache
	userList cached[userAdminAnswer]
	projects cached[projectsAnswer]
	envs     cached[environmentsAnswer]

	features     facts[featureFact]
	projectIDs   projectNames
	strategiesIn envFacts[bool]
	projectFacts facts[projectFact]
	featureEnvs  featureEnvs

	tokens tokenCache
	// lookups are the slots of the lookups of callers' tokens under way
	// (Options.TokenLookups); budget bounds those of tokens never seen
	// valid (Options.TokenRate, Options.TokenBurst).
	lookups chan struct{}
	budget  bucket
	// http is Options.HTTPClient, following redirects only within the
	// instance's origin.
	http *http.Client
}

// New returns a client of the instance at baseURL (its base URL, such as
// https://unleash.example.com, with a base path if the instance has one)
// that authenticates with token, an admin API token or a personal access
// token. It sends nothing: the first lookup checks the instance's version.
func New(baseURL, token string, opts Options) (*Client, error) {
	base, err := CanonicalURL(baseURL)
	if err != nil {
		return nil, err
	}
	if strings.TrimSpace(token) == "" {
		return nil, errors.New("unleashapi: no API token")
	}
	if strings.ContainsAny(token, "\r\n") {
		return nil, errors.New("unleashapi: the API token holds a line break")
	}
	c := &Client{
		base:  base,
		token: strings.TrimSpace(token),
		opts:  opts.withDefaults(),
		ua:    userAgent(),
	}
	c.http = sameOriginRedirects(c.opts.HTTPClient)
	c.lookups = make(chan struct{}, c.opts.TokenLookups)
	c.budget.init(c.opts.TokenRate, c.opts.TokenBurst)
	c.tokens.init(maxCachedTokens)
	return c, nil
}

// BaseURL returns the instance's base URL.
func (c *Client) BaseURL() string { return c.base }

// CanonicalURL returns the base URL a client of baseURL has (BaseURL):
// an absolute http or https URL with no user, query or fragment, without
// a final slash. Two URLs name the same instance for a client when their
// canonical URLs are equal.
func CanonicalURL(baseURL string) (string, error) {
	u, err := url.Parse(strings.TrimSpace(baseURL))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", fmt.Errorf("unleashapi: the instance URL must be an absolute http or https URL, not %q", redactURL(baseURL))
	}
	if u.User != nil || u.RawQuery != "" || u.Fragment != "" {
		return "", fmt.Errorf("unleashapi: the instance URL %q must have no user, query or fragment", redactURL(baseURL))
	}
	return strings.TrimRight(u.String(), "/"), nil
}

func redactURL(s string) string {
	u, err := url.Parse(s)
	if err != nil {
		return "(unparsable)"
	}
	return u.Redacted()
}

// userAgent names flagadmin and its version, as the build records it.
func userAgent() string {
	v := "devel"
	if bi, ok := debug.ReadBuildInfo(); ok {
		if bi.Main.Path == modulePath && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
			v = bi.Main.Version
		}
		for _, d := range bi.Deps {
			if d.Path == modulePath {
				v = d.Version
			}
		}
	}
	return "flagadmin/" + v + " (unleashapi; +https://" + modulePath + ")"
}

const modulePath = "github.com/flagadmin/flagadmin"

// answer is what a request got.
type answer struct {
	status int
	body   []byte
	etag   string
}

// request describes one call of the admin API.
type request struct {
	method string
	path   string // with its query, if any
	body   any    // JSON-encoded when not nil
	token  string // the Authorization header; "" means the client's token
	etag   string // sent as If-None-Match
	// accept lists statuses other than 2xx given back to the caller
	// instead of turned into an error.
	accept []int
	// noRetry sends the request once, whatever the answer.
	noRetry bool
	// maxBody lowers Options.MaxBody for the answer; 0 leaves it.
	maxBody int64
	// anyBody takes a 2xx answer whatever its body (the import answers
	// 200 with an empty one).
	anyBody bool
	// timeout replaces Options.RequestTimeout for this request.
	timeout time.Duration
}

// endpoint is the request's path without its query, as errors name it.
func (r *request) endpoint() string {
	p, _, _ := strings.Cut(r.path, "?")
	return p
}

// do sends r, retrying on 429, 502, 503 and 504 (unless r.noRetry), and
// returns the answer of a 2xx, a 304 or an accepted status. Every other
// outcome is an *Error; one of a 429 or 5xx carries the instance's
// Retry-After.
func (c *Client) do(ctx context.Context, r request) (answer, error) {
	var payload []byte
	if r.body != nil {
		var err error
		if payload, err = json.Marshal(r.body); err != nil {
			return answer{}, c.errorf(r, 0, nil, err, "encoding the request: %v", err)
		}
	}
	token := r.token
	if token == "" {
		token = c.token
	}
	for attempt := 0; ; attempt++ {
		a, retryAfter, err := c.once(ctx, r, payload, token)
		if err == nil {
			return a, nil
		}
		var e *Error
		if !errors.As(err, &e) {
			return a, err
		}
		e.retryAfter = max(retryAfter, 0)
		if r.noRetry || !retryable(e.Status) || attempt >= c.opts.Retries {
			return a, err
		}
		wait := backoff(attempt)
		if retryAfter >= 0 {
			wait = retryAfter
		}
		if wait > c.opts.MaxRetryWait {
			e.Detail += fmt.Sprintf(" (Retry-After %s is beyond the longest wait, %s)", wait, c.opts.MaxRetryWait)
			return a, e
		}
		if dl, ok := ctx.Deadline(); ok && time.Until(dl) < wait {
			e.Detail += fmt.Sprintf(" (a retry in %s would pass the deadline)", wait.Round(time.Millisecond))
			return a, e
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return a, c.errorf(r, 0, ErrUnreachable, ctx.Err(), "%v while waiting to retry after %s", ctx.Err(), statusText(e.Status))
		case <-t.C:
		}
	}
}

func retryable(status int) bool {
	switch status {
	case http.StatusTooManyRequests, http.StatusBadGateway, http.StatusServiceUnavailable, http.StatusGatewayTimeout:
		return true
	}
	return false
}

// backoff returns the wait before retry attempt+1: 100ms doubling, with
// jitter.
func backoff(attempt int) time.Duration {
	d := 100 * time.Millisecond << min(attempt, 6)
	return d/2 + rand.N(d/2+1)
}

// once sends r one time. retryAfter is the Retry-After of the answer, -1
// when it has none.
func (c *Client) once(ctx context.Context, r request, payload []byte, token string) (a answer, retryAfter time.Duration, err error) {
	retryAfter = -1
	timeout := c.opts.RequestTimeout
	if r.timeout > 0 {
		timeout = r.timeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	// wrote turns true once the whole request is written: before that,
	// the instance cannot have acted on it.
	var wrote atomic.Bool
	ctx = httptrace.WithClientTrace(ctx, &httptrace.ClientTrace{
		WroteRequest: func(i httptrace.WroteRequestInfo) { wrote.Store(i.Err == nil) },
	})
	var body io.Reader
	if payload != nil {
		body = bytes.NewReader(payload)
	}
	req, err := http.NewRequestWithContext(ctx, r.method, c.base+r.path, body)
	if err != nil {
		return a, retryAfter, c.errorf(r, 0, nil, err, "building the request: %v", scrubErr(err))
	}
	req.Header.Set("Authorization", token)
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", c.ua)
	if payload != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if r.etag != "" {
		req.Header.Set("If-None-Match", r.etag)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		var re *redirectError
		if errors.As(err, &re) {
			status := 0
			if resp != nil {
				status = resp.StatusCode
			}
			return a, retryAfter, c.errorf(r, status, ErrBadAnswer, nil, "%s", re)
		}
		e := c.errorf(r, 0, ErrUnreachable, err, "no answer: %v", scrubErr(err))
		e.unsent = !wrote.Load()
		return a, retryAfter, e
	}
	defer resp.Body.Close()
	a.status = resp.StatusCode
	a.etag = resp.Header.Get("ETag")
	limit := c.opts.MaxBody
	if r.maxBody > 0 {
		limit = min(limit, r.maxBody)
	}
	if resp.ContentLength > limit {
		return a, retryAfter, c.errorf(r, a.status, ErrBadAnswer, nil, "the answer is larger than %d bytes", limit)
	}
	a.body, err = io.ReadAll(io.LimitReader(resp.Body, limit+1))
	if err != nil {
		return a, retryAfter, c.errorf(r, a.status, ErrUnreachable, err, "reading the answer: %v", scrubErr(err))
	}
	if int64(len(a.body)) > limit {
		return a, retryAfter, c.errorf(r, a.status, ErrBadAnswer, nil, "the answer is larger than %d bytes", limit)
	}
	switch {
	case a.status == http.StatusNotModified && r.etag != "":
		return a, retryAfter, nil
	case a.status >= 200 && a.status < 300:
		if !r.anyBody && !isJSON(resp.Header.Get("Content-Type"), a.body) {
			return a, retryAfter, c.errorf(r, a.status, ErrNotJSON, nil,
				"the answer is %s, not JSON: is %s the instance's base URL, and does nothing (a login page, a proxy) stand in front of its API?", kindOf(resp.Header.Get("Content-Type"), a.body), c.base)
		}
		return a, retryAfter, nil
	}
	for _, s := range r.accept {
		if s == a.status {
			return a, retryAfter, nil
		}
	}
	if retryable(a.status) {
		retryAfter = parseRetryAfter(resp.Header.Get("Retry-After"))
	}
	return a, retryAfter, c.statusError(r, resp.Header.Get("Content-Type"), a)
}

// statusError turns an answer with an unexpected status into an *Error.
func (c *Client) statusError(r request, contentType string, a answer) error {
	msg := unleashMessage(a.body)
	var kind error
	switch {
	case a.status == http.StatusUnauthorized:
		kind, msg = ErrUnauthorized, join("the instance refused the token", msg)
	case a.status == http.StatusForbidden:
		kind, msg = ErrForbidden, join("the token may not do this", msg)
	case a.status == http.StatusNotFound:
		kind = ErrNotFound
		if !isJSON(contentType, a.body) {
			msg = fmt.Sprintf("no Unleash admin API at %s", c.base)
		}
	case a.status == http.StatusTooManyRequests:
		kind, msg = ErrRateLimited, join("the instance asks to slow down", msg)
	case a.status >= 500:
		kind = ErrUnavailable
	default:
		kind = ErrBadAnswer
	}
	if msg == "" && !isJSON(contentType, a.body) && len(a.body) > 0 {
		msg = "the answer is " + kindOf(contentType, a.body)
	}
	return c.errorf(r, a.status, kind, nil, "%s", msg)
}

func join(a, b string) string {
	if b == "" {
		return a
	}
	return a + ": " + b
}

// unleashMessage returns the message of an Unleash error body, shortened.
func unleashMessage(body []byte) string {
	var e struct {
		Message string `json:"message"`
	}
	if json.Unmarshal(body, &e) != nil || e.Message == "" {
		return ""
	}
	m := strings.Join(strings.Fields(e.Message), " ")
	if len(m) > 200 {
		m = m[:200] + "…"
	}
	return m
}

// isJSON reports whether an answer is JSON: its media type says so, or,
// with none, its first byte opens a JSON value.
func isJSON(contentType string, body []byte) bool {
	if contentType != "" {
		mt, _, err := mime.ParseMediaType(contentType)
		return err == nil && (mt == "application/json" || strings.HasSuffix(mt, "+json"))
	}
	b := bytes.TrimLeft(body, " \t\r\n")
	return len(b) > 0 && (b[0] == '{' || b[0] == '[')
}

// kindOf names what an answer that is no JSON looks like.
func kindOf(contentType string, body []byte) string {
	b := bytes.ToLower(bytes.TrimLeft(body, " \t\r\n"))
	if bytes.HasPrefix(b, []byte("<!doctype html")) || bytes.HasPrefix(b, []byte("<html")) || strings.Contains(contentType, "html") {
		return "an HTML page"
	}
	if contentType == "" {
		return "of no declared type"
	}
	mt, _, _ := mime.ParseMediaType(contentType)
	return "of type " + strconv.Quote(mt)
}

// parseRetryAfter reads a Retry-After of seconds or an HTTP date; -1 when
// there is none or it cannot be read.
func parseRetryAfter(v string) time.Duration {
	v = strings.TrimSpace(v)
	if v == "" {
		return -1
	}
	if n, err := strconv.ParseInt(v, 10, 64); err == nil {
		if n < 0 {
			return -1
		}
		if n > 86400 {
			n = 86400
		}
		return time.Duration(n) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(time.Until(t), 0)
	}
	return -1
}

func statusText(status int) string {
	if status == 0 {
		return "no answer"
	}
	return fmt.Sprintf("%d %s", status, http.StatusText(status))
}

// scrubErr returns the message of a transport error without the URL that
// *url.Error repeats.
func scrubErr(err error) string {
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	return err.Error()
}

// getJSON sends a GET of path with the client's token and decodes the
// answer into v.
func (c *Client) getJSON(ctx context.Context, path string, v any) error {
	r := request{method: http.MethodGet, path: path}
	a, err := c.do(ctx, r)
	if err != nil {
		return err
	}
	return c.decode(r, a, v)
}

// decode decodes the body of a into v.
func (c *Client) decode(r request, a answer, v any) error {
	if err := json.Unmarshal(a.body, v); err != nil {
		return c.errorf(r, a.status, ErrBadAnswer, err, "the answer does not have the expected shape: %v", err)
	}
	return nil
}
