package unleashapi

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/flagadmin/flagadmin/model/profile"
)

// cached is an instance-wide answer reused for Options.ListTTL, then asked
// again with If-None-Match when the instance sent an ETag. One request at
// a time refreshes it; the others wait for its result (or their context).
type cached[T any] struct {
	sem  chan struct{} // a lock that waits with a context
	once sync.Once
	val  *T
	etag string
	at   time.Time
}

func (e *cached[T]) lock(ctx context.Context) error {
	e.once.Do(func() { e.sem = make(chan struct{}, 1) })
	select {
	case e.sem <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (e *cached[T]) unlock() { <-e.sem }

// youngerThan reports whether e holds an answer younger than ttl; e must be
// locked.
func (e *cached[T]) youngerThan(ttl time.Duration) bool {
	return e.val != nil && ttl > 0 && time.Since(e.at) < ttl
}

// get returns the answer of GET path, from the cache while it is fresh.
func get[T any](ctx context.Context, c *Client, e *cached[T], path string) (*T, error) {
	if err := c.checkVersion(ctx); err != nil {
		return nil, err
	}
	if err := e.lock(ctx); err != nil {
		return nil, c.errorf(request{method: http.MethodGet, path: path}, 0, ErrUnreachable, err, "%v", err)
	}
	defer e.unlock()
	if e.youngerThan(c.opts.ListTTL) {
		return e.val, nil
	}
	r := request{method: http.MethodGet, path: path}
	if e.val != nil && c.opts.ListTTL > 0 {
		r.etag = e.etag
	}
	a, err := c.do(ctx, r)
	if err != nil {
		return nil, err
	}
	if a.status == http.StatusNotModified {
		e.at = time.Now()
		return e.val, nil
	}
	v := new(T)
	if err := c.decode(r, a, v); err != nil {
		return nil, err
	}
	e.val, e.etag, e.at = v, a.etag, time.Now()
	return v, nil
}

// pathContext lists every context field, those of projects included
// (include=project; without it the instance leaves out the fields scoped
// to a project). On an enterprise instance a token that may not see a
// private project does not see its fields either.
const pathContext = "/api/admin/context?include=project"

// listCache holds the lists the import rules read.
type listCache struct {
	strategies  cached[strategiesAnswer]
	contextList cached[[]contextFieldAnswer]
	segments    cached[segmentsAnswer]
	tagTypes    cached[tagTypesAnswer]
}

// instanceLists are the four lists, read together.
type instanceLists struct {
	strategies *strategiesAnswer
	context    *[]contextFieldAnswer
	segments   *segmentsAnswer
	tagTypes   *tagTypesAnswer
}

// lists returns the four lists the rules read, asking for those that are
// not fresh concurrently, so that the first rule that needs one pays for
// all four in the time of one.
func (c *Client) lists(ctx context.Context) (*instanceLists, error) {
	if l := c.freshLists(); l != nil {
		return l, nil
	}
	if err := c.checkVersion(ctx); err != nil {
		return nil, err
	}
	var out instanceLists
	err := c.parallel(ctx,
		load(c, &c.lc.strategies, &out.strategies, "/api/admin/strategies"),
		load(c, &c.lc.contextList, &out.context, pathContext),
		load(c, &c.lc.segments, &out.segments, "/api/admin/segments"),
		load(c, &c.lc.tagTypes, &out.tagTypes, "/api/admin/tag-types"),
	)
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// load returns a task of Client.parallel that reads the answer of GET
// path through get into *dst.
func load[T any](c *Client, e *cached[T], dst **T, path string) func(context.Context) error {
	return func(ctx context.Context) (err error) {
		*dst, err = get(ctx, c, e, path)
		return err
	}
}

// freshLists returns the four lists when all are fresh, else nil.
func (c *Client) freshLists() *instanceLists {
	var out instanceLists
	if !fresh(c, &c.lc.strategies, &out.strategies) || !fresh(c, &c.lc.contextList, &out.context) ||
		!fresh(c, &c.lc.segments, &out.segments) || !fresh(c, &c.lc.tagTypes, &out.tagTypes) {
		return nil
	}
	return &out
}

// fresh sets *dst to e's answer and reports whether it is fresh, without
// waiting for a refresh under way.
func fresh[T any](c *Client, e *cached[T], dst **T) bool {
	e.once.Do(func() { e.sem = make(chan struct{}, 1) })
	select {
	case e.sem <- struct{}{}:
	default:
		return false
	}
	defer e.unlock()
	if !e.youngerThan(c.opts.ListTTL) {
		return false
	}
	*dst = e.val
	return true
}

// parallel runs fns with at most Options.Concurrency at once and returns
// the first error to happen; it cancels the others. A function that never
// started because the context ended reports nothing of its own: the error
// is then that of a request under way, which names it, or the context's
// when none was.
func (c *Client) parallel(parent context.Context, fns ...func(context.Context) error) error {
	ctx, cancel := context.WithCancel(parent)
	defer cancel()
	sem := make(chan struct{}, c.opts.Concurrency)
	var (
		wg      sync.WaitGroup
		once    sync.Once
		first   error
		skipped atomic.Bool
	)
	fail := func(err error) {
		once.Do(func() { first = err; cancel() })
	}
	for _, fn := range fns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			select {
			case sem <- struct{}{}:
			case <-ctx.Done():
				skipped.Store(true)
				return
			}
			defer func() { <-sem }()
			if err := fn(ctx); err != nil {
				fail(err)
			}
		}()
	}
	wg.Wait()
	if first == nil && skipped.Load() {
		return parent.Err()
	}
	return first
}

// checkVersion reads the instance's version once (GET
// /api/admin/ui-config) and chooses its profile (model/profile):
// Options.Version when given, else the version the instance reports. An
// instance older than 5.12 or newer than 8.x is refused. A failed check
// is tried again by the next lookup.
func (c *Client) checkVersion(ctx context.Context) error {
	c.versionMu.Lock()
	defer c.versionMu.Unlock()
	if c.version.Version != "" {
		return nil
	}
	r := request{method: http.MethodGet, path: "/api/admin/ui-config"}
	a, err := c.do(ctx, r)
	if err != nil {
		if e, ok := err.(*Error); ok && e.Kind == ErrNotFound {
			e.Detail = fmt.Sprintf("no Unleash admin API at %s: is it the instance's base URL?", c.base)
		}
		return err
	}
	var cfg struct {
		Version     *string `json:"version"`
		Environment *string `json:"environment"`
		VersionInfo struct {
			Current struct {
				OSS        string  `json:"oss"`
				Enterprise *string `json:"enterprise"`
			} `json:"current"`
		} `json:"versionInfo"`
		ResourceLimits *resourceLimitsAnswer `json:"resourceLimits"`
	}
	if json.Unmarshal(a.body, &cfg) != nil || (cfg.Version == nil && cfg.VersionInfo.Current.OSS == "" && c.opts.Version == "") {
		return c.errorf(r, a.status, ErrBadAnswer, nil, "no version in the answer: is %s an Unleash instance?", c.base)
	}
	v, src := cfg.VersionInfo.Current.OSS, profile.FromInstance
	if cfg.Version != nil {
		v = *cfg.Version
	}
	if c.opts.Version != "" {
		v, src = c.opts.Version, profile.FromOverride
	}
	res, err := profile.Resolve(v, src)
	if err != nil {
		what := "the instance is"
		if src == profile.FromOverride {
			what = "Options.Version is"
		}
		var ue *profile.UnsupportedError
		if errors.As(err, &ue) && ue.Reason == "not a version number" {
			return c.errorf(r, a.status, ErrUnsupportedVersion, err, "%s %s, which is not a version number", what, strconv.Quote(v))
		}
		return c.errorf(r, a.status, ErrUnsupportedVersion, nil, "%s Unleash %s; this client speaks to Unleash %s to %d.x", what, v, profile.Oldest, SupportedMajor)
	}
	c.version = res
	c.limits = limitsOf(cfg.ResourceLimits)
	c.openSource = openSource(cfg.Environment, cfg.VersionInfo.Current.Enterprise)
	return nil
}

// Version returns the instance's version (such as "8.2.0"), asking for it
// on first use.
func (c *Client) Version(ctx context.Context) (string, error) {
	if err := c.checkVersion(ctx); err != nil {
		return "", err
	}
	c.versionMu.Lock()
	defer c.versionMu.Unlock()
	return c.version.Version, nil
}

// Profile returns the instance's version with the profile that answers
// for it (model/profile), asking for it on first use.
func (c *Client) Profile(ctx context.Context) (profile.Resolved, error) {
	if err := c.checkVersion(ctx); err != nil {
		return profile.Resolved{}, err
	}
	c.versionMu.Lock()
	defer c.versionMu.Unlock()
	return c.version, nil
}

// knownVersion is the instance's version once checked, else the zero
// value.
func (c *Client) knownVersion() profile.Resolved {
	c.versionMu.Lock()
	defer c.versionMu.Unlock()
	return c.version
}
