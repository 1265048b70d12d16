// Package unleashapi reads a live Unleash instance (5.12 to 8.x) over its admin API,
// for those who reach their instance over HTTP(S) with an API token and
// not its PostgreSQL (package unleashdb reads the database itself):
//
//   - *Client implements importvalidate.State (the existing state the
//     import rules and an import plan read, in one Read each), users.Store
//     (the user listing) and
//     auth.TokenLookup (the rights of a caller's token, asked of the
//     instance with that same token);
//   - (*Client).Snapshot reads the state as a model.Snapshot, as far as the
//     API shows it.
//
// A Client only reads: it sends GETs, and POSTs only to the export
// (POST /api/admin/features-batch/export), which changes no state (the
// instance records in its event log that an export happened), and to the
// playground (POST /api/admin/playground), which evaluates without
// storing. (*Client).Export writes an export in a canonical form for
// version control. The one write, the import (POST
// /api/admin/features-batch/import), is a type of its own, Importer, which
// a program that only reads never holds.
//
// # Round trips
//
// A validation makes one Read, a constant number of requests whatever the
// size of the import, sent concurrently: the instance-wide lists the rules
// read (strategies, context fields with those of projects, segments, tag
// types), those of them whose kind the import names; the list of
// environments (GET /api/admin/environments); the target project's
// overview (GET /api/admin/projects/{id}/overview); and one export for all
// the named features, which also gives their strategies in the target
// environment. That is at most 7 requests with a cold cache; the first lookup of a Client adds one to
// read the instance's version (GET /api/admin/ui-config), which Version
// does ahead. Every answer is reused for Options.ListTTL (the lists with
// If-None-Match, as the instance sends ETags; features and projects by
// name), so validating the same import again soon after costs none, and
// an import of other features one export.
//
// # The caller's rights
//
// LookupToken asks GET /api/admin/user with the caller's token, sent so
// that the instance reads exactly that token: an admin token has every
// right; a personal access token has the permissions the instance lists
// for its user, with their project and environment; a client or frontend
// token (answered 403) may not use the admin API; an unknown, expired or
// revoked token (answered 401) is unknown. Answers are reused for
// Options.TokenTTL, keyed by a digest of the token, never across tokens;
// the answers about valid tokens and about unknown ones are kept apart,
// each dropping the one used least recently.
//
// What callers cost the instance is bounded: at most Options.TokenLookups
// lookups at once, each sent once and read up to MaxTokenAnswer bytes, and
// for tokens never seen valid at most Options.TokenRate a second (a bucket
// of Options.TokenBurst). A lookup beyond these bounds fails at once with
// ErrOverloaded.
//
// # A client that behaves
//
// Each request has a timeout (Options.RequestTimeout) and follows its
// context; a request about the state answered 429, 502, 503 or 504 is
// retried with backoff, honouring Retry-After (up to Options.MaxRetryWait
// and the context's deadline). A redirect is followed only within the
// instance's origin, so no token leaves it. The User-Agent names
// flagadmin and its version; proxies and TLS are net/http's defaults.
// Every error is an *Error naming the endpoint and the status, never a
// token, and wrapping one of the Err* kinds: a wrong URL (ErrNotFound, or
// ErrNotJSON when a web page answers), a wrong token (ErrUnauthorized), an
// instance older than 5.12 or newer than 8.x (ErrUnsupportedVersion) and an HTML
// login page instead of JSON (ErrNotJSON) each get one clear error. Its
// Unavailable method says whether a retry later may succeed (no answer,
// 429, 5xx, ErrOverloaded) and RetryAfter when: an HTTP server answers it
// 503 with Retry-After.
//
// # What the admin API does not show
//
// Where a fact is not behind the admin API, this package assumes the
// following, and Snapshot differs from unleashdb's Snapshot of the same
// instance in these members only:
//
//   - Tokens: the secrets of personal access tokens are never shown (and
//     are stored hashed in recent versions); the snapshot holds only the
//     API tokens (GET /api/admin/api-tokens, with an admin token). The
//     rights of a personal token are asked of the instance instead.
//   - Roles: only root roles are listed (GET /api/admin/user-admin), with
//     no grants; project roles and the permissions of any role are not
//     behind the open-source edition's admin API.
//   - Users: deleted users, service accounts and system users are not
//     listed; no user carries grants (their project and group roles are
//     not shown, except to the user's own token).
//   - Projects: the open-source edition lists only the default project
//     (GET /api/admin/projects); the snapshot adds every project that
//     holds a feature, archived ones included, and reads each one's
//     overview. An empty project other than default is missed; the import
//     rules still see it, since they ask for the target project by id.
//   - Environments: the open-source edition lists only development and
//     production; the snapshot, and Environment, add those the features
//     show. An environment that no feature's project has is missed.
//   - Strategies are in the instance's order; a strategy is built in when
//     the instance says it is not editable.
//   - Invitation links are built by the instance from its own public URL.
//     A user whose image URL is its Gravatar URL is taken to have no image
//     stored (the listing writes the same URL either way).
//   - Context fields of a private project (an enterprise feature) are not
//     shown to a token that may not see the project.
//   - A user without a root role is listed with the Viewer role's id (as
//     the instance's own listing shows it; unleashdb's Snapshot writes the
//     same).
//   - A project named "." or ".." cannot be reached: it is not found.
//   - A Snapshot is not read at one instant, unlike the database's.
package unleashapi
