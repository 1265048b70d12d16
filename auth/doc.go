// Package auth authenticates and authorizes callers of the admin API.
//
// A request carries an API token in its authorization header, either bare or
// after the word "Bearer" (in any case). [ParseAuthorization] extracts the
// token, and an [Authenticator] resolves it through a pluggable
// [TokenLookup] to a [Principal]: an admin token (which holds ADMIN), a user
// acting through a personal token (whose rights are the grants of the user's
// root role plus the user's own grants), or a client or frontend token (which
// may not use the admin endpoints at all). [MemoryLookup] is a lookup over a
// state snapshot that compares secrets in constant time.
//
// [Authorize] checks that a principal may use an admin route and holds one of
// the permissions the route needs. A Principal also answers
// HasPermission(ctx, permission, project, environment), the question the
// import validator asks.
//
// Failures are typed errors ([AuthenticationRequiredError] for 401,
// [NoAccessError] for 403), each able to report its HTTP status and to render
// the JSON error body of the wire protocol. The error bodies that have
// nothing to do with credentials (404, 405, 413, 415, 400, 500) belong to the
// HTTP layer that answers them. Every error body carries
// a fresh random UUID v4 in its id member. The functions that create errors
// take an io.Reader as the source of randomness; nil means crypto/rand.
//
// No error, body or message of this package ever contains a token secret.
// The package holds no package-level state and performs no output.
package auth
