package unleashapi

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"

	"github.com/flagadmin/flagadmin/auth"
)

// Importer imports feature data into an instance (POST
// /api/admin/features-batch/import). It is the package's only write
// path, kept apart from Client, which only reads: a program that reads
// never holds one.
//
// Unleash refuses imports made with an admin API token (400 "You can't
// use an admin token to import features"); it takes a personal access
// token, or a service account's token in the editions that have them, of
// a user with the import's permissions in the target project. An
// Importer asks the instance who its token is before its first import
// and sends no import with an admin API token (ErrAdminToken).
//
// Unleash runs an import in one database transaction: refused, it
// changes nothing; given up on by the client, it may still commit.
type Importer struct {
	c *Client

	mu     sync.Mutex
	caller *auth.Principal
}

// NewImporter returns an importer into the instance at baseURL, with
// token; opts as for New (its Retries do not apply: an import is sent
// once). It sends nothing.
func NewImporter(baseURL, token string, opts Options) (*Importer, error) {
	c, err := New(baseURL, token, opts)
	if err != nil {
		return nil, err
	}
	return &Importer{c: c}, nil
}

// BaseURL returns the instance's base URL.
func (im *Importer) BaseURL() string { return im.c.base }

// ImportPath is the import's endpoint, as an *Error's Endpoint names it.
const ImportPath = "/api/admin/features-batch/import"

// ErrAdminToken is the error of an importer whose token is an admin API
// token, which Unleash refuses for imports.
var ErrAdminToken = errors.New("unleashapi: an admin API token cannot import: Unleash refuses it for imports " +
	"(400 \"You can't use an admin token to import features\"); use the personal access token of a user " +
	"with the import's permissions in the project (or a service account's token, where the edition has them)")

// Caller asks the instance who the importer's token is (GET
// /api/admin/user): a personal access token's user, with the
// permissions the instance lists for it. An admin API token is
// ErrAdminToken; a token the instance does not know (401) wraps
// ErrUnauthorized, a client or frontend token (403) ErrForbidden. The
// answer is kept for the importer's life.
func (im *Importer) Caller(ctx context.Context) (*auth.Principal, error) {
	im.mu.Lock()
	defer im.mu.Unlock()
	if im.caller != nil {
		return clonePrincipal(im.caller), nil
	}
	r := request{method: http.MethodGet, path: pathUser}
	p, ok, err := im.c.LookupToken(ctx, im.c.token)
	switch {
	case err != nil:
		return nil, err
	case !ok:
		return nil, im.c.errorf(r, http.StatusUnauthorized, ErrUnauthorized, nil, "the instance does not know the token (unknown, expired or revoked)")
	case p.Kind == auth.KindAdmin:
		return nil, ErrAdminToken
	case p.Kind != auth.KindUser:
		return nil, im.c.errorf(r, http.StatusForbidden, ErrForbidden, nil, "a %s token may not use the admin API", p.Kind)
	}
	im.caller = p
	return clonePrincipal(p), nil
}

// RefusedError is the answer of an import that the instance refused
// (4xx): Unleash then changed nothing.
type RefusedError struct {
	// Status is the HTTP status; Name the error's name (BadDataError,
	// PermissionError, ...); Message its message; Details the messages of
	// its details.
	Status  int
	Name    string
	Message string
	Details []string
	// action is what was refused: "" for the import.
	action string
}

func (e *RefusedError) Error() string {
	var b strings.Builder
	action := e.action
	if action == "" {
		action = "the import"
	}
	fmt.Fprintf(&b, "unleashapi: the instance refused %s: %s", action, statusText(e.Status))
	if e.Name != "" {
		b.WriteString(": " + e.Name)
	}
	if e.Message != "" {
		b.WriteString(": " + e.Message)
	}
	for _, d := range e.Details {
		if d != e.Message && !strings.Contains(e.Message, d) {
			b.WriteString("; " + d)
		}
	}
	return b.String()
}

// Import sends body, an import request body, once (an import is never
// retried: a failure after the instance received it may hide a
// committed import), bounded by Options.ImportTimeout rather than the
// reads' RequestTimeout. It first checks the token (Caller) and sends no
// import with an admin API token or a token the instance does not take.
//
// The outcome is one of three. nil: the instance answered 2xx, the
// import committed. A *RefusedError: it answered 4xx, and nothing
// changed. An *Error: if its NotSent reports true, the import never
// reached the instance; otherwise the outcome is unknown (no answer in
// time, a connection lost before the answer, a 5xx of the instance or of
// a gateway in front of it), and the instance may still commit the
// import later: only reading its state can tell.
func (im *Importer) Import(ctx context.Context, body []byte) error {
	if _, err := im.Caller(ctx); err != nil {
		return err
	}
	if !json.Valid(body) {
		return errors.New("unleashapi: the import body is not JSON")
	}
	r := request{method: http.MethodPost, path: ImportPath, body: json.RawMessage(body), noRetry: true, anyBody: true,
		timeout: im.c.opts.ImportTimeout,
		accept:  []int{http.StatusBadRequest, http.StatusForbidden, http.StatusNotFound, http.StatusConflict, http.StatusRequestEntityTooLarge}}
	a, err := im.c.do(ctx, r)
	var e *Error
	if errors.As(err, &e) && e.Status >= 400 && e.Status < 500 {
		// A 4xx of a gateway in front of the instance (a 401 of its
		// login, a 429) is a refusal too: it did not pass the import on.
		return &RefusedError{Status: e.Status, Message: e.Detail}
	}
	if err != nil {
		return err
	}
	if a.status >= 200 && a.status < 300 {
		return nil
	}
	return refused(a)
}

// refused reads the refusal of an import.
func refused(a answer) *RefusedError {
	var e struct {
		Name    string `json:"name"`
		Message string `json:"message"`
		Details []struct {
			Message     string `json:"message"`
			Description string `json:"description"`
		} `json:"details"`
	}
	out := &RefusedError{Status: a.status}
	if json.Unmarshal(a.body, &e) == nil {
		out.Name, out.Message = e.Name, shorten(e.Message)
		for _, d := range e.Details {
			if m := shorten(d.Message); m != "" {
				out.Details = append(out.Details, m)
			} else if m := shorten(d.Description); m != "" {
				out.Details = append(out.Details, m)
			}
		}
	}
	if a.status == http.StatusRequestEntityTooLarge && out.Message == "" {
		out.Message = "the body is larger than the instance takes (500 kB by default): split the file by feature"
	}
	return out
}

// shorten keeps a message of the instance to one line of at most 1000
// bytes.
func shorten(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 1000 {
		s = s[:1000] + "…"
	}
	return s
}
